/** Tenants never see each other's writes, even when written in parallel. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_SEED } from '../../support/property-seed.ts';
import { STORE_KINDS, useStoreKinds } from '../../support/store-kinds.ts';
import { startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const stores = useStoreKinds();
let sim: TestSimulator;

const customersOf = async (tenant: string) =>
  new Set((await sim.collections<{ id: string; name: string }>(tenant)).customers.map((c) => `${c.id}=${c.name}`));

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  beforeAll(async () => {
    if (!stores.skip(kind)) sim = await startTestSimulator(await stores.options(kind));
  });
  afterAll(async () => {
    if (!stores.skip(kind)) await sim.close();
  });

  describe.skipIf(stores.skip(kind))('tenant isolation', () => {
    it('never shows a write of one tenant in another, however they interleave', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              inA: fc.boolean(),
              id: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
              name: fc.string({ minLength: 1, maxLength: 20 }),
              viaToken: fc.boolean(),
            }),
            { minLength: 1, maxLength: 25 },
          ),
          async (writes) => {
            const [a, b] = [`iso-a-${++run}`, `iso-b-${run}`];
            const tokens = { [a]: await sim.token({ tenant: a }), [b]: await sim.token({ tenant: b }) };
            await Promise.all(
              writes.map(({ inA, id, name, viaToken }) => {
                const tenant = inA ? a : b;
                // Half the writes name their tenant in the token, half in the header.
                return sim.request({
                  method: 'PUT',
                  url: `/v1/customers/${id}`,
                  body: { name },
                  ...(viaToken ? { auth: tokens[tenant] } : { headers: { 'x-sim-tenant': tenant } }),
                });
              }),
            );
            const [seenA, seenB] = [await customersOf(a), await customersOf(b)];
            // Parallel writes to one id in one tenant may land in any order: any of their names may win.
            const written = (inA: boolean) => {
              const names = new Map<string, Set<string>>();
              for (const w of writes.filter((x) => x.inA === inA))
                names.set(w.id, (names.get(w.id) ?? new Set()).add(w.name));
              return names;
            };
            const check = (mine: Map<string, Set<string>>, theirs: Map<string, Set<string>>, seen: Set<string>) => {
              for (const [id, names] of mine) expect([...names].some((n) => seen.has(`${id}=${n}`))).toBe(true);
              for (const [id] of theirs)
                if (!mine.has(id)) expect([...seen].some((c) => c.startsWith(`${id}=`))).toBe(false);
            };
            check(written(true), written(false), seenA);
            check(written(false), written(true), seenB);
          },
        ),
        { seed: PROPERTY_SEED, numRuns: 40 },
      );
    });

    it('resets one tenant alone', async () => {
      await sim.request({
        method: 'PUT',
        url: '/v1/customers/keep',
        headers: { 'x-sim-tenant': 'r1' },
        body: { name: 'one' },
      });
      await sim.request({
        method: 'PUT',
        url: '/v1/customers/keep',
        headers: { 'x-sim-tenant': 'r2' },
        body: { name: 'two' },
      });
      await sim.rawAdmin('POST', '/__sim/reset', 'r1');
      expect([...(await customersOf('r1'))].some((c) => c.startsWith('keep='))).toBe(false);
      expect(await customersOf('r2')).toContain('keep=two');
    });
  });

  const health = async (s: TestSimulator) =>
    (await s.request({ method: 'GET', url: '/__sim/health', auth: 'none' })).json() as {
      tenants: number;
      evictedTenants: number;
      maxTenants: number;
    };
  const journalOf = async (s: TestSimulator, tenant: string) =>
    ((await s.rawAdmin('GET', '/__sim/requests', tenant)).json() as { requests: { status: number; path: string }[] })
      .requests;

  describe.skipIf(stores.skip(kind))('tenant lifecycle', () => {
    it('creates no tenant for a refused request, and journals a refusal only in a tenant that exists', async () => {
      const before = (await health(sim)).tenants;
      const noScope = await sim.token({ scopes: [], tenant: 'never-made-by-token' });
      for (let i = 0; i < 300; i++) {
        const res = await sim.request({
          method: 'PUT',
          url: `/v1/customers/c-${i}`,
          auth: i % 2 === 0 ? 'none' : noScope,
          headers: { 'x-sim-tenant': `refused-${i}` },
          body: { name: 'x' },
        });
        expect(res.statusCode).toBe(i % 2 === 0 ? 401 : 403);
      }
      expect((await health(sim)).tenants).toBe(before);
      // The default tenant still holds its dataset.
      expect((await customersOf('default')).size).toBeGreaterThan(0);

      await sim.request({
        method: 'POST',
        url: '/__sim/reset',
        auth: 'none',
        headers: { 'x-sim-tenant': 'exists-already' },
      });
      await sim.request({
        method: 'GET',
        url: '/v1/products/x',
        auth: 'none',
        headers: { 'x-sim-tenant': 'exists-already' },
      });
      expect((await journalOf(sim, 'exists-already')).map((e) => e.status)).toEqual([401]);
      // Asking the admin API for the refused tenant's journal makes it, empty: the refusal was not kept anywhere.
      expect(await journalOf(sim, 'refused-0')).toEqual([]);
    });

    it('evicts the least recently used idle tenant past the limit, never default, and says so', async () => {
      const small = await startTestSimulator({ limits: { maxTenants: 3 }, ...(await stores.options(kind)) });
      try {
        const write = (tenant: string, id: string) =>
          small.request({
            method: 'PUT',
            url: `/v1/customers/${id}`,
            headers: { 'x-sim-tenant': tenant },
            body: { name: tenant },
          });
        expect((await write('default', 'd-1')).statusCode).toBe(204);
        expect((await write('team-a', 'a-1')).statusCode).toBe(204);
        expect((await write('team-b', 'b-1')).statusCode).toBe(204);
        // default is now the least recently used: team-a goes instead.
        expect((await write('team-c', 'c-1')).statusCode).toBe(204);
        const h = await health(small);
        expect(h).toMatchObject({ tenants: 3, maxTenants: 3, evictedTenants: 1 });
        expect(small.logs.join('')).toMatch(/"tenant":"team-a".*TenantEvicted|TenantEvicted.*"tenant":"team-a"/);
        const customers = async (tenant: string) =>
          (
            (
              await small.request({
                method: 'GET',
                url: '/__sim/state',
                auth: 'none',
                headers: { 'x-sim-tenant': tenant },
              })
            ).json() as { collections: { customers: { id: string }[] } }
          ).collections.customers.map((c) => c.id);
        expect(await customers('default')).toContain('d-1');
        expect(await customers('team-b')).toContain('b-1');
      } finally {
        await small.close();
      }
    });

    // The memory store's copy-on-write fork; a Redis tenant reads the dataset's keys until it writes (redis-scripts.ts).
    it.skipIf(kind === 'redis')(
      'makes a new tenant without copying the dataset: 300 tenants over a 200 000-record dataset cost little memory',
      async () => {
        const customers = Array.from({ length: 200_000 }, (_, i) => ({
          id: `c-${i}`,
          name: `Cliente ${i}`,
          email: `c${i}@example.com`,
        }));
        const big = await startTestSimulator({
          dataset: { version: 1, collections: { customers } },
          limits: { maxTenants: 1_000 },
        });
        try {
          const token = await big.token();
          global.gc?.();
          const before = process.memoryUsage().rss;
          for (let i = 0; i < 300; i++) {
            const res = await big.request({
              method: 'GET',
              url: `/v1/products/${'0'.repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}`,
              auth: token,
              headers: { 'x-sim-tenant': `fresh-${i}` },
            });
            expect(res.statusCode).toBe(404);
          }
          const grownMiB = (process.memoryUsage().rss - before) / 1024 / 1024;
          console.log(`300 new tenants over a 200 000-record dataset: RSS +${grownMiB.toFixed(1)} MiB`);
          // A copy of the dataset per tenant would be about 20 MiB each: 6 GiB.
          expect(grownMiB).toBeLessThan(200);
          expect((await health(big)).tenants).toBe(300);
          // Each sees the dataset, and its writes alone.
          await big.request({
            method: 'PUT',
            url: '/v1/customers/c-7',
            auth: token,
            headers: { 'x-sim-tenant': 'fresh-1' },
            body: { name: 'renamed' },
          });
          const names = async (tenant: string) =>
            (await big.collections<{ id: string; name: string }>(tenant)).customers;
          expect((await names('fresh-1')).find((c) => c.id === 'c-7')?.name).toBe('renamed');
          expect((await names('fresh-2')).find((c) => c.id === 'c-7')?.name).toBe('Cliente 7');
          expect(await names('fresh-2')).toHaveLength(200_000);
        } finally {
          await big.close();
        }
      },
      120_000,
    );
  });
});
