/**
 * The Redis store: two simulator processes on one Redis server are one simulator. Writes through
 * one read through the other; every unique and once rule holds across both; acknowledged writes
 * survive both processes killed with SIGKILL; Redis stopped under load gives 503s, never a hang,
 * and the simulators serve again when it is back.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../support/cli.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../../support/simulator-process.ts';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../../support/redis-server.ts';
import { Redis } from 'ioredis';
import { loadContract } from '../../../../contract/index.ts';
import { ALL_SCOPES, DEMO } from '../../../support/sim-harness.ts';

const contract = await loadContract();

const skip = redisSkipReason();

let redis: RedisServer;
let a: SimulatorProcess;
let b: SimulatorProcess;
let token: string;

const call = async (
  sim: SimulatorProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    signal: AbortSignal.timeout(10_000),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    contentType: res.headers.get('content-type') ?? '',
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
};
const start = (url: string) => startSimulatorProcess(['--store', url, '--log-level', 'warn']);

describe.skipIf(skip)('two simulators on one Redis', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = await Promise.all([start(redis.url), start(redis.url)]);
    token = await a.token({ scopes: ALL_SCOPES });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('reads through one what was written through the other: records, journal, fault rules, counters and events', async () => {
    const tenant = { 'x-sim-tenant': 'shared-1' };
    expect(
      (
        await call(
          a,
          'PUT',
          '/v1/users',
          { id: '11111111-2222-4333-8444-555555555555', name: 'Bruno Dias', email: 'bruno@example.com' },
          tenant,
        )
      ).status,
    ).toBe(204);
    const profile = await call(b, 'GET', '/v1/users/11111111-2222-4333-8444-555555555555/profile', undefined, tenant);
    expect(profile.status).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Bruno Dias', email: 'bruno@example.com' });
    // The dataset is there for both, and a renamed category shows through the other.
    expect(
      (await call(a, 'PUT', `/v1/categories/${DEMO.categoryCozinha}`, { name: 'GLP residencial' }, tenant)).status,
    ).toBe(204);
    expect((await call(b, 'GET', `/v1/products/${DEMO.productP13}`, undefined, tenant)).json()).toMatchObject({
      data: { category: { name: 'GLP residencial' } },
    });
    // Another tenant still sees the dataset.
    expect(
      (await call(b, 'GET', `/v1/products/${DEMO.productP13}`, undefined, { 'x-sim-tenant': 'shared-other' })).json(),
    ).toMatchObject({ data: { category: { name: 'Gás de cozinha' } } });

    const journal = (await call(b, 'GET', '/__sim/requests', undefined, tenant)).json().requests as {
      operationId: string;
    }[];
    expect(journal.map((e) => e.operationId)).toEqual(['upsertUser', 'getUserProfile', 'updateCategory', 'getProduct']);

    expect(
      (await call(a, 'PUT', '/__sim/faults', { rules: [{ operationId: 'getProduct', status: 503, count: 3 }] }, tenant))
        .status,
    ).toBe(200);
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await call(i % 2 === 0 ? a : b, 'GET', `/v1/products/${DEMO.productP13}`, undefined, tenant)).status,
      );
    // The rule's count is spent once across both processes.
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect((await call(b, 'GET', '/__sim/faults', undefined, tenant)).json()).toMatchObject({ rules: [{ count: 0 }] });
  });

  it('journals each of 250 concurrent requests once though their entries are written in batches', async () => {
    // Entries go to Redis in batches of at most 100 before their answers; none may be lost or written twice.
    const tenant = { 'x-sim-tenant': 'batched-journal' };
    const statuses = await Promise.all(
      Array.from(
        { length: 250 },
        async () => (await call(a, 'GET', `/v1/products/${DEMO.productP13}`, undefined, tenant)).status,
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const journal = (await call(a, 'GET', '/__sim/requests', undefined, tenant)).json().requests as {
      seq: number;
      operationId: string;
    }[];
    expect(journal).toHaveLength(250);
    expect(journal.every((e) => e.operationId === 'getProduct')).toBe(true);
    expect(new Set(journal.map((e) => e.seq)).size).toBe(250);
  });

  it('shows each request in the journal through the other process as soon as its answer is in', async () => {
    // QA reads the journal through whichever replica a load balancer picks, right after the answers.
    const tenant = { 'x-sim-tenant': 'journal-read-your-writes' };
    const behind: string[] = [];
    for (let round = 1; round <= 30; round++) {
      const statuses = await Promise.all(
        Array.from(
          { length: 10 },
          async () => (await call(b, 'GET', `/v1/products/${DEMO.productP13}`, undefined, tenant)).status,
        ),
      );
      expect(statuses).toEqual(Array(10).fill(200));
      const journal = (await call(a, 'GET', '/__sim/requests', undefined, tenant)).json().requests as unknown[];
      if (journal.length !== 10 * round) behind.push(`round ${round}: ${journal.length} of ${10 * round}`);
    }
    expect(behind).toEqual([]);
  });

  it('holds every unique and once rule across both processes under 100 concurrent requests', async () => {
    const tenant = { 'x-sim-tenant': 'races' };
    const over = <T>(n: number, request: (sim: SimulatorProcess, i: number) => Promise<T>) =>
      Promise.all(Array.from({ length: n }, (_, i) => request(i % 2 === 0 ? a : b, i)));

    const brands = await over(100, (sim) => call(sim, 'POST', '/v1/brands', { name: 'Gás Único' }, tenant));
    expect(brands.filter((r) => r.status === 201)).toHaveLength(1);
    expect(brands.filter((r) => r.status === 409)).toHaveLength(99);

    const deletes = await over(100, (sim) =>
      call(sim, 'DELETE', `/v1/dealers/${DEMO.dealer}/coverage-areas/${DEMO.areaSe}`, undefined, tenant),
    );
    expect(deletes.filter((r) => r.status === 204)).toHaveLength(1);
    expect(deletes.filter((r) => r.status === 404)).toHaveLength(99);

    const users = await over(100, (sim, i) =>
      call(
        sim,
        'PUT',
        '/v1/users',
        { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: 'Same Mail', email: 'same@example.com' },
        tenant,
      ),
    );
    expect(users.filter((r) => r.status === 204)).toHaveLength(1);
    expect(users.filter((r) => r.status === 409)).toHaveLength(99);

    const providers = await over(50, (sim, i) =>
      call(
        sim,
        'PUT',
        `/v1/merchants/${DEMO.merchant}/providers/${i % 2 === 0 ? DEMO.providerCielo : 'f2b5d8e3-4c6a-4f9b-8d72-3e8c1a4f6b05'}`,
        { name: 'Adquirente X' },
        tenant,
      ),
    );
    expect(providers.filter((r) => r.status === 204).length).toBeGreaterThanOrEqual(1);
    const names = (
      (await call(a, 'GET', '/__sim/state', undefined, tenant)).json().collections as {
        providers: { merchantId: string; name: string }[];
      }
    ).providers.filter((p) => p.merchantId === DEMO.merchant && p.name === 'Adquirente X');
    expect(names).toHaveLength(1);

    const orderId = '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6f';
    const counted = await over(100, (sim) =>
      call(
        sim,
        'POST',
        '/v1/consumers/orders/counter',
        { consumerId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b', orderId },
        { ...tenant, authorization: 'gas-sim-dev-api-key' },
      ),
    );
    expect(counted.map((r) => `${r.status} ${r.json().orderCount as number}`).filter((r) => r !== '200 1')).toEqual([]);

    const events = await over(100, (sim) =>
      call(
        sim,
        'POST',
        '/Integration/app-events',
        { idMensagem: 'msg-race', nomeEvento: 'PedidoCriado', mensagem: null },
        { ...tenant, 'content-type': 'application/json-patch+json' },
      ),
    );
    expect(events.map((r) => r.status).filter((s) => s !== 202)).toEqual([]);
    expect(
      ((await call(b, 'GET', '/__sim/events', undefined, tenant)).json().events as { idMensagem: string }[]).filter(
        (e) => e.idMensagem === 'msg-race',
      ),
    ).toHaveLength(1);
  });

  it('keeps every acknowledged write when both processes are killed with SIGKILL and started again', async () => {
    const tenant = { 'x-sim-tenant': 'durable' };
    const acknowledged: string[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await call(i % 2 === 0 ? a : b, 'PUT', `/v1/customers/kept-${i}`, { name: `Cliente ${i}` }, tenant);
        if (res.status === 204) acknowledged.push(`kept-${i}`);
      }),
    );
    expect(acknowledged).toHaveLength(200);
    await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
    [a, b] = await Promise.all([start(redis.url), start(redis.url)]);
    const ids = new Set(
      (
        (await call(b, 'GET', '/__sim/state', undefined, tenant)).json().collections as { customers: { id: string }[] }
      ).customers.map((c) => c.id),
    );
    for (const id of acknowledged) expect(ids.has(id), id).toBe(true);
  }, 60_000);

  it("answers 503 in the operation's shape while Redis is down, never hangs, and serves again when it is back", async () => {
    const tenant = { 'x-sim-tenant': 'outage' };
    expect((await call(a, 'PUT', '/v1/customers/before', { name: 'before' }, tenant)).status).toBe(204);
    let stopped = false;
    const seen: { status: number; body: string }[] = [];
    const load = (async () => {
      // 20 requests sent once Redis is gone, however many went before.
      for (let i = 0, after = 0; after < 20; i++) {
        if (stopped) after++;
        const res = await call(i % 2 === 0 ? a : b, 'PUT', `/v1/customers/load-${i}`, { name: 'x' }, tenant);
        seen.push({ status: res.status, body: res.text });
      }
      return seen;
    })();
    // Redis stops with the load under way.
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(5), { timeout: 15_000, interval: 10 });
    await redis.stop();
    stopped = true;
    await load;
    expect(seen.map((r) => r.status)).toContain(503);
    expect(seen.every((r) => r.status === 204 || r.status === 503)).toBe(true);
    // Every 503 is the body the spec documents for the operation's 503.
    for (const r of seen.filter((r) => r.status === 503))
      expect(contract.validators.response('upsertCustomer', 503, JSON.parse(r.body))).toEqual([]);
    const down = await call(b, 'PUT', '/v1/customers/during', { name: 'during' }, tenant);
    expect(down.status).toBe(503);
    expect(down.json()).toMatchObject({ errors: [{ code: 'StoreUnavailable', target: 'simulator' }] });
    const provider = await call(
      a,
      'PUT',
      '/v1/users',
      { id: '11111111-2222-4333-8444-555555555555', name: 'Bruno Dias', email: 'bruno@example.com' },
      tenant,
    );
    expect(provider.status).toBe(503);
    expect(provider.json()).toMatchObject({ code: 'StoreUnavailable', metadata: { target: 'simulator' } });
    const event = await call(
      b,
      'POST',
      '/Integration/app-events',
      { idMensagem: 'msg-outage', nomeEvento: 'PedidoCriado', mensagem: null },
      { ...tenant, 'content-type': 'application/json-patch+json' },
    );
    expect(event.status).toBe(503);
    expect(event.contentType).toContain('application/problem+json');
    expect(event.json()).toMatchObject({ status: 503, code: 'StoreUnavailable' });
    const read = await call(a, 'GET', `/v1/products/${DEMO.productP13}`, undefined, tenant);
    expect(read.status).toBe(503);
    // The three error shapes, each as the spec documents the operation's 503.
    for (const [operationId, res] of [
      ['upsertCustomer', down],
      ['upsertUser', provider],
      ['receiveAppEvent', event],
      ['getProduct', read],
    ] as const) {
      expect(contract.validators.response(operationId, 503, res.json()), operationId).toEqual([]);
      expect(contract.operationsById.get(operationId)?.responses.get(503)?.assumed, operationId).toMatch(/Redis store/);
    }
    expect(a.stdout() + b.stdout()).toContain('StoreUnavailable');

    await redis.start();
    let back = 0;
    for (let i = 0; i < 100 && back !== 204; i++) {
      back = (await call(a, 'PUT', '/v1/customers/after', { name: 'after' }, tenant)).status;
      if (back !== 204) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back).toBe(204);
    // The empty server got the dataset back too, through either process once it reconnected.
    let product = 0;
    for (let i = 0; i < 100 && product !== 200; i++) {
      product = (await call(b, 'GET', `/v1/products/${DEMO.productP13}`, undefined, { 'x-sim-tenant': 'after-outage' }))
        .status;
      if (product !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(product).toBe(200);
  }, 60_000);

  it('answers 503 within its command time-out while Redis stops answering, and serves again when it answers', async () => {
    const product = `/v1/products/${DEMO.productP13}`;
    const warm = { 'x-sim-tenant': 'silent-store' };
    expect((await call(a, 'GET', product, undefined, warm)).status).toBe(200);
    redis.pause();
    try {
      // A tenant never seen (its lookup is the command that waits), then one seen a moment ago (its read waits).
      for (const tenant of [{ 'x-sim-tenant': 'silent-store-new' }, warm]) {
        const started = performance.now();
        const silent = await call(a, 'GET', product, undefined, tenant);
        const ms = performance.now() - started;
        expect(silent.status).toBe(503);
        expect(silent.json()).toMatchObject({ errors: [{ code: 'StoreUnavailable', target: 'simulator' }] });
        // A command waits 2 s; the store is not asked again, nor the answer held for its journal entry.
        expect(ms, tenant['x-sim-tenant']).toBeLessThan(3_500);
        console.log(`silent store, tenant ${tenant['x-sim-tenant']}: 503 in ${Math.round(ms)} ms`);
      }
      // A bad token is still a 401: the store being away does not change what the request did wrong.
      expect((await call(a, 'GET', product, undefined, { ...warm, authorization: 'Bearer not-a-token' })).status).toBe(
        401,
      );
    } finally {
      redis.resume();
    }
    expect((await call(a, 'GET', product, undefined, warm)).status).toBe(200);
  }, 20_000);

  it('writes journal entries to Redis with every planted secret already redacted', async () => {
    const tenant = 'secrets-in-redis';
    // Each secret a client can put in a request: its token, a token as the tenant, in the path, in
    // Prefer, provider credentials, a push token in an event, the order counter's API key.
    const tokenAsTenant = await a.token({ scopes: ['catalog:read'], sub: 'tenant-token' });
    const tokenInPath = await a.token({ scopes: ['catalog:read'], sub: 'path-token' });
    const tokenInPrefer = await a.token({ scopes: ['catalog:read'], sub: 'prefer-token' });
    const own = await a.token({ scopes: ALL_SCOPES, tenant });
    const providerSecret = 'planted-provider-client-secret-4711';
    const pushToken = 'planted-push-token-ExponentPushToken-0815';
    const planted = [
      token,
      own,
      tokenAsTenant,
      tokenInPath,
      tokenInPrefer,
      tokenAsTenant.slice(0, 100),
      providerSecret,
      pushToken,
      'gas-sim-dev-api-key',
    ];
    const as = { authorization: `Bearer ${own}` };
    // A token is no tenant name: refused (400), it names no key.
    expect(
      (await call(a, 'GET', `/v1/products/${DEMO.productP13}`, undefined, { 'x-sim-tenant': tokenAsTenant })).status,
    ).toBe(400);
    expect(
      (
        await call(a, 'GET', `/v1/products/${DEMO.productP13}`, undefined, {
          'x-sim-tenant': tokenAsTenant.slice(0, 100),
        })
      ).status,
    ).toBe(400);
    // A token in the path, in the default tenant's journal and in this one's.
    expect((await call(a, 'GET', `/v1/products/${tokenInPath}`)).status).toBe(404);
    expect((await call(a, 'GET', `/v1/products/${tokenInPath}`, undefined, as)).status).toBe(404);
    expect(
      (
        await call(a, 'GET', `/v1/products/${DEMO.productP13}`, undefined, {
          ...as,
          prefer: `code=500, note=${tokenInPrefer}`,
        })
      ).status,
    ).toBe(500);
    expect(
      (
        await call(
          b,
          'PUT',
          `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`,
          { name: 'Cielo Secreta', credentials: { clientSecret: providerSecret } },
          as,
        )
      ).status,
    ).toBe(204);
    const event = {
      idMensagem: 'msg-secret',
      nomeEvento: 'DispositivoRegistrado',
      mensagem: { device: { pushToken } },
    };
    expect(
      (
        await call(b, 'POST', '/Integration/app-events', event, {
          ...as,
          'content-type': 'application/json-patch+json',
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await call(a, 'GET', `/v1/users/${tokenInPath}/profile`, undefined, {
          authorization: 'Bearer not-a-valid-token',
        })
      ).status,
    ).toBe(401);
    const counter = { consumerId: DEMO.consumerAna, orderId: '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d70' };
    expect(
      (
        await call(a, 'POST', '/v1/consumers/orders/counter', counter, {
          authorization: 'gas-sim-dev-api-key',
          'x-sim-tenant': tenant,
        })
      ).status,
    ).toBe(200);
    // The journal kept them all (their secrets shown redacted).
    const journal = (await call(a, 'GET', '/__sim/requests', undefined, { 'x-sim-tenant': tenant })).json()
      .requests as { operationId: string }[];
    expect(journal.map((e) => e.operationId)).toEqual(
      expect.arrayContaining(['getProduct', 'updateMerchantProvider', 'receiveAppEvent', 'incrementOrderCounter']),
    );

    const reader = new Redis(redis.url);
    try {
      const found: string[] = [];
      let journalKeys = 0;
      for await (const keys of reader.scanStream({ count: 1000 }) as AsyncIterable<string[]>) {
        for (const key of keys) {
          for (const secret of planted) if (key.includes(secret)) found.push(`key name ${key}`);
          if (!key.endsWith(':j')) continue;
          journalKeys++;
          const text = (await reader.lrange(key, 0, -1)).join('\n');
          for (const secret of planted) if (text.includes(secret)) found.push(`${key} holds ${secret.slice(0, 24)}…`);
        }
      }
      expect(journalKeys).toBeGreaterThanOrEqual(2);
      expect(found).toEqual([]);
    } finally {
      reader.disconnect();
    }
  });

  it('runs --workers 2 as two processes on one port, the admin API the same through either', async () => {
    const workers = await startSimulatorProcess(['--store', redis.url, '--workers', '2']);
    try {
      // A new connection for each request, so the primary hands them to both workers in turn.
      const health = () =>
        new Promise<{ pid: number; tenants: number }>((resolve, reject) => {
          get(`${workers.url}/__sim/health`, { agent: false }, (res) => {
            let body = '';
            res
              .setEncoding('utf8')
              .on('data', (chunk: string) => {
                body += chunk;
              })
              .on('end', () => resolve(JSON.parse(body) as { pid: number; tenants: number }));
          }).on('error', reject);
        });
      // The second worker may still be starting when the first prints where it listens.
      const pids = new Set<number>();
      for (let i = 0; i < 300 && pids.size < 2; i++) {
        pids.add((await health()).pid);
        if (i >= 10) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pids.size).toBe(2);
      const tenant = { 'x-sim-tenant': 'workers' };
      const brands = await Promise.all(
        Array.from({ length: 40 }, () => call(workers, 'POST', '/v1/brands', { name: 'Marca dos workers' }, tenant)),
      );
      expect(brands.filter((r) => r.status === 201)).toHaveLength(1);
      expect(spawnSync('sh', ['-c', `pgrep -P ${workers.child.pid} | wc -l`], { encoding: 'utf8' }).stdout.trim()).toBe(
        '2',
      );
    } finally {
      await workers.stop();
    }
  }, 60_000);

  it('keeps all journals under one budget, expires idle tenants, and logs it', async () => {
    const tight = await startSimulatorProcess([
      '--store',
      redis.url,
      '--journal-budget-mb',
      '1',
      '--tenant-idle-seconds',
      '1',
    ]);
    try {
      const filler = 'x'.repeat(100_000);
      for (let i = 0; i < 30; i++)
        expect(
          (await call(tight, 'PUT', `/v1/customers/j-${i}`, { name: filler }, { 'x-sim-tenant': `journal-${i % 3}` }))
            .status,
        ).toBe(204);
      const health = (await call(tight, 'GET', '/__sim/health')).json() as { journalBytes: number; tenants: number };
      expect(health.journalBytes).toBeLessThanOrEqual(1024 * 1024);
      const kept = (await call(tight, 'GET', '/__sim/requests', undefined, { 'x-sim-tenant': 'journal-2' })).json()
        .requests as { path: string }[];
      expect(kept.at(-1)?.path).toBe('/v1/customers/j-29');
      expect(kept.length).toBeLessThan(10);
      // Idle for more than a second, the tenants expire (each logged once it has): their records are gone.
      // The wait reads only the log, since a request to a tenant would keep it from being idle.
      await vi.waitFor(() => expect(tight.stdout()).toMatch(/"tenant":"journal-1"[^\n]*"code":"TenantExpired"/), {
        timeout: 15_000,
        interval: 100,
      });
      const customers = (
        (await call(tight, 'GET', '/__sim/state', undefined, { 'x-sim-tenant': 'journal-1' })).json().collections as {
          customers: { id: string }[];
        }
      ).customers;
      expect(customers.some((c) => c.id.startsWith('j-'))).toBe(false);
    } finally {
      await tight.stop();
    }
  }, 60_000);

  it('refuses --workers without --store, naming what it needs', async () => {
    const run = await runCli(['simulate', '--port', '0', '--workers', '2'], {}, 15_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--workers needs --store');
  });

  it('fails within seconds, naming it and why, when the store refuses connections or never answers at start', async () => {
    // A host that accepts connections and never answers stands for one whose packets are dropped.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `redis://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      for (const [url, why, workers] of [
        ['redis://127.0.0.1:1', 'ECONNREFUSED', []],
        [silentUrl, 'no answer in 2000 ms', []],
        // The primary of --workers exits too, once every worker has failed.
        ['redis://127.0.0.1:1', 'ECONNREFUSED', ['--workers', '2']],
      ] as const) {
        const started = Date.now();
        const run = await runCli(['simulate', '--port', '0', '--store', url, ...workers], {}, 15_000);
        const ms = Date.now() - started;
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`cannot reach the store ${url}: `);
        expect(run.stderr).toContain(why);
        // The store's own deadline is 2 s; the margin covers the process start on a loaded machine.
        expect(ms).toBeLessThan(10_000);
        console.log(`unreachable store ${url} ${workers.join(' ')} refused in ${ms} ms (process start included)`);
      }
    } finally {
      silent.close();
    }
  }, 30_000);
});
