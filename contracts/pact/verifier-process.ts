/**
 * The process Pact's Verifier runs in (verify-worker.ts): its own, so that a verification waiting on
 * a target that does not answer can be stopped at the run's deadline, and its native core's output
 * kept from the console. Starting one costs about 1.4 s of CPU (loading Pact and the contract), so a
 * process that verifies more than once (the test suite, a long-lived console) keeps one idle process
 * for the next verification; idle, it does not hold the parent open.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { DIST_DIR, projectFile, RUNS_FROM_BUNDLE } from '../../project-files.ts';
import { runDeadline } from '../../client/index.ts';
import type { WorkerReply, WorkerRequest } from './verify-protocol.ts';

/** The worker's own bundle beside this one (dist/), or its source through tsx when this runs from sources. */
function workerModule(): { path: string; execArgv: string[] } {
  if (RUNS_FROM_BUNDLE) return { path: projectFile(DIST_DIR, 'verify-worker.js'), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path: projectFile('contracts', 'pact', 'verify-worker.ts'), execArgv: ['--import', tsx] };
}

let idle: ChildProcess | undefined;

/** The idle worker if it is still alive, else a new one. */
function takeWorker(): ChildProcess {
  const kept = idle;
  idle = undefined;
  if (kept?.connected && kept.exitCode === null && kept.signalCode === null) {
    setHeld(kept, true);
    return kept;
  }
  // PACT_DO_NOT_TRACK: Pact's core would otherwise report usage metrics over the network.
  const env = { ...process.env, PACT_DO_NOT_TRACK: 'true' };
  const worker = workerModule();
  const child = fork(worker.path, [], { execArgv: worker.execArgv, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  // Always read, so that a verifier writing much to its error output never blocks on a full pipe.
  child.stderr?.resume();
  return child;
}

/** Whether the worker keeps the parent's event loop alive: only while it verifies. */
function setHeld(child: ChildProcess, held: boolean): void {
  for (const handle of [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null | undefined)[])
    if (held) handle?.ref();
    else handle?.unref();
}

/** Keeps a worker that answered for the next verification; a second idle one is not needed. */
function releaseWorker(child: ChildProcess): void {
  if (idle || !child.connected) {
    child.kill();
    return;
  }
  setHeld(child, false);
  idle = child;
}

/** Runs one verification in a worker; at `deadlineAt` the worker is stopped and the reply is `deadline`. */
export function runVerifier(request: WorkerRequest, deadlineAt?: number): Promise<WorkerReply | { kind: 'deadline' }> {
  const child = takeWorker();
  return new Promise((resolve) => {
    let stderr = '';
    const deadline = runDeadline(deadlineAt);
    const onStderr = (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    };
    const done = (reply: WorkerReply | { kind: 'deadline' }) => {
      deadline.cancel();
      child.stderr?.off('data', onStderr);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onMessage = (reply: WorkerReply) => {
      done(reply);
      releaseWorker(child);
    };
    const onError = (error: Error) => {
      done({ kind: 'error', message: `the verifier process failed: ${error.message}` });
      child.kill('SIGKILL');
    };
    const onExit = (code: number | null) =>
      done({
        kind: 'error',
        message: `the verifier process exited (${code ?? 'signal'}) without results: ${stderr.trim()}`,
      });
    child.stderr?.on('data', onStderr);
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
    void deadline.reached.then(() => {
      // The verifier waits on a target that does not answer: it is stopped, and what it had is lost.
      done({ kind: 'deadline' });
      child.kill('SIGKILL');
    });
    child.send(request);
  });
}
