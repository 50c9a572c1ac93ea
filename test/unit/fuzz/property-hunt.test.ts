import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestTimeoutError } from '../../../client/index.ts';
import { hunt } from '../../../fuzz/property-hunt.ts';

describe('the property hunt', () => {
  it('counts a request that got no answer in time as the target failing not_a_server_error, and hunts on', async () => {
    const result = await hunt({
      arbitrary: fc.integer({ min: 0, max: 100 }),
      seed: 1,
      numRuns: 30,
      checks: new Set(['not_a_server_error', 'status_documented'] as const),
      execute: (value) => {
        if (value > 10) throw new RequestTimeoutError(10_000, 10_002);
        return Promise.resolve({ failures: [] });
      },
    });
    expect(result.findings.map((f) => [f.failure.check, f.value])).toEqual([['not_a_server_error', 11]]);
    expect(result.findings[0]?.failure.message).toMatch(/the request failed: no answer within the 10\.0 s time-out/);
  });

  it('lets an error of the harness itself end the run', async () => {
    await expect(
      hunt({
        arbitrary: fc.integer(),
        seed: 1,
        numRuns: 5,
        checks: new Set(['not_a_server_error'] as const),
        execute: () => Promise.reject(new TypeError('a bug of ours')),
      }),
    ).rejects.toThrow(/a bug of ours/);
  });
});
