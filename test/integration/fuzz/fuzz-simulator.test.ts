import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, fuzz, type FuzzReport } from '../../../fuzz/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

// CI fixes the seed with FUZZ_SEED; the seed in use is printed either way.
const seed = PROPERTY_SEED;
let sim: RunningSimulator;
let report: FuzzReport;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  report = await fuzz({ target: sim.url, seed, runs: 100 });
  console.log(
    `fuzz-simulator: ${report.executions} cases in ${(report.durationMs / 1000).toFixed(1)} s, ${report.casesPerSecond.toFixed(0)} cases/second`,
  );
}, 120_000);

afterAll(async () => {
  await sim.close();
});

describe('fuzzing the simulator', () => {
  it('finds no failure and no divergence in at least 100 cases per operation', () => {
    expect(report.failures.map(describeFailure)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.seed).toBe(seed);
    for (const op of report.operations) {
      expect(op.cases.positive, op.operationId).toBe(100);
      expect(op.cases.auth, op.operationId).toBe(100);
      expect(op.cases.positive + op.cases.negative + op.cases.auth, op.operationId).toBeGreaterThanOrEqual(200);
    }
    expect(report.operations).toHaveLength(15);
  });

  it('runs every negative kind where the operation has something to break, and says why where not', () => {
    const withoutNegatives = report.operations.filter((o) => o.cases.negative === 0);
    expect(withoutNegatives.map((o) => o.operationId).sort()).toEqual([
      'deleteCoverageArea',
      'getProduct',
      'getUserProfile',
    ]);
    expect(withoutNegatives.every((o) => o.skipped.some((s) => s.startsWith('negative:')))).toBe(true);
  });

  it('runs the five stateful sequences 100 times each', () => {
    expect(report.sequences.map((s) => [s.name, s.runs])).toEqual([
      ['category-product', 100],
      ['coverage-area', 100],
      ['order-counter', 100],
      ['unknown-provider', 100],
      ['user-profile', 100],
    ]);
  });
});
