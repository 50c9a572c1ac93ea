/**
 * The Lua scripts that make each store rule one atomic step in Redis, whichever process sends it:
 * a unique name or e-mail, a record stored only when absent, a delete that succeeds once, an id
 * counted once, a quota's counter, a fault rule's count, the journals' shared budget, a tenant
 * removed only while idle. Which tenant to remove is not decided here but in tenant-eviction.ts,
 * for both stores. Every key name comes from redis-keys.ts: a tenant's and the dataset's prefixes
 * are given, and each script starts with that module's LUA_KEYS (the names C, T, S and their builders).
 *
 * A tenant reads the dataset's hashes until it first writes a collection; the write copies that
 * collection (records, unique index, each record's counted bytes) into the tenant's own keys, the
 * Redis form of the memory store's copy-on-write.
 *
 * The quota is tenant-quota.ts's rule: the scripts keep its counter (`growth`, the tenant's bytes
 * beyond the dataset's) and never measure a record. The simulator passes a written record's counted
 * bytes (record-bytes.ts); `sz:` hashes keep each record's beside it, for the write or delete that
 * replaces it. Copying a dataset collection leaves the counter as it is.
 *
 * No script decodes a record: Lua's JSON turns `[]` into `{}`, rounds numbers to 14 digits and
 * refuses a lone surrogate escape that JavaScript's JSON takes, so records are parsed and written
 * only in the simulator (redis-record-store.ts), and a script sees their text as it is.
 */
import type { Redis } from 'ioredis';
import { LUA_KEYS } from './redis-keys.ts';

/** Copies the dataset's collection into the tenant's keys on its first write. ARGV: tp, dp, collection. */
const OWN = `
local function own(tp, dp, coll)
  if redis.call('HEXISTS', tp .. T.owned, coll) == 1 then return end
  for _, part in ipairs({C.records, C.holders, C.uniqueValues, C.sizes}) do
    local src = redis.call('HGETALL', dp .. part .. coll)
    for i = 1, #src, 1000 do
      redis.call('HSET', tp .. part .. coll, unpack(src, i, math.min(i + 999, #src)))
    end
  end
  redis.call('HSET', tp .. T.owned, coll, 1)
end
local function source(tp, dp, coll)
  if redis.call('HEXISTS', tp .. T.owned, coll) == 1 then return tp .. C.records .. coll end
  return dp .. C.records .. coll
end
-- The bounded counter: adds delta unless that takes the counter past bound; a delta that does not
-- grow it always applies (tenant-quota.ts's fitsQuota).
local function bounded_add(counter, delta, bound)
  if delta > 0 and tonumber(redis.call('GET', counter) or '0') + delta > bound then return false end
  if delta ~= 0 then redis.call('INCRBY', counter, delta) end
  return true
end
local function index(tp, coll, key, uv)
  local holders, values = tp .. C.holders .. coll, tp .. C.uniqueValues .. coll
  local olduv = redis.call('HGET', values, key)
  if olduv and olduv ~= uv and redis.call('HGET', holders, olduv) == key then redis.call('HDEL', holders, olduv) end
  if uv ~= '' then
    redis.call('HSET', holders, uv, key)
    redis.call('HSET', values, key, uv)
  elseif olduv then
    redis.call('HDEL', values, key)
  end
end
`;

/** The record's text or nil. ARGV: tp, dp, collection, key. */
const READ = `${OWN}
return redis.call('HGET', source(ARGV[1], ARGV[2], ARGV[3]), ARGV[4])`;

/** The texts of several records, false (a nil reply) for each missing. ARGV: tp, dp, then collection and key of each. */
const READ_MANY = `${OWN}
local texts = {}
for i = 3, #ARGV, 2 do
  texts[#texts + 1] = redis.call('HGET', source(ARGV[1], ARGV[2], ARGV[i]), ARGV[i + 1])
end
return texts`;

