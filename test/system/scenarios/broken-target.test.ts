import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios, type CheckResult, type ScenarioReport } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { createAdminClient } from '../../../client/index.ts';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { startBrokenTarget, type BrokenTarget, type Defect } from '../../support/broken-target.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment } from '../../support/hidden-admin-deployment.ts';
import { STATED_RULES } from '../../../verdict/index.ts';
import { runCli } from '../../support/cli.ts';

const SUITES = 'scenarios/suites/operations';
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
let simulator: RunningSimulator;
const targets: BrokenTarget[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await Promise.all(targets.map((t) => t.close()));
  await simulator.close();
});

async function broken(operationId: string, defect: Defect): Promise<BrokenTarget> {
  const target = await startBrokenTarget({ upstream: simulator.url, operationId, defect });
  targets.push(target);
  return target;
}

const failedChecks = (report: ScenarioReport): CheckResult[] =>
  report.suites
    .flatMap((s) => s.steps)
    .flatMap((s) => s.checks)
    .filter((c) => !c.passed);

describe('scenarios run against a deliberately broken target', () => {
  it('fails, naming the operation and the documented rule a server error breaks', async () => {
    const target = await broken('getProduct', 'serverError');
    const report = await runScenarios({ target: target.url, paths: [`${SUITES}/get-product.yaml`] });
    expect(report.passed).toBe(false);
    expect(failedChecks(report)).toContainEqual(
      expect.objectContaining({
        rule: 'getProduct: answers 200',
        basis: 'documented',
        actual: expect.stringContaining('got 500'),
      }),
    );
  });

  it('reports a wrongly typed body as a broken documented schema rule', async () => {
    const target = await broken('getProduct', 'wrongFieldType');
    const report = await runScenarios({ target: target.url, paths: [`${SUITES}/get-product.yaml`] });
    expect(failedChecks(report)).toContainEqual(
      expect.objectContaining({
        rule: 'getProduct: 200 body has the documented schema',
        basis: 'documented',
        actual: expect.stringContaining('body.data.id must be string'),
      }),
    );
  });

  it('tells a broken assumed rule (DIVERGENCE) from a broken documented one (FAILURE)', async () => {
    const target = await broken('upsertCustomer', 'ignoreAuth');
    const report = await runScenarios({ target: target.url, paths: [`${SUITES}/upsert-customer.yaml`] });
    const failed = failedChecks(report);
    expect(failed).toContainEqual(
      expect.objectContaining({ rule: 'upsertCustomer: answers 401', basis: 'documented' }),
    );
    expect(failed).toContainEqual(
      expect.objectContaining({
        rule: 'upsertCustomer: answers 403',
        basis: 'assumed',
        reason: expect.stringMatching(/scope/),
      }),
    );
    expect(failed).toContainEqual(expect.objectContaining({ rule: 'upsertCustomer: answers 422', basis: 'assumed' }));
  });

  it("fails as documented, quoting the 403 sentence, when a token the profile binds to another dealer renames this dealer's area", async () => {
    const target = await broken('updateCoverageArea', 'ignoreBinding');
    const front = await startHiddenAdminDeployment(target.url);
    try {
      const profile = await deploymentProfile(simulator.url, front.url, { deletableAreas: 0 });
      const report = await runScenarios({ profile, paths: [`${SUITES}/update-coverage-area.yaml`] });
      expect(report.simulator).toBe(false);
      expect(failedChecks(report)).toEqual([
        expect.objectContaining({
          rule: 'updateCoverageArea: answers 403',
          basis: 'documented',
          stated: 'permission403',
          reason: `documented: "${STATED_RULES.permission403.sentence}" (Authentication, rule 7)`,
          actual: expect.stringMatching(
            /^got 204 \(a token bound to another dealerId than the request names was allowed\)/,
          ),
        }),
      ]);
      expect(report.summary.documentedFailures).toBe(1);
    } finally {
      await front.close();
    }
  });

  it("fails as documented, quoting the secrets sentence, on every answer that carries the caller's token", async () => {
    const target = await broken('getProduct', 'echoToken');
    const report = await runScenarios({ target: target.url, paths: [`${SUITES}/get-product.yaml`] });
    const leaks = failedChecks(report).filter((c) => c.stated === 'tokenNotExposed');
    expect(leaks.length).toBeGreaterThan(0);
    for (const leak of leaks)
      expect(leak).toMatchObject({
        rule: 'getProduct: exposes no token or key of the run in its answer',
        basis: 'documented',
        reason: `documented: "${STATED_RULES.tokenNotExposed.sentence}" (Authentication, rule 5)`,
        actual: 'its body carries a token or key the run sent (shown redacted)',
      });
    // The read with a valid token: its answer is otherwise what the spec documents, so only the leak breaks it.
    const read = report.suites.flatMap((s) => s.steps).find((s) => s.status === 200 && s.outcome === 'failed');
    expect(read?.checks.filter((c) => !c.passed).map((c) => c.stated)).toEqual(['tokenNotExposed']);
    expect(report.passed).toBe(false);
  });

  it('exits 1 from the CLI, naming the operation and the rule, in the console, JUnit and JSON', async () => {
    const target = await broken('getProduct', 'serverError');
    const out = mkdtempSync(join(tmpdir(), 'gas-scenarios-report-'));
    const result = await runCli([
      'scenarios',
      'run',
      '--target',
      target.url,
      `${SUITES}/get-product.yaml`,
      '--junit',
      join(out, 'junit.xml'),
      '--json',
      join(out, 'report.json'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAILURE getProduct: answers 200: got 500');
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="getProduct: [^"]*" tests="8" failures="8"/);
    expect(junit).toContain('FAILURE getProduct: answers 200');
    const json = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ScenarioReport;
    expect(json.passed).toBe(false);
    expect(json.suites[0]?.steps[0]).toMatchObject({ operationId: 'getProduct', status: 500, outcome: 'failed' });
  });

  it('shows no token, given or minted, even when the target echoes it', async () => {
    const target = await broken('updateCategory', 'echoToken');
    const { accessToken } = await createAdminClient({ baseUrl: simulator.url }).mintToken({
      scopes: ['catalog:write'],
      tenant: 'echo-test',
    });
    const out = mkdtempSync(join(tmpdir(), 'gas-scenarios-secret-'));
    const files = [join(out, 'junit.xml'), join(out, 'report.json')];
    const [given, minting] = await Promise.all([
      runCli([
        'scenarios',
        'run',
        '--target',
        target.url,
        '--token',
        accessToken,
        `${SUITES}/update-category.yaml`,
        '--junit',
        files[0] ?? '',
        '--json',
        files[1] ?? '',
      ]),
      runCli([
        'scenarios',
        'run',
        '--target',
        target.url,
        `${SUITES}/update-category.yaml`,
        `${SUITES}/increment-order-counter.yaml`,
      ]),
    ]);
    expect(given.code).toBe(1);
    expect(minting.code).toBe(1);
    const texts = [
      given.stdout,
      given.stderr,
      minting.stdout,
      minting.stderr,
      ...files.map((f) => readFileSync(f, 'utf8')),
    ];
    expect(given.stdout).toContain('"echoedAuthorization":"Bearer <redacted>"');
    for (const text of texts) {
      expect(text).not.toContain(accessToken);
      expect(text).not.toMatch(JWT);
      expect(text).not.toContain(DEV_API_KEY);
    }
  });
});
