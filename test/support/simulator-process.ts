/**
 * `gas-harness simulate` (the built command) in a process of its own for tests about sockets, memory and processes:
 * started on port 0 with the flags given, its URL read from what it prints, its RSS read from /proc.
 */
import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createAdminClient } from '../../client/index.ts';
import type { TokenRequest } from '../../contract/index.ts';
import { startCli } from './cli.ts';

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
): Promise<SimulatorProcess> {
  const cli = startCli(['simulate', '--port', '0', '--log-level', 'warn', ...args], { env });
  const url = await cli.waitFor(() => /listening on (http:\/\/\S+)/.exec(cli.stderr())?.[1], 'it to listen');
  const { child } = cli;
  return {
    url,
    child,
    stderr: cli.stderr,
    stdout: cli.stdout,
    rssMiB: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024,
    token: async (request) => (await createAdminClient({ baseUrl: url }).mintToken(request)).accessToken,
    stop: cli.stop,
  };
}
