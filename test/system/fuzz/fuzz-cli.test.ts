import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../../support/broken-target.ts';
import { runCli } from '../../support/cli.ts';

let sim: RunningSimulator;
let broken: BrokenTarget;
let dir: string;

/** The command in a child process (never blocking this one, which serves the targets). */
const gasHarness = (args: string[], env: Record<string, string> = {}) => runCli(args, env);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  broken = await startBrokenTarget({
    upstream: sim.url,
    operationId: 'updateMerchantProvider',
    defect: 'undocumentedStatus',
  });
  dir = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
});

afterAll(async () => {
  await broken.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gas-harness fuzz', () => {
  it('exits 1 on a broken target, naming the operation and check, with seed, curl, scenario and JUnit', async () => {
    const out = join(dir, 'out');
    const junit = join(dir, 'junit.xml');
    const { code, stdout, stderr } = await gasHarness([
      'fuzz',
      '--target',
      broken.url,
      '--operations',
      'updateMerchantProvider',
      '--runs',
      '20',
      '--seed',
      '3',
      '--out',
      out,
      '--junit',
      junit,
    ]);
    expect(code, stderr).toBe(1);
    expect(stdout).toContain('seed 3');
    expect(stdout).toMatch(/FAILURE updateMerchantProvider status_documented: answered 418/);
    expect(stdout).toMatch(/seed -?\d+, path \d+(:\d+)* \(\d+ shrinks\); run seed 3/);
    expect(stdout).toMatch(
      /curl -i -X PUT '.*\/v1\/merchants\/[^']*\/providers\/[^']*' .*authorization: Bearer <redacted>/,
    );
    expect(stdout).toMatch(/\d+ cases\/second/);
    expect(stderr).toMatch(/fuzzing: \d+\/\d+ cases/);
    expect(
      readdirSync(out).some((f) => f.startsWith('updateMerchantProvider-status_documented-') && f.endsWith('.yaml')),
    ).toBe(true);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="fuzz updateMerchantProvider"');
    expect(xml).toMatch(
      /<testcase name="status_documented" classname="fuzz.updateMerchantProvider" time="[\d.]+">\s*<failure/,
    );
  }, 60_000);

  it('exits 0 against its in-process simulator, taking the seed from FUZZ_SEED', async () => {
    const { code, stdout, stderr } = await gasHarness(
      [
        'fuzz',
        '--operations',
        'upsertMerchant',
        'incrementOrderCounter',
        '--runs',
        '10',
        '--checks',
        'not_a_server_error,status_documented,stateful_sequences',
      ],
      { FUZZ_SEED: '12345' },
    );
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toContain('seed 12345');
    expect(stdout).toContain('upsertMerchant: 10 positive, 10 negative, 10 auth cases');
    expect(stdout).toContain('sequence order-counter: 10 runs');
    expect(stdout).toContain('0 failure(s), 0 divergence(s)');
  }, 60_000);

  it('exits 2 on an unknown check', async () => {
    const { code, stderr } = await gasHarness(['fuzz', '--target', sim.url, '--checks', 'no_such_check']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown check no_such_check');
  }, 60_000);

  it('exits 2 naming a FUZZ_SEED that is not an integer, leaving no simulator running', async () => {
    const { code, stderr } = await gasHarness(['fuzz', '--operations', 'getProduct', '--runs', '1'], {
      FUZZ_SEED: 'abc',
    });
    expect(code).toBe(2);
    expect(stderr).toContain('FUZZ_SEED must be an integer, not abc');
  }, 60_000);
});
