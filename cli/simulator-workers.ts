/**
 * `gas-harness simulate --workers N|auto`: N simulator processes on one port (node:cluster), which
 * share their state through the Redis store. The primary only starts, restarts and stops them.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { InvalidArgumentError } from 'commander';

/** Parses `--workers`: `auto` (one per core) or 1 to the number of cores. */
export function workerCount(value: string): number {
  const cores = availableParallelism();
  if (value === 'auto') return cores;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > cores)
    throw new InvalidArgumentError(`must be auto or a whole number from 1 to ${cores} (the cores of this machine)`);
  return n;
}

/** True in a worker of a cluster, where the simulator runs. */
export const isWorker = (): boolean => !cluster.isPrimary;

/**
 * Rethrows a start-up error; in a worker, first closes the channel to the primary, which would keep
 * the failed worker alive, and with it the primary that waits for every worker to exit.
 */
export function leaveCluster(error: unknown): never {
  cluster.worker?.disconnect();
  throw error;
}

/** The worker's number (1 in a single process), so one worker alone prints the banner. */
export const workerNumber = (): number => cluster.worker?.id ?? 1;

/**
 * Forks the workers and keeps them running: one that dies after it listened is replaced; one that
 * dies before (a bad flag, an unreachable store) stops them all with its exit code. SIGTERM and
 * SIGINT are passed on, and the primary exits when every worker has.
 */
export function runWorkers(count: number): void {
  let stopping = false;
  const listened = new Set<number>();
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && listened.has(worker.id)) {
      process.stderr.write(`gas-harness: worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
      cluster.fork();
      return;
    }
    if (!stopping) {
      stopping = true;
      process.exitCode = code || 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
