import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../../client/index.ts';
import { conform, ConformUsageError } from '../../../conform/index.ts';
import { exchangeOfJournalEntry, renderRecordedSuite } from '../../../recording/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { runPartnerJourney } from '../../support/partner-journey.ts';

let simulator: RunningSimulator;
const dir = mkdtempSync(join(tmpdir(), 'record-conform-'));

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  const tenant = `conform-${randomUUID()}`;
  await runPartnerJourney(simulator.url, simulator.url, tenant);
  const entries = await createAdminClient({ baseUrl: simulator.url, tenant }).listRequests();
  writeFileSync(
    join(dir, 'journey.yaml'),
    renderRecordedSuite(entries.map(exchangeOfJournalEntry), await loadContract(), {
      name: 'Recorded partner journey',
      source: 'a test',
    }),
  );
});
afterAll(async () => {
  await simulator.close();
});

describe('conform --suites', () => {
  it('runs the recorded suites besides the default ones', async () => {
    const report = await conform({ target: simulator.url, fuzzRuns: 1, seed: 1, suites: [dir] });
    const scenarioRules = report.rules.filter((r) => r.source === 'scenarios');
    const recorded = scenarioRules.filter((r) => r.rule.startsWith('scenario "Recorded partner journey"'));
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    expect(recorded.every((r) => r.verdict === 'pass')).toBe(true);
    // The default suites still run.
    expect(scenarioRules.some((r) => r.rule.startsWith('scenario "Journey: a catalogue edit'))).toBe(true);
  }, 120_000);

  it('refuses a folder holding a bad suite before reaching the target', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'record-conform-bad-'));
    writeFileSync(join(bad, 'bad.yaml'), 'name: bad\nsteps: []\n');
    await expect(conform({ target: 'http://127.0.0.1:9', suites: [bad] })).rejects.toBeInstanceOf(ConformUsageError);
  });
});
