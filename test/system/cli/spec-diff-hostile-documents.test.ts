/**
 * `gas-harness spec diff` on a revision written by someone else (a pull request's document): a `$ref`
 * to a file or URL is refused with exit 2 naming the file and the reference, nothing of the file read
 * reaches any format; a `$ref` cycle is refused naming the file; names the revision brings (property
 * names) reach the terminal without escape sequences and the Markdown without links or images.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { SPEC_PATH } from '../../../contract/index.ts';
import { runCli } from '../../support/cli.ts';

type Doc = { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };

let dir: string;
const CANARY = 'e1-canary-8c1f2a77d3';
const HOSTILE_NAME = '![x](https://attacker.example/p.png)\u001b]52;c;aGk=\u0007\u001b[2J\u009b31m<b>';

function revisionWith(name: string, edit: (doc: Doc) => void): string {
  const doc = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Doc;
  edit(doc);
  const file = join(dir, name);
  writeFileSync(file, yaml.stringify(doc));
  return file;
}
const brand = (doc: Doc) => doc.components.schemas.Brand?.properties ?? {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-hostile-'));
  writeFileSync(join(dir, 'secret.txt'), `TOKEN=${CANARY}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spec diff on a hostile revision', () => {
  for (const ref of ['/proc/self/environ', './secret.txt', 'https://attacker.example/x.yaml'])
    it(`exits 2 naming the file and the reference for $ref ${ref}, and prints nothing of it in any format`, async () => {
      const revision = revisionWith(`ref-${ref.replace(/\W/g, '')}.yaml`, (doc) => {
        brand(doc).name = { type: 'string', pattern: { $ref: ref } };
      });
      for (const format of ['text', 'markdown', 'json']) {
        const result = await runCli(['spec', 'diff', SPEC_PATH, revision, '--format', format], {
          E1_CANARY: CANARY,
        });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(revision);
        expect(result.stderr).toContain(`$ref "${ref}"`);
        expect(`${result.stdout}${result.stderr}`).not.toContain(CANARY);
      }
    });

  it('exits 2 naming the file for a $ref cycle', async () => {
    const revision = revisionWith('cycle.yaml', (doc) => {
      brand(doc).self = { $ref: '#/components/schemas/Brand' };
    });
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${revision.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: has a \\$ref cycle`));
    expect(result.stderr).not.toContain('Converting circular structure');
  });

  it('shows a property name with escape sequences as \\uXXXX on the terminal', async () => {
    const revision = revisionWith('escapes.yaml', (doc) => {
      brand(doc)[HOSTILE_NAME] = { type: 'string' };
    });
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('added');
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
    expect(result.stdout).toContain('\\u001b]52;c;aGk=\\u0007');
  });

  it('renders a property name as text in Markdown: no image, link or tag', async () => {
    const revision = revisionWith('markdown.yaml', (doc) => {
      brand(doc)[HOSTILE_NAME] = { type: 'string' };
    });
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision, '--format', 'markdown']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('added');
    expect(result.stdout).not.toContain('![x](');
    expect(result.stdout).not.toContain('https://attacker');
    expect(result.stdout).not.toContain('<b>');
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
  });

  it('writes the JSON report with DEL and C1 characters escaped, the same value once parsed', async () => {
    const revision = revisionWith('json.yaml', (doc) => {
      brand(doc)[HOSTILE_NAME] = { type: 'string' };
    });
    const result = await runCli(['spec', 'diff', SPEC_PATH, revision, '--format', 'json']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u007F-\u009F]/);
    const report = JSON.parse(result.stdout) as { changes: { message: string }[] };
    expect(report.changes.some((c) => c.message.includes(HOSTILE_NAME))).toBe(true);
  });
});
