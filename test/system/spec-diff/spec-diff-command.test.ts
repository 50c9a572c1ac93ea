/**
 * `gas-harness spec diff` as CI runs it, through the built command: the exit codes of `--fail-on`
 * (1 when met, 0 when not) and of a bad file (2, one line naming it, nothing on standard output).
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

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-cli-'));
  const doc = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  delete doc.paths['/v1/brands']?.post?.responses['409'];
  revision = join(dir, 'revision.yaml');
  writeFileSync(revision, yaml.stringify(doc));
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
    expect(report.changes[0]?.kind).toBe('response-status-removed');
    expect(report.changes[0]?.breaks.map((b) => b.name)).toContain('a request to create a brand whose name is taken');
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
