/**
 * A record read from either store is read-only in the types: a handler that assigns to one (which
 * works on Redis and answers 500 on the memory store, whose records are frozen) does not compile.
 * The `@ts-expect-error` lines are checked by tsc (`npm run typecheck`): each fails the check if the
 * assignment it marks ever compiles again.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MemoryRecordStore } from '../../../simulator/store/memory/memory-record-store.ts';
import type { ReadRecord, RecordStore } from '../../../simulator/store/record-store.ts';
import { Store } from '../../../simulator/store/memory/store.ts';

/** What a careless handler would do: rename a brand in place. */
async function renameInPlace(store: RecordStore): Promise<void> {
  const brand = await store.get('brands', 'b-1');
  if (!brand) return;
  // @ts-expect-error a record read from the store is read-only
  brand.name = 'Renamed';
  const [listed] = await store.list('brands');
  // @ts-expect-error so is one listed
  if (listed) delete listed.name;
  const [found] = await store.findBy('brands', 'name', 'Nova');
  // @ts-expect-error and one found by a field
  if (found) found.name = 'Renamed';
}

describe('records read from a store', () => {
  it('are read-only in the types, and frozen by the memory store', async () => {
    expectTypeOf<Awaited<ReturnType<RecordStore['get']>>>().toEqualTypeOf<ReadRecord | undefined>();
    const store = new MemoryRecordStore(new Store());
    await store.put('brands', { id: 'b-1', name: 'Nova' });
    await expect(renameInPlace(store)).rejects.toThrow(TypeError);
    expect(await store.get('brands', 'b-1')).toEqual({ id: 'b-1', name: 'Nova' });
  });
});
