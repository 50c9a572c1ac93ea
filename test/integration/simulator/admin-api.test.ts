/** The admin API under /__sim: tokens, reset, state snapshots, journal, faults, events, counters, admin key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';
import { createSimulator } from '../../../simulator/index.ts';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

describe('admin API', () => {
  it('answers health', async () => {
    const res = await sim.rawAdmin('GET', '/__sim/health', 'x');
    expect(res.json()).toMatchObject({ simulator: 'gas-harness', operations: 15 });
  });

  it('mints tokens with the claims asked for, and refuses a bad request naming the field', async () => {
    const res = await sim.rawAdmin('POST', '/__sim/tokens', 'x', {
      scopes: ['catalog:read'],
      sub: 'u1',
      dealerId: 'd1',
      tenant: 't1',
      expiresInSeconds: 120,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { accessToken: string; tokenType: string; expiresIn: number };
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 120 });
    const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ sub: 'u1', dealer_id: 'd1', tid: 't1', scope: 'catalog:read' });
    const bad = await sim.rawAdmin('POST', '/__sim/tokens', 'x', { scopes: 'catalog:read' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ target: 'body.scopes' }] });
  });

  it('resets a tenant to the dataset, or empties it', async () => {
    await sim.request({
      method: 'DELETE',
      url: `/v1/dealers/${DEMO.dealer}/coverage-areas/${DEMO.areaSe}`,
      headers: { 'x-sim-tenant': 'reset' },
    });
    const areas = async () => (await sim.collections('reset')).coverageAreas.length;
    expect(await areas()).toBe(3);
    await sim.rawAdmin('POST', '/__sim/reset', 'reset');
    expect(await areas()).toBe(4);
    await sim.rawAdmin('POST', '/__sim/reset?empty=true', 'reset');
    expect(await areas()).toBe(0);
    expect(
      (
        await sim.request({
          method: 'GET',
          url: `/v1/products/${DEMO.productP13}`,
          headers: { 'x-sim-tenant': 'reset' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('replaces state from a snapshot, and refuses a bad one naming the problem without changing anything', async () => {
    const snapshot = { version: 1, collections: { categories: [{ id: 'cat-1', name: 'Única' }] } };
    expect((await sim.rawAdmin('PUT', '/__sim/state', 'snap', snapshot)).statusCode).toBe(200);
    const bad = await sim.rawAdmin('PUT', '/__sim/state', 'snap', {
      version: 1,
      collections: { categories: [{ name: 'no id' }], widgets: [] },
    });
    expect(bad.statusCode).toBe(400);
    const message = JSON.stringify(bad.json());
    expect(message).toContain('widgets');
    expect(message).toContain('id');
    const collections = await sim.collections('snap');
    expect(collections.categories).toEqual([{ id: 'cat-1', name: 'Única' }]);
    expect(collections.products).toEqual([]);
  });

  it('journals requests with filters, and clears the journal', async () => {
    const tenant = 'journal';
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { 'x-sim-tenant': tenant } });
    await sim.request({ method: 'GET', url: '/v1/products/nope', headers: { 'x-sim-tenant': tenant } });
    await sim.request({
      method: 'PUT',
      url: '/v1/customers/c',
      headers: { 'x-sim-tenant': tenant },
      body: { name: 'C' },
    });
    const all = (await sim.rawAdmin('GET', '/__sim/requests', tenant)).json() as {
      requests: {
        seq: number;
        operationId: string;
        status: number;
        request: { body: unknown };
        response: { body: unknown };
      }[];
    };
    expect(all.requests.map((r) => [r.operationId, r.status])).toEqual([
      ['getProduct', 200],
      ['getProduct', 404],
      ['upsertCustomer', 204],
    ]);
    expect(all.requests[2]?.request.body).toEqual({ name: 'C' });
    expect(all.requests[1]?.response.body).toMatchObject({ errors: [{ code: 'ProductNotFound' }] });
    const notFound = (await sim.rawAdmin('GET', '/__sim/requests?status=404', tenant)).json() as {
      requests: unknown[];
    };
    expect(notFound.requests).toHaveLength(1);
    const byOp = (await sim.rawAdmin('GET', '/__sim/requests?operationId=upsertCustomer', tenant)).json() as {
      requests: unknown[];
    };
    expect(byOp.requests).toHaveLength(1);
    const since = (await sim.rawAdmin('GET', `/__sim/requests?since=${all.requests[0]?.seq}`, tenant)).json() as {
      requests: unknown[];
    };
    expect(since.requests).toHaveLength(2);
    expect((await sim.rawAdmin('DELETE', '/__sim/requests', tenant)).statusCode).toBe(204);
    expect(((await sim.rawAdmin('GET', '/__sim/requests', tenant)).json() as { requests: unknown[] }).requests).toEqual(
      [],
    );
  });

  it('keeps the journal bounded', async () => {
    for (let i = 0; i < 1_300; i++)
      await sim.request({ method: 'GET', url: '/v1/products/x', headers: { 'x-sim-tenant': 'bounded' } });
    const res = (await sim.rawAdmin('GET', '/__sim/requests', 'bounded')).json() as { requests: unknown[] };
    expect(res.requests).toHaveLength(1_000);
  });

  it('sets, reads and clears fault rules, and refuses unknown operations', async () => {
    const tenant = 'faults';
    const set = await sim.rawAdmin('PUT', '/__sim/faults', tenant, {
      seed: 7,
      rules: [
        { operationId: 'getProduct', status: 503 },
        { operationId: '*', delayMs: 1, count: 2 },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect((await sim.rawAdmin('GET', '/__sim/faults', tenant)).json()).toMatchObject({
      seed: 7,
      rules: [{ operationId: 'getProduct', status: 503, probability: 1 }, { count: 2 }],
    });
    const failed = await sim.request({
      method: 'GET',
      url: `/v1/products/${DEMO.productP13}`,
      headers: { 'x-sim-tenant': tenant },
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ errors: [{ code: 'SimulatedStatus' }] });
    const journal = (await sim.rawAdmin('GET', '/__sim/requests?status=503', tenant)).json() as {
      requests: { simulated: boolean }[];
    };
    expect(journal.requests[0]?.simulated).toBe(true);
    expect((await sim.rawAdmin('DELETE', '/__sim/faults', tenant)).statusCode).toBe(204);
    expect(
      (
        await sim.request({
          method: 'GET',
          url: `/v1/products/${DEMO.productP13}`,
          headers: { 'x-sim-tenant': tenant },
        })
      ).statusCode,
    ).toBe(200);
    const unknown = await sim.rawAdmin('PUT', '/__sim/faults', tenant, {
      rules: [{ operationId: 'nope', status: 500 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (
        await sim.rawAdmin('PUT', '/__sim/faults', tenant, {
          rules: [{ operationId: 'getProduct', probability: 2, status: 500 }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists received events and order counters of the tenant only', async () => {
    const events = (await sim.rawAdmin('GET', '/__sim/events', 'lists')).json() as { events: unknown[] };
    expect(events.events).toEqual([]);
    const counters = (await sim.rawAdmin('GET', '/__sim/counters', 'lists')).json() as {
      counters: { consumerId: string; orderCount: number }[];
    };
    expect(counters.counters).toEqual([{ consumerId: DEMO.consumerAna, orderCount: 2, orderIds: expect.any(Array) }]);
  });

  it('takes the tenant from the token before the header', async () => {
    const token = await sim.token({ tenant: 'from-token' });
    await sim.request({
      method: 'PUT',
      url: '/v1/customers/tok',
      auth: token,
      headers: { 'x-sim-tenant': 'from-header' },
      body: { name: 'T' },
    });
    const has = async (tenant: string) => (await sim.collections(tenant)).customers.some((c) => c.id === 'tok');
    expect(await has('from-token')).toBe(true);
    expect(await has('from-header')).toBe(false);
  });

  it('requires the admin key when one is set, and refuses a public address without one', async () => {
    const locked = await createSimulator({ adminKey: 'k-0123456789', apiKey: 'counter-key-0123456789' });
    expect((await locked.app.inject({ method: 'GET', url: '/__sim/health' })).statusCode).toBe(401);
    expect(
      (
        await locked.app.inject({
          method: 'GET',
          url: '/__sim/health',
          headers: { 'x-sim-admin-key': 'wrong-key-000' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await locked.app.inject({ method: 'GET', url: '/__sim/health', headers: { 'x-sim-admin-key': 'k-0123456789' } }))
        .statusCode,
    ).toBe(200);
    await locked.close();
    const open = await createSimulator();
    await expect(open.listen({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/admin key/);
    await open.close();
  });
});
