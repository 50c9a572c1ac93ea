/**
 * What a record counts against a tenant's quota, the same on either store: the UTF-8 bytes of its
 * key (as a Redis hash field names it, redis-field.ts) and of its JSON text. UTF-8 because that is
 * what Redis holds and what its scripts can count without decoding a record (Lua's `#` is bytes),
 * and what a client sent; the memory store's table keeps keys as UTF-16, but that is its own layout,
 * not what a tenant wrote.
 */
import { redisField } from './redis/redis-field.ts';

export const keyBytes = (key: string): number => Buffer.byteLength(redisField(key));

export const recordBytes = (key: string, text: string): number => keyBytes(key) + Buffer.byteLength(text);
