import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import type { SuiteSpec } from '../../../contract/index.ts';
import { runCli, startCli, type CliProcess } from '../../support/cli.ts';
import { runPartnerJourney } from '../../support/partner-journey.ts';

let simulator: RunningSimulator;
const dir = mkdtempSync(join(tmpdir(), 'record-cli-'));
const children: CliProcess[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await simulator.close();
});

const stepsOf = (file: string) => (parse(readFileSync(file, 'utf8')) as SuiteSpec).steps;

/** Starts `record --target` on port 0 and reads the URL it prints. */
async function startRecorder(out: string): Promise<CliProcess & { url: string }> {
  const recorder = startCli(['record', '--target', simulator.url, '--port', '0', '--out', out]);
  children.push(recorder);
  const url = await recorder.waitFor(() => /^(\S+)\n/.exec(recorder.stdout())?.[1], 'the recorder to print its URL');
  return Object.assign(recorder, { url });
}

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
    expect(await recorder.exited).toBe(0);
    expect(recorder.stderr()).toContain('4 exchanges recorded');
    expect(stepsOf(out).map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
    expect(readFileSync(out, 'utf8')).not.toContain(journey.token);
  });

  it('exits 2 and writes no file when nothing passed through the proxy', async () => {
    const out = join(dir, 'idle.yaml');
    const recorder = await startRecorder(out);
    recorder.child.kill('SIGTERM');
    expect(await recorder.exited).toBe(2);
    expect(recorder.stderr()).toContain('no request to the platform passed');
    expect(existsSync(out)).toBe(false);
  });

  it('has written each exchange already when it is killed', async () => {
    const out = join(dir, 'killed.yaml');
    const recorder = await startRecorder(out);
    await runPartnerJourney(simulator.url, recorder.url, `cli-kill-${randomUUID()}`);
    await recorder.waitFor(() => existsSync(out) && stepsOf(out).length === 4, 'the suite to hold the 4 exchanges');
    recorder.child.kill('SIGKILL');
    await recorder.exited;
    expect(stepsOf(out).map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
  });
});
