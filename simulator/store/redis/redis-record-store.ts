/**
 * One tenant's records in Redis: a hash per collection, read from the dataset's hashes until the
 * tenant first writes to the collection (redis-scripts.ts). Every write is one script, so the
 * unique and once rules hold across every simulator process sharing the server; a write is in
 * Redis before the request is answered. A write passes its record's counted bytes (record-bytes.ts)
 * and the quota; the script moves the tenant's growth as tenant-quota.ts says.
 */
import { recordBytes, snapshotBytes } from '../record-bytes.ts';
import type { RecordStore, Versioned } from '../record-store.ts';
import {
  COLLECTION_KEYS,
  COLLECTION_NAMES,
  type CollectionName,
  type Snapshot,
  type StoredRecord,
} from '../collections.ts';
import { fitsQuota, quotaExceeded, snapshotTooLarge } from '../tenant-quota.ts';
import { checkUniqueRule, indexValue, uniqueValueOf } from '../unique-fields.ts';
import type { StoreConnection } from './redis-connection.ts';
import { redisField } from './redis-field.ts';
import type { ScriptedRedis } from './redis-scripts.ts';

/** The key prefixes of a tenant and of the dataset it starts from. */
export interface RedisStorePlace {
  tenantPrefix: string;
  datasetPrefix: string;
  /** Bytes a tenant may hold beyond its dataset. */
  quotaBytes: number;
  /** Bytes of the whole dataset, the base of a tenant whose state was replaced. */
  datasetBytes: number;
}

export class RedisRecordStore implements RecordStore {
  constructor(
    private readonly connection: StoreConnection,
    private readonly place: RedisStorePlace,
  ) {}

  private run<T>(work: (redis: ScriptedRedis) => Promise<T>): Promise<T> {
    return this.connection.call((redis) => work(redis as ScriptedRedis));
  }

  private get prefixes(): [string, string] {
    return [this.place.tenantPrefix, this.place.datasetPrefix];
  }

  async get(collection: CollectionName, key: string): Promise<StoredRecord | undefined> {
    const text = (await this.run((r) => r.simRead(...this.prefixes, collection, redisField(key)))) as string | null;
    return text === null ? undefined : (JSON.parse(text) as StoredRecord);
  }

  async getMany(wanted: readonly (readonly [CollectionName, string])[]): Promise<(StoredRecord | undefined)[]> {
    const args = wanted.flatMap(([collection, key]) => [collection, redisField(key)]);
    const texts = (await this.run((r) => r.simReadMany(...this.prefixes, ...args))) as (string | null)[];
    return texts.map((text) => (text === null ? undefined : (JSON.parse(text) as StoredRecord)));
  }

  async has(collection: CollectionName, key: string): Promise<boolean> {
    return (await this.run((r) => r.simRead(...this.prefixes, collection, redisField(key)))) !== null;
  }

  async put(collection: CollectionName, record: StoredRecord): Promise<void> {
    await this.write(collection, record, 'put');
  }

  async putUnique(collection: CollectionName, record: StoredRecord, field: string, scopeField?: string) {
    checkUniqueRule(collection, field, scopeField);
    return this.write(collection, record, 'unique');
  }

  async putIfAbsent(collection: CollectionName, record: StoredRecord): Promise<boolean> {
    return this.write(collection, record, 'absent');
  }

  async delete(collection: CollectionName, key: string): Promise<boolean> {
    return (await this.run((r) => r.simDelete(...this.prefixes, collection, redisField(key)))) === 1;
  }

  async findBy(collection: CollectionName, field: string, value: unknown): Promise<StoredRecord[]> {
    const wanted = indexValue(field, value);
    return (await this.list(collection)).filter(
      (r) => r[field] !== undefined && r[field] !== null && indexValue(field, r[field]) === wanted,
    );
  }

  async list(collection: CollectionName): Promise<StoredRecord[]> {
    const texts = (await this.run((r) => r.simList(...this.prefixes, collection))) as string[];
    return texts.map((t) => JSON.parse(t) as StoredRecord);
  }

  /** The version is the record's bytes: text decoded from bytes that are not UTF-8 would never compare equal again. */
  async getVersioned(collection: CollectionName, key: string): Promise<Versioned> {
    const old = (await this.run((r) =>
      r.simReadBuffer(...this.prefixes, collection, redisField(key)),
    )) as Buffer | null;
    return old === null
      ? { record: undefined, version: undefined }
      : { record: JSON.parse(old.toString('utf8')) as StoredRecord, version: old };
  }

  /** Compare-and-set in the write script: the record is parsed and written here, never in a script. */
  async putIfVersion(
    collection: CollectionName,
    record: StoredRecord,
    version: Versioned['version'],
  ): Promise<boolean> {
    return this.write(collection, record, 'same', version ?? '');
  }

  async restore(snapshot: Snapshot): Promise<void> {
    // Emptied, the tenant holds none of the dataset's bytes: its growth starts at minus them, as in memory/store.ts.
    const { quotaBytes, datasetBytes } = this.place;
    const bytes = snapshotBytes(snapshot);
    if (!fitsQuota(-datasetBytes, bytes, quotaBytes)) throw snapshotTooLarge(bytes, quotaBytes + datasetBytes);
    const tp = this.place.tenantPrefix;
    await this.run(async (r) => {
      const multi = r.multi();
      for (const name of COLLECTION_NAMES)
        multi.del(`${tp}c:${name}`, `${tp}u:${name}`, `${tp}iv:${name}`, `${tp}sz:${name}`).hset(`${tp}owned`, name, 1);
      multi.set(`${tp}growth`, -datasetBytes);
      await multi.exec();
    });
    await this.add(snapshot);
  }

  async add(snapshot: Snapshot): Promise<void> {
    const writes: Promise<boolean>[] = [];
    for (const name of COLLECTION_NAMES)
      for (const record of snapshot.collections[name] ?? []) writes.push(this.write(name, record, 'put'));
    await Promise.all(writes);
  }

  /** Pages of each collection as Redis holds it while they are read (HSCAN: no server pause). */
  async *exportPages(pageSize: number): AsyncGenerator<{ collection: CollectionName; texts: string[] }> {
    for (const collection of COLLECTION_NAMES) {
      const owned = await this.run((r) => r.hexists(`${this.place.tenantPrefix}owned`, collection));
      const hash = `${owned === 1 ? this.place.tenantPrefix : this.place.datasetPrefix}c:${collection}`;
      let cursor = '0';
      do {
        const [next, flat] = await this.run((r) => r.hscan(hash, cursor, 'COUNT', pageSize));
        cursor = next;
        yield { collection, texts: flat.filter((_, i) => i % 2 === 1) };
      } while (cursor !== '0');
    }
  }

  private async write(
    collection: CollectionName,
    record: StoredRecord,
    mode: 'put' | 'unique' | 'absent' | 'same',
    /** With `same`: the bytes the record must still have, '' for none. */
    expected: string | Buffer = '',
  ): Promise<boolean> {
    const key = COLLECTION_KEYS[collection](record);
    const text = JSON.stringify(record);
    const result = (await this.run((r) =>
      r.simWrite(
        ...this.prefixes,
        collection,
        redisField(key),
        text,
        recordBytes(key, text),
        redisField(uniqueValueOf(collection, record)),
        mode,
        this.place.quotaBytes,
        expected,
      ),
    )) as number;
    if (result < 0) throw quotaExceeded(this.place.quotaBytes);
    return result === 1;
  }
}
