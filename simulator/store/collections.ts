/**
 * The collections a tenant's records live in and how each keys its records: the data model both
 * stores (memory/store.ts in memory, redis/ in Redis) hold, and a snapshot of it as plain JSON.
 */
import type { AdminCollectionName, AdminSnapshot } from '../../contract/index.ts';

export type StoredRecord = Record<string, unknown>;

/**
 * The key of a child under its parent. JSON of the pair, so no id (a `/`, a quote, anything) can
 * make two pairs share a key: `["acme","north/zone-1"]` is not `["acme/north","zone-1"]`.
 */
export const compositeKey = (parent: unknown, id: unknown): string => JSON.stringify([String(parent), String(id)]);

/**
 * How each collection keys its records; composite keys keep a child under its parent. The admin API
 * document names the same collections (a snapshot's), checked here at compile time.
 */
export const COLLECTION_KEYS = {
  merchants: (r: StoredRecord) => String(r.id),
  providers: (r: StoredRecord) => compositeKey(r.merchantId, r.id),
  customers: (r: StoredRecord) => String(r.id),
  consumerAddresses: (r: StoredRecord) => compositeKey(r.consumerId, r.id),
  dealers: (r: StoredRecord) => String(r.id),
  coverageAreas: (r: StoredRecord) => compositeKey(r.dealerId, r.id),
  devices: (r: StoredRecord) => compositeKey(r.userId, r.deviceId),
  orderEtas: (r: StoredRecord) => compositeKey(r.dealerId, r.orderId),
  users: (r: StoredRecord) => String(r.id),
  categories: (r: StoredRecord) => String(r.id),
  brands: (r: StoredRecord) => String(r.id),
  products: (r: StoredRecord) => String(r.id),
  orderCounters: (r: StoredRecord) => String(r.consumerId),
  appEvents: (r: StoredRecord) => String(r.idMensagem),
} as const satisfies Record<AdminCollectionName, (r: StoredRecord) => string>;

export type CollectionName = keyof typeof COLLECTION_KEYS;

/** The key a record is stored under in its collection. */
export const keyOf = (collection: CollectionName, record: StoredRecord): string => COLLECTION_KEYS[collection](record);

export const COLLECTION_NAMES = Object.keys(COLLECTION_KEYS) as CollectionName[];

/** A tenant's records as plain JSON: the `--data` file, `GET`/`PUT /__sim/state` (the admin document's Snapshot). */
export type Snapshot = AdminSnapshot;
