/** Runs the `gas-harness` command in a child process, for tests of exit codes and printed output. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** True when the command was still running at the time limit and was killed. */
  killed: boolean;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, killed: error?.killed === true });
    });
  });
}
