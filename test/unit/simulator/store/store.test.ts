/** The store answers as a plain map of records would, through growth, rewrites and compactions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordTable } from '../../../../simulator/store/memory/record-table.ts';
import { compositeKey, Store, type StoredRecord } from '../../../../simulator/store/memory/store.ts';
import { PROPERTY_SEED } from '../../../support/property-seed.ts';

type Step = { op: 'put'; id: string; name: string; size: number } | { op: 'delete'; id: string } | { op: 'restore' };

/** Keys that UTF-8 would confuse (lone surrogates), that normalize alike, empty, long, and any. */
const KEYS = [
  'a',
  'b',
  'c',
  '\uD800',
  '\uDC00',
  '\uFFFD',
  'é',
  'e\u0301',
  '',
  '𝄞',
  'c-0001/x',
  'k'.repeat(300),
  '\uD800'.repeat(200),
];
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ unit: 'binary', maxLength: 6 }));

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      op: fc.constant('put' as const),
      id: key,
      name: fc.string({ unit: 'binary', maxLength: 30 }),
      size: fc.nat(3_000),
    }),
  },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('delete' as const), id: key }) },
  { weight: 1, arbitrary: fc.constant({ op: 'restore' as const }) },
);

describe('the store', () => {
  it('reads back, lists in insertion order and counts as a map of records does', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 100, maxLength: 400 }), (steps) => {
        const store = new Store();
        const model = new Map<string, { id: string; name: string; filler: string }>();
        for (const s of steps) {
          if (s.op === 'put') {
            const record = { id: s.id, name: s.name, filler: 'é'.repeat(s.size) };
            store.put('customers', record);
            model.set(s.id, record);
          } else if (s.op === 'delete') {
            expect(store.delete('customers', s.id)).toBe(model.delete(s.id));
          } else {
            store.restore({ version: 1, collections: { customers: [...model.values()] } });
          }
          expect(store.size('customers')).toBe(model.size);
          // Read between writes, so a parsed record kept from before a write would show.
          if (s.op !== 'restore') expect(store.get('customers', s.id)).toEqual(model.get(s.id));
        }
        // JSON keeps a lone surrogate as an escape, so every record comes back exactly.
        expect(store.list('customers')).toEqual([...model.values()]);
        for (const [id, record] of model) expect(store.get('customers', id)).toEqual(record);
        for (const id of [...KEYS, ...steps.flatMap((s) => (s.op === 'restore' ? [] : [s.id]))])
          expect(store.has('customers', id)).toBe(model.has(id));
      }),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });

  it('answers a read frozen, so a handler that changes it fails instead of changing the store unseen', () => {
    const store = new Store();
    store.put('customers', { id: 'c1', name: 'One', document: { number: '1' } });
    const read = store.get('customers', 'c1') as StoredRecord & { document: { number: string } };
    expect(() => {
      read.name = 'Changed';
    }).toThrow(TypeError);
    expect(() => {
      read.document.number = '2';
    }).toThrow(TypeError);
    store.put('customers', { ...read, name: 'Two' });
    expect(store.get('customers', 'c1')).toEqual({ id: 'c1', name: 'Two', document: { number: '1' } });
  });

  it('keeps its bytes near what it holds through rewrites and deletes, packing what is dead', () => {
    const table = new RecordTable();
    for (let i = 0; i < 50_000; i++) {
      const key = `k${i % 200}`;
      if (i % 7 === 0) table.delete(key);
      else table.set(key, 'x'.repeat((i * 7919) % 5_000));
    }
    expect(table.size).toBeGreaterThan(0);
    // Dead bytes stay under a third of the live ones; the rest is the unused end of each block.
    expect(table.bytesAllocated).toBeLessThan(2 * table.bytesUsed + 1024 * 1024);
  });

  it('clones a table through deletes, growing rewrites and renumbered slots: same records, same order, none shared', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat(2_000), fc.boolean()), { minLength: 50, maxLength: 400 }), (writes) => {
        let table = new RecordTable();
        const model = new Map<string, string>();
        for (const [i, [k, size, remove]] of writes.entries()) {
          if (remove) expect(table.delete(k)).toBe(model.delete(k));
          else {
            const text = JSON.stringify('é'.repeat(size));
            table.set(k, text);
            model.set(k, text);
          }
          if (i % 23 === 0) {
            // The copy is packed from the original's blocks; a write to the original after it is not in it.
            const copy = table.clone();
            table.set(k, '"changed"');
            expect(copy.get(k)).toBe(model.get(k));
            table = copy;
          }
        }
        expect(table.size).toBe(model.size);
        expect(table.texts()).toEqual([...model.values()]);
        for (const [k, text] of model) expect(table.get(k)).toBe(text);
      }),
      { seed: PROPERTY_SEED, numRuns: 100 },
    );
  });

  it('holds a hundred thousand records, each read back as written', () => {
    const store = new Store();
    for (let i = 0; i < 100_000; i++) store.put('customers', { id: `c-${i}`, name: `Cliente ${i} São Paulo`, n: i });
    expect(store.size('customers')).toBe(100_000);
    for (const i of [0, 1, 4_095, 65_536, 99_999])
      expect(store.get('customers', `c-${i}`)).toEqual({ id: `c-${i}`, name: `Cliente ${i} São Paulo`, n: i });
    // Every other record rewritten longer, the rest deleted: the dead texts are reclaimed as it goes.
    for (let i = 0; i < 100_000; i++) {
      if (i % 2 === 0) store.put('customers', { id: `c-${i}`, name: `Cliente ${i} renomeado`, n: -i });
      else store.delete('customers', `c-${i}`);
    }
    expect(store.size('customers')).toBe(50_000);
    expect(store.get('customers', 'c-99998')).toEqual({ id: 'c-99998', name: 'Cliente 99998 renomeado', n: -99_998 });
    expect(store.get('customers', 'c-99999')).toBeUndefined();
    expect(
      store
        .list('customers')
        .slice(0, 2)
        .map((r) => r.id),
    ).toEqual(['c-0', 'c-2']);
  });

  it('never gives two different (parent, id) pairs one key, whatever characters they hold', () => {
    const part = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('/', 'a/', '/b', '"', '\\', '","', '%2F'),
    );
    fc.assert(
      fc.property(part, part, part, part, (a, b, c, d) => {
        fc.pre(a !== c || b !== d);
        const store = new Store();
        store.put('coverageAreas', { dealerId: a, id: b, name: 'first' });
        store.put('coverageAreas', { dealerId: c, id: d, name: 'second' });
        expect(compositeKey(a, b)).not.toBe(compositeKey(c, d));
        expect(store.size('coverageAreas')).toBe(2);
        expect(store.get('coverageAreas', compositeKey(a, b))?.name).toBe('first');
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('shares a forked collection until either side writes, then each keeps its own', () => {
    const base = new Store();
    base.restore({
      version: 1,
      collections: { brands: [{ id: 'b1', name: 'Ultragaz' }], customers: [{ id: 'c1', name: 'One' }] },
    });
    const [left, right] = [base.fork(), base.fork()];
    left.put('brands', { id: 'b2', name: 'Nova' });
    right.delete('brands', 'b1');
    expect(left.findBy('brands', 'name', 'ultragaz')).toHaveLength(1);
    expect(right.findBy('brands', 'name', 'ultragaz')).toHaveLength(0);
    expect(base.list('brands').map((b) => b.id)).toEqual(['b1']);
    expect(left.list('brands').map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(right.list('brands')).toEqual([]);
    // An export freezes the tables it reads: a write after it does not show in what it reads.
    const frozen = new Map(left.frozenTables());
    left.put('customers', { id: 'c2', name: 'Two' });
    expect(frozen.get('customers')?.size).toBe(1);
    expect(left.size('customers')).toBe(2);
  });

  it('refuses a write past its quota beyond the dataset with a 507 error, and takes rewrites and deletes', () => {
    const base = new Store();
    base.restore({ version: 1, collections: { customers: [{ id: 'seed', name: 'x'.repeat(5_000) }] } });
    const store = base.fork(10_000);
    let written = 0;
    let refused: unknown;
    try {
      for (; written < 100; written++) store.put('customers', { id: `c-${written}`, name: 'y'.repeat(1_000) });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'StorageQuotaExceeded', status: 507 });
    expect(written).toBeGreaterThanOrEqual(8);
    expect(written).toBeLessThan(10);
    // A record rewritten no larger, or deleted, is always taken.
    store.put('customers', { id: 'c-0', name: 'short' });
    expect(store.delete('customers', 'c-1')).toBe(true);
    store.put('customers', { id: 'c-1', name: 'y'.repeat(900) });
    expect(() =>
      store.restore({ version: 1, collections: { customers: [{ id: 'big', name: 'z'.repeat(20_000) }] } }),
    ).toThrow(/needs/);
    expect(store.get('customers', 'c-0')?.name).toBe('short');
  });
});
