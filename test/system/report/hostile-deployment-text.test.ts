/**
 * A hostile deployment's text in every output it reaches: its answer (terminal escapes, characters
 * XML 1.0 forbids, Markdown and HTML) is quoted by the checkers, and must stay inert text on the
 * console, in JUnit files (parsed here by a strict XML 1.0 parser) and in conform.md (rendered here
 * as a CI job summary renders it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, renderMarkdownSummary, writeConformReports, type ConformReport } from '../../../conform/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../../support/broken-target.ts';
import { runCli } from '../../support/cli.ts';

/** The first well-formedness error a strict XML 1.0 parser finds, or undefined. */
function xmlError(xml: string): string | undefined {
  const parser = new SaxesParser();
  let error: string | undefined;
  parser.on('error', (e) => {
    error ??= e.message;
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= (e as Error).message;
  }
  return error;
}

/** Control characters a terminal acts on: C0 but tab and line feed, DEL, C1. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

let simulator: RunningSimulator;
let target: BrokenTarget;
let out: string;
let report: ConformReport;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  target = await startBrokenTarget({ upstream: simulator.url, operationId: 'getProduct', defect: 'hostileText' });
  out = mkdtempSync(join(tmpdir(), 'gas-hostile-text-'));
  report = await conform({ target: target.url, fuzzRuns: 2, seed: 1 });
}, 120_000);

afterAll(async () => {
  await target?.close();
  await simulator?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("a hostile deployment's text in the reports", () => {
  it('quotes the answer in the report it checks (the premise of the tests below)', () => {
    expect(report.rules.some((r) => r.verdict === 'FAILURE' && r.got?.includes('hostile'))).toBe(true);
  });

  it('keeps conform.junit.xml well-formed XML 1.0, showing the characters XML forbids as \\uXXXX', () => {
    writeConformReports(report, join(out, 'conform'));
    const xml = readFileSync(join(out, 'conform', 'conform.junit.xml'), 'utf8');
    expect(xml).toContain('hostile');
    expect(xmlError(xml)).toBeUndefined();
    expect(xml).toContain('\\uffff\\ufffe');
  });

  it('renders conform.md with no image, link or tag the deployment wrote, in its tables and its notes', () => {
    // A note quoting the deployment, as the Pact verifier's mismatch messages do.
    const quoted = report.rules.find((r) => r.verdict === 'FAILURE' && r.got?.includes('hostile'))?.got ?? '';
    const withNote: ConformReport = { ...report, notices: [...report.notices, `pact: interaction failed: ${quoted}`] };
    const markdown = renderMarkdownSummary(withNote);
    expect(markdown).toContain('### Notes');
    const html = marked.parse(markdown, { async: false, gfm: true });
    expect(html).toContain('hostile');
    expect(html).toContain('re-run with your token');
    expect(html).not.toMatch(/<img|<a\s/i);
    expect(html).not.toContain('evil.example/tag.png">');
    expect(markdown).not.toMatch(CONTROLS);
  });
});

describe("a hostile deployment's text on the console", () => {
  it('reaches the output of scenarios, fuzz and conform with no control character, and their JUnit files as valid XML', async () => {
    const env = { ...process.env, NO_COLOR: '1' };
    const [scenarios, fuzz, conformRun] = await Promise.all([
      runCli(
        ['scenarios', 'run', '--target', target.url, '--filter', 'get-product', '--junit', join(out, 'scenarios.xml')],
        env,
      ),
      runCli(
        [
          'fuzz',
          '--target',
          target.url,
          '--operations',
          'getProduct',
          '--runs',
          '3',
          '--seed',
          '1',
          '--out',
          join(out, 'fuzz-failures'),
          '--junit',
          join(out, 'fuzz.xml'),
        ],
        env,
      ),
      runCli(['conform', '--target', target.url, '--fuzz-runs', '2', '--seed', '1'], env, 120_000),
    ]);
    for (const run of [scenarios, fuzz, conformRun]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('hostile');
      expect(run.stdout + run.stderr).not.toMatch(CONTROLS);
    }
    expect(scenarios.stdout).toContain('\\u001b[2J');
    for (const file of ['scenarios.xml', 'fuzz.xml']) {
      const xml = readFileSync(join(out, file), 'utf8');
      expect(xml).toContain('hostile');
      expect(xmlError(xml)).toBeUndefined();
    }
  }, 180_000);
});
