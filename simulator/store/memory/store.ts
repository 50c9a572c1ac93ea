/**
 * The in-memory store of one tenant: named collections of records, keyed as each collection says,
 * with snapshot to plain JSON and restore. Each record is kept as its JSON text outside the heap
 * (record-table.ts): a store of 100 000 records costs the garbage collector next to nothing, so it
 * serves as fast as an empty one. A read answers the record frozen (parsed once while it stays hot).
 *
 * Stores share collections copy-on-write: a tenant starts as a fork of the dataset's store (a few
 * pointers, whatever the dataset's size) and copies a collection only when it first writes to it;
 * an export forks the same way, so it reads a collection nobody writes while it streams. A store
 * holds at most its dataset's bytes plus a quota; a write past that is refused (507): the rule is
 * tenant-quota.ts's, for both stores, and a store keeps the counter it bounds, its growth beyond
 * the dataset.
 */
import {
  COLLECTION_KEYS,
  COLLECTION_NAMES,
  type CollectionName,
  type Snapshot,
  type StoredRecord,
} from '../collections.ts';
import { keyBytes, recordBytes, snapshotBytes } from '../record-bytes.ts';
import { RecordTable } from './record-table.ts';
import { fitsQuota, quotaDelta, quotaExceeded, snapshotTooLarge } from '../tenant-quota.ts';
import { indexValue } from '../unique-fields.ts';

/** What a store's callers hand it and get back, beside the store itself. */
export { compositeKey, type StoredRecord } from '../collections.ts';

/**
 * Fields looked up by value (uniqueness rules, children of a parent), indexed so a lookup costs
 * the same with a hundred thousand records as with ten. Names and e-mails compare ignoring case.
 */
const INDEXED_FIELDS: Partial<Record<CollectionName, string[]>> = {
  users: ['email'],
  brands: ['name'],
  providers: ['merchantId', 'name'],
  coverageAreas: ['dealerId'],
};

type FieldIndex = Map<string, Map<string, Set<string>>>;

/** One collection's records and indexes; `shared` ones belong to several stores and are copied before a write. */
interface Collection {
  table: RecordTable;
  /** field → value → keys of the records holding it. */
  index: FieldIndex | undefined;
  shared: boolean;
}

const emptyCollection = (name: CollectionName): Collection => ({
  table: new RecordTable(),
  index: INDEXED_FIELDS[name] ? new Map(INDEXED_FIELDS[name].map((f) => [f, new Map()])) : undefined,
  shared: false,
});

export class Store {
  private collections = new Map<CollectionName, Collection>(
    COLLECTION_NAMES.map((name) => [name, emptyCollection(name)]),
  );
  /**
   * Bytes its records count (record-bytes.ts) beyond its dataset's bytes of the same records: the
   * counter tenant-quota.ts bounds by the quota. Below zero once dataset records are deleted.
   */
  private growth: number;
  /** Counts the changes, so a saver can tell a store that changed since it last saved. */
  changes = 0;

  /** `baseBytes`: what its dataset holds; `quotaBytes`: what it may hold beyond. */
  constructor(
    private readonly quotaBytes = Number.POSITIVE_INFINITY,
    private readonly baseBytes = 0,
  ) {
    this.growth = -baseBytes;
  }

  /** A store with the same records, sharing every collection until one of the two writes to it. */
  fork(quotaBytes = this.quotaBytes): Store {
    const fork = new Store(quotaBytes, this.bytesUsed());
    fork.share(this);
    return fork;
  }

  /**
   * Replaces every collection with the other store's, shared (the dataset's, or an empty store's).
   * The base stays the dataset's bytes: an emptied tenant may hold them plus its quota, as before.
   */
  restoreFrom(other: Store): void {
    this.changes++;
    this.share(other);
  }

  /** The record stored under `key`, frozen: a change is a new record put back. */
  get(collection: CollectionName, key: string): Readonly<StoredRecord> | undefined {
    return this.of(collection).table.getParsed(key) as Readonly<StoredRecord> | undefined;
  }

  /** The record's JSON text as stored, or undefined: what a compare-and-set compares. */
  text(collection: CollectionName, key: string): string | undefined {
    return this.of(collection).table.get(key);
  }

  has(collection: CollectionName, key: string): boolean {
    return this.of(collection).table.has(key);
  }

