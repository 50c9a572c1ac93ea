import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import type { SuiteSpec } from '../../spec/index.ts';
import { runCli } from '../scenarios/run-cli.ts';
import { runPartnerJourney } from './partner-journey.ts';

const BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
let simulator: RunningSimulator;
const dir = mkdtempSync(join(tmpdir(), 'record-cli-'));
const children: ChildProcess[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await simulator.close();
});

const stepsOf = (file: string) => (parse(readFileSync(file, 'utf8')) as SuiteSpec).steps;

/** Polls a condition every 50 ms, up to 15 s. */
async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `record --target` on port 0 and reads the URL it prints. */
async function startRecorder(out: string): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'record', '--target', simulator.url, '--port', '0', '--out', out]);
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor(() => stdout.includes('\n') || child.exitCode !== null, 'the recorder to print its URL');
  return { child, url: stdout.trim().split('\n')[0] ?? '', stderr: () => stderr };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('gas-harness record', () => {
  it("writes a tenant's journal, filtered by operation, as a suite", async () => {
    const tenant = `cli-${randomUUID()}`;
    await runPartnerJourney(simulator.url, simulator.url, tenant);
    const out = join(dir, 'brands.yaml');
    const result = await runCli([
      'record',
      '--journal',
      simulator.url,
      '--tenant',
      tenant,
      '--operation',
      'createBrand',
      '--out',
      out,
    ]);
    expect(result.stderr).toContain(`wrote ${out}`);
    expect(result.code).toBe(0);
    expect(stepsOf(out).map((s) => s.expect?.status)).toEqual([201, 409]);
  });

  it('exits 2 naming the problem for a usage error or a filter that selects nothing', async () => {
    const neither = await runCli(['record', '--out', join(dir, 'x.yaml')]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('give either --journal URL');
    const unknown = await runCli([
      'record',
      '--journal',
      simulator.url,
      '--operation',
      'nope',
      '--out',
      join(dir, 'y.yaml'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--operation nope is no operation');
    const empty = await runCli([
      'record',
      '--journal',
      simulator.url,
      '--tenant',
      `empty-${randomUUID()}`,
      '--out',
      join(dir, 'z.yaml'),
    ]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no request to the platform was recorded');
    expect(existsSync(join(dir, 'z.yaml'))).toBe(false);
  });

  it('records traffic through a proxy on the port it prints, and writes the suite when stopped with SIGTERM', async () => {
    const out = join(dir, 'proxy.yaml');
    const recorder = await startRecorder(out);
    expect(recorder.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const journey = await runPartnerJourney(simulator.url, recorder.url, `cli-proxy-${randomUUID()}`);
    expect(journey.statuses).toEqual([201, 204, 200, 409]);
    recorder.child.kill('SIGTERM');
    expect(await exited(recorder.child)).toBe(0);
    expect(recorder.stderr()).toContain('4 exchanges recorded');
    expect(stepsOf(out).map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
    expect(readFileSync(out, 'utf8')).not.toContain(journey.token);
  });

  it('exits 2 and writes no file when nothing passed through the proxy', async () => {
    const out = join(dir, 'idle.yaml');
    const recorder = await startRecorder(out);
    recorder.child.kill('SIGTERM');
    expect(await exited(recorder.child)).toBe(2);
    expect(recorder.stderr()).toContain('no request to the platform passed');
    expect(existsSync(out)).toBe(false);
  });

  it('has written each exchange already when it is killed', async () => {
    const out = join(dir, 'killed.yaml');
    const recorder = await startRecorder(out);
    await runPartnerJourney(simulator.url, recorder.url, `cli-kill-${randomUUID()}`);
    await waitFor(() => existsSync(out) && stepsOf(out).length === 4, 'the suite to hold the 4 exchanges');
    recorder.child.kill('SIGKILL');
    await exited(recorder.child);
    expect(stepsOf(out).map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
  });
});
