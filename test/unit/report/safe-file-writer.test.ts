/**
 * The one safe file writer: no module of the harness writes a file any other way (found by scanning
 * the sources, so a new command's writer is covered), and every module that writes goes through a
 * writer that neither follows a link planted at the destination or at a guessable temporary name,
 * nor leaves a temporary behind.
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';
import { writeFileSafely, writeFileSafelyAsync } from '../../../report/index.ts';

const ROOT = projectFile();
const WRITER = 'report/safe-file-writer.ts';
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'scripts', 'bench', '.git', 'coverage']);
/** Calls that create or change a file's contents. */
const WRITES = [
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|copyFileSync|copyFile|cpSync|cp)\s*\(/,
  /\bopen(?:Sync)?\s*\([^)]*(?:O_WRONLY|O_RDWR|O_CREAT|O_APPEND|['"][wa]x?\+?['"])/,
];

function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

const dir = mkdtempSync(join(tmpdir(), 'safe-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the safe file writer', () => {
  it('is the only module that writes files; the modules that write import it', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const writing = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return WRITES.some((pattern) => pattern.test(text));
    });
    expect(writing).toEqual([WRITER]);
    const users = files.filter((file) => /\bwriteFileSafely(?:Async)?\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    // Reports, suites, replay files, JUnit, the state file and the pact copies of a verification.
    for (const expected of [
      'cli/record-command.ts',
      'cli/scenarios-command.ts',
      'cli/fuzz-command.ts',
      'conform/write-reports.ts',
      'report/html-report.ts',
      'fuzz/scenario-file.ts',
      'scenarios/record-proxy.ts',
      'simulator/store/memory/state-file.ts',
      'contracts/pact/verify-pacts.ts',
    ])
      expect(users).toContain(expected);
  });

  for (const [name, write] of [
    ['writeFileSafely', (path: string, text: string) => Promise.resolve(writeFileSafely(path, text))],
    ['writeFileSafelyAsync', (path: string, text: string) => writeFileSafelyAsync(path, text)],
  ] as const)
    it(`${name} replaces a link planted at the destination and its old .partial name instead of writing through them`, async () => {
      const victim = join(dir, `${name}-victim.txt`);
      writeFileSync(victim, 'precious');
      const out = join(dir, `${name}-out.yaml`);
      symlinkSync(victim, out);
      symlinkSync(victim, `${out}.partial`);
      await write(out, 'the suite');
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(lstatSync(out).isSymbolicLink()).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe('the suite');
      expect(readdirSync(dir).filter((f) => f.startsWith(`${name}-out.yaml.`) && f.endsWith('.tmp'))).toEqual([]);
    });
});
