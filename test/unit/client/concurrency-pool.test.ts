import { describe, expect, it } from 'vitest';
import { runPool } from '../../../client/index.ts';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('runPool', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    const seen: number[] = [];
    let inFlight = 0;
    let peak = 0;
    await runPool([...Array(20).keys()], 3, async (item, index) => {
      expect(item).toBe(index);
      inFlight++;
      peak = Math.max(peak, inFlight);
      await tick(item % 4);
      seen.push(item);
      inFlight--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(peak).toBe(3);
  });

  it('starts items in order and runs one at a time with a limit of 1', async () => {
    const order: string[] = [];
    await runPool(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await tick(1);
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('resolves at once for no items, and treats a limit below 1 as 1', async () => {
    await expect(runPool([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
    const order: number[] = [];
    await runPool([1, 2], 0, async (item) => {
      order.push(item);
    });
    expect(order).toEqual([1, 2]);
  });

  it('rejects with the first failure', async () => {
    await expect(
      runPool([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('item 2 failed');
      }),
    ).rejects.toThrow('item 2 failed');
  });
});
