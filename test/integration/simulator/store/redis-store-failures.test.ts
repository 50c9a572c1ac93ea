/**
 * A Redis store that answers is told apart from one that does not: a server that refuses commands
 * (out of memory) is 503 StoreRefused saying why, a script that fails on keys something else wrote
 * is 500 StoreScriptFailed with the store's error in the log; neither says the store cannot be reached.
 * A record something else rewrote with bytes that are not UTF-8 is still counted, not retried for ever.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../../support/redis-server.ts';
import { startTestSimulator, type TestSimulator } from '../../../support/sim-harness.ts';

const skip = redisSkipReason();

describe.skipIf(skip)('a Redis store that answers with an error', () => {
  let redis: RedisServer;
  let client: Redis;
  let sim: TestSimulator;
  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    sim = await startTestSimulator({ store: redis.url });
  }, 30_000);
  afterAll(async () => {
    await sim?.close();
    client?.disconnect();
    await redis?.stop();
  });

  const putCustomer = (tenant: string, id: string) =>
    sim.request({
      method: 'PUT',
      url: `/v1/customers/${id}`,
      headers: { 'x-sim-tenant': tenant },
      body: { name: 'Cliente' },
    });
  const errorOf = (body: string) => (JSON.parse(body) as { errors: { code: string; message: string }[] }).errors[0];
  const logLines = (code: string) =>
    sim.logs
      .map((line) => JSON.parse(line) as { code?: string; msg: string; err?: { message: string } })
      .filter((line) => line.code === code);

  it('answers 503 StoreRefused, saying why, while Redis is out of memory, and serves again when it has room', async () => {
    expect((await putCustomer('refused', 'c-0')).statusCode).toBe(204);
    await client.config('SET', 'maxmemory', '1');
    try {
      for (let i = 1; i <= 3; i++) {
        const answer = await putCustomer('refused', `c-${i}`);
        expect(answer.statusCode, answer.body).toBe(503);
        expect(errorOf(answer.body)).toMatchObject({ code: 'StoreRefused' });
        expect(errorOf(answer.body)?.message).toContain('is up but refuses its commands: OOM');
        expect(answer.body).not.toContain('cannot reach');
      }
    } finally {
      await client.config('SET', 'maxmemory', '0');
    }
    // Logged once when the refusals start (then at most every 10 s), not once per request; never as an outage.
    expect(logLines('StoreRefused')).toHaveLength(1);
    expect(logLines('StoreRefused')[0]?.err?.message).toContain('OOM');
    expect(logLines('StoreUnavailable')).toEqual([]);
    expect((await putCustomer('refused', 'c-4')).statusCode).toBe(204);
  });

  it('answers 500 StoreScriptFailed, not an outage, when a script fails on a key something else wrote', async () => {
    expect((await putCustomer('foreign', 'c-0')).statusCode).toBe(204);
    await client.set('gas-sim:t{foreign}:c:customers', 'written by another program');
    const answer = await putCustomer('foreign', 'c-1');
    expect(answer.statusCode, answer.body).toBe(500);
    expect(errorOf(answer.body)?.code).toBe('StoreScriptFailed');
    expect(answer.body).not.toContain('cannot reach');
    const [logged] = logLines('StoreScriptFailed');
    expect(logged?.err?.message).toContain('WRONGTYPE');
    expect(logLines('StoreUnavailable')).toEqual([]);
    await client.del('gas-sim:t{foreign}:c:customers');
    expect((await putCustomer('foreign', 'c-2')).statusCode).toBe(204);
  });

  it('counts an order for a counter that something else rewrote with bytes that are not UTF-8', async () => {
    const consumerId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
    const count = (orderId: string) =>
      sim.request({
        method: 'POST',
        url: '/v1/consumers/orders/counter',
        auth: 'apiKey',
        headers: { 'x-sim-tenant': 'not-utf8' },
        body: { consumerId, orderId },
      });
    expect((await count('7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b')).statusCode).toBe(200);
    await client.hset(
      'gas-sim:t{not-utf8}:c:orderCounters',
      consumerId,
      Buffer.concat([
        Buffer.from(`{"consumerId":"${consumerId}","orderIds":["x`),
        Buffer.from([0xff]),
        Buffer.from('"]}'),
      ]),
    );
    const answer = await count('8f9a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ consumerId, orderCount: 2 });
  }, 20_000);
});