/** Every text of a collection. ARGV: tp, dp, collection. */
const LIST = `${OWN}
return redis.call('HVALS', source(ARGV[1], ARGV[2], ARGV[3]))`;

/**
 * Stores a record. ARGV: tp, dp, collection, key, text, its counted bytes (record-bytes.ts), unique
 * value ('' for none), mode (put | unique | absent | same), quota, and for `same` the text the
 * record must still have ('' for none). Answers 1 stored, 0 refused by the mode, -1 past the quota:
 * the tenant's growth moves by the counted bytes less the old record's (tenant-quota.ts's quotaDelta).
 */
const WRITE = `${OWN}
local tp, dp, coll, key, text, size, uv, mode, quota = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), ARGV[7], ARGV[8], tonumber(ARGV[9])
local c = source(tp, dp, coll)
local old = redis.call('HGET', c, key)
if mode == 'absent' and old then return 0 end
if mode == 'same' and (old or '') ~= ARGV[10] then return 0 end
if mode == 'unique' and uv ~= '' then
  local holder = redis.call('HGET', ((c == tp .. C.records .. coll) and tp or dp) .. C.holders .. coll, uv)
  if holder and holder ~= key then return 0 end
end
own(tp, dp, coll)
local sizes = tp .. C.sizes .. coll
if not bounded_add(tp .. T.growth, size - tonumber(redis.call('HGET', sizes, key) or '0'), quota) then return -1 end
redis.call('HSET', tp .. C.records .. coll, key, text)
redis.call('HSET', sizes, key, size)
index(tp, coll, key, uv)
return 1`;

/**
 * Deletes a record, giving its counted bytes back to the tenant's growth: 1 when it was there (one
 * delete of many), else 0. ARGV: tp, dp, collection, key.
 */
const DELETE = `${OWN}
local tp, dp, coll, key = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('HEXISTS', source(tp, dp, coll), key) == 0 then return 0 end
own(tp, dp, coll)
local sizes = tp .. C.sizes .. coll
redis.call('HDEL', tp .. C.records .. coll, key)
local freed = tonumber(redis.call('HGET', sizes, key) or '0')
if freed ~= 0 then redis.call('DECRBY', tp .. T.growth, freed) end
redis.call('HDEL', sizes, key)
index(tp, coll, key, '')
return 1`;

/**
 * Records journal entries: each tenant keeps its last `limit` entries, or as many as fit in its
 * `tenant bytes`, and all tenants together stay under the budget. ARGV: per-tenant limit,
 * per-tenant bytes, budget bytes, then tenant and entry JSON (without seq) of each entry. Past the
 * budget, the oldest entries of any tenant go first.
 */
const JOURNAL_RECORD = `
local limit, tenantBytes, budget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local all, queue = shared_key(S.journalBytes), shared_key(S.journalQueue)
local function drop(t)
  local first = redis.call('LPOP', tenant_key(t, T.journal))
  if not first then return end
  redis.call('DECRBY', all, #first)
  redis.call('DECRBY', tenant_key(t, T.journalBytes), #first)
  redis.call('ZREM', queue, t .. '\\n' .. string.match(first, '^(%d+)|'))
end
for i = 4, #ARGV, 2 do
  local tenant = ARGV[i]
  local list = tenant_key(tenant, T.journal)
  local seq = redis.call('INCR', tenant_key(tenant, T.journalSeq))
  local entry = seq .. '|' .. ARGV[i + 1]
  redis.call('RPUSH', list, entry)
  redis.call('ZADD', queue, redis.call('INCR', shared_key(S.journalClock)), tenant .. '\\n' .. seq)
  redis.call('INCRBY', all, #entry)
  local held = redis.call('INCRBY', tenant_key(tenant, T.journalBytes), #entry)
  if redis.call('LLEN', list) > limit then drop(tenant) end
  while held > tenantBytes and redis.call('LLEN', list) > 1 do
    drop(tenant)
    held = tonumber(redis.call('GET', tenant_key(tenant, T.journalBytes)))
  end
end
while tonumber(redis.call('GET', all)) > budget do
  local oldest = redis.call('ZRANGE', queue, 0, 0)
  if #oldest == 0 then break end
  local t = string.match(oldest[1], '^(.*)\\n')
  local before = redis.call('ZCARD', queue)
  drop(t)
  if redis.call('ZCARD', queue) == before then redis.call('ZREM', queue, oldest[1]) end
end
return 1`;

