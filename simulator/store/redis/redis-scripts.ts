/**
 * The Lua scripts that make each store rule one atomic step in Redis, whichever process sends it:
 * a unique name or e-mail, a record stored only when absent, a delete that succeeds once, an id
 * counted once, a quota's counter, a fault rule's count, the journals' shared budget, a tenant
 * removed only while idle. Which tenant to remove is not decided here but in tenant-eviction.ts,
 * for both stores. Key names are built from the prefixes given (one Redis server or primary, not a
 * cluster).
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

/** Copies the dataset's collection into the tenant's keys on its first write. ARGV: tp, dp, collection. */
const OWN = `
local function own(tp, dp, coll)
  if redis.call('HEXISTS', tp .. 'owned', coll) == 1 then return end
  for _, part in ipairs({'c:', 'u:', 'iv:', 'sz:'}) do
    local src = redis.call('HGETALL', dp .. part .. coll)
    for i = 1, #src, 1000 do
      redis.call('HSET', tp .. part .. coll, unpack(src, i, math.min(i + 999, #src)))
    end
  end
  redis.call('HSET', tp .. 'owned', coll, 1)
end
local function source(tp, dp, coll)
  if redis.call('HEXISTS', tp .. 'owned', coll) == 1 then return tp .. 'c:' .. coll end
  return dp .. 'c:' .. coll
end
-- The bounded counter: adds delta unless that takes the counter past bound; a delta that does not
-- grow it always applies (tenant-quota.ts's fitsQuota).
local function bounded_add(counter, delta, bound)
  if delta > 0 and tonumber(redis.call('GET', counter) or '0') + delta > bound then return false end
  if delta ~= 0 then redis.call('INCRBY', counter, delta) end
  return true
end
local function index(tp, coll, key, uv)
  local olduv = redis.call('HGET', tp .. 'iv:' .. coll, key)
  if olduv and olduv ~= uv and redis.call('HGET', tp .. 'u:' .. coll, olduv) == key then redis.call('HDEL', tp .. 'u:' .. coll, olduv) end
  if uv ~= '' then
    redis.call('HSET', tp .. 'u:' .. coll, uv, key)
    redis.call('HSET', tp .. 'iv:' .. coll, key, uv)
  elseif olduv then
    redis.call('HDEL', tp .. 'iv:' .. coll, key)
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
  local holder = redis.call('HGET', (c == tp .. 'c:' .. coll) and (tp .. 'u:' .. coll) or (dp .. 'u:' .. coll), uv)
  if holder and holder ~= key then return 0 end
end
own(tp, dp, coll)
local sizes = tp .. 'sz:' .. coll
if not bounded_add(tp .. 'growth', size - tonumber(redis.call('HGET', sizes, key) or '0'), quota) then return -1 end
redis.call('HSET', tp .. 'c:' .. coll, key, text)
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
local sizes = tp .. 'sz:' .. coll
redis.call('HDEL', tp .. 'c:' .. coll, key)
local freed = tonumber(redis.call('HGET', sizes, key) or '0')
if freed ~= 0 then redis.call('DECRBY', tp .. 'growth', freed) end
redis.call('HDEL', sizes, key)
index(tp, coll, key, '')
return 1`;

/**
 * Records journal entries: each tenant keeps its last `limit` entries, or as many as fit in its
 * `tenant bytes`, and all tenants together stay under the budget. ARGV: prefix, per-tenant limit,
 * per-tenant bytes, budget bytes, then tenant and entry JSON (without seq) of each entry. Past the
 * budget, the oldest entries of any tenant go first.
 */
const JOURNAL_RECORD = `
local p, limit, tenantBytes, budget = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local function drop(t, l)
  local first = redis.call('LPOP', l)
  if not first then return end
  redis.call('DECRBY', p .. 'jbytes', #first)
  redis.call('DECRBY', p .. 't{' .. t .. '}:jb', #first)
  redis.call('ZREM', p .. 'jq', t .. '\\n' .. string.match(first, '^(%d+)|'))
end
for i = 5, #ARGV, 2 do
  local tenant = ARGV[i]
  local list = p .. 't{' .. tenant .. '}:j'
  local seq = redis.call('INCR', p .. 't{' .. tenant .. '}:jseq')
  local entry = seq .. '|' .. ARGV[i + 1]
  redis.call('RPUSH', list, entry)
  redis.call('ZADD', p .. 'jq', redis.call('INCR', p .. 'jclock'), tenant .. '\\n' .. seq)
  redis.call('INCRBY', p .. 'jbytes', #entry)
  local held = redis.call('INCRBY', p .. 't{' .. tenant .. '}:jb', #entry)
  if redis.call('LLEN', list) > limit then drop(tenant, list) end
  while held > tenantBytes and redis.call('LLEN', list) > 1 do
    drop(tenant, list)
    held = tonumber(redis.call('GET', p .. 't{' .. tenant .. '}:jb'))
  end
end
while tonumber(redis.call('GET', p .. 'jbytes')) > budget do
  local oldest = redis.call('ZRANGE', p .. 'jq', 0, 0)
  if #oldest == 0 then break end
  local t = string.match(oldest[1], '^(.*)\\n')
  local before = redis.call('ZCARD', p .. 'jq')
  drop(t, p .. 't{' .. t .. '}:j')
  if redis.call('ZCARD', p .. 'jq') == before then redis.call('ZREM', p .. 'jq', oldest[1]) end
end
return 1`;

/** Clears a tenant's journal, giving its bytes back. ARGV: prefix, tenant. */
const JOURNAL_CLEAR = `
local p, tenant = ARGV[1], ARGV[2]
local list = p .. 't{' .. tenant .. '}:j'
for _, entry in ipairs(redis.call('LRANGE', list, 0, -1)) do
  redis.call('DECRBY', p .. 'jbytes', #entry)
  redis.call('ZREM', p .. 'jq', tenant .. '\\n' .. string.match(entry, '^(%d+)|'))
end
redis.call('DEL', list, p .. 't{' .. tenant .. '}:jb')
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
 * decides. ARGV: prefix, tenant, now.
 */
const TOUCH_TENANT = `
local p = ARGV[1]
if redis.call('ZADD', p .. 'tenants', ARGV[3], ARGV[2]) == 0 then return 0 end
return redis.call('ZCARD', p .. 'tenants')`;

/**
 * The eviction policy's removal (tenant-eviction.ts): removes a tenant from the listing only when
 * no lease on it runs (redis-tenants.ts) and it was not used since listed, so two replicas never
 * both remove it and one that got busy meanwhile is kept; counts it evicted when asked. Answers 1
 * removed, else 0. ARGV: prefix, tenant, last use as listed, now, '1' to count it.
 */
const REMOVE_IF_IDLE = `
local p, tenant = ARGV[1], ARGV[2]
local used = redis.call('ZSCORE', p .. 'tenants', tenant)
if not used or tonumber(used) ~= tonumber(ARGV[3]) then return 0 end
if redis.call('ZCOUNT', p .. 't{' .. tenant .. '}:busy', ARGV[4], '+inf') > 0 then return 0 end
redis.call('ZREM', p .. 'tenants', tenant)
if ARGV[5] == '1' then redis.call('INCR', p .. 'evicted') end
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
  for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(name, { numberOfKeys: 0, lua });
  return redis as ScriptedRedis;
}
