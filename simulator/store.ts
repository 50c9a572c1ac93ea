/**
 * The in-memory store of one tenant: named collections of records, keyed as each collection says,
 * with snapshot to plain JSON and restore.
 */
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
export const COLLECTION_NAMES = Object.keys(COLLECTION_KEYS) as CollectionName[];

export interface Snapshot {
  version: 1;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

export class Store {
  private readonly collections = new Map<CollectionName, Map<string, StoredRecord>>(
    COLLECTION_NAMES.map((name) => [name, new Map()]),
  );

  get(collection: CollectionName, key: string): StoredRecord | undefined {
    return this.of(collection).get(key);
  }

  /** Stores a record under the key its collection derives from it, replacing any record there. */
  put(collection: CollectionName, record: StoredRecord): StoredRecord {
    this.of(collection).set(COLLECTION_KEYS[collection](record), record);
    return record;
  }

  delete(collection: CollectionName, key: string): boolean {
    return this.of(collection).delete(key);
  }

  list(collection: CollectionName): StoredRecord[] {
    return [...this.of(collection).values()];
  }

  size(collection: CollectionName): number {
    return this.of(collection).size;
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      collections: Object.fromEntries(COLLECTION_NAMES.map((name) => [name, structuredClone(this.list(name))])),
    };
  }

  /** Replaces every collection with the snapshot's records (a copy: the snapshot stays untouched). */
  restore(snapshot: Snapshot): void {
    for (const name of COLLECTION_NAMES) {
      const records = this.of(name);
      records.clear();
      for (const record of structuredClone(snapshot.collections[name] ?? [])) records.set(COLLECTION_KEYS[name](record), record);
    }
  }

  private of(collection: CollectionName): Map<string, StoredRecord> {
    const records = this.collections.get(collection);
    if (!records) throw new Error(`unknown collection ${collection}`);
    return records;
  }
}
