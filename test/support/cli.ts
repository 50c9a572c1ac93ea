/**
 * The one way tests run `gas-harness`: the built command, `dist/cli.js`, in a child process that
 * never blocks the test's own event loop (which may be serving the target the command talks to).
 * `npm test` and `npm run test:system` build first, and `test/system/cli/build.test.ts` fails on a build
 * older than its sources, so what runs here is what the package ships, without a compiler loaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BUILT_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  /** The exit code; 1 when a signal ended it. */
  code: number;
  stdout: string;
  stderr: string;
  /** True when the command was still running at the time limit and was killed. */
  killed: boolean;
}

export interface CliOptions {
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs the command to its end; one still running after `timeoutMs` is killed (`killed`). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliResult> {
  const cli = startCli(args, { env });
  return new Promise((resolve) => {
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      cli.child.kill('SIGKILL');
    }, timeoutMs);
    cli.child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout: cli.stdout(), stderr: cli.stderr(), killed });
    });
  });
}

export interface CliProcess {
  child: ChildProcess;
  /** Everything it wrote to standard output so far. */
  stdout: () => string;
  /** Everything it wrote to standard error so far. */
  stderr: () => string;
  /** Resolves with the first value `find` gives (polled every 20 ms); fails if the process exits first. */
  waitFor: <T>(find: () => T | undefined | null | false, what: string, timeoutMs?: number) => Promise<T>;
  /** Resolves with the exit code (null for a signal) once it has exited. */
  exited: Promise<number | null>;
  /** Ends it with the signal (SIGTERM by default), SIGKILL after 10 s, and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts the command and returns at once, for a long-running one (simulate, record, proxy). */
export function startCli(args: string[], { env = {}, cwd }: CliOptions = {}): CliProcess {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    ...(cwd ? { cwd } : {}),
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: async <T>(find: () => T | undefined | null | false, what: string, timeoutMs = 30_000): Promise<T> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found !== undefined && found !== null && found !== false) return found;
        if (ended) throw new Error(`the command exited before ${what}:\n${out}\n${err}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; it wrote:\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
