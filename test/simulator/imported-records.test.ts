/**
 * Imported records are kept exactly as imported on both stores: the order counter adds an order to
 * an imported counter without rewriting its other fields (empty arrays and objects, 16- and
 * 17-digit integers), and a counter whose order ids hold a lone surrogate keeps counting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { startTestSimulator, type TestSimulator } from './sim-harness.ts';

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
