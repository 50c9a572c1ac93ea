import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz, type FuzzFailure } from '../../../fuzz/index.ts';
import { runScenarios } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type Defect } from '../../support/broken-target.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

// CI fixes the seed with FUZZ_SEED; the seed in use is printed either way.
const seed = PROPERTY_SEED;
let sim: RunningSimulator;
let out: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  out = mkdtempSync(join(tmpdir(), 'fuzz-broken-'));
  console.log(`fuzz-broken-target: seed ${seed} (FUZZ_SEED=${seed} replays it)`);
});

afterAll(async () => {
  await sim.close();
  rmSync(out, { recursive: true, force: true });
});

/** Fuzzes one operation behind a proxy that breaks it; returns the failures and the proxy's URL (still open). */
async function fuzzBroken(
  defect: Defect,
  operationId: string,
  options: { strict?: boolean; operations?: string[]; checks?: string[]; runs?: number } = {},
) {
  const broken = await startBrokenTarget({ upstream: sim.url, operationId, defect });
  try {
    const report = await fuzz({
      target: broken.url,
      operations: [operationId],
      runs: 50,
      seed,
      out: join(out, defect),
      ...options,
    });
    return { report, broken };
  } catch (error) {
    await broken.close();
    throw error;
  }
}

const cases: [Defect, string, string][] = [
  ['serverError', 'updateMerchantProvider', 'not_a_server_error'],
  ['echoToken', 'updateCategory', 'no_secret_echoed'],
  ['wrongFieldType', 'getProduct', 'body_matches_documented_shape'],
  ['ignoreAuth', 'upsertCustomer', 'auth_enforced'],
  ['undocumentedStatus', 'updateMerchantProvider', 'status_documented'],
];

describe('fuzzing a deliberately broken target', () => {
  it.each(cases)(
    'finds %s in %s with the %s check, shrunk, with a scenario that replays it',
    async (defect, operationId, check) => {
      const { report, broken } = await fuzzBroken(defect, operationId);
      try {
        expect(report.ok).toBe(false);
        const failure = report.failures.find((f) => f.operationId === operationId && f.check === check) as FuzzFailure;
        expect(failure, `${check} among ${report.failures.map((f) => f.check).join(', ')}`).toBeDefined();
        expect(failure.basis).toBe('documented');
        expect(failure.runSeed).toBe(seed);
        expect(failure.path).toMatch(/^\d+(:\d+)*$/);
        // Shrunk: fast-check walked the counterexample down, and what is left is small.
        expect(failure.path.split(':').length - 1).toBe(failure.shrinks);
        expect(JSON.stringify(failure.request.body ?? failure.request.rawBody ?? '').length).toBeLessThan(80);
        expect(failure.curl).toContain(`curl -i -X ${failure.request.method}`);
        expect(failure.curl).not.toMatch(/Bearer (?!<redacted>)/);
        for (const secret of ['gas-sim-dev-api-key']) expect(failure.curl).not.toContain(secret);

        const file = failure.scenarioFile ?? '';
        expect(existsSync(file)).toBe(true);
        const scenario = parse(readFileSync(file, 'utf8')) as {
          auth: unknown;
          'x-fuzz': { operationId: string; check: string; seed: number };
        };
        expect(scenario.auth).toEqual({ profile: 'simulator' });
        expect(scenario['x-fuzz']).toMatchObject({ operationId, check, seed: failure.seed });
        expect(readFileSync(file, 'utf8')).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]{20,}/);

        // The scenarios runner replays the file: it fails against the broken target, passes against the simulator.
        const againstBroken = await runScenarios({ target: broken.url, paths: [file] });
        expect(againstBroken.passed, JSON.stringify(againstBroken.suites[0]?.steps)).toBe(false);
        const againstSimulator = await runScenarios({ target: sim.url, paths: [file] });
        expect(againstSimulator.passed, JSON.stringify(againstSimulator.suites[0]?.steps)).toBe(true);
      } finally {
        await broken.close();
      }
    },
    60_000,
  );

  it('fails as documented, quoting Endpoints rule 5, when an update of a provider that does not exist is accepted', async () => {
    const { report, broken } = await fuzzBroken('acceptUnknown', 'updateMerchantProvider', {
      checks: ['stateful_sequences'],
      runs: 10,
    });
    try {
      expect(report.sequences.map((s) => s.name)).toEqual(['unknown-provider']);
      const failure = report.failures.find((f) => f.source === 'sequence unknown-provider');
      expect(failure, report.failures.map((f) => f.message).join('\n')).toMatchObject({
        operationId: 'updateMerchantProvider',
        check: 'stateful_sequences',
        basis: 'documented',
        status: 204,
      });
      expect(failure?.message).toContain(
        'documented: "The provider update answers 404 when no provider with the given identifier exists." (Endpoints, rule 5)',
      );
      const file = failure?.scenarioFile ?? '';
      expect((await runScenarios({ target: broken.url, paths: [file] })).passed).toBe(false);
      const replay = await runScenarios({ target: sim.url, paths: [file] });
      expect(replay.passed, JSON.stringify(replay.suites[0]?.steps)).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('finds a lost write with a stateful sequence, shrunk to its few commands, and the scenario replays them', async () => {
    // The proxy acknowledges category updates without passing them on: a product read still shows the old name.
    const { report, broken } = await fuzzBroken('ignoreAuth', 'updateCategory', {
      operations: ['updateCategory', 'getProduct'],
      checks: ['stateful_sequences'],
    });
    try {
      const failure = report.failures.find((f) => f.check === 'stateful_sequences' && f.basis === 'documented');
      expect(failure, report.failures.map((f) => f.message).join('\n')).toMatchObject({
        source: 'sequence category-product',
        operationId: 'getProduct',
      });
      expect(failure?.message).toMatch(/data\.category is .*expected/);
      expect(failure?.description.split(' → ').length).toBeLessThanOrEqual(2);
      const file = failure?.scenarioFile ?? '';
      expect((await runScenarios({ target: broken.url, paths: [file] })).passed).toBe(false);
      const replay = await runScenarios({ target: sim.url, paths: [file] });
      expect(replay.passed, JSON.stringify(replay.suites[0]?.steps)).toBe(true);
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('reports a broken assumed rule as a divergence that fails the run only with --strict', async () => {
    const lenient = await fuzzBroken('otherSuccessStatus', 'upsertMerchant');
    await lenient.broken.close();
    const divergence = lenient.report.failures.find((f) => f.check === 'status_documented');
    expect(divergence).toMatchObject({ operationId: 'upsertMerchant', basis: 'assumed' });
    expect(divergence?.reason).toMatch(/success status/);
    expect(lenient.report.failures.every((f) => f.basis === 'assumed')).toBe(true);
    expect(lenient.report.ok).toBe(true);
    const strict = await fuzzBroken('otherSuccessStatus', 'upsertMerchant', { strict: true });
    await strict.broken.close();
    expect(strict.report.ok).toBe(false);
  }, 60_000);

  it('finds the same shrunk counterexample again from the same seed', async () => {
    const first = await fuzzBroken('serverError', 'updateMerchantProvider');
    await first.broken.close();
    const second = await fuzzBroken('serverError', 'updateMerchantProvider');
    await second.broken.close();
    const key = (f: FuzzFailure) => [f.check, f.source, f.description, f.seed, f.path, JSON.stringify(f.request.body)];
    expect(second.report.failures.map(key)).toEqual(first.report.failures.map(key));
  }, 60_000);
});
