/**
 * Pact verification reads at most the answer limit: Pact's native verifier reads an answer whole,
 * so the harness's request filter passes it no more than the limit and closes both connections.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPacts } from '../../../contracts/pact/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { HUGE_BYTES, startHugeAnswerTarget, type HugeAnswerTarget } from '../../support/huge-answer-target.ts';

let simulator: RunningSimulator;
let target: HugeAnswerTarget;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  target = await startHugeAnswerTarget(simulator.url);
});

afterAll(async () => {
  await target.close();
  await simulator.close();
});

/** The committed pact with only its product read, so one interaction meets the huge answer. */
function productReadPact(): string {
  const pact = JSON.parse(readFileSync('contracts/pacts/gas-partner-app-gas-ordering-platform.json', 'utf8')) as {
    interactions: { description: string }[];
  };
  pact.interactions = pact.interactions.filter((i) => i.description === 'a request to read a product');
  expect(pact.interactions).toHaveLength(1);
  const file = join(mkdtempSync(join(tmpdir(), 'pact-limit-')), 'product-read.json');
  writeFileSync(file, JSON.stringify(pact));
  return file;
}

describe('pact verification against a target with a huge answer', () => {
  it('fails the interaction, names the limit and reads no further', async () => {
    const limit = 1024 * 1024;
    const report = await verifyPacts({ target: target.url, pactFiles: [productReadPact()], maxAnswerBytes: limit });
    expect(report.passed).toBe(false);
    expect(report.results.map((r) => r.passed)).toEqual([false]);
    expect(report.notices.join('\n')).toContain(`the answer exceeded ${limit} bytes`);
    await expect.poll(() => target.sent.length).toBeGreaterThan(0);
    expect(Math.max(...target.sent)).toBeLessThan(HUGE_BYTES / 4);
  }, 60_000);

  // verifier-process.ts keeps the verifier's process from one verification to the next.
  it('starts the next verification clean: nothing noted by the last carries over, and one stopped at its deadline does not stop the next', async () => {
    const pactFiles = [productReadPact()];
    const after = await verifyPacts({ target: simulator.url, pactFiles });
    expect(after.notices.join('\n')).not.toContain('the answer exceeded');
    expect(after.results.map((r) => r.passed)).toEqual([true]);
    const stopped = await verifyPacts({ target: simulator.url, pactFiles, deadlineAt: Date.now() });
    expect(stopped.stoppedAtDeadline?.notRun).toBe(1);
    const next = await verifyPacts({ target: simulator.url, pactFiles });
    expect(next.results.map((r) => r.passed)).toEqual([true]);
  }, 60_000);
});
