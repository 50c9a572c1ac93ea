/**
 * What a record counts against a tenant's quota, the same on either store and defined apart from
 * either: the UTF-8 bytes of its key and of its JSON text, as a client sent them (a lone surrogate,
 * which UTF-8 cannot hold, counts as the U+FFFD it becomes). Neither store's layout is counted: the
 * memory table keeps keys as UTF-16, Redis escapes some keys as hash fields (redis/redis-field.ts).
 * Measured here only: the Redis scripts are passed a record's bytes and keep them beside it; the
 * quota's rule is tenant-quota.ts.
 */
import { COLLECTION_NAMES, keyOf, type Snapshot } from './collections.ts';

export const keyBytes = (key: string): number => Buffer.byteLength(key);

export const recordBytes = (key: string, text: string): number => keyBytes(key) + Buffer.byteLength(text);

/** Bytes a snapshot's records count against a quota. */
export function snapshotBytes(snapshot: Snapshot): number {
  let bytes = 0;
  for (const name of COLLECTION_NAMES)
    for (const record of snapshot.collections[name] ?? [])
      bytes += recordBytes(keyOf(name, record), JSON.stringify(record));
  return bytes;
}