/** Clears a tenant's journal, giving its bytes back. ARGV: tenant. */
const JOURNAL_CLEAR = `
local tenant = ARGV[1]
local list = tenant_key(tenant, T.journal)
for _, entry in ipairs(redis.call('LRANGE', list, 0, -1)) do
  redis.call('DECRBY', shared_key(S.journalBytes), #entry)
  redis.call('ZREM', shared_key(S.journalQueue), tenant .. '\\n' .. string.match(entry, '^(%d+)|'))
end
redis.call('DEL', list, tenant_key(tenant, T.journalBytes))
return 1`;

/** Spends one of a fault rule's count: 1 when there was one left. ARGV: counts key, rule index. */
const SPEND_FAULT = `
local n = tonumber(redis.call('HGET', ARGV[1], ARGV[2]) or '0')
if n <= 0 then return 0 end
redis.call('HINCRBY', ARGV[1], ARGV[2], -1)
return 1`;

/**
 * Marks a tenant used now, adding it when new; answers how many tenants there are when it was
 * added, 0 when it was known. Which tenant an addition past the limit evicts, tenant-eviction.ts
 * decides. ARGV: tenant, now.
 */
const TOUCH_TENANT = `
if redis.call('ZADD', shared_key(S.tenants), ARGV[2], ARGV[1]) == 0 then return 0 end
return redis.call('ZCARD', shared_key(S.tenants))`;

/**
 * The eviction policy's removal (tenant-eviction.ts): removes a tenant from the listing only when
 * no lease on it runs (redis-tenants.ts) and it was not used since listed, so two replicas never
 * both remove it and one that got busy meanwhile is kept; counts it evicted when asked. Answers 1
 * removed, else 0. ARGV: tenant, last use as listed, now, '1' to count it.
 */
const REMOVE_IF_IDLE = `
local tenant = ARGV[1]
local used = redis.call('ZSCORE', shared_key(S.tenants), tenant)
if not used or tonumber(used) ~= tonumber(ARGV[2]) then return 0 end
if redis.call('ZCOUNT', tenant_key(tenant, T.leases), ARGV[3], '+inf') > 0 then return 0 end
redis.call('ZREM', shared_key(S.tenants), tenant)
if ARGV[4] == '1' then redis.call('INCR', shared_key(S.evicted)) end
return 1`;

const SCRIPTS = {
  simRead: READ,
  simReadMany: READ_MANY,
  simList: LIST,
  simWrite: WRITE,
  simDelete: DELETE,
  simJournalRecord: JOURNAL_RECORD,
  simJournalClear: JOURNAL_CLEAR,
  simSpendFault: SPEND_FAULT,
  simTouchTenant: TOUCH_TENANT,
  simRemoveIfIdle: REMOVE_IF_IDLE,
} as const;

type ScriptName = keyof typeof SCRIPTS;
type Arg = string | number | Buffer;

/**
 * The scripts as commands of the connection (EVALSHA, loaded on first use); `<name>Buffer` answers
 * bytes rather than text, for a compare-and-set on exactly what Redis holds.
 */
export type ScriptedRedis = Redis & Record<ScriptName | `${ScriptName}Buffer`, (...args: Arg[]) => Promise<unknown>>;

export function defineScripts(redis: Redis): ScriptedRedis {
  for (const [name, lua] of Object.entries(SCRIPTS))
    redis.defineCommand(name, { numberOfKeys: 0, lua: `${LUA_KEYS}${lua}` });
  return redis as ScriptedRedis;
}
