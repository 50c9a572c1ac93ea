import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgedRule } from '../../../conform/conform-report.ts';
import { projectFile } from '../../../project-files.ts';
import { failsRun, RUN_BROKEN, verdictOf, type RuleOutcome } from '../../../verdict/index.ts';

const documented: RuleOutcome = { passed: false, basis: 'documented', reason: 'documented: "a sentence"' };
const assumed: RuleOutcome = { passed: false, basis: 'assumed', reason: 'not shown; we chose' };

describe('a rule outcome', () => {
  it('is a pass when it held, whatever its basis', () => {
    expect(verdictOf({ ...documented, passed: true })).toBe('pass');
    expect(verdictOf({ ...assumed, passed: true })).toBe('pass');
  });

  it('is a FAILURE when a documented rule broke, a DIVERGENCE when an assumed one did', () => {
    expect(verdictOf(documented)).toBe('FAILURE');
    expect(verdictOf(assumed)).toBe('DIVERGENCE');
    expect(verdictOf(RUN_BROKEN)).toBe('FAILURE');
  });

  it('fails a run on a FAILURE, and on a DIVERGENCE only when strict', () => {
    expect(failsRun(documented, false)).toBe(true);
    expect(failsRun(assumed, false)).toBe(false);
    expect(failsRun(assumed, true)).toBe(true);
    expect(failsRun({ ...assumed, passed: true }, true)).toBe(false);
  });

  it("becomes a report's rule with its verdict, basis and reason, and what the target did only when broken", () => {
    expect(judgedRule(assumed, { source: 'pact', rule: 'r', got: 'a 422' })).toEqual({
      source: 'pact',
      rule: 'r',
      verdict: 'DIVERGENCE',
      basis: 'assumed',
      why: 'not shown; we chose',
      got: 'a 422',
    });
    expect(judgedRule({ ...documented, passed: true }, { source: 'fuzz', rule: 'r', got: 'failed' })).toEqual({
      source: 'fuzz',
      rule: 'r',
      verdict: 'pass',
      basis: 'documented',
      why: 'documented: "a sentence"',
    });
  });
});

/** Every TypeScript and JavaScript source of the project's own folders, tests and dependencies aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'test', '.git', 'generated'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the verdict of a broken rule', () => {
  it('is decided only by verdictOf: no other module turns a basis into FAILURE or DIVERGENCE', () => {
    const root = projectFile();
    // `verdict: 'FAILURE'`, or either branch of a conditional (`? 'FAILURE' : 'DIVERGENCE';`).
    const deciding = /verdict:\s*'(FAILURE|DIVERGENCE)'|\?\s*'(FAILURE|DIVERGENCE)'|:\s*'(FAILURE|DIVERGENCE)'\s*[;)]/;
    const offenders = sources(root)
      .filter((file) => !file.endsWith(join('verdict', 'rule-outcome.ts')))
      .filter((file) => deciding.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
