/**
 * The records of one tenant in this process's memory: a Store (store.ts) behind the asynchronous
 * RecordStore interface. Each call is one synchronous step underneath, so a unique value, a record
 * stored only when absent, a delete and a compare-and-set are atomic without locks.
 */
import { keyOf, type CollectionName, type Snapshot, type StoredRecord } from '../collections.ts';
import type { RecordStore, Versioned } from '../record-store.ts';
import { checkUniqueRule, uniqueValueOf } from '../unique-fields.ts';
import type { RecordTable } from './record-table.ts';
import type { Store } from './store.ts';

/** The embedded store: one process's memory (store.ts), behind the asynchronous interface. */
export class MemoryRecordStore implements RecordStore {
  constructor(readonly store: Store) {}

  async get(collection: CollectionName, key: string) {
    return this.store.get(collection, key);
  }

  async getMany(wanted: readonly (readonly [CollectionName, string])[]) {
    return wanted.map(([collection, key]) => this.store.get(collection, key));
  }

  async has(collection: CollectionName, key: string) {
    return this.store.has(collection, key);
  }

  async put(collection: CollectionName, record: StoredRecord) {
    this.store.put(collection, record);
  }

  async putUnique(collection: CollectionName, record: StoredRecord, field: string, scopeField?: string) {
    checkUniqueRule(collection, field, scopeField);
    const key = keyOf(collection, record);
    // Compared as the Redis store's index compares (unique-fields.ts), found through the field's index.
    const value = uniqueValueOf(collection, record);
    const taken =
      value !== '' &&
      this.store
        .findBy(collection, field, record[field])
        .some((other) => keyOf(collection, other) !== key && uniqueValueOf(collection, other) === value);
    if (taken) return false;
    this.store.put(collection, record);
    return true;
  }

  async putIfAbsent(collection: CollectionName, record: StoredRecord) {
    if (this.store.has(collection, keyOf(collection, record))) return false;
    this.store.put(collection, record);
    return true;
  }

  async delete(collection: CollectionName, key: string) {
    return this.store.delete(collection, key);
  }

  async findBy(collection: CollectionName, field: string, value: unknown) {
    return this.store.findBy(collection, field, value);
  }

  async list(collection: CollectionName) {
    return this.store.list(collection);
  }

  async getVersioned(collection: CollectionName, key: string) {
    return { record: this.store.get(collection, key), version: this.store.text(collection, key) };
  }

  async putIfVersion(collection: CollectionName, record: StoredRecord, version: Versioned['version']) {
    if (this.store.text(collection, keyOf(collection, record)) !== version) return false;
    this.store.put(collection, record);
    return true;
  }

  async restore(snapshot: Snapshot) {
    this.store.restore(snapshot);
  }

  async add(snapshot: Snapshot) {
    this.store.add(snapshot);
  }

  async *exportPages(pageSize: number) {
    const tables: [CollectionName, RecordTable][] = this.store.frozenTables();
    for (const [collection, table] of tables) {
      for (let slot = 0; slot >= 0;) {
        const { texts, next } = table.textsFrom(slot, pageSize);
        slot = next;
        yield { collection, texts };
      }
    }
  }
}
