import { describe, expect, it } from 'vitest';
import { conformJunitSuites, type ConformReport } from '../../../conform/index.ts';
import { fuzzJunitSuites } from '../../../fuzz/index.ts';
import { renderJunit } from '../../../report/index.ts';
import { startTestSimulator } from '../../support/sim-harness.ts';

describe('JUnit times', () => {
  it("gives each conform suite its checker's measured time, shared among its rules", () => {
    const report = {
      strict: false,
      checkers: [
        { source: 'fuzz', durationMs: 3000, summary: '' },
        { source: 'pact', durationMs: 500, summary: '' },
      ],
      rules: [
        { source: 'fuzz', operationId: 'getProduct', rule: 'a', verdict: 'pass' },
        { source: 'fuzz', operationId: 'getProduct', rule: 'b', verdict: 'pass' },
        { source: 'pact', operationId: 'getProduct', rule: 'c', verdict: 'pass' },
      ],
      coverage: { known: 3, checked: 3, percent: 100, minimum: 90, skipped: [] },
    } as unknown as ConformReport;
    const xml = renderJunit(conformJunitSuites(report));
    expect(xml).toContain('<testsuite name="conform fuzz" tests="2" failures="0" skipped="0" time="3.000">');
    expect(xml).toContain('<testcase name="getProduct a" classname="conform.fuzz.getProduct" time="1.500"/>');
    expect(xml).toContain('<testsuite name="conform pact" tests="1" failures="0" skipped="0" time="0.500">');
  });

  it('gives each fuzz suite the time its operation took', async () => {
    const sim = await startTestSimulator({ logLevel: 'silent' });
    try {
      const url = await sim.simulator.listen({ port: 0 });
      const { fuzz } = await import('../../../fuzz/index.ts');
      const report = await fuzz({
        target: url,
        runs: 2,
        seed: 1,
        operations: ['getProduct'],
        checks: ['not_a_server_error', 'status_documented'],
      });
      const measured = report.operations[0]?.durationMs ?? 0;
      expect(measured).toBeGreaterThan(0);
      const [suite] = fuzzJunitSuites(report);
      expect(suite?.cases.every((c) => c.timeMs > 0)).toBe(true);
      expect(suite?.cases.reduce((t, c) => t + c.timeMs, 0)).toBeCloseTo(measured, 6);
      expect(renderJunit([suite!])).not.toContain('time="0.000"');
    } finally {
      await sim.close();
    }
  });
});
