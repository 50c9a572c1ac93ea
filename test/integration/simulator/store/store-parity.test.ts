/**
 * One simulator on either store: the rules where the memory and the Redis store once differed give
 * the same answers on both (issue 25). Fault firing from a seed, eviction of the least recently used
 * idle tenant, the bytes a quota counts and where it bounds them (tenant-quota.ts), and the fields
 * uniqueness follows.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { connectStore } from '../../../../simulator/store/redis/redis-connection.ts';
import { RedisTenants } from '../../../../simulator/store/redis/redis-tenants.ts';
import { demoDataset } from '../../../../simulator/store/dataset.ts';
import { recordBytes } from '../../../../simulator/store/record-bytes.ts';
import { Store } from '../../../../simulator/store/memory/store.ts';
import { fitsQuota } from '../../../../simulator/store/tenant-quota.ts';
import { JOURNAL_MAX_BYTES } from '../../../../simulator/store/journal-entry.ts';
import { MemoryTenants } from '../../../../simulator/store/memory/memory-tenants.ts';
import {
  DEFAULT_TENANT_LIMITS,
  resetTenant,
  type TenantDirectory,
  type TenantLimits,
} from '../../../../simulator/store/tenants.ts';
import type { SimulatorOptions } from '../../../../simulator/index.ts';
import { STORE_KINDS, useStoreKinds, type StoreKind } from '../../../support/store-kinds.ts';
import { DEMO, startTestSimulator, type TestSimulator } from '../../../support/sim-harness.ts';

const stores = useStoreKinds();
const redisMissing = stores.skip('redis');

/** Runs `work` on a fresh simulator of each store, with the same options; answers the two results. */
async function onBoth<T>(options: SimulatorOptions, work: (sim: TestSimulator) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const kind of STORE_KINDS) {
    const sim = await startTestSimulator({ logLevel: 'silent', ...options, ...(await stores.options(kind)) });
    try {
      results.push(await work(sim));
    } finally {
      await sim.close();
    }
  }
  return results;
}

const getProduct = (sim: TestSimulator, tenant: string) =>
  sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { 'x-sim-tenant': tenant } });
const putCustomer = (sim: TestSimulator, tenant: string, id: string) =>
  sim.request({
    method: 'PUT',
    url: `/v1/customers/${id}`,
    headers: { 'x-sim-tenant': tenant },
    body: { name: tenant },
  });

