/** Tenants never see each other's writes, even when written in parallel. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_SEED } from '../support/property-seed.ts';
import { startTestSimulator, type TestSimulator } from './sim-harness.ts';

let sim: TestSimulator;
beforeAll(async () => { sim = await startTestSimulator(); });
afterAll(async () => sim.close());

const customersOf = async (tenant: string) =>
  new Set((((await sim.request({ method: 'GET', url: '/__sim/state', auth: 'none', headers: { 'x-sim-tenant': tenant } })).json()) as { collections: { customers: { id: string; name: string }[] } })
    .collections.customers.map((c) => `${c.id}=${c.name}`));

describe('tenant isolation', () => {
  it('never shows a write of one tenant in another, however they interleave', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ inA: fc.boolean(), id: fc.stringMatching(/^[a-z0-9-]{1,12}$/), name: fc.string({ minLength: 1, maxLength: 20 }), viaToken: fc.boolean() }), { minLength: 1, maxLength: 25 }),
        async (writes) => {
          const [a, b] = [`iso-a-${++run}`, `iso-b-${run}`];
          const tokens = { [a]: await sim.token({ tenant: a }), [b]: await sim.token({ tenant: b }) };
          await Promise.all(writes.map(({ inA, id, name, viaToken }) => {
            const tenant = inA ? a : b;
            // Half the writes name their tenant in the token, half in the header.
            return sim.request({ method: 'PUT', url: `/v1/customers/${id}`, body: { name }, ...(viaToken ? { auth: tokens[tenant] } : { headers: { 'x-sim-tenant': tenant } }) });
          }));
          const [seenA, seenB] = [await customersOf(a), await customersOf(b)];
          // Parallel writes to one id in one tenant may land in any order: any of their names may win.
          const written = (inA: boolean) => {
            const names = new Map<string, Set<string>>();
            for (const w of writes.filter((x) => x.inA === inA)) names.set(w.id, (names.get(w.id) ?? new Set()).add(w.name));
            return names;
          };
          const check = (mine: Map<string, Set<string>>, theirs: Map<string, Set<string>>, seen: Set<string>) => {
            for (const [id, names] of mine) expect([...names].some((n) => seen.has(`${id}=${n}`))).toBe(true);
            for (const [id] of theirs) if (!mine.has(id)) expect([...seen].some((c) => c.startsWith(`${id}=`))).toBe(false);
          };
          check(written(true), written(false), seenA);
          check(written(false), written(true), seenB);
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 40 },
    );
  });

  it('resets one tenant alone', async () => {
    await sim.request({ method: 'PUT', url: '/v1/customers/keep', headers: { 'x-sim-tenant': 'r1' }, body: { name: 'one' } });
    await sim.request({ method: 'PUT', url: '/v1/customers/keep', headers: { 'x-sim-tenant': 'r2' }, body: { name: 'two' } });
    await sim.request({ method: 'POST', url: '/__sim/reset', auth: 'none', headers: { 'x-sim-tenant': 'r1' } });
    expect([...(await customersOf('r1'))].some((c) => c.startsWith('keep='))).toBe(false);
    expect(await customersOf('r2')).toContain('keep=two');
  });
});
