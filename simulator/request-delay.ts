/**
 * Waits out the delays asked of one request (fault rules, `Prefer: delay`), together never longer
 * than MAX_DELAY_MS. A global timer, so a test can run it on fake time.
 */
import { MAX_DELAY_MS } from './prefer.ts';

/** Waits `ms`, at most MAX_DELAY_MS. */
export function waitCapped(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_DELAY_MS)));
}