describe.skipIf(redisMissing)('the memory and the Redis store answer alike', () => {
  it('fire the same seeded fault rules, counts spent or not', async () => {
    const rules = [
      { operationId: 'getProduct', probability: 0.5, status: 503, count: 2 },
      { operationId: '*', probability: 0.5, status: 500 },
    ];
    const [memory, redis] = await onBoth({}, async (sim) => {
      expect((await sim.rawAdmin('PUT', '/__sim/faults', 'seeded', { seed: 7, rules })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await getProduct(sim, 'seeded')).statusCode);
      return statuses;
    });
    expect(memory?.filter((s) => s === 503)).toHaveLength(2);
    expect(redis).toEqual(memory);
  });

  it('keep a tenant with a request in flight when three new tenants arrive (maxTenants 3)', async () => {
    const kept = await onBoth({ limits: { maxTenants: 3 } }, async (sim) => {
      expect((await putCustomer(sim, 'busy', 'busy-1')).statusCode).toBe(204);
      await sim.rawAdmin('PUT', '/__sim/faults', 'busy', {
        rules: [{ operationId: 'getProduct', delayMs: 2_000, count: 1 }],
      });
      const slow = getProduct(sim, 'busy');
      // The rule's count is spent when it fires: the request is then waiting out its delay.
      for (;;) {
        const faults = (await sim.rawAdmin('GET', '/__sim/faults', 'busy')).json() as { rules: { count: number }[] };
        if (faults.rules[0]?.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const tenant of ['new-1', 'new-2', 'new-3'])
        expect((await putCustomer(sim, tenant, `${tenant}-1`)).statusCode).toBe(204);
      expect((await slow).statusCode).toBe(200);
      return (await sim.collections<{ id: string }>('busy')).customers.map((c) => c.id);
    });
    expect(kept).toEqual([expect.arrayContaining(['busy-1']), expect.arrayContaining(['busy-1'])]);
  });

  it('count the same bytes against a quota (32 KB: about 550 writes)', async () => {
    const counts = await onBoth({ limits: { quotaBytes: 32 * 1024 } }, async (sim) => {
      for (let i = 0; ; i++) {
        const res = await putCustomer(sim, 'quota', `customer-${String(i).padStart(6, '0')}-é`);
        if (res.statusCode === 507) return i;
        expect(res.statusCode).toBe(204);
      }
    });
    expect(counts[1]).toBe(counts[0]);
  });
});

/** A tenant directory on each store kind, over the demo dataset. */
async function directories(limits: TenantLimits = DEFAULT_TENANT_LIMITS): Promise<[StoreKind, TenantDirectory][]> {
  const dataset = new Store();
  dataset.restore(demoDataset());
  const url = (await stores.options('redis')).store as string;
  const redis = await RedisTenants.open(await connectStore(url, pino({ level: 'silent' })), demoDataset(), {
    limits,
    idleSeconds: undefined,
    onEvict: () => undefined,
  });
  return [
    ['memory', new MemoryTenants(dataset, limits)],
    ['redis', redis],
  ];
}

describe('the quota rule (tenant-quota.ts)', () => {
  it('takes a write up to the quota, and one that does not grow even past it', () => {
    expect(fitsQuota(90, 10, 100)).toBe(true);
    expect(fitsQuota(90, 11, 100)).toBe(false);
    expect(fitsQuota(150, 0, 100)).toBe(true);
    expect(fitsQuota(150, -1, 100)).toBe(true);
    expect(fitsQuota(-500, 600, 100)).toBe(true);
  });
});

describe.skipIf(redisMissing)('the quota on either store', () => {
  it('bounds the bytes beyond the dataset to the byte; a rewrite that does not grow and a delete are taken at the quota, and a deleted dataset record makes room', async () => {
    const quotaBytes = 300;
    /** A customer that counts exactly `bytes` (record-bytes.ts). */
    const customer = (id: string, bytes: number, letter = 'x') => {
      const name = letter.repeat(bytes - recordBytes(id, JSON.stringify({ id, name: '' })));
      return { id, name };
    };
    const results: unknown[][] = [];
    for (const [kind, directory] of await directories({ ...DEFAULT_TENANT_LIMITS, quotaBytes })) {
      try {
        const { store } = await directory.obtain('bounds');
        const outcome = (write: Promise<unknown>) =>
          write.then(
            (answer) => answer ?? 'taken',
            (error: { code?: string }) => error.code ?? String(error),
          );
        // A dataset record of a collection the tenant has not written yet: deleting it copies the collection first.
        const brand = (await store.list('brands'))[0] as { id: string };
        const brandBytes = recordBytes(brand.id, JSON.stringify(brand));
        const steps = [
          await outcome(store.put('customers', customer('q-1', quotaBytes - 50))),
          await outcome(store.put('customers', customer('q-2', 51))),
          await outcome(store.put('customers', customer('q-2', 50))),
          // At the quota: the same size again is taken, a byte more is not, a smaller one is.
          await outcome(store.put('customers', customer('q-1', quotaBytes - 50, 'y'))),
          await outcome(store.put('customers', customer('q-1', quotaBytes - 49))),
          await outcome(store.put('customers', customer('q-1', quotaBytes - 60))),
          await outcome(store.delete('brands', brand.id)),
          // The growth is now 10 bytes less the brand's below the quota.
          await outcome(store.put('customers', customer('q-3', 10 + brandBytes + 1))),
          await outcome(store.put('customers', customer('q-3', 10 + brandBytes))),
          await outcome(store.putIfAbsent('customers', customer('q-4', 100))),
        ];
        results.push(steps);
        expect(steps, kind).toEqual([
          'taken',
          'StorageQuotaExceeded',
          'taken',
          'taken',
          'StorageQuotaExceeded',
          'taken',
          true,
          'StorageQuotaExceeded',
          'taken',
          'StorageQuotaExceeded',
        ]);
      } finally {
        await directory.close();
      }
    }
    expect(results).toHaveLength(2);
  });
});

describe.skipIf(redisMissing)('the quota of an emptied tenant on either store', () => {
  it("is still the dataset's bytes plus the quota, after an empty reset or a snapshot restore", async () => {
    const quotaBytes = 300;
    const demo = new Store();
    demo.restore(demoDataset());
    // Emptied, the tenant holds nothing of the dataset: all of its bytes and the quota are room.
    const room = demo.bytesUsed() + quotaBytes;
    const customer = (id: string, bytes: number) => ({
      id,
      name: 'x'.repeat(bytes - recordBytes(id, JSON.stringify({ id, name: '' }))),
    });
    for (const [kind, directory] of await directories({ ...DEFAULT_TENANT_LIMITS, quotaBytes })) {
      try {
        const { store } = await resetTenant(directory, 'emptied', true);
        const outcome = (write: Promise<unknown>) =>
          write.then(
            () => 'taken',
            (error: { code?: string }) => error.code ?? String(error),
          );
        // One record the size of all the room, and one byte more, after an empty reset ...
        expect(await outcome(store.put('customers', customer('e-1', room + 1))), kind).toBe('StorageQuotaExceeded');
        expect(await outcome(store.put('customers', customer('e-1', room))), kind).toBe('taken');
        // ... and after a snapshot restore, which empties it too.
        const snapshot = (bytes: number) => ({
          version: 1 as const,
          collections: { customers: [customer('e-2', bytes)] },
        });
        expect(await outcome(store.restore(snapshot(room + 1))), kind).toBe('StorageQuotaExceeded');
        expect(await outcome(store.restore(snapshot(room))), kind).toBe('taken');
      } finally {
        await directory.close();
      }
    }
  });
});

describe.skipIf(redisMissing)('the journal on either store', () => {
  it("keeps at most JOURNAL_MAX_BYTES of one tenant's entries, dropping the oldest, under a larger shared budget", async () => {
    const entryBytes = 1024 * 1024;
    const sent = Math.ceil(JOURNAL_MAX_BYTES / entryBytes) + 8;
    const kept: number[] = [];
    for (const [kind, directory] of await directories()) {
      try {
        const { journal } = await directory.obtain('journaled');
        for (let i = 0; i < sent; i++)
          await journal.record({
            time: Date.now(),
            method: 'PUT',
            path: `/v1/customers/c-${i}`,
            operationId: 'upsertCustomer',
            status: 204,
            durationMs: 1,
            simulated: false,
            headers: {},
            requestText: JSON.stringify({ filler: String(i % 10).repeat(entryBytes) }),
            responseText: undefined,
            secrets: [],
          });
        const paths = (await journal.read()).map((e) => e.path);
        // The newest entries, in order, as many as fit in the tenant's bytes (each store's own encoding).
        expect(paths.at(-1), kind).toBe(`/v1/customers/c-${sent - 1}`);
        expect(paths, kind).toEqual(paths.map((_, i) => `/v1/customers/c-${sent - paths.length + i}`));
        kept.push(paths.length);
      } finally {
        await directory.close();
      }
    }
    for (const count of kept) expect(count).toBeGreaterThanOrEqual(Math.floor(JOURNAL_MAX_BYTES / entryBytes) - 2);
    for (const count of kept) expect(count).toBeLessThan(JOURNAL_MAX_BYTES / entryBytes);
  }, 60_000);
});

describe.skipIf(redisMissing)('uniqueness on either store', () => {
  it('follows the fields its collection declares, and refuses to be asked for others', async () => {
    for (const [kind, directory] of await directories()) {
      try {
        const { store } = await directory.obtain('unique');
        const provider = (id: string, merchantId: string, name: string) => ({ id, merchantId, name, kind: 'card' });
        // Providers keep names unique within their merchant: the same name under another merchant is taken.
        expect(await store.putUnique('providers', provider('p-1', 'm-1', 'Cielo'), 'name', 'merchantId'), kind).toBe(
          true,
        );
        expect(await store.putUnique('providers', provider('p-2', 'm-2', 'Cielo'), 'name', 'merchantId'), kind).toBe(
          true,
        );
        expect(await store.putUnique('providers', provider('p-3', 'm-1', ' cielo '), 'name', 'merchantId'), kind).toBe(
          false,
        );
        // A rule the collection does not declare is a bug, refused alike (once honoured by one store alone).
        await expect(store.putUnique('providers', provider('p-4', 'm-3', 'Cielo'), 'name'), kind).rejects.toThrow(
          /providers keeps name within merchantId unique; putUnique was asked for name$/,
        );
        await expect(store.putUnique('brands', { id: 'b-1', name: 'Nova' }, 'id'), kind).rejects.toThrow(
          /brands keeps name unique/,
        );
        expect(await store.has('providers', '["m-3","p-4"]'), kind).toBe(false);
        // A record without the value holds none: beside one whose e-mail is the text "undefined", it is taken.
        expect(await store.putUnique('users', { id: 'u-1', email: 'undefined' }, 'email'), kind).toBe(true);
        expect(await store.putUnique('users', { id: 'u-2' }, 'email'), kind).toBe(true);
      } finally {
        await directory.close();
      }
    }
  });
});
