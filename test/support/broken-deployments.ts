/**
 * `conform --profile` against deliberately broken deployments without the admin API: each behind the
 * proxy that hides `/__sim`, with the verdict its break earns. The list is shared out over a few test
 * files so that their full conform passes run side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, type ConformReport, type ConformRule } from '../../conform/index.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import { STATED_RULES } from '../../verdict/index.ts';
import { startBrokenTarget, type Defect } from './broken-target.ts';
import { deploymentProfile } from './deployment-profile.ts';
import { startHiddenAdminDeployment } from './hidden-admin-deployment.ts';
import { PROPERTY_SEED } from './property-seed.ts';

export const withVerdict = (report: ConformReport, verdict: ConformRule['verdict']) =>
  report.rules.filter((r) => r.verdict === verdict);
export const describeBroken = (rules: ConformRule[]) =>
  rules.map((r) => `${r.verdict} ${r.operationId ?? '-'} ${r.rule}: ${r.got ?? ''}`).join('\n');

export interface BrokenDeployment {
  operationId: string;
  defect: Defect;
  verdict: 'FAILURE' | 'DIVERGENCE';
  /** The sentence of the description the FAILURE quotes. */
  quotes?: string;
}

export const BROKEN_RESPONSES: BrokenDeployment[] = [
  { operationId: 'getProduct', defect: 'serverError', verdict: 'FAILURE' },
  { operationId: 'createBrand', defect: 'undocumentedStatus', verdict: 'FAILURE' },
  { operationId: 'getProduct', defect: 'wrongFieldType', verdict: 'FAILURE' },
];

export const BROKEN_AUTH: BrokenDeployment[] = [
  {
    operationId: 'updateCategory',
    defect: 'echoToken',
    verdict: 'FAILURE',
    quotes: STATED_RULES.tokenNotExposed.sentence,
  },
  {
    operationId: 'upsertCustomer',
    defect: 'ignoreAuth',
    verdict: 'FAILURE',
    quotes: STATED_RULES.unauthenticated401.sentence,
  },
  // A token the profile binds to another dealer renames this dealer's area.
  {
    operationId: 'updateCoverageArea',
    defect: 'ignoreBinding',
    verdict: 'FAILURE',
    quotes: STATED_RULES.permission403.sentence,
  },
];

/** A token bound to another merchant, consumer or user let through (a dealer's is in BROKEN_AUTH). */
export const BROKEN_BINDINGS: BrokenDeployment[] = ['upsertMerchant', 'upsertConsumerAddress', 'getUserProfile'].map(
  (operationId) => ({
    operationId,
    defect: 'ignoreBinding',
    verdict: 'FAILURE',
    quotes: STATED_RULES.permission403.sentence,
  }),
);

/** One broken deployment per rule the description states about the provider update and error bodies. */
export const BROKEN_STATED: BrokenDeployment[] = [
  {
    operationId: 'updateMerchantProvider',
    defect: 'acceptExtraProperties',
    verdict: 'FAILURE',
    quotes: STATED_RULES.closedProviderBody.sentence,
  },
  {
    operationId: 'updateMerchantProvider',
    defect: 'errorListOnRefusal',
    verdict: 'FAILURE',
    quotes: STATED_RULES.providerUpdateEmpty401.sentence,
  },
  {
    operationId: 'receiveAppEvent',
    defect: 'errorListOnErrors',
    verdict: 'FAILURE',
    quotes: STATED_RULES.problemDetailsOnIntake.sentence,
  },
  {
    operationId: 'getUserProfile',
    defect: 'errorListOnErrors',
    verdict: 'FAILURE',
    quotes: STATED_RULES.failureObject.sentence,
  },
  {
    operationId: 'upsertUser',
    defect: 'errorListOnErrors',
    verdict: 'FAILURE',
    quotes: STATED_RULES.failureObject.sentence,
  },
  {
    operationId: 'updateCategory',
    defect: 'problemDetailsOnErrors',
    verdict: 'FAILURE',
    quotes: STATED_RULES.errorList.sentence,
  },
];

/** One broken deployment per rule the description states about success bodies, upserts and media types. */
export const BROKEN_STATED_SUCCESS: BrokenDeployment[] = [
  {
    operationId: 'upsertConsumerAddress',
    defect: 'refuseMediaType',
    verdict: 'FAILURE',
    quotes: STATED_RULES.addressMediaTypes.sentence,
  },
  {
    operationId: 'receiveAppEvent',
    defect: 'refuseMediaType',
    verdict: 'FAILURE',
    quotes: STATED_RULES.eventMediaType.sentence,
  },
  {
    operationId: 'getProduct',
    defect: 'unwrapData',
    verdict: 'FAILURE',
    quotes: STATED_RULES.productDataWrapper.sentence,
  },
  {
    operationId: 'createBrand',
    defect: 'unwrapData',
    verdict: 'FAILURE',
    quotes: STATED_RULES.brandCreatedData.sentence,
  },
  {
    operationId: 'upsertCustomer',
    defect: 'notFoundInstead',
    verdict: 'FAILURE',
    quotes: STATED_RULES.upsertCreates.sentence,
  },
];

/** Another 2xx where a row of the Endpoints table states the operation's success status. */
export const BROKEN_SUCCESS_STATUSES: BrokenDeployment[] = (
  [
    ['updateMerchantProvider', STATED_RULES.providerUpdate204],
    ['upsertCustomer', STATED_RULES.customerUpsert204],
    ['upsertConsumerAddress', STATED_RULES.addressUpsert200],
    ['updateCoverageArea', STATED_RULES.coverageAreaUpdate204],
    ['registerDealerDevice', STATED_RULES.deviceRegistration204],
    ['updateCategory', STATED_RULES.categoryUpdate204],
  ] as const
).map(([operationId, rule]) => ({
  operationId,
  defect: 'otherSuccessStatus',
  verdict: 'FAILURE',
  quotes: rule.sentence,
}));

export const BROKEN_RULES: BrokenDeployment[] = [
  // An update of a provider that does not exist is accepted.
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

/** One test per broken deployment: conform catches the break with its verdict, naming the operation. */
export function describeBrokenDeployments(title: string, deployments: BrokenDeployment[]): void {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
  });
  afterAll(async () => simulator?.close());

  describe(title, () => {
    for (const { operationId, defect, verdict, quotes } of deployments) {
      it(`catches ${defect} in ${operationId} with a ${verdict} naming it${verdict === 'DIVERGENCE' ? ', which fails the run with --strict' : ''}`, async () => {
        const broken = await startBrokenTarget({ upstream: simulator.url, operationId, defect });
        const front = await startHiddenAdminDeployment(broken.url);
        try {
          const profile = await deploymentProfile(simulator.url, front.url, { deletableAreas: 8 });
          // Only the checks of the broken operation (`--operations`): what the test asserts is found
          // there, and the whole run of each of some thirty deployments made the tier twice as long.
          const report = await conform({
            profile,
            operations: [operationId],
            fuzzRuns: 3,
            seed: PROPERTY_SEED,
            strict: verdict === 'DIVERGENCE',
          });
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
}
