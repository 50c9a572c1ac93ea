/** Fault injection: rules fire at their probability (seeded), count down, delay and drop connections; Prefer forces statuses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { STORE_KINDS, useStoreKinds } from '../../support/store-kinds.ts';
import { DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const stores = useStoreKinds();
let sim: TestSimulator;
let base: string;

const product = `/v1/products/${DEMO.productP13}`;
const setFaults = (tenant: string, body: unknown) => sim.rawAdmin('PUT', '/__sim/faults', tenant, body);
const getProduct = (tenant: string, headers: Record<string, string> = {}) =>
  sim.request({ method: 'GET', url: product, headers: { 'x-sim-tenant': tenant, ...headers } });

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  beforeAll(async () => {
    if (stores.skip(kind)) return;
    sim = await startTestSimulator({ logLevel: 'silent', ...(await stores.options(kind)) });
    base = await sim.simulator.listen({ port: 0 });
  });
  afterAll(async () => {
    if (!stores.skip(kind)) await sim.close();
  });

  describe.skipIf(stores.skip(kind))('fault rules', () => {
    // 2 000 requests: on the memory store only, the firing policy being the same code on both (faults.ts).
    it.skipIf(kind === 'redis')('fire at their configured probability', async () => {
      await setFaults('p30', { seed: 42, rules: [{ operationId: 'getProduct', probability: 0.3, status: 503 }] });
      const n = 2_000;
      let failed = 0;
      for (let i = 0; i < n; i++) if ((await getProduct('p30')).statusCode === 503) failed++;
      // Binomial(2000, 0.3): mean 600, standard deviation about 20.5; five deviations either way.
      expect(failed).toBeGreaterThan(600 - 5 * 20.5);
      expect(failed).toBeLessThan(600 + 5 * 20.5);
    });

    it('replay the same outcomes for the same seed', async () => {
      const outcomes = async (tenant: string) => {
        await setFaults(tenant, { seed: 1234, rules: [{ operationId: '*', probability: 0.5, status: 500 }] });
        const statuses: number[] = [];
        for (let i = 0; i < 50; i++) statuses.push((await getProduct(tenant)).statusCode);
        return statuses;
      };
      const first = await outcomes('seed-a');
      expect(await outcomes('seed-b')).toEqual(first);
      expect(new Set(first)).toEqual(new Set([200, 500]));
    });

    it('fire only as many times as their count', async () => {
      await setFaults('count', { rules: [{ operationId: 'getProduct', status: 502, count: 3 }] });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await getProduct('count')).statusCode);
      expect(statuses).toEqual([502, 502, 502, 200, 200, 200]);
    });

    it('delay answers', async () => {
      await setFaults('slow', { rules: [{ operationId: 'getProduct', delayMs: 150 }] });
      const started = performance.now();
      expect((await getProduct('slow')).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    });

    it.each(['reset', 'empty'])('drop the connection (%s)', async (drop) => {
      await setFaults(`drop-${drop}`, { rules: [{ operationId: 'getProduct', drop, count: 1 }] });
      const token = await sim.token();
      await expect(
        request(`${base}${product}`, { headers: { authorization: `Bearer ${token}`, 'x-sim-tenant': `drop-${drop}` } }),
      ).rejects.toThrow();
      const after = await request(`${base}${product}`, {
        headers: { authorization: `Bearer ${token}`, 'x-sim-tenant': `drop-${drop}` },
      });
      expect(after.statusCode).toBe(200);
      await after.body.text();
    });

    it('answer with malformed JSON when asked', async () => {
      await setFaults('drop-malformed', { rules: [{ operationId: 'getProduct', drop: 'malformed' }] });
      const res = await request(`${base}${product}`, {
        headers: { authorization: `Bearer ${await sim.token()}`, 'x-sim-tenant': 'drop-malformed' },
      });
      expect(res.statusCode).toBe(200);
      const text = await res.body.text();
      expect(() => JSON.parse(text)).toThrow();
    });
  });

  describe.skipIf(stores.skip(kind))('Prefer header', () => {
    it('forces a documented error status in the operation shape', async () => {
      const res = await getProduct('prefer', { prefer: 'code=404' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: [{ code: 'SimulatedStatus', target: 'header.Prefer' }] });
      const failure = await sim.request({
        method: 'GET',
        url: `/v1/users/${DEMO.userConsumer}/profile`,
        headers: { prefer: 'code=500' },
      });
      expect(failure.json()).toMatchObject({ code: 'SimulatedStatus', type: 'Unexpected', numericType: 1 });
    });

    it('forces 401 and 403 with empty bodies', async () => {
      const res = await getProduct('prefer', { prefer: 'code=401' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({});
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect((await getProduct('prefer', { prefer: 'code=403' })).json()).toEqual({});
    });

    it('forces a success with the documented example and changes nothing', async () => {
      const res = await sim.request({
        method: 'POST',
        url: '/v1/brands',
        headers: { prefer: 'code=201', 'x-sim-tenant': 'prefer-ok' },
        body: { name: 'Nova' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ data: { id: expect.any(String) } });
      const again = await sim.request({
        method: 'POST',
        url: '/v1/brands',
        headers: { 'x-sim-tenant': 'prefer-ok' },
        body: { name: 'Nova' },
      });
      expect(again.statusCode).toBe(201);
    });

    it('refuses a status the operation does not document, naming the ones it does', async () => {
      const res = await getProduct('prefer', { prefer: 'code=409' });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('200, 401, 403, 404, 500');
    });

    it('delays the answer', async () => {
      const started = performance.now();
      await getProduct('prefer', { prefer: 'delay=120' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    });
  });
});
