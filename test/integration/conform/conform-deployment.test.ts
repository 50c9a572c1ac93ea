import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, type ConformReport } from '../../../conform/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

let simulator: RunningSimulator;
let deployment: Deployment;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startHiddenAdminDeployment(simulator.url);
});
afterAll(async () => {
  await deployment.close();
  await simulator.close();
});

import { describeBroken, withVerdict } from '../../support/broken-deployments.ts';

describe('conform --profile against a deployment without the admin API', () => {
  it('hides the admin API', async () => {
    const res = await fetch(`${deployment.url}/__sim/health`);
    expect(res.status).toBe(404);
  });

  it('checks at least 95% of the known rules, with no FAILURE and no DIVERGENCE, twice in a row with the same profile', async () => {
    const profile = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 16 });
    const runs: ConformReport[] = [];
    for (let run = 0; run < 2; run++) {
      const report = await conform({ profile, fuzzRuns: 5, seed: PROPERTY_SEED });
      expect(report.simulator).toBe(false);
      expect(describeBroken([...withVerdict(report, 'FAILURE'), ...withVerdict(report, 'DIVERGENCE')])).toBe('');
      expect(report.coverage.percent).toBeGreaterThanOrEqual(95);
      expect(report.coverage.checked).toBe(report.totals.pass);
      expect(report.passed).toBe(true);
      runs.push(report);
    }
    const [first, second] = runs;
    // Same verdicts: the run provisions what it needs with values of its own and reads back.
    expect(second?.totals).toEqual(first?.totals);
    expect(second?.coverage.skipped).toEqual(first?.coverage.skipped);
    // What a deployment cannot show is skipped with the reason, never judged.
    for (const rule of withVerdict(first as ConformReport, 'skipped'))
      expect(rule.skipReason).toMatch(/deployment does not expose|in the target profile/);
  }, 240_000);

  it('skips what a profile without fixtures and roles leaves unchecked, naming the profile key, and fails below --min-coverage', async () => {
    const full = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 0 });
    const report = await conform({
      profile: { target: deployment.url, credentials: { token: full.credentials?.token ?? { value: '' } } },
      fuzzRuns: 2,
      seed: PROPERTY_SEED,
    });
    expect(withVerdict(report, 'FAILURE')).toEqual([]);
    expect(withVerdict(report, 'DIVERGENCE')).toEqual([]);
    const reasons = report.coverage.skipped.map((s) => s.reason).join('\n');
    for (const key of [
      'fixtures.productId',
      'fixtures.merchantId',
      'fixtures.dealerId',
      'credentials.tokenWithoutPermission',
      'credentials.expiredToken',
    ])
      expect(reasons).toContain(key);
    expect(report.coverage.percent).toBeLessThan(90);
    expect(report.passed).toBe(false);
  }, 240_000);
});
