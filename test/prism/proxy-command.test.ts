/**
 * `gas-harness proxy` end to end: the real command in front of a deliberately broken deployment
 * prints the violation as it happens, and Ctrl-C ends it with a summary and exit code 1.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createAdminClient } from '../../client/index.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../support/broken-target.ts';

const BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'; // in the demo dataset

let simulator: RunningSimulator;
let broken: BrokenTarget;
let proxy: ChildProcessWithoutNullStreams;
let stdout = '';
let stderr = '';

async function waitFor<T>(find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline || proxy.exitCode !== null)
      throw new Error(`not seen in time; stdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  broken = await startBrokenTarget({ upstream: simulator.url, operationId: 'getProduct', defect: 'wrongFieldType' });
  proxy = spawn(process.execPath, [BIN, 'proxy', '--target', broken.url, '--port', '0'], {
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  proxy.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  proxy.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
}, 60_000);

afterAll(async () => {
  if (proxy && proxy.exitCode === null) proxy.kill('SIGKILL');
  await broken?.close();
  await simulator?.close();
});

describe('gas-harness proxy --target URL', () => {
  it('prints a response violation of the deployment with its exchange, then a summary on Ctrl-C', async () => {
    const url = await waitFor(() => /(http:\/\/127\.0\.0\.1:\d+) →/.exec(stderr)?.[1]);
    const { accessToken } = await createAdminClient({ baseUrl: simulator.url }).mintToken({ scopes: ['catalog:read'] });
    const res = await request(`${url}/v1/products/${PRODUCT_ID}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);

    const line = await waitFor(() => stdout.split('\n').find((l) => l.includes('response.body.data')));
    expect(line).toMatch(new RegExp(`^✖ response GET /v1/products/${PRODUCT_ID} → 200  response\\.body\\.data`));

    proxy.kill('SIGINT');
    const [code] = (await once(proxy, 'exit')) as [number | null];
    expect(stderr).toMatch(/1 requests, \d+ violations \(\d+ errors, 0 warnings\)/);
    expect(code).toBe(1);
  }, 60_000);
});
