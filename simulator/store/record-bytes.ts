/**
 * What a record counts against a tenant's quota, the same on either store: the UTF-8 bytes of its
 * key (as a Redis hash field names it, redis-field.ts) and of its JSON text. UTF-8 because that is
 * what Redis holds and what a client sent; the memory store's table keeps keys as UTF-16, but that
 * is its own layout, not what a tenant wrote. Measured here only: the Redis scripts are passed a
 * record's bytes and keep them beside it; the quota's rule is tenant-quota.ts.
 */
import { COLLECTION_NAMES, keyOf, type Snapshot } from './collections.ts';
import { redisField } from './redis/redis-field.ts';

export const keyBytes = (key: string): number => Buffer.byteLength(redisField(key));

export const recordBytes = (key: string, text: string): number => keyBytes(key) + Buffer.byteLength(text);

/** Bytes a snapshot's records count against a quota. */
export function snapshotBytes(snapshot: Snapshot): number {
  let bytes = 0;
  for (const name of COLLECTION_NAMES)
    for (const record of snapshot.collections[name] ?? [])
      bytes += recordBytes(keyOf(name, record), JSON.stringify(record));
  return bytes;
}
