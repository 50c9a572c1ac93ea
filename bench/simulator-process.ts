/**
 * Forks bench/simulator-child.ts, bundled as the command is (bin/build.js), and talks to it: its URL,
 * its memory, closing it. The bundle is what `gas-harness simulate` runs, so its figures are the command's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { ensureBuilt } from '../bin/build.js';
import type { ChildMessage } from './simulator-child.ts';

export interface SimulatorProcess {
  url: string;
  pid: number;
  /** The child's memory, in MB: as it is, or after a full garbage collection. */
  memoryMb(options?: { collectGarbage?: boolean }): Promise<{ rss: number; heapUsed: number }>;
  close(): Promise<void>;
}

/** `logLevel: 'info'` is the simulator's default (a line per request), written to /dev/null here. */
export async function forkSimulator(options: { dataset?: 'default' | 'empty'; logLevel?: 'warn' | 'info' } = {}): Promise<SimulatorProcess> {
  const child = fork((await ensureBuilt())['bench-simulator'], [], {
    // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each simulator child on exit.
    execArgv: ['--expose-gc', ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [])],
    env: { ...process.env, BENCH_DATASET: options.dataset ?? 'default', BENCH_LOG_LEVEL: options.logLevel ?? 'warn' },
    stdio: ['ignore', options.logLevel === 'info' ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: ChildMessage): void => {
      if (message.type === 'ready') {
        child.off('message', onMessage);
        resolve(message.url);
      }
    };
    child.on('message', onMessage);
    void exited.then(() => reject(new Error('the simulator child exited before it was ready')));
  });
  return {
    url,
    pid: child.pid ?? -1,
    memoryMb: (options = {}) => memoryOf(child, options.collectGarbage ?? false).then((u) => ({ rss: u.rss / 2 ** 20, heapUsed: u.heapUsed / 2 ** 20 })),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function memoryOf(child: ChildProcess, collectGarbage: boolean): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage): void => {
      if (message.type === 'memory') {
        child.off('message', onMessage);
        resolve(message.usage);
      }
    };
    child.on('message', onMessage);
    child.send({ type: 'memory', collectGarbage });
  });
}
