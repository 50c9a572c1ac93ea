/**
 * A simulator in a process of its own for the benchmark, so that the load generator never shares
 * its event loop (Prism runs in its own process too). Started with `fork`; reports its URL over
 * IPC, answers `{ type: 'memory' }` with its memory usage (after a full GC when asked), and exits on `{ type: 'close' }`.
 */
import { startSimulator } from '../simulator/index.ts';

export type ChildRequest = { type: 'memory'; collectGarbage?: boolean } | { type: 'close' };
export type ChildMessage = { type: 'ready'; url: string } | { type: 'memory'; usage: NodeJS.MemoryUsage };

const dataset = process.env.BENCH_DATASET === 'empty' ? 'empty' : 'default';
const logLevel = process.env.BENCH_LOG_LEVEL === 'info' ? 'info' : 'warn';
const sim = await startSimulator({ port: 0, logLevel, dataset });
const send = (message: ChildMessage): void => {
  process.send?.(message);
};
process.on('message', (message: ChildRequest) => {
  if (message.type === 'memory') {
    // Only with --expose-gc: a full collection first, to tell live data from garbage not yet collected.
    if (message.collectGarbage) (globalThis as { gc?: () => void }).gc?.();
    send({ type: 'memory', usage: process.memoryUsage() });
  }
  if (message.type === 'close') void sim.close().then(() => process.exit(0));
});
process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
send({ type: 'ready', url: sim.url });
