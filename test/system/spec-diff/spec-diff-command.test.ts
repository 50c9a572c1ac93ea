/**
 * `gas-harness spec diff` as CI runs it, through the built command: the exit codes of `--fail-on`
 * (1 when met, 0 when not) and of a bad file (2, one line naming it, nothing on standard output);
 * `--changelog`, `--severity-overrides` (and a bad overrides file), `--operations` and `--paths`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { SPEC_PATH } from '../../../contract/index.ts';
import { runCli } from '../../support/cli.ts';

let dir: string;
let revision: string;
let reworded: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-cli-'));
  const doc = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  delete doc.paths['/v1/brands']?.post?.responses['409'];
  const responses = doc.paths['/v1/brands']?.post?.responses ?? {};
  responses['200'] = responses['201'];
  delete responses['201'];
  revision = join(dir, 'revision.yaml');
  writeFileSync(revision, yaml.stringify(doc));
  const words = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; summary?: string }>>;
  };
  const brand = words.paths['/v1/brands']?.post;
  if (brand) brand.summary = 'Create a brand of gas cylinders';
  reworded = join(dir, 'reworded.yaml');
  writeFileSync(reworded, yaml.stringify(words));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gas-harness spec diff', () => {
  it('exits 1 with --fail-on breaking when a change is breaking, and prints the report as JSON', async () => {
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision, '--format', 'json', '--fail-on', 'breaking']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      counts: { breaking: number };
      changes: { kind: string; breaks: { name: string }[] }[];
    };
    expect(report.counts.breaking).toBe(1);
    expect(report.changes.map((c) => c.kind)).toEqual([
      'response-success-status-removed',
      'response-non-success-status-removed',
      'response-status-added',
    ]);
    expect(report.changes[0]?.breaks.map((b) => b.name)).toContain('a request to create a brand');
    expect(report.changes[1]?.breaks.map((b) => b.name)).toContain('a request to create a brand whose name is taken');
  });

  it('exits 0 with --fail-on breaking when an overrides file lowers the only breaking kind', async () => {
    const overrides = join(dir, 'levels.yaml');
    writeFileSync(overrides, 'response-success-status-removed: warn\n');
    const args = ['spec', 'diff', SPEC_PATH, revision, '--fail-on', 'breaking', '--severity-overrides', overrides];
    const result = await runCli(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('POTENTIALLY BREAKING  POST /v1/brands (createBrand): status 201 removed');
  });

  it('exits 2 naming the entry of a bad overrides file, printing nothing', async () => {
    const overrides = join(dir, 'bad-levels.yaml');
    writeFileSync(overrides, 'response-status-removed: breaking\n');
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision, '--severity-overrides', overrides]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `gas-harness: ${overrides}: "response-status-removed" is not a kind of change (docs/spec-diff.md lists the kinds)`,
    );
  });

  it('lists a changed summary only with --changelog', async () => {
    const plain = await runCli(['spec', 'diff', SPEC_PATH, reworded, '--fail-on', 'any']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('no change');
    const changelog = await runCli(['spec', 'diff', SPEC_PATH, reworded, '--changelog', '--fail-on', 'any']);
    expect(changelog.code).toBe(1);
    expect(changelog.stdout).toContain(
      "compatible  POST /v1/brands (createBrand): the operation's summary changed  [summary-changed]",
    );
  });

  it('narrows the report to --operations and --paths', async () => {
    const other = await runCli(['spec', 'diff', SPEC_PATH, revision, '--operations', 'getProduct,updateCategory']);
    expect(other.code).toBe(0);
    expect(other.stdout).toContain('no change');
    const brands = await runCli(['spec', 'diff', SPEC_PATH, revision, '--paths', '/v1/brand*', '--format', 'json']);
    expect((JSON.parse(brands.stdout) as { changes: unknown[] }).changes).toHaveLength(3);
  });

  it('exits 0 with --fail-on any when the spec is compared with itself', async () => {
    const result = await runCli(['spec', 'diff', SPEC_PATH, SPEC_PATH, '--fail-on', 'any']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no change');
  });

  it('exits 2 naming a file that does not exist', async () => {
    const missing = join(dir, 'nope.yaml');
    const result = await runCli(['spec', 'diff', SPEC_PATH, missing, '--fail-on', 'any']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(`gas-harness: ${missing}: no such file`);
  });
});
