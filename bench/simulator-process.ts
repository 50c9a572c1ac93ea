/**
 * Runs the real command, `gas-harness simulate` (dist/cli.js, which `npm run bench` builds first), in a
 * process of its own, so that the benchmark measures what users run and the load generator never
 * shares its event loop (Prism runs in its own process too). Reads its URL from what it prints, its RSS from `ps`
 * and its CPU time from the kernel's accounting of its process group (it leads one: cpu-accounting.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { groupCpuMs } from './cpu-accounting.ts';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The bench writes hundreds of thousands of records into one tenant: far past the shared-simulator quota of 4 MiB. */
const BENCH_LIMITS = ['--tenant-quota-mb', '4096'];

export interface SimulatorProcess {
  url: string;
  pid: number;
  /** The process's resident set size, in MB. */
  rssMb(): number;
  /** CPU milliseconds the process and its workers have spent so far. */
  cpuMs(): number;
  close(): Promise<void>;
}

/**
 * `logLevel: 'info'` is the simulator's default (a line per request), written to /dev/null here.
 * `bin`: another build's dist/cli.js (bench:ab); `limits: false` leaves out the bench's quota
 * option, for a build that predates it.
 */
export async function spawnSimulator(
  options: { logLevel?: 'warn' | 'info'; args?: string[]; bin?: string; limits?: boolean } = {},
): Promise<SimulatorProcess> {
  // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each simulator on exit, sampled every
  // BENCH_CPU_PROF_INTERVAL µs (V8's default: 1000).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`,
        ...(process.env.BENCH_CPU_PROF_INTERVAL ? [`--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL}`] : []),
      ]
    : [];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      options.bin ?? BIN,
      'simulate',
      '--port',
      '0',
      '--log-level',
      options.logLevel ?? 'warn',
      ...(options.limits === false ? [] : BENCH_LIMITS),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A bench that dies of an error leaves no simulator listening behind it.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(printed);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`gas-harness simulate exited before it listened:\n${printed}`)));
  });
  const pid = child.pid ?? -1;
  return {
    url,
    pid,
    cpuMs: () => groupCpuMs(pid),
    rssMb: () =>
      Number(execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)], { encoding: 'utf8' }).trim()) / 1024,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
