/**
 * The in-memory store of one tenant: named collections of records, keyed as each collection says,
 * with snapshot to plain JSON and restore. Each record is kept as its JSON text outside the heap
 * (record-table.ts): a store of 100 000 records costs the garbage collector next to nothing, so it
 * serves as fast as an empty one; and every read is a copy.
 */
import { RecordTable } from './record-table.ts';

export type StoredRecord = Record<string, unknown>;

/** How each collection keys its records; composite keys keep a child under its parent. */
export const COLLECTION_KEYS = {
  merchants: (r: StoredRecord) => String(r.id),
  providers: (r: StoredRecord) => `${String(r.merchantId)}/${String(r.id)}`,
  customers: (r: StoredRecord) => String(r.id),
  consumerAddresses: (r: StoredRecord) => `${String(r.consumerId)}/${String(r.id)}`,
  dealers: (r: StoredRecord) => String(r.id),
  coverageAreas: (r: StoredRecord) => `${String(r.dealerId)}/${String(r.id)}`,
  devices: (r: StoredRecord) => `${String(r.userId)}/${String(r.deviceId)}`,
  orderEtas: (r: StoredRecord) => `${String(r.dealerId)}/${String(r.orderId)}`,
  users: (r: StoredRecord) => String(r.id),
  categories: (r: StoredRecord) => String(r.id),
  brands: (r: StoredRecord) => String(r.id),
  products: (r: StoredRecord) => String(r.id),
  orderCounters: (r: StoredRecord) => String(r.consumerId),
  appEvents: (r: StoredRecord) => String(r.idMensagem),
} as const;

export type CollectionName = keyof typeof COLLECTION_KEYS;

/**
 * Fields looked up by value (uniqueness rules, children of a parent), indexed so a lookup costs
 * the same with a hundred thousand records as with ten. Names and e-mails compare ignoring case.
 */
const INDEXED_FIELDS: Partial<Record<CollectionName, string[]>> = {
  users: ['email'],
  brands: ['name'],
  providers: ['merchantId'],
  coverageAreas: ['dealerId'],
};

const FOLDED_FIELDS = new Set(['email', 'name']);
const indexValue = (field: string, value: unknown) => (FOLDED_FIELDS.has(field) ? String(value).trim().toLowerCase() : String(value));
export const COLLECTION_NAMES = Object.keys(COLLECTION_KEYS) as CollectionName[];

export interface Snapshot {
  version: 1;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

export class Store {
  private readonly collections = new Map<CollectionName, RecordTable>(COLLECTION_NAMES.map((name) => [name, new RecordTable()]));

  /** collection → field → value → keys of the records holding it. */
  private readonly indexes = new Map<CollectionName, Map<string, Map<string, Set<string>>>>(
    Object.entries(INDEXED_FIELDS).map(([name, fields]) => [name as CollectionName, new Map(fields.map((f) => [f, new Map()]))]),
  );

  /** A copy of the record stored under `key`. */
  get(collection: CollectionName, key: string): StoredRecord | undefined {
    const text = this.of(collection).get(key);
    return text === undefined ? undefined : (JSON.parse(text) as StoredRecord);
  }

  has(collection: CollectionName, key: string): boolean {
    return this.of(collection).has(key);
  }

  /** Stores a record under the key its collection derives from it, replacing any record there. */
  put(collection: CollectionName, record: StoredRecord): StoredRecord {
    const key = COLLECTION_KEYS[collection](record);
    if (this.indexes.has(collection)) this.unindex(collection, key, this.get(collection, key));
    this.of(collection).set(key, JSON.stringify(record));
    this.index(collection, key, record);
    return record;
  }

  delete(collection: CollectionName, key: string): boolean {
    if (this.indexes.has(collection)) this.unindex(collection, key, this.get(collection, key));
    return this.of(collection).delete(key);
  }

  /** The records whose indexed `field` equals `value` (names and e-mails ignoring case and surrounding spaces). */
  findBy(collection: CollectionName, field: string, value: unknown): StoredRecord[] {
    const keys = this.indexes.get(collection)?.get(field);
    if (!keys) throw new Error(`${collection}.${field} is not indexed`);
    return [...(keys.get(indexValue(field, value)) ?? [])].map((k) => this.get(collection, k)).filter((r): r is StoredRecord => r !== undefined);
  }

  list(collection: CollectionName): StoredRecord[] {
    return this.of(collection).texts().map((text) => JSON.parse(text) as StoredRecord);
  }

  size(collection: CollectionName): number {
    return this.of(collection).size;
  }

  snapshot(): Snapshot {
    return { version: 1, collections: Object.fromEntries(COLLECTION_NAMES.map((name) => [name, this.list(name)])) };
  }

  /** Replaces every collection with the snapshot's records. */
  restore(snapshot: Snapshot): void {
    for (const name of COLLECTION_NAMES) {
      this.of(name).clear();
      for (const fieldIndex of this.indexes.get(name)?.values() ?? []) fieldIndex.clear();
      for (const record of snapshot.collections[name] ?? []) this.put(name, record);
    }
  }

  private index(collection: CollectionName, key: string, record: StoredRecord): void {
    for (const [field, byValue] of this.indexes.get(collection) ?? []) {
      if (record[field] === undefined || record[field] === null) continue;
      const value = indexValue(field, record[field]);
      let keys = byValue.get(value);
      if (!keys) byValue.set(value, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(collection: CollectionName, key: string, record: StoredRecord | undefined): void {
    if (!record) return;
    for (const [field, byValue] of this.indexes.get(collection) ?? []) {
      if (record[field] === undefined || record[field] === null) continue;
      const value = indexValue(field, record[field]);
      const keys = byValue.get(value);
      keys?.delete(key);
      if (keys?.size === 0) byValue.delete(value);
    }
  }

  private of(collection: CollectionName): RecordTable {
    const records = this.collections.get(collection);
    if (!records) throw new Error(`unknown collection ${collection}`);
    return records;
  }
}
