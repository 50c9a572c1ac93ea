/** Forks bench/simulator-child.ts (with tsx) and talks to it: its URL, its memory, closing it. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './simulator-child.ts';

export interface SimulatorProcess {
  url: string;
  pid: number;
  /** The child's resident set size, in MB. */
  rssMb(): Promise<number>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./simulator-child.ts', import.meta.url));

export async function forkSimulator(options: { dataset?: 'default' | 'empty' } = {}): Promise<SimulatorProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATASET: options.dataset ?? 'default' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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
    rssMb: () => memoryOf(child).then((usage) => usage.rss / 1024 / 1024),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function memoryOf(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage): void => {
      if (message.type === 'memory') {
        child.off('message', onMessage);
        resolve(message.usage);
      }
    };
    child.on('message', onMessage);
    child.send({ type: 'memory' });
  });
}
