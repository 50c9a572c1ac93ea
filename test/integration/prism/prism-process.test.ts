/**
 * Prism's CLI as our child process: the mock answers from the spec, the proxy's violations are
 * read from Prism's log and attributed to their exchange, and close() really ends the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createAdminClient } from '../../../client/index.ts';
import { startPrism, type PrismProcess } from '../../../prism/prism-process.ts';
import { createViolationReporter } from '../../../prism/violation-reporter.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../../support/broken-target.ts';

const BEARER = { authorization: 'Bearer any-token-the-mock-only-checks-the-scheme' };

describe("Prism's mock", () => {
  let mock: PrismProcess;
  beforeAll(async () => {
    mock = await startPrism({ mode: 'mock' });
  }, 60_000);
  afterAll(() => mock?.close());

  it('listens on a free loopback port and answers getProduct with the example of the spec', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await request(`${mock.url}/v1/products/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`, { headers: BEARER });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { data: { name: string } }).data.name).toBe('Botijão P13');
  });

  it('refuses a request without a token, as the security scheme says', async () => {
    const res = await request(`${mock.url}/v1/products/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`);
    await res.body.dump();
    expect(res.statusCode).toBe(401);
  });

  it('ends the Prism process on close', async () => {
    const other = await startPrism({ mode: 'mock' });
    expect(() => process.kill(other.pid, 0)).not.toThrow();
    await other.close();
    expect(await other.exited).toMatchObject({ signal: 'SIGTERM' });
    expect(() => process.kill(other.pid, 0)).toThrow();
  }, 60_000);
});

describe("Prism's validation proxy in front of a broken deployment", () => {
  let simulator: RunningSimulator;
  let broken: BrokenTarget;
  let proxy: PrismProcess;
  const reporter = createViolationReporter(() => undefined);
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
    broken = await startBrokenTarget({ upstream: simulator.url, operationId: 'getProduct', defect: 'wrongFieldType' });
    proxy = await startPrism({
      mode: 'proxy',
      upstream: broken.url,
      onLine: (_line, event) => event && reporter.accept(event),
    });
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await broken?.close();
    await simulator?.close();
  });

  it('prints the response violation attributed to its exchange, from the log', async () => {
    const { accessToken } = await createAdminClient({ baseUrl: simulator.url }).mintToken({ scopes: ['catalog:read'] });
    const productId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'; // Botijão P13 Ultragaz, in the demo dataset
    const res = await request(`${proxy.url}/v1/products/${productId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['sl-violations'])).toContain('response');
    await waitFor(() => reporter.violations().length > 0);
    const [first] = reporter.violations();
    expect(first).toMatchObject({
      side: 'response',
      severity: 'error',
      exchange: { method: 'GET', path: `/v1/products/${productId}`, status: res.statusCode },
    });
    expect(first?.location).toMatch(/^response\.body\.data/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
