/**
 * Every Redis key the simulator uses, named in one place: the builders below for the TypeScript
 * side, and LUA_KEYS, generated from the same tables, which every script of redis-scripts.ts starts
 * with. One Redis server or primary, not a cluster; a tenant's keys share the hash tag `{tenant}`.
 */
import { COLLECTION_NAMES, type CollectionName } from '../collections.ts';

export const REDIS_PREFIX = 'gas-sim:';

/** A collection's hashes, under a tenant's or the dataset's prefix. */
const COLLECTION_HASHES = {
  /** key → record text */
  records: 'c:',
  /** unique value → key of the record holding it */
  holders: 'u:',
  /** key → the record's unique value */
  uniqueValues: 'iv:',
  /** key → the record's counted bytes (record-bytes.ts) */
  sizes: 'sz:',
} as const;

/** A tenant's own keys, under its prefix. */
const TENANT_KEYS = {
  /** collection → 1 once the tenant holds its own copy of it */
  owned: 'owned',
  /** the tenant's bytes beyond the dataset's (tenant-quota.ts) */
  growth: 'growth',
  journal: 'j',
  journalBytes: 'jb',
  journalSeq: 'jseq',
  /** leases of the processes serving it (redis-tenants.ts) */
  leases: 'busy',
  faultRules: 'f',
  faultCounts: 'fc',
} as const;

/** Keys every tenant and process shares. */
const SHARED_KEYS = {
  /** tenant → last use */
  tenants: 'tenants',
  evicted: 'evicted',
  /** bytes of every tenant's journal */
  journalBytes: 'jbytes',
  /** "tenant\nseq" of every journal entry, oldest first */
  journalQueue: 'jq',
  journalClock: 'jclock',
} as const;

const TENANT_OPEN = `${REDIS_PREFIX}t{`;
const TENANT_CLOSE = '}:';

export type CollectionHash = keyof typeof COLLECTION_HASHES;

export const tenantPrefix = (tenant: string): string => `${TENANT_OPEN}${tenant}${TENANT_CLOSE}`;

/** The prefix of a dataset's keys, named by its hash: several datasets may share a server. */
export const datasetPrefix = (hash: string): string => `${REDIS_PREFIX}ds{${hash}}:`;

/** Set once the dataset under the prefix is written whole. */
export const datasetReadyKey = (prefix: string): string => `${prefix}ready`;

export const tenantKey = (tenant: string, name: keyof typeof TENANT_KEYS): string =>
  tenantPrefix(tenant) + TENANT_KEYS[name];

export const sharedKey = (name: keyof typeof SHARED_KEYS): string => REDIS_PREFIX + SHARED_KEYS[name];

/** A collection's hash under a tenant's or the dataset's prefix. */
export const collectionKey = (prefix: string, hash: CollectionHash, collection: CollectionName): string =>
  prefix + COLLECTION_HASHES[hash] + collection;

/** Every hash of every collection under the prefix. */
export const collectionKeys = (prefix: string): string[] =>
  COLLECTION_NAMES.flatMap((collection) =>
    (Object.keys(COLLECTION_HASHES) as CollectionHash[]).map((hash) => collectionKey(prefix, hash, collection)),
  );

/** A tenant's records and quota counter: what putting it back to the dataset deletes. */
export const tenantDataKeys = (tenant: string): string[] => [
  tenantKey(tenant, 'owned'),
  tenantKey(tenant, 'growth'),
  ...collectionKeys(tenantPrefix(tenant)),
];

/** A Lua table of names (double-quoted strings: these names hold no character Lua escapes differently). */
const luaTable = (names: Record<string, string>) =>
  `{ ${Object.entries(names)
    .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
    .join(', ')} }`;

/** The same names for the scripts: C (collection hashes), T (a tenant's keys), S (shared keys). */
export const LUA_KEYS = `
local C = ${luaTable(COLLECTION_HASHES)}
local T = ${luaTable(TENANT_KEYS)}
local S = ${luaTable(SHARED_KEYS)}
local function tenant_key(tenant, name) return ${JSON.stringify(TENANT_OPEN)} .. tenant .. ${JSON.stringify(TENANT_CLOSE)} .. name end
local function shared_key(name) return ${JSON.stringify(REDIS_PREFIX)} .. name end
`;
