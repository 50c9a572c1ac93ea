/**
 * Start-up time of `gas-harness simulate`: a fresh process per sample, timed from spawn to the first
 * 200 from `/__sim/health` (polled every 2 ms), in wall time and in the CPU time its process group
 * had spent by then (cpu-accounting.ts): on a shared machine the wall time waits on other programs,
 * the CPU time does not. Runs the real entry point, dist/cli.js (`npm run build` first).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createAdminClient } from '../client/index.ts';
import { findFreePort } from '../prism/index.ts';
import { groupCpuMs } from './cpu-accounting.ts';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface StartupSamples {
  /** Every sample in ms, in the order taken (the first may pay for a cold transform cache). */
  samplesMs: number[];
  medianMs: number;
  /** CPU milliseconds the process had spent at its first answer, per sample, and their median. */
  cpuSamplesMs: number[];
  cpuMedianMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function measureStartup(samples: number): Promise<StartupSamples> {
  const taken: { wallMs: number; cpuMs: number }[] = [];
  for (let i = 0; i < samples; i++) taken.push(await startOnce());
  const samplesMs = taken.map((t) => t.wallMs);
  const cpuSamplesMs = taken.map((t) => t.cpuMs);
  return { samplesMs, medianMs: median(samplesMs), cpuSamplesMs, cpuMedianMs: median(cpuSamplesMs) };
}

async function startOnce(): Promise<{ wallMs: number; cpuMs: number }> {
  const port = await findFreePort('127.0.0.1');
  const admin = createAdminClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'simulate', '--port', String(port), '--log-level', 'warn'], {
    stdio: 'ignore',
    detached: true,
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
        const wallMs = performance.now() - started;
        return { wallMs, cpuMs: groupCpuMs(child.pid ?? -1) };
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
