/**
 * `gas-harness simulate` in a process of its own for tests about sockets, memory and processes:
 * started on port 0 with the flags given, its URL read from what it prints, its RSS read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAdminClient } from '../../client/index.ts';
import type { TokenRequest } from '../../spec/index.ts';

const CLI = fileURLToPath(new URL('../../cli/main.ts', import.meta.url));
/** The built command (`npx tsx scripts/build.ts`): no compiler in the process, for tests that measure its memory. */
const BUILT_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface SimulatorProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to standard error so far. */
  stderr(): string;
  /** Everything it wrote to standard output (its log lines) so far. */
  stdout(): string;
  /** Its resident set size in MiB, as the kernel counts it. */
  rssMiB(): number;
  /** An access token it minted through its admin API. */
  token(request: TokenRequest): Promise<string>;
  /** Ends it with the signal (SIGTERM by default) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startSimulatorProcess(
  args: string[],
  env: Record<string, string> = {},
  { built = false } = {},
): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [...(built ? [BUILT_CLI] : ['--import', 'tsx', CLI]), 'simulate', '--port', '0', '--log-level', 'warn', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let printed = '';
  let logged = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    printed += chunk;
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    logged += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(printed);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 20);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`gas-harness simulate exited before it listened:\n${printed}`));
    });
  });
  return {
    url,
    child,
    stderr: () => printed,
    stdout: () => logged,
    rssMiB: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024,
    token: async (request) => (await createAdminClient({ baseUrl: url }).mintToken(request)).accessToken,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
