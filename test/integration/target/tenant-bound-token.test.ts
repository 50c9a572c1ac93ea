import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../../../conform/index.ts';
import { fuzz } from '../../../fuzz/index.ts';
import { verifyPacts } from '../../../contracts/pact/verify-pacts.ts';
import { runScenarios } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { createAdminClient } from '../../../client/index.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

let simulator: RunningSimulator;
let token: string;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  ({ accessToken: token } = await createAdminClient({ baseUrl: simulator.url }).mintToken({
    scopes: ALL_SCOPES,
    tenant: 'team-a-ci',
  }));
});
afterAll(async () => {
  await simulator.close();
});

describe('every checker against the simulator with a token bound to a tenant', () => {
  it("scenarios run: every suite passes, in the token's tenant", async () => {
    const report = await runScenarios({ target: simulator.url, token });
    expect(
      report.suites.filter((s) => s.outcome !== 'passed').map((s) => `${s.name}: ${s.error ?? s.skipReason ?? ''}`),
    ).toEqual([]);
    expect(new Set(report.suites.map((s) => s.tenant))).toEqual(new Set(['team-a-ci']));
    expect(report.summary.documentedFailures + report.summary.assumedFailures).toBe(0);
  }, 120_000);

  it("contracts verify: every interaction passes, in the token's tenant", async () => {
    const report = await verifyPacts({ target: simulator.url, token });
    expect(report.tenant).toBe('team-a-ci');
    expect(
      report.results.filter((r) => !r.passed || r.skipped).map((r) => `${r.description}: ${r.mismatches.join('; ')}`),
    ).toEqual([]);
  }, 120_000);

  it('fuzz: no failure and no divergence', async () => {
    const report = await fuzz({ target: simulator.url, token, runs: 5, seed: PROPERTY_SEED });
    expect(report.failures.map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toEqual([]);
    expect(report.sequences.filter((s) => s.skipped)).toEqual([]);
  }, 120_000);

  it('conform: 0 FAILURE, 0 DIVERGENCE, every known rule checked', async () => {
    const report = await conform({ target: simulator.url, token, fuzzRuns: 3, seed: PROPERTY_SEED });
    expect(report.totals).toMatchObject({ FAILURE: 0, DIVERGENCE: 0, skipped: 0 });
    expect(report.coverage.percent).toBe(100);
    expect(report.passed).toBe(true);
  }, 180_000);
});
