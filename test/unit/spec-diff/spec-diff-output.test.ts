/**
 * What `spec diff` prints (text, Markdown, JSON) and the exit code `--fail-on` gives for each
 * threshold, and what a file that is no spec says: unit tier, through `specDiff` on files in a temp folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import {
  formatSpecDiffJson,
  formatSpecDiffMarkdown,
  formatSpecDiffText,
  specDiff,
  specDiffExitCode,
  type SpecDiffReport,
} from '../../../spec-diff/spec-diff-report.ts';
import { renderChangeKinds } from '../../../spec-diff/diff-severity.ts';
import { SPEC_PATH } from '../../../contract/index.ts';

let dir: string;
let report: SpecDiffReport;
let same: SpecDiffReport;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-output-'));
  const doc = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of a parsed document
  delete doc.paths['/v1/products/{productId}'].get.responses['404'];
  delete doc.paths['/v1/brands'].post.requestBody;
  doc.components.schemas.CountryCode.enum.push('XK');
  doc.components.schemas.Brand.properties.slogan = { type: 'string' };
  const revision = join(dir, 'revision.yaml');
  writeFileSync(revision, yaml.stringify(doc));
  [report, same] = await Promise.all([
    specDiff({ base: SPEC_PATH, revision }),
    specDiff({ base: SPEC_PATH, revision: SPEC_PATH }),
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spec diff output', () => {
  it('counts the changes by severity, breaking first', () => {
    expect(report.counts.breaking).toBe(1);
    expect(report.counts['potentially-breaking']).toBeGreaterThan(0);
    expect(report.counts.compatible).toBeGreaterThan(0);
    expect(report.changes[0]?.severity).toBe('breaking');
  });

  it('exits 1 only when --fail-on is met', () => {
    expect(specDiffExitCode(report, undefined)).toBe(0);
    expect(specDiffExitCode(report, 'breaking')).toBe(1);
    expect(specDiffExitCode(report, 'any')).toBe(1);
    expect(specDiffExitCode(same, 'any')).toBe(0);
    const compatibleOnly = { ...report, changes: report.changes.filter((c) => c.severity === 'compatible') };
    expect(specDiffExitCode(compatibleOnly, 'breaking')).toBe(0);
    expect(specDiffExitCode(compatibleOnly, 'potentially-breaking')).toBe(0);
    expect(specDiffExitCode(compatibleOnly, 'any')).toBe(1);
  });

  it('prints each change with its severity, basis and the calls it breaks as text', () => {
    const text = formatSpecDiffText(report);
    expect(text).toContain(
      'BREAKING  POST /v1/brands (createBrand): the operation no longer takes a request body  [request-body-removed]',
    );
    expect(text).toMatch(/pact "a request to create a brand" \(.*\): sends a body/);
    expect(text).toContain(
      'compatible  GET /v1/products/{productId} (getProduct): status 404 removed  [response-non-success-status-removed]',
    );
    expect(text).toContain('assumed: An unknown product is 404.');
    expect(text).toContain('pact "a request to read a product that does not exist"');
    expect(text).toMatch(/POTENTIALLY BREAKING .*allowed values of country gained \["XK"\]/);
    expect(formatSpecDiffText(same)).toMatch(/: no change\n/);
  });

  it('prints a table and the broken calls of each change as Markdown', () => {
    const markdown = formatSpecDiffMarkdown(report);
    expect(markdown).toContain('| severity | operation | change | kind | basis | breaks |');
    expect(markdown).toContain('## POST /v1/brands (createBrand): the operation no longer takes a request body');
    expect(markdown).toContain('## GET /v1/products/{productId} (getProduct): status 404 removed');
    expect(markdown).toMatch(/^- pact "a request to read a product that does not exist"/m);
  });

  it('prints the whole report as JSON', () => {
    const parsed = JSON.parse(formatSpecDiffJson(report)) as SpecDiffReport;
    expect(parsed.changes).toHaveLength(report.changes.length);
    expect(parsed.checked.pactInteractions).toBeGreaterThan(50);
    expect(parsed.changes[0]?.breaks[0]).toMatchObject({
      source: 'pact',
      at: expect.stringMatching(/^\/interactions\/\d+$/),
    });
  });

  it('refuses a file that is not an OpenAPI document, naming it', async () => {
    const notSpec = join(dir, 'not-a-spec.yaml');
    writeFileSync(notSpec, 'name: a scenario suite\nsteps: []\n');
    await expect(specDiff({ base: SPEC_PATH, revision: notSpec })).rejects.toThrow(
      `${notSpec}: is not an OpenAPI 3 document (no "openapi: 3.x" at its top)`,
    );
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'openapi: 3.1.0\npaths: [\n');
    await expect(specDiff({ base: broken, revision: SPEC_PATH })).rejects.toThrow(
      /broken\.yaml: does not parse as YAML or JSON/,
    );
  });

  it('lists every kind of change with its severities in docs/spec-diff.md', () => {
    const page = readFileSync(new URL('../../../docs/spec-diff.md', import.meta.url), 'utf8');
    expect(page).toContain(renderChangeKinds());
  });
});
