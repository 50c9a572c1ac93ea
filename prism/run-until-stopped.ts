/** Keeps a foreground Prism running until the user stops it (Ctrl-C, SIGTERM) or it dies by itself. */
import type { PrismExit, PrismProcess } from './prism-process.ts';

/**
 * Resolves after Prism is closed on SIGINT/SIGTERM (`undefined`), or with Prism's exit when it ended
 * on its own, which a caller should treat as a failure.
 */
export async function runUntilStopped(prism: PrismProcess): Promise<PrismExit | undefined> {
  let onSignal: (() => void) | undefined;
  const signalled = new Promise<'signal'>((resolve) => {
    onSignal = () => resolve('signal');
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  const outcome = await Promise.race([signalled, prism.exited]);
  if (onSignal) {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  if (outcome === 'signal') {
    await prism.close();
    return undefined;
  }
  return outcome;
}
