/**
 * Preloaded (with --expose-gc) into a simulator process by tests that measure what memory it gives
 * back: SIGUSR2 runs a full collection, so garbage waiting for the collector is not counted as held.
 */
process.on('SIGUSR2', () => {
  globalThis.gc?.();
});