  /** Stores a record under the key its collection derives from it, replacing any record there. */
  put(collection: CollectionName, record: StoredRecord): StoredRecord {
    const key = COLLECTION_KEYS[collection](record);
    const text = JSON.stringify(record);
    const old = this.of(collection).table.textBytesOf(key);
    // An overwrite counts the same key before and after: only a new record's key is measured.
    const delta = old < 0 ? quotaDelta(0, recordBytes(key, text)) : quotaDelta(old, Buffer.byteLength(text));
    if (!fitsQuota(this.growth, delta, this.quotaBytes)) throw quotaExceeded(this.quotaBytes);
    const { table, index } = this.writable(collection);
    this.changes++;
    this.growth += delta;
    if (index) this.unindex(index, key, this.get(collection, key));
    table.set(key, text);
    if (index) this.index(index, key, record);
    return record;
  }

  delete(collection: CollectionName, key: string): boolean {
    const old = this.of(collection).table.textBytesOf(key);
    if (old < 0) return false;
    const { table, index } = this.writable(collection);
    this.changes++;
    this.growth += quotaDelta(keyBytes(key) + old, 0);
    if (index) this.unindex(index, key, this.get(collection, key));
    return table.delete(key);
  }

  /** The records whose indexed `field` equals `value` (names and e-mails ignoring case and surrounding spaces). */
  findBy(collection: CollectionName, field: string, value: unknown): StoredRecord[] {
    const keys = this.of(collection).index?.get(field);
    if (!keys) throw new Error(`${collection}.${field} is not indexed`);
    return [...(keys.get(indexValue(field, value)) ?? [])]
      .map((k) => this.get(collection, k))
      .filter((r): r is StoredRecord => r !== undefined);
  }

  list(collection: CollectionName): StoredRecord[] {
    return this.of(collection)
      .table.texts()
      .map((text) => JSON.parse(text) as StoredRecord);
  }

  size(collection: CollectionName): number {
    return this.of(collection).table.size;
  }

  /** Bytes the store's records count against its quota (record-bytes.ts). */
  bytesUsed(): number {
    return this.baseBytes + this.growth;
  }

  /**
   * Every collection's table as it is now, frozen: later writes to this store copy the collection
   * first, so a long export reads a table that no write moves under it.
   */
  frozenTables(): [CollectionName, RecordTable][] {
    return [...this.collections].map(([name, collection]) => {
      collection.shared = true;
      return [name, collection.table];
    });
  }

  snapshot(): Snapshot {
    return { version: 1, collections: Object.fromEntries(COLLECTION_NAMES.map((name) => [name, this.list(name)])) };
  }

  /** Replaces every collection with the snapshot's records; refused whole (507) past the quota. */
  restore(snapshot: Snapshot): void {
    const staged = new Store(this.quotaBytes, this.baseBytes);
    staged.add(snapshot);
    this.collections = staged.collections;
    this.growth = staged.growth;
    this.changes++;
  }

  /** Stores every record of the snapshot beside those already here; refused whole (507) past the quota. */
  add(snapshot: Snapshot): void {
    const grows = snapshotBytes(snapshot);
    if (!fitsQuota(this.growth, grows, this.quotaBytes)) throw snapshotTooLarge(grows, this.quotaBytes - this.growth);
    for (const name of COLLECTION_NAMES) for (const record of snapshot.collections[name] ?? []) this.put(name, record);
  }

  /** Shares every collection of the other store; its bytes, less this store's base, are the growth. */
  private share(other: Store): void {
    for (const [name, collection] of other.collections) {
      collection.shared = true;
      this.collections.set(name, { ...collection });
    }
    this.growth = other.bytesUsed() - this.baseBytes;
  }

  /** The collection, copied first when it is shared with another store. */
  private writable(collection: CollectionName): Collection {
    const current = this.of(collection);
    if (!current.shared) return current;
    const copy: Collection = {
      table: current.table.clone(),
      index:
        current.index &&
        new Map(
          [...current.index].map(([field, byValue]) => [
            field,
            new Map([...byValue].map(([v, keys]) => [v, new Set(keys)])),
          ]),
        ),
      shared: false,
    };
    this.collections.set(collection, copy);
    return copy;
  }

  private index(index: FieldIndex, key: string, record: StoredRecord): void {
    for (const [field, byValue] of index) {
      if (record[field] === undefined || record[field] === null) continue;
      const value = indexValue(field, record[field]);
      let keys = byValue.get(value);
      if (!keys) byValue.set(value, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(index: FieldIndex, key: string, record: StoredRecord | undefined): void {
    if (!record) return;
    for (const [field, byValue] of index) {
      if (record[field] === undefined || record[field] === null) continue;
      const value = indexValue(field, record[field]);
      const keys = byValue.get(value);
      keys?.delete(key);
      if (keys?.size === 0) byValue.delete(value);
    }
  }

  private of(collection: CollectionName): Collection {
    const records = this.collections.get(collection);
    if (!records) throw new Error(`unknown collection ${collection}`);
    return records;
  }
}
