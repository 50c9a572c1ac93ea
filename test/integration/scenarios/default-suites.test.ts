import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSuite, runScenarios, type ScenarioReport } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
let simulator: RunningSimulator;
let report: ScenarioReport;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  report = await runScenarios({ target: simulator.url, concurrency: 8 });
});
afterAll(async () => {
  await simulator.close();
});

const passedSteps = () => report.suites.flatMap((s) => s.steps).filter((s) => s.outcome === 'passed');

describe('the default suites against the in-process simulator', () => {
  it('pass, every suite and every step', () => {
    expect(report.suites.filter((s) => s.outcome !== 'passed').map(formatSuite)).toEqual([]);
    expect(report.summary.steps.skipped).toBe(0);
    expect(report.passed).toBe(true);
  });

  // 507 needs a tenant at its record quota: test/integration/simulator/operation-statuses.test.ts covers it; 503 a
  // Redis store that is down: test/system/simulator/store/redis-store.test.ts covers it.
  it("cover every operation's success and each error status it documents or assumes (but 413, 500, 503 and 507)", () => {
    const seen = new Set(passedSteps().map((s) => `${s.operationId ?? ''} ${s.status ?? ''}`));
    const wanted = contract.operations.flatMap((op) =>
      [...op.responses.keys()].filter((s) => ![413, 500, 503, 507].includes(s)).map((s) => `${op.id} ${s}`),
    );
    expect(wanted.filter((key) => !seen.has(key))).toEqual([]);
  });

  it('check the documented response shape on every step that hits an operation', () => {
    const unchecked = passedSteps()
      .filter((s) => s.operationId && !s.checks.some((c) => /documented schema|has no body/.test(c.rule)))
      .map((s) => s.name);
    expect(unchecked).toEqual([]);
  });

  it('run each suite in a tenant of its own', () => {
    const tenants = report.suites.map((s) => s.tenant);
    expect(tenants.every((t) => typeof t === 'string')).toBe(true);
    expect(new Set(tenants).size).toBe(report.suites.length);
  });
});
