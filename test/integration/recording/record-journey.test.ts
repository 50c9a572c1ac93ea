import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createAdminClient } from '../../../client/index.ts';
import { exchangeOfJournalEntry, renderRecordedSuite } from '../../../recording/index.ts';
import { readSuiteFile, runScenarios, startRecordingProxy, type ScenarioReport } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract, type SuiteSpec } from '../../../contract/index.ts';
import { startBrokenTarget } from '../../support/broken-target.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment } from '../../support/hidden-admin-deployment.ts';
import { CATEGORY_ID, PRODUCT_ID, runPartnerJourney } from '../../support/partner-journey.ts';

const JWT = /eyJ[\w-]+\.eyJ[\w-]+/;
let simulator: RunningSimulator;
const dir = mkdtempSync(join(tmpdir(), 'record-journey-'));

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await simulator.close();
});

/** Records the journey from a tenant's journal, as `record --journal` does. */
async function recordFromJournal(): Promise<{ file: string; token: string; brandId: string }> {
  const tenant = `journal-${randomUUID()}`;
  const journey = await runPartnerJourney(simulator.url, simulator.url, tenant);
  expect(journey.statuses).toEqual([201, 204, 200, 409]);
  const entries = await createAdminClient({ baseUrl: simulator.url, tenant }).listRequests();
  const file = join(dir, `${tenant}.yaml`);
  writeFileSync(
    file,
    renderRecordedSuite(entries.map(exchangeOfJournalEntry), await loadContract(), {
      name: 'Recorded partner journey (journal)',
      source: `the journal of tenant ${tenant}`,
    }),
  );
  return { file, token: journey.token, brandId: journey.brandId };
}

/** Records the journey through a recording proxy in front of the simulator. */
async function recordFromProxy(): Promise<{ file: string; token: string; brandId: string }> {
  const file = join(dir, `proxy-${randomUUID()}.yaml`);
  const proxy = await startRecordingProxy({
    target: simulator.url,
    contract: await loadContract(),
    out: file,
    name: 'Recorded partner journey (proxy)',
  });
  const journey = await runPartnerJourney(simulator.url, proxy.url, `proxy-${randomUUID()}`);
  await proxy.close();
  expect(journey.statuses).toEqual([201, 204, 200, 409]);
  return { file, token: journey.token, brandId: journey.brandId };
}

const failedRules = (report: ScenarioReport) =>
  report.suites.flatMap((s) => s.steps.flatMap((step) => step.checks.filter((c) => !c.passed).map((c) => c.rule)));

describe.each([
  ['the journal', recordFromJournal],
  ['a recording proxy', recordFromProxy],
])('a partner journey recorded from %s', (_, record) => {
  let recorded: { file: string; token: string; brandId: string };
  let suite: SuiteSpec;
  let text: string;
  beforeAll(async () => {
    recorded = await record();
    text = readFileSync(recorded.file, 'utf8');
    suite = parse(text) as SuiteSpec;
  });

  it('is a valid suite with one step per request, each with its status and the documented schema', () => {
    expect(readSuiteFile(recorded.file)).toHaveProperty('suite');
    expect(suite.steps.map((s) => [s.request.method, s.expect?.status, s.expect?.schema])).toEqual([
      ['POST', 201, 'documented'],
      ['PUT', 204, 'documented'],
      ['GET', 200, 'documented'],
      ['POST', 409, 'documented'],
    ]);
    expect(suite.steps[1]?.request.path).toBe(`/v1/categories/${CATEGORY_ID}`);
    expect(suite.steps[2]?.request.path).toBe(`/v1/products/${PRODUCT_ID}`);
    expect(suite.steps[2]?.expect?.json).toContainEqual({ path: '$.data.category.name', equals: 'Gás residencial' });
  });

  it('captures the id the server generated instead of writing it', () => {
    expect(suite.steps[0]?.capture).toEqual({ brandId: '$.data.id' });
    expect(text).not.toContain(recorded.brandId);
  });

  it('writes no token: the steps use the suite auth role', () => {
    expect(text).not.toContain(recorded.token);
    expect(text).not.toMatch(JWT);
    expect(text).not.toMatch(/bearer/i);
    expect(suite.auth).toEqual({ profile: 'simulator' });
    for (const step of suite.steps) expect(step.request.auth).toBeUndefined();
  });

  it('does not assert volatile values (request ids, dates)', () => {
    expect(text).not.toMatch(/x-request-id/i);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('replays green on a fresh tenant of the simulator it was recorded from', async () => {
    const report = await runScenarios({ target: simulator.url, paths: [recorded.file] });
    expect(failedRules(report)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.suites[0]?.steps.map((s) => s.outcome)).toEqual(['passed', 'passed', 'passed', 'passed']);
  });

  it('runs against a deployment with a target profile, its tokens standing in for the roles', async () => {
    const deployment = await startHiddenAdminDeployment(simulator.url);
    try {
      const profile = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 0 });
      const report = await runScenarios({ profile, paths: [recorded.file] });
      expect(report.simulator).toBe(false);
      expect(failedRules(report)).toEqual([]);
      expect(report.suites[0]?.steps.map((s) => s.outcome)).toEqual(['passed', 'passed', 'passed', 'passed']);
    } finally {
      await deployment.close();
    }
  });

  it('fails against a broken deployment, naming the operation', async () => {
    const broken = await startBrokenTarget({
      upstream: simulator.url,
      operationId: 'getProduct',
      defect: 'serverError',
    });
    try {
      const report = await runScenarios({ target: broken.url, paths: [recorded.file] });
      expect(report.passed).toBe(false);
      expect(failedRules(report)).toContain('getProduct: answers 200');
    } finally {
      await broken.close();
    }
  });
});
