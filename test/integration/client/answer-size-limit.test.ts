/**
 * A checker reads at most 8 MiB of an answer (or `maxAnswerBytes`): a target that streams a huge
 * body gets a verdict naming the limit, and the checker's memory stays bounded, over real sockets.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, send } from '../../../client/index.ts';
import { runScenarios } from '../../../scenarios/index.ts';
import { fuzz } from '../../../fuzz/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { HUGE_BYTES, startHugeAnswerTarget, type HugeAnswerTarget } from '../../support/huge-answer-target.ts';

/** How far above its starting RSS the checker may go while reading a huge answer: the 8 MiB limit, buffers and GC slack. */
const RSS_MARGIN_BYTES = 64 * 1024 * 1024;

let simulator: RunningSimulator;
let target: HugeAnswerTarget;
let url: string;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  target = await startHugeAnswerTarget(simulator.url);
  url = target.url;
});

afterAll(async () => {
  await target.close();
  await simulator.close();
});

/** Runs `work` and returns how far the process's RSS rose above where it started (sampled every 5 ms). */
async function rssRise<T>(work: () => Promise<T>): Promise<{ value: T; rise: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, rise: peak - start };
  } finally {
    clearInterval(timer);
  }
}

describe('the answer size limit', () => {
  it('refuses an answer past 8 MiB, closing the connection, with memory bounded', async () => {
    const { value: error, rise } = await rssRise(() =>
      send({ method: 'GET', url: `${url}/v1/products/x` }).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(rise, `RSS rose ${Math.round(rise / 2 ** 20)} MiB`).toBeLessThan(RSS_MARGIN_BYTES);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect((error as Error).message).toContain(`the answer exceeded ${DEFAULT_MAX_ANSWER_BYTES} bytes`);
    await expect.poll(() => target.sent.length).toBe(1);
    expect(target.sent[0]).toBeLessThan(HUGE_BYTES / 4);
  });

  it('fails a scenario step on a huge answer with a verdict naming the limit, the run going on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-limit-'));
    const suite = join(dir, 'huge.yaml');
    writeFileSync(
      suite,
      [
        'name: a huge answer',
        'steps:',
        '  - name: read a product',
        '    request: { method: GET, path: /v1/products/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d }',
        '    expect: { status: 200 }',
        '  - name: read a profile without a token',
        '    request: { method: GET, path: /v1/users/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/profile, auth: none }',
        '    expect: { status: 401 }',
        '',
      ].join('\n'),
    );
    const limit = 1024 * 1024;
    const { value: report, rise } = await rssRise(() =>
      runScenarios({ target: url, paths: [suite], maxAnswerBytes: limit }),
    );
    const steps = report.suites.flatMap((s) => s.steps);
    expect(
      steps.map((s) => s.outcome),
      JSON.stringify(steps[1]),
    ).toEqual(['failed', 'passed']);
    expect(steps[0]?.error).toContain(`the answer exceeded ${limit} bytes`);
    expect(rise).toBeLessThan(RSS_MARGIN_BYTES);
  });

  it('fails a fuzz case on a huge answer with a not_a_server_error finding naming the limit', async () => {
    const limit = 512 * 1024;
    const { value: report, rise } = await rssRise(() =>
      fuzz({
        target: url,
        operations: ['getProduct'],
        runs: 3,
        seed: 7,
        checks: ['not_a_server_error'],
        maxAnswerBytes: limit,
      }),
    );
    expect(report.failures).toContainEqual(
      expect.objectContaining({
        operationId: 'getProduct',
        check: 'not_a_server_error',
        message: expect.stringContaining(`the answer exceeded ${limit} bytes`),
      }),
    );
    expect(rise).toBeLessThan(RSS_MARGIN_BYTES);
  }, 60_000);
});
