/**
 * Runs `run` over every item with at most `concurrency` in flight, in order of the items; resolves when all
 * are done and rejects with the first failure (the other runs in flight are left to finish).
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await run(items[index] as T, index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
