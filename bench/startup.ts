/**
 * Start-up time of `gas-harness simulate`: a fresh process per sample, timed from spawn to the first
 * 200 from `/__sim/health` (polled every 2 ms). Runs the real entry point, dist/cli.js (`npm run build` first).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createAdminClient } from '../client/index.ts';
import { findFreePort } from '../prism/index.ts';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface StartupSamples {
  /** Every sample in ms, in the order taken (the first may pay for a cold transform cache). */
  samplesMs: number[];
  medianMs: number;
}

export async function measureStartup(samples: number): Promise<StartupSamples> {
  const taken: number[] = [];
  for (let i = 0; i < samples; i++) taken.push(await startOnce());
  const sorted = [...taken].sort((a, b) => a - b);
  return { samplesMs: taken, medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN };
}

async function startOnce(): Promise<number> {
  const port = await findFreePort('127.0.0.1');
  const admin = createAdminClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'simulate', '--port', String(port), '--log-level', 'warn'], {
    stdio: 'ignore',
  });
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  try {
    for (;;) {
      if (exited) throw new Error('gas-harness simulate exited before answering');
      if (performance.now() - started > 30_000) throw new Error('gas-harness simulate did not answer within 30 s');
      try {
        await admin.getHealth();
        return performance.now() - started;
      } catch {
        // not listening yet, or not answering 200
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await gone;
  }
}
