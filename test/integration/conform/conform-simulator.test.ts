import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, type ConformReport } from '../../../index.ts';
import { writeConformReports } from '../../../conform/index.ts';
import { readPactFiles } from '../../../contracts/pact/pact-files.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

let simulator: RunningSimulator;
let report: ConformReport;
let out: string;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  out = mkdtempSync(join(tmpdir(), 'gas-conform-sim-'));
  report = await conform({ target: simulator.url, fuzzRuns: 10, seed: PROPERTY_SEED });
}, 90_000);
afterAll(async () => {
  await simulator.close();
  rmSync(out, { recursive: true, force: true });
});

describe('conform against the simulator', () => {
  it('reports no failure and no divergence, and passes', () => {
    const broken = report.rules.filter((r) => r.verdict === 'FAILURE' || r.verdict === 'DIVERGENCE');
    expect(
      broken.map((r) => `${r.verdict} ${r.operationId ?? '-'} ${r.rule}: ${r.expected ?? ''} — ${r.got ?? ''}`),
    ).toEqual([]);
    expect(report.totals.FAILURE).toBe(0);
    expect(report.totals.DIVERGENCE).toBe(0);
    expect(report.passed).toBe(true);
    expect(report.simulator).toBe(true);
  });

  it('checks rules from all three checkers, covering every operation, and says why each skipped one was skipped', async () => {
    const contract = await loadContract();
    const interactions = readPactFiles().reduce((n, { pact }) => n + pact.interactions.length, 0);
    expect(report.rules.filter((r) => r.source === 'pact')).toHaveLength(interactions);
    for (const source of ['scenarios', 'pact', 'fuzz'] as const) {
      expect(report.totalsBySource[source].pass, source).toBeGreaterThan(0);
      const covered = new Set(
        report.rules.filter((r) => r.source === source && r.verdict === 'pass').map((r) => r.operationId),
      );
      for (const op of contract.operations) expect(covered.has(op.id), `${source} checks ${op.id}`).toBe(true);
    }
    expect(report.rules.filter((r) => r.verdict === 'skipped').every((r) => (r.skipReason ?? '').length > 0)).toBe(
      true,
    );
    expect(report.checkers.map((c) => c.source)).toEqual(['scenarios', 'pact', 'fuzz']);
    expect(report.seed).toBe(PROPERTY_SEED);
  });

  it('writes a Markdown summary, JUnit and JSON that agree with the report', () => {
    const files = writeConformReports(report, out);
    expect(files.map((f) => f.slice(out.length + 1))).toEqual([
      'conform.md',
      'conform.junit.xml',
      'conform.json',
      'conform.html',
    ]);
    const markdown = readFileSync(join(out, 'conform.md'), 'utf8');
    expect(markdown).toMatch(/^## ✅ gas-harness conform: PASS/);
    const total = report.rules.length;
    expect(markdown).toContain(
      `| **total** | **${total}** | **${report.totals.pass}** | **0** | **0** | **${report.totals.skipped}** |`,
    );
    expect(markdown).not.toContain('### FAILURES');
    const junit = readFileSync(join(out, 'conform.junit.xml'), 'utf8');
    // One case per rule, and one for the coverage minimum.
    expect(junit).toContain(`<testsuites tests="${total + 1}" failures="0" skipped="${report.totals.skipped}">`);
    expect(JSON.parse(readFileSync(join(out, 'conform.json'), 'utf8'))).toEqual(report);
  });
});
