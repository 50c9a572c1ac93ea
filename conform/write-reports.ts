/**
 * Writes a conformance run's report files into one directory: `conform.md` (the CI job summary),
 * `conform.junit.xml`, `conform.json` and `conform.html` (the page a person opens), each redacted
 * once more before it touches the disk.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtmlReport, renderJunit } from '../report/index.ts';
import { conformHtmlReport } from './conform-html.ts';
import { conformJunitSuites } from './conform-junit.ts';
import type { ConformReport } from './conform-report.ts';
import { renderMarkdownSummary } from './markdown-summary.ts';
import { redactSecrets } from '../report/index.ts';

export const REPORT_FILES = {
  markdown: 'conform.md',
  junit: 'conform.junit.xml',
  json: 'conform.json',
  html: 'conform.html',
} as const;

/** Writes the four files; returns their paths. `secrets` are removed from them as well. */
export function writeConformReports(report: ConformReport, dir: string, secrets: Iterable<string> = []): string[] {
  mkdirSync(dir, { recursive: true });
  const list = [...secrets];
  const files: [string, string][] = [
    [REPORT_FILES.markdown, renderMarkdownSummary(report)],
    [REPORT_FILES.junit, renderJunit(conformJunitSuites(report))],
    [REPORT_FILES.json, `${JSON.stringify(report, null, 2)}\n`],
    [REPORT_FILES.html, renderHtmlReport(conformHtmlReport(report), list)],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, redactSecrets(text, list));
    return path;
  });
}
