/**
 * Imported records are kept exactly as imported on both stores: the order counter adds an order to
 * an imported counter without rewriting its other fields (empty arrays and objects, 16- and
 * 17-digit integers), and a counter whose order ids hold a lone surrogate keeps counting. Records
 * whose ids differ only by lone surrogates stay apart (UTF-8 would make them one key in Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../support/redis-server.ts';
import { startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const skipRedis = redisSkipReason();
let redis: RedisServer | undefined;

beforeAll(async () => {
  if (!skipRedis) redis = await startRedisServer();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

const CONSUMER = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const SURROGATE_CONSUMER = '6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a';
const ORDER = '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b';

/** A counter as a partner might import it: fields the simulator never writes, in JSON that JavaScript keeps exactly. */
const imported = {
  consumerId: CONSUMER,
  orderIds: ['legacy-1'],
  tags: [],
  meta: {},
  nested: { list: [], maxSafe: 9007199254740991, deep: [[], {}] },
  big: 12345678901234568,
  ratio: 0.1,
};
const withSurrogate = { consumerId: SURROGATE_CONSUMER, orderIds: ['\ud800'] };
/** Three ids that UTF-8 makes alike (a lone surrogate is written as U+FFFD), and one that starts with NUL. */
const lookAlikes = [
  { id: '\ud800', name: 'high' },
  { id: '\udc00', name: 'low' },
  { id: '\ufffd', name: 'replacement' },
  { id: '\u0000"\ud800"', name: 'nul' },
];
const byName = (records: { name: string }[]) => [...records].sort((x, y) => x.name.localeCompare(y.name));

const stores = [
  ['the memory store', () => ({})],
  ['the Redis store', () => ({ store: redis?.url ?? '' })],
] as const;

describe.each(stores)('an imported order counter on %s', (name, options) => {
  let sim: TestSimulator;
  const tenant = `imported-${name === 'the memory store' ? 'memory' : 'redis'}`;
  beforeAll(async () => {
    if (name === 'the Redis store' && skipRedis) return;
    sim = await startTestSimulator(options());
    const put = await sim.rawAdmin('PUT', '/__sim/state', tenant, {
      version: 1,
      collections: { orderCounters: [imported, withSurrogate] },
    });
    expect(put.statusCode).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await sim?.close();
  });

  const count = (consumerId: string, orderId: string) =>
    sim.request({
      method: 'POST',
      url: '/v1/consumers/orders/counter',
      auth: 'apiKey',
      headers: { 'x-sim-tenant': tenant },
      body: { consumerId, orderId },
    });
  const counters = async () =>
    (await sim.collections<{ consumerId: string }>(tenant)).orderCounters.sort((x, y) =>
      x.consumerId.localeCompare(y.consumerId),
    );

  it.skipIf(name === 'the Redis store' && skipRedis)(
    'adds an order without rewriting any other field of the record',
    async () => {
      const first = await count(CONSUMER, ORDER);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ consumerId: CONSUMER, orderCount: 2 });
      // Counting the same order again changes nothing.
      expect((await count(CONSUMER, ORDER)).json()).toEqual({ consumerId: CONSUMER, orderCount: 2 });
      const [counter] = await counters();
      expect(counter).toEqual({ ...imported, orderIds: ['legacy-1', ORDER] });
    },
  );

  it.skipIf(name === 'the Redis store' && skipRedis)(
    'counts for a consumer whose imported order ids hold a lone surrogate',
    async () => {
      for (let i = 0; i < 3; i++) {
        const answer = await count(SURROGATE_CONSUMER, ORDER);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toEqual({ consumerId: SURROGATE_CONSUMER, orderCount: 2 });
      }
      const [, counter] = await counters();
      expect(counter).toEqual({ consumerId: SURROGATE_CONSUMER, orderIds: ['\ud800', ORDER] });
    },
  );
});

describe.each(stores)('records whose ids differ only by lone surrogates on %s', (name, options) => {
  it.skipIf(name === 'the Redis store' && skipRedis)(
    'are kept apart, from the dataset and from an import, each with its own unique name',
    async () => {
      const sim = await startTestSimulator({
        ...options(),
        dataset: { version: 1, collections: { customers: lookAlikes } },
      });
      try {
        const tenant = `look-alikes-${name === 'the memory store' ? 'memory' : 'redis'}`;
        expect(byName((await sim.collections<{ name: string }>(tenant)).customers)).toEqual(byName(lookAlikes));
        // Brands named by every id but U+FFFD, which a brand created below takes.
        const brands = lookAlikes
          .filter(({ id }) => id !== '\ufffd')
          .map(({ id, name: brand }) => ({ id: `brand-${brand}`, name: id }));
        const put = await sim.rawAdmin('PUT', '/__sim/state', tenant, {
          version: 1,
          collections: { customers: lookAlikes, brands },
        });
        expect(put.statusCode).toBe(200);
        const state = await sim.collections<{ id: string; name: string }>(tenant);
        expect(byName(state.customers)).toEqual(byName(lookAlikes));
        expect(state.brands.map((b) => b.id).sort()).toEqual(brands.map((b) => b.id).sort());
        // Each is its own record and its own unique name: a write through the API to one changes none of the others.
        const renamed = await sim.request({
          method: 'PUT',
          url: `/v1/customers/${encodeURIComponent('\ufffd')}`,
          headers: { 'x-sim-tenant': tenant },
          body: { name: 'renamed' },
        });
        expect(renamed.statusCode, renamed.body).toBe(204);
        const created = await sim.request({
          method: 'POST',
          url: '/v1/brands',
          headers: { 'x-sim-tenant': tenant },
          body: { name: '\ufffd' },
        });
        expect(created.statusCode, created.body).toBe(201);
        const after = await sim.collections<{ id: string; name: string }>(tenant);
        expect(byName(after.customers)).toEqual(
          byName(lookAlikes.map((c) => (c.id === '\ufffd' ? { ...c, name: 'renamed' } : c))),
        );
        expect(after.brands).toHaveLength(brands.length + 1);
      } finally {
        await sim.close();
      }
    },
    30_000,
  );
});
