import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, type ConformReport, type ConformRule } from '../../conform/index.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import { startBrokenTarget, type Defect } from '../support/broken-target.ts';
import { deploymentProfile } from '../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../support/hidden-admin-deployment.ts';
import { PROPERTY_SEED } from '../support/property-seed.ts';
import { STATED_RULES } from '../../spec/index.ts';

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

const withVerdict = (report: ConformReport, verdict: ConformRule['verdict']) =>
  report.rules.filter((r) => r.verdict === verdict);
const describeBroken = (rules: ConformRule[]) =>
  rules.map((r) => `${r.verdict} ${r.operationId ?? '-'} ${r.rule}: ${r.got ?? ''}`).join('\n');

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

/** Each deliberately broken deployment, behind the same kind of proxy: the operation it breaks, and the verdict the break earns. */
const BROKEN: { operationId: string; defect: Defect; verdict: 'FAILURE' | 'DIVERGENCE'; quotes?: string }[] = [
  { operationId: 'getProduct', defect: 'serverError', verdict: 'FAILURE' },
  { operationId: 'createBrand', defect: 'undocumentedStatus', verdict: 'FAILURE' },
  { operationId: 'updateCategory', defect: 'echoToken', verdict: 'FAILURE' },
  { operationId: 'getProduct', defect: 'wrongFieldType', verdict: 'FAILURE' },
  { operationId: 'upsertCustomer', defect: 'ignoreAuth', verdict: 'FAILURE' },
  // A token the profile binds to another dealer renames this dealer's area; an update of a provider that does not exist is accepted.
  {
    operationId: 'updateCoverageArea',
    defect: 'ignoreBinding',
    verdict: 'FAILURE',
    quotes: STATED_RULES.permission403.sentence,
  },
  {
    operationId: 'updateMerchantProvider',
    defect: 'acceptUnknown',
    verdict: 'FAILURE',
    quotes: STATED_RULES.unknownProvider404.sentence,
  },
  // These two break rules the spec only assumes (another 2xx, 400 for 422): DIVERGENCEs, FAILUREs with --strict.
  { operationId: 'upsertMerchant', defect: 'otherSuccessStatus', verdict: 'DIVERGENCE' },
  { operationId: 'upsertCustomer', defect: 'ruleBreakAs400', verdict: 'DIVERGENCE' },
];

describe('conform --profile against deliberately broken deployments without the admin API', () => {
  for (const { operationId, defect, verdict, quotes } of BROKEN) {
    it(`catches ${defect} in ${operationId} with a ${verdict} naming it${verdict === 'DIVERGENCE' ? ', which fails the run with --strict' : ''}`, async () => {
      const broken = await startBrokenTarget({ upstream: simulator.url, operationId, defect });
      const front = await startHiddenAdminDeployment(broken.url);
      try {
        const profile = await deploymentProfile(simulator.url, front.url, { deletableAreas: 8 });
        const report = await conform({ profile, fuzzRuns: 3, seed: PROPERTY_SEED, strict: verdict === 'DIVERGENCE' });
        const caught = withVerdict(report, verdict);
        expect(
          caught.length,
          describeBroken(report.rules.filter((r) => r.verdict !== 'pass' && r.verdict !== 'skipped')),
        ).toBeGreaterThan(0);
        expect(caught.map((r) => r.operationId)).toContain(operationId);
        if (quotes)
          expect(
            caught.filter((r) => r.operationId === operationId && `${r.why ?? ''} ${r.got ?? ''}`.includes(quotes)),
            describeBroken(caught),
          ).not.toEqual([]);
        expect(report.passed).toBe(false);
      } finally {
        await front.close();
        await broken.close();
      }
    }, 240_000);
  }
});
