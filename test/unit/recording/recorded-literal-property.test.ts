/**
 * The safe literal of recorded values, as a property: any string a session carries (braces, template
 * syntax, `{{{env.NAME}}}`, unicode) recorded in a body, a query, a path and `Prefer`, written as a
 * suite's YAML, read back the way `scenarios run` reads a file and rendered the way a replay renders
 * a request, is the string recorded, and no environment variable is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRecordedSuite, type RecordedExchange } from '../../../recording/index.ts';
import { readSuiteFile } from '../../../scenarios/load-suites.ts';
import { renderText, renderValue } from '../../../scenarios/template.ts';
import { loadContract, type SuiteSpec } from '../../../contract/index.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

const contract = await loadContract();
const dir = mkdtempSync(join(tmpdir(), 'recorded-literal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET_ENV = { NAME: 'ci-secret-value-1f9e', GAS_SECRET: 'ci-secret-value-2b7c' };
const TEMPLATE_PIECES = [
  '{',
  '}',
  '{{',
  '}}',
  '{{{',
  '}}}',
  '{{env.NAME}}',
  '{{{env.NAME}}}',
  '{{ uuid }}',
  '{{lbrace}}',
];
const piece = fc.oneof(
  fc.constantFrom(...TEMPLATE_PIECES, 'env.', 'env.GAS_SECRET', 'lbrace', ' ', '$', 'é', '😀', '\u202e', '\\'),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
/** Strings heavy in braces and template syntax, with any unicode between. */
const recordedString = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

interface Replay {
  body: unknown;
  query: string;
  path: string;
  prefer: string;
}
const segmentOf = (value: string) => value.replace(/[/?#]/g, '');

/** Records each string in a session of its own two requests, writes one suite, reads it and renders each step. */
function replayed(values: readonly string[]): Replay[] {
  const yaml = renderRecordedSuite(
    values.flatMap((value): RecordedExchange[] => [
      {
        method: 'POST',
        path: '/v1/brands',
        query: { q: value },
        headers: { prefer: value, 'content-type': 'application/json' },
        body: { kind: 'json', value: { name: value, description: [value] } },
        status: 201,
      },
      { method: 'GET', path: `/v1/brands/${segmentOf(value)}`, headers: {}, status: 404 },
    ]),
    contract,
    { source: 'a property test', name: 'literal' },
  );
  const file = join(dir, 'suite.yaml');
  writeFileSync(file, yaml);
  const read = readSuiteFile(file);
  if ('problems' in read) throw new Error(`the recorded suite does not load: ${JSON.stringify(read.problems)}`);
  const spec: SuiteSpec = read.suite.spec;
  const vars = new Map<string, unknown>();
  return values.map((_, i) => {
    const [post, get] = [spec.steps[2 * i], spec.steps[2 * i + 1]];
    return {
      body: renderValue(post?.request.body, vars, SECRET_ENV),
      query: renderText(String(post?.request.query?.q), vars, SECRET_ENV),
      prefer: renderText(String(post?.request.headers?.prefer), vars, SECRET_ENV),
      path: renderText(get?.request.path ?? '', vars, SECRET_ENV),
    };
  });
}

function expectIdentity(value: string, replay: Replay | undefined): void {
  expect(replay?.body).toEqual({ name: value, description: [value] });
  expect(replay?.query).toBe(value);
  expect(replay?.prefer).toBe(value);
  expect(replay?.path).toBe(`/v1/brands/${segmentOf(value)}`);
  for (const secret of Object.values(SECRET_ENV)) expect(JSON.stringify(replay)).not.toContain(secret);
}

/** 400 sessions of 25 strings: 10,000 strings, each through its own body, query, path and Prefer. */
const RUNS = 400;
const PER_SESSION = 25;

describe('a recorded string replays as itself', () => {
  it('through YAML and the template renderer, for bodies, queries, paths and Prefer (10,000 strings)', () => {
    let strings = 0;
    fc.assert(
      fc.property(fc.array(recordedString, { minLength: PER_SESSION, maxLength: PER_SESSION }), (values) => {
        const replays = replayed(values);
        values.forEach((value, i) => expectIdentity(value, replays[i]));
        strings += values.length;
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
    expect(strings).toBeGreaterThanOrEqual(10_000);
  }, 120_000);

  it('keeps {{{env.NAME}}} as written instead of sending the variable (E2)', () => {
    const [replay] = replayed(['{{{env.NAME}}}']);
    expect(replay).toEqual({
      body: { name: '{{{env.NAME}}}', description: ['{{{env.NAME}}}'] },
      query: '{{{env.NAME}}}',
      prefer: '{{{env.NAME}}}',
      path: '/v1/brands/{{{env.NAME}}}',
    });
  });
});
