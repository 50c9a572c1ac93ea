/**
 * What a platform CI relies on across deployments, checked on two that are not the simulator (the
 * simulator behind a proxy hiding `/__sim`, and a deployment that chose otherwise wherever the
 * description is silent), each with a complete profile and one seed: the same known rules, the same
 * stable rule ids, a baseline written from one run that accepts all of the next run's findings, and
 * `--operations`/`--checks` keeping only what they name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  conform,
  ConformUsageError,
  ruleId,
  UNTRIAGED,
  writeBaseline,
  type ConformOptions,
  type ConformReport,
} from '../../../conform/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';
import { startOtherChoicesDeployment, type OtherChoicesDeployment } from '../../support/other-choices-deployment.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

const OPERATIONS = ['upsertCustomer', 'updateCategory'];
let simulator: RunningSimulator;
let hidden: Deployment;
let other: OtherChoicesDeployment;
let dir = '';
let onHidden: ConformReport;
let onOther: ConformReport;
let run: (deployment: 'hidden' | 'other', options?: Partial<ConformOptions>) => Promise<ConformReport>;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  hidden = await startHiddenAdminDeployment(simulator.url);
  other = await startOtherChoicesDeployment();
  dir = mkdtempSync(join(tmpdir(), 'gas-baseline-'));
  const profiles = {
    hidden: await deploymentProfile(simulator.url, hidden.url, { deletableAreas: 8 }),
    other: await deploymentProfile(other.simulatorUrl, other.url, { deletableAreas: 8 }),
  };
  run = (deployment, options = {}) =>
    conform({
      profile: profiles[deployment],
      fuzzRuns: 2,
      seed: PROPERTY_SEED,
      operations: OPERATIONS,
      checks: ['scenarios', 'fuzz'],
      minCoverage: 0,
      ...options,
    });
  [onHidden, onOther] = await Promise.all([run('hidden'), run('other')]);
}, 240_000);

afterAll(async () => {
  await other?.close();
  await hidden?.close();
  await simulator?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ids = (report: ConformReport) => [...new Set(report.rules.map(ruleId))].sort();

describe('conform on two deployments with complete profiles and one seed', () => {
  it('knows the same number of rules, with the same ids, though one breaks many assumed rules', () => {
    expect(onOther.totals.DIVERGENCE, 'the other deployment diverges').toBeGreaterThan(0);
    expect(onHidden.totals.DIVERGENCE).toBe(0);
    expect(onOther.coverage.known).toBe(onHidden.coverage.known);
    expect(onOther.totalsBySource.fuzz).not.toEqual(onHidden.totalsBySource.fuzz);
    expect(ids(onOther)).toEqual(ids(onHidden));
  });

  it('keeps only the rules of --operations and the checkers of --checks', () => {
    expect(new Set(onHidden.rules.map((r) => r.source))).toEqual(new Set(['scenarios', 'fuzz']));
    const operations = new Set(onHidden.rules.map((r) => r.operationId).filter((id) => id !== undefined));
    for (const id of operations) expect(OPERATIONS).toContain(id);
    expect(operations.size).toBe(OPERATIONS.length);
    expect(onHidden).toMatchObject({ operations: OPERATIONS, checks: ['scenarios', 'fuzz'] });
  });

  it('writes a baseline that accepts every finding of the next run, so --strict fails only on what is new', async () => {
    const file = join(dir, 'baseline.yaml');
    const written = writeBaseline(onOther, file);
    const broken = onOther.totals.FAILURE + onOther.totals.DIVERGENCE;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(broken);
    const entries = (parse(readFileSync(file, 'utf8')) as { accepted: { id: string; reason: string }[] }).accepted;
    expect(entries.every((e) => e.reason === UNTRIAGED)).toBe(true);
    // The team triages one entry, drops another (it becomes new again) and keeps one the run will not see.
    const [triaged, dropped, ...rest] = entries;
    const gone = { ...rest[0], id: 'scenarios:upsertCustomer:000000000000', reason: 'fixed last week' };
    writeFileSync(
      file,
      JSON.stringify({ version: 1, accepted: [{ ...triaged, reason: 'the team chose 422' }, ...rest, gone] }),
    );

    const again = await run('other', { baseline: file, strict: true });
    const droppedRules = again.rules.filter((r) => r.id === dropped?.id);
    expect(droppedRules.length).toBeGreaterThan(0);
    expect(droppedRules.every((r) => r.accepted === undefined)).toBe(true);
    expect((again.baseline?.new.FAILURE ?? 0) + (again.baseline?.new.DIVERGENCE ?? 0)).toBe(droppedRules.length);
    expect(again.baseline?.accepted).toBe(again.totals.FAILURE + again.totals.DIVERGENCE - droppedRules.length);
    expect(again.baseline?.gone.map((e) => e.id)).toEqual([gone.id]);
    expect(again.rules.find((r) => r.id === triaged?.id)?.accepted).toBe('the team chose 422');
    expect(again.passed, 'the dropped entry is new again and fails the strict run').toBe(false);

    // With every finding accepted, the strict run passes.
    writeBaseline(onOther, file);
    const accepted = await run('other', { baseline: file, strict: true });
    expect(accepted.baseline).toMatchObject({ new: { FAILURE: 0, DIVERGENCE: 0 }, gone: [] });
    expect(accepted.passed).toBe(true);
  }, 240_000);

  it('refuses a bad baseline, an unknown operation and an unknown checker before reaching the target', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'accepted:\n  - id: nope\n');
    await expect(run('hidden', { baseline: bad })).rejects.toThrow(ConformUsageError);
    await expect(run('hidden', { baseline: join(dir, 'missing.yaml') })).rejects.toThrow(/no such file/);
    await expect(run('hidden', { operations: ['getProducts'] })).rejects.toThrow(
      /unknown operation getProducts \(--operations\); the operations are: .*getProduct/,
    );
    await expect(run('hidden', { checks: ['schemathesis'] })).rejects.toThrow(
      'unknown check schemathesis (--checks); the checks are: scenarios, pact, fuzz',
    );
  });
});
