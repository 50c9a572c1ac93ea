/**
 * The eviction policy (simulator/store/tenant-eviction.ts) over a roster of its own, then over each
 * store's directory: the oldest idle tenant other than `default` and the newcomer goes, none while
 * every candidate is busy, and a tenant that became busy between listing and removal is kept.
 */
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { demoDataset } from '../../../../simulator/store/dataset.ts';
import { connectStore } from '../../../../simulator/store/redis/redis-connection.ts';
import { RedisTenants } from '../../../../simulator/store/redis/redis-tenants.ts';
import { Store } from '../../../../simulator/store/memory/store.ts';
import {
  evictOne,
  removeIdleTenants,
  type ListedTenant,
  type TenantRoster,
} from '../../../../simulator/store/tenant-eviction.ts';
import { MemoryTenants } from '../../../../simulator/store/memory/memory-tenants.ts';
import { DEFAULT_TENANT_LIMITS, type Tenant, type TenantDirectory } from '../../../../simulator/store/tenants.ts';
import { STORE_KINDS, useStoreKinds, type StoreKind } from '../../../support/store-kinds.ts';

/** A roster over names in order of last use, listed in pages of two; `busy` tenants refuse removal. */
class FakeRoster implements TenantRoster {
  readonly listed: string[];
  readonly asked: string[] = [];
  /** Runs between a tenant's listing and its removal, where a request of it may start. */
  meanwhile: (name: string) => void = () => undefined;

  constructor(
    names: string[],
    readonly busy = new Set<string>(),
  ) {
    this.listed = [...names];
  }

  async *oldestFirst(): AsyncGenerator<ListedTenant> {
    const snapshot = [...this.listed];
    for (let i = 0; i < snapshot.length; i += 2) {
      await Promise.resolve();
      for (const name of snapshot.slice(i, i + 2)) yield { name, lastUse: i };
    }
  }

  async removeIfIdle({ name }: ListedTenant): Promise<boolean> {
    this.asked.push(name);
    this.meanwhile(name);
    if (this.busy.has(name) || !this.listed.includes(name)) return false;
    this.listed.splice(this.listed.indexOf(name), 1);
    return true;
  }
}

describe('the eviction policy', () => {
  it('passes over default, the newcomer and a busy tenant to the oldest idle one', async () => {
    const roster = new FakeRoster(['default', 'new', 'busy', 'idle-1', 'idle-2'], new Set(['busy']));
    expect(await evictOne(roster, 'new')).toBe('idle-1');
    expect(roster.listed).toEqual(['default', 'new', 'busy', 'idle-2']);
    // default and the newcomer are never even asked for.
    expect(roster.asked).toEqual(['busy', 'idle-1']);
  });

  it('evicts none when every other tenant is busy', async () => {
    const roster = new FakeRoster(['default', 'a', 'b', 'c', 'new'], new Set(['a', 'b', 'c']));
    expect(await evictOne(roster, 'new')).toBeUndefined();
    expect(roster.listed).toEqual(['default', 'a', 'b', 'c', 'new']);
  });

  it('takes the next candidate when the one it picked became busy between listing and removal', async () => {
    const roster = new FakeRoster(['default', 'a', 'b', 'new']);
    roster.meanwhile = (name) => {
      if (name === 'a') roster.busy.add('a');
    };
    expect(await evictOne(roster, 'new')).toBe('b');
    expect(roster.asked).toEqual(['a', 'b']);
    expect(roster.listed).toEqual(['default', 'a', 'new']);
  });

  it('removes every idle tenant but default when asked for all (idle expiry), oldest first', async () => {
    const roster = new FakeRoster(['a', 'default', 'b', 'c', 'd'], new Set(['c']));
    const removed: string[] = [];
    for await (const name of removeIdleTenants(roster)) removed.push(name);
    expect(removed).toEqual(['a', 'b', 'd']);
    expect(roster.listed).toEqual(['default', 'c']);
  });
});

const stores = useStoreKinds();

/** A directory of the kind over the demo dataset, and the evictions it reported. */
async function directory(
  kind: StoreKind,
  maxTenants: number,
  idleSeconds?: number,
): Promise<{ tenants: TenantDirectory; evicted: string[] }> {
  const evicted: string[] = [];
  const limits = { ...DEFAULT_TENANT_LIMITS, maxTenants };
  if (kind === 'memory') {
    const dataset = new Store();
    dataset.restore(demoDataset());
    return { tenants: new MemoryTenants(dataset, limits, (name) => evicted.push(name)), evicted };
  }
  const url = (await stores.options('redis')).store as string;
  const tenants = await RedisTenants.open(await connectStore(url, pino({ level: 'silent' })), demoDataset(), {
    limits,
    idleSeconds,
    onEvict: (name) => evicted.push(name),
  });
  return { tenants, evicted };
}

describe.each(STORE_KINDS)('the policy over the %s store', (kind) => {
  it.skipIf(stores.skip(kind))(
    'evicts the oldest idle tenant behind more busy ones than a page of the listing holds',
    async () => {
      const { tenants, evicted } = await directory(kind, 123);
      const busy: Tenant[] = [];
      try {
        await tenants.obtain('default');
        for (let i = 0; i < 120; i++) {
          const tenant = await tenants.obtain(`busy-${i}`);
          tenant.begin();
          busy.push(tenant);
        }
        await tenants.obtain('idle-a');
        await tenants.obtain('idle-b');
        expect(evicted).toEqual([]);
        for (const name of ['new', 'new-2']) {
          const tenant = await tenants.obtain(name);
          tenant.begin();
          busy.push(tenant);
        }
        expect(evicted).toEqual(['idle-a', 'idle-b']);
        expect(await tenants.stats()).toMatchObject({ tenants: 123, evictedTenants: 2 });
        // Every candidate is busy now: the tenant is added and none evicted.
        await tenants.obtain('new-3');
        expect(evicted).toEqual(['idle-a', 'idle-b']);
        expect(await tenants.stats()).toMatchObject({ tenants: 124, evictedTenants: 2 });
      } finally {
        for (const tenant of busy) tenant.end();
        await tenants.close();
      }
    },
    30_000,
  );
});

// The memory store marks every use; a Redis process marks a tenant used at most once a second
// (redis-tenants.ts), so there uses within a second are one.
describe('least recent use on the memory store', () => {
  it('counts every use: a tenant used again goes after one used once', async () => {
    const { tenants, evicted } = await directory('memory', 3);
    try {
      for (const name of ['default', 'a', 'c']) await tenants.obtain(name);
      // Used again (twice, as a client sends its requests one after another), a is the most recent.
      await tenants.find('a');
      await tenants.find('a');
      await tenants.obtain('b');
      expect(evicted).toEqual(['c']);
    } finally {
      await tenants.close();
    }
  });
});

describe.skipIf(stores.skip('redis'))('idle expiry on the Redis store', () => {
  it('expires every idle tenant past a page of the listing, never default nor a busy one', async () => {
    const { tenants, evicted } = await directory('redis', 1_000, 1);
    const names = Array.from({ length: 150 }, (_, i) => `t-${i}`);
    try {
      await tenants.obtain('default');
      for (const name of names) await tenants.obtain(name);
      (await tenants.obtain('t-7')).begin();
      await vi.waitFor(async () => expect((await tenants.stats()).tenants).toBe(2), { timeout: 15_000, interval: 100 });
      expect(evicted.sort()).toEqual(names.filter((name) => name !== 't-7').sort());
      // An expiry is not an eviction past the limit.
      expect((await tenants.stats()).evictedTenants).toBe(0);
    } finally {
      await tenants.close();
    }
  }, 30_000);
});
