/**
 * The store interface every handler, provider state and admin route uses: asynchronous, so one
 * process's memory (memory/memory-record-store.ts, the embedded default) and a Redis server shared by many
 * processes (redis/redis-record-store.ts) serve it alike. Each rule that must hold "once" or "uniquely" is one
 * call, atomic in both: a unique value, a record stored only when absent, a delete, a record changed
 * only if nobody changed it since it was read (compare-and-set). An id counted once (`addOnce`) is
 * written once, here, over that compare-and-set.
 */
import { keyOf, type CollectionName, type Snapshot, type StoredRecord } from './collections.ts';

/**
 * A record as a store answers it: read-only, so a handler that assigns to one does not compile (the
 * memory store's records are frozen, the Redis store's are not: a change is a new record put back).
 */
export type ReadRecord = Readonly<StoredRecord>;

export interface RecordStore {
  /** The record under the key, to read. */
  get(collection: CollectionName, key: string): Promise<ReadRecord | undefined>;
  /** Several records, each as `get` answers it, read in one step (one round trip to Redis). */
  getMany(wanted: readonly (readonly [CollectionName, string])[]): Promise<(ReadRecord | undefined)[]>;
  has(collection: CollectionName, key: string): Promise<boolean>;
  put(collection: CollectionName, record: StoredRecord): Promise<void>;
  /**
   * Stores the record unless another record of the collection (under another key) holds the same
   * value of `field` (names and e-mails ignoring case and surrounding spaces), among the records
   * sharing the record's `scopeField` when one is given; false then, and nothing is stored.
   */
  putUnique(collection: CollectionName, record: StoredRecord, field: string, scopeField?: string): Promise<boolean>;
  /** Stores the record unless one is stored under its key; false then. */
  putIfAbsent(collection: CollectionName, record: StoredRecord): Promise<boolean>;
  /** Deletes the record; false when there was none (of two deletes, one only is true). */
  delete(collection: CollectionName, key: string): Promise<boolean>;
  /** The records whose indexed `field` equals `value`. */
  findBy(collection: CollectionName, field: string, value: unknown): Promise<ReadRecord[]>;
  list(collection: CollectionName): Promise<ReadRecord[]>;
  /** The record under the key and its version: what `putIfVersion` compares (its stored form). */
  getVersioned(collection: CollectionName, key: string): Promise<Versioned>;
  /** Stores the record only if the one under its key still has `version` (none: still absent); false then. */
  putIfVersion(collection: CollectionName, record: StoredRecord, version: Versioned['version']): Promise<boolean>;
  /** Replaces every collection with the snapshot's records. */
  restore(snapshot: Snapshot): Promise<void>;
  /** Stores the snapshot's records beside those there. */
  add(snapshot: Snapshot): Promise<void>;
  /** Every record's JSON text, a page at a time, collection by collection, from one consistent state where the store can. */
  exportPages(pageSize: number): AsyncIterable<{ collection: CollectionName; texts: string[] }>;
}

/** A record as read for a change: `version` is opaque (its stored text or bytes; undefined when absent). */
export interface Versioned {
  record: ReadRecord | undefined;
  version: string | Buffer | undefined;
}

/**
 * Adds `value` to the array `field` of the record under the key of `initial` (stored as `initial`
 * when there is none), unless the array holds it already; answers the array's length. Each value is
 * counted once whoever writes the record meanwhile (another request, another process): the change
 * is stored only over the version read, and read again when that lost.
 */
export async function addOnce(
  store: RecordStore,
  collection: CollectionName,
  initial: StoredRecord,
  field: string,
  value: string,
): Promise<number> {
  const key = keyOf(collection, initial);
  for (;;) {
    const { record, version } = await store.getVersioned(collection, key);
    const current = record ?? initial;
    const values = Array.isArray(current[field]) ? (current[field] as unknown[]) : [];
    if (values.includes(value)) return values.length;
    if (await store.putIfVersion(collection, { ...current, [field]: [...values, value] }, version))
      return values.length + 1;
  }
}
