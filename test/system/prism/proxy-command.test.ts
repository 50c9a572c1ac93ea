/**
 * `gas-harness proxy` end to end: the real command in front of a deliberately broken deployment
 * prints the violation as it happens, and Ctrl-C ends it with a summary and exit code 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createAdminClient } from '../../../client/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../../support/broken-target.ts';
import { startCli, type CliProcess } from '../../support/cli.ts';

const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'; // in the demo dataset

let simulator: RunningSimulator;
let broken: BrokenTarget;
let proxy: CliProcess;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  broken = await startBrokenTarget({ upstream: simulator.url, operationId: 'getProduct', defect: 'wrongFieldType' });
  proxy = startCli(['proxy', '--target', broken.url, '--port', '0'], { env: { FORCE_COLOR: '0' } });
}, 60_000);

afterAll(async () => {
  await proxy?.stop('SIGKILL');
  await broken?.close();
  await simulator?.close();
});

describe('gas-harness proxy --target URL', () => {
  it('prints a response violation of the deployment with its exchange, then a summary on Ctrl-C', async () => {
    const url = await proxy.waitFor(
      () => /(http:\/\/127\.0\.0\.1:\d+) →/.exec(proxy.stderr())?.[1],
      'the proxy to listen',
    );
    const { accessToken } = await createAdminClient({ baseUrl: simulator.url }).mintToken({ scopes: ['catalog:read'] });
    const res = await request(`${url}/v1/products/${PRODUCT_ID}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);

    const line = await proxy.waitFor(
      () =>
        proxy
          .stdout()
          .split('\n')
          .find((l) => l.includes('response.body.data')),
      'the violation',
    );
    expect(line).toMatch(new RegExp(`^✖ response GET /v1/products/${PRODUCT_ID} → 200  response\\.body\\.data`));

    proxy.child.kill('SIGINT');
    const code = await proxy.exited;
    expect(proxy.stderr()).toMatch(/1 requests, \d+ violations \(\d+ errors, 0 warnings\)/);
    expect(code).toBe(1);
  }, 60_000);
});
