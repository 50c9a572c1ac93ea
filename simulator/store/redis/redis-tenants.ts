/**
 * Tenants in Redis, shared by every simulator process on the server: which tenants exist (a sorted
 * set by last use), their records, journals and fault rules. The dataset is written once per
 * server (keyed by its hash); a tenant reads it until it writes. Past the tenant limit one tenant
 * is evicted (logged and counted); a tenant nobody used for the idle time expires (logged). Which
 * tenants go, tenant-eviction.ts decides for both stores; RedisRoster gives it the listing, paged,
 * and the removal of one tenant only while idle, one script (redis-scripts.ts's REMOVE_IF_IDLE).
 *
 * Idle across replicas: a process serving a tenant holds a lease on it in Redis (a sorted set of
 * process ids scored by the lease's end), taken when its first request of the tenant starts and
 * given back when its last one ends; the removal script passes over a tenant with a lease running.
 * A lease outlives the longest request (a fault delays one 60 s at most), and a process killed while
 * serving leaves one that ends by itself, so a tenant is never kept busy forever.
 */
import { createHash } from 'node:crypto';
import { COLLECTION_KEYS, COLLECTION_NAMES, type Snapshot } from '../collections.ts';
import { recordBytes, snapshotBytes } from '../record-bytes.ts';
import { uniqueValueOf } from '../unique-fields.ts';
import type { Tenant, TenantDirectory, TenantLimits, TenantStats } from '../tenants.ts';
import { evictOne, removeIdleTenants, type ListedTenant, type TenantRoster } from '../tenant-eviction.ts';
import type { StoreConnection } from './redis-connection.ts';
import { FaultFiring } from '../faults.ts';
import { RedisFaultStore } from './redis-faults.ts';
import { redisField } from './redis-field.ts';
import { JournalWriter, RedisJournal } from './redis-journal.ts';
import { RedisRecordStore } from './redis-record-store.ts';
import { defineScripts, type ScriptedRedis } from './redis-scripts.ts';

export const REDIS_PREFIX = 'gas-sim:';
/** A process marks a tenant used in Redis at most this often (and four times within the idle time). */
const TOUCH_INTERVAL_MS = 1_000;
/** How long a lease on a busy tenant lasts; taken again by a request that starts past half of it. */
const LEASE_MS = 120_000;
/** This process's name in the leases. */
const PROCESS_ID = `${process.pid}-${Math.random().toString(36).slice(2)}`;
/** Tenants read from the listing at once: the eviction policy rarely looks past the first few. */
const PAGE = 100;

export interface RedisTenantOptions {
  limits: TenantLimits;
  /** Seconds after which a tenant nobody used is dropped; never when undefined. */
  idleSeconds: number | undefined;
  onEvict(tenant: string, reason: 'limit' | 'idle'): void;
}

class RedisTenant implements Tenant {
  private inFlight = 0;
  private leaseTaken = 0;
  constructor(
    readonly name: string,
    readonly store: RedisRecordStore,
    readonly journal: RedisJournal,
    readonly faults: FaultFiring,
    private readonly connection: StoreConnection,
  ) {}

  /**
   * The lease is sent and not waited for: this process's later commands (the request's own) come
   * after it on the connection, and a failed one costs only the protection from eviction.
   */
  begin(): void {
    const now = Date.now();
    if (this.inFlight++ > 0 && now - this.leaseTaken < LEASE_MS / 2) return;
    this.leaseTaken = now;
    void this.connection.call((r) => r.zadd(leaseKey(this.name), now + LEASE_MS, PROCESS_ID)).catch(() => undefined);
  }

  end(): void {
    if (--this.inFlight > 0) return;
    this.leaseTaken = 0;
    void this.connection.call((r) => r.zrem(leaseKey(this.name), PROCESS_ID)).catch(() => undefined);
  }
}

export class RedisTenants implements TenantDirectory {
  private readonly known = new Map<string, { tenant: RedisTenant; touched: number }>();
  private readonly sweeper: NodeJS.Timeout | undefined;
  private readonly touchIntervalMs: number;
  private readonly journalWriter: JournalWriter;
  /** Settles when the dataset is on the server: requests wait for it after the server came back empty. */
  private datasetReady: Promise<void> = Promise.resolve();

  private constructor(
    private readonly connection: StoreConnection,
    private readonly datasetPrefix: string,
    private readonly datasetBytes: number,
    private readonly options: RedisTenantOptions,
  ) {
    this.journalWriter = new JournalWriter(connection, REDIS_PREFIX, options.limits.journalBudgetBytes);
    const idle = options.idleSeconds;
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, (idle ?? Number.POSITIVE_INFINITY) * 250);
    if (idle !== undefined) {
      this.sweeper = setInterval(() => void this.expireIdle(idle).catch(() => undefined), Math.min(idle * 250, 30_000));
      this.sweeper.unref();
    }
  }

  /** Writes the dataset to the server unless a process did already, and answers the directory. */
  static async open(
    connection: StoreConnection,
    dataset: Snapshot,
    options: RedisTenantOptions,
  ): Promise<RedisTenants> {
    defineScripts(connection.redis);
    const text = JSON.stringify(dataset);
    const prefix = `${REDIS_PREFIX}ds{${createHash('sha256').update(text).digest('hex').slice(0, 16)}}:`;
    await writeDataset(connection, prefix, dataset);
    const tenants = new RedisTenants(connection, prefix, snapshotBytes(dataset), options);
    // A server that came back empty (no persistence) gets the dataset again; the dataset is kept
    // as one string meanwhile, which costs the garbage collector nothing.
    connection.redis.on('ready', () => {
      tenants.datasetReady = writeDataset(connection, prefix, JSON.parse(text) as Snapshot).catch(() => undefined);
    });
    return tenants;
  }

  async find(name: string): Promise<Tenant | undefined> {
    await this.datasetReady;
    const cached = this.known.get(name);
    if (cached && Date.now() - cached.touched < this.touchIntervalMs) return cached.tenant;
    const exists = await this.connection.call((r) => r.zscore(`${REDIS_PREFIX}tenants`, name));
    if (exists === null) {
      this.known.delete(name);
      return undefined;
    }
    return this.obtain(name);
  }

  async obtain(name: string): Promise<Tenant> {
    await this.datasetReady;
    const cached = this.known.get(name);
    const now = Date.now();
    if (cached && now - cached.touched < this.touchIntervalMs) return cached.tenant;
    // How many tenants there are with this one when it is new; 0 when it was listed already.
    const added = (await this.connection.call((r) =>
      (r as ScriptedRedis).simTouchTenant(REDIS_PREFIX, name, now),
    )) as number;
    if (added > this.options.limits.maxTenants) {
      const evicted = await evictOne(new RedisRoster(this.connection, '+inf', true), name);
      if (evicted !== undefined) await this.dropRemoved(evicted, 'limit');
    }
    const tenant = cached?.tenant ?? this.make(name);
    this.known.set(name, { tenant, touched: now });
    return tenant;
  }

  async restoreData(name: string, empty = false): Promise<Tenant> {
    const tenant = await this.obtain(name);
    await this.dropData(name);
    if (empty) {
      // Emptied, the tenant holds none of the dataset's bytes: its growth starts at minus them (tenant-quota.ts).
      const tp = tenantPrefix(name);
      await this.connection.call(async (r) => {
        const multi = r.multi();
        for (const collection of COLLECTION_NAMES) multi.hset(`${tp}owned`, collection, 1);
        multi.set(`${tp}growth`, -this.datasetBytes);
        await multi.exec();
      });
    }
    return tenant;
  }

  async stats(): Promise<TenantStats> {
    const [tenants, evicted, journalBytes] = await this.connection.call((r) =>
      Promise.all([r.zcard(`${REDIS_PREFIX}tenants`), r.get(`${REDIS_PREFIX}evicted`), r.get(`${REDIS_PREFIX}jbytes`)]),
    );
    return {
      tenants,
      maxTenants: this.options.limits.maxTenants,
      evictedTenants: Number(evicted ?? 0),
      journalBytes: Number(journalBytes ?? 0),
      journalBudgetBytes: this.options.limits.journalBudgetBytes,
    };
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.journalWriter.flush();
    await this.connection.close();
  }

  private make(name: string): RedisTenant {
    const tp = tenantPrefix(name);
    const store = new RedisRecordStore(this.connection, {
      tenantPrefix: tp,
      datasetPrefix: this.datasetPrefix,
      quotaBytes: this.options.limits.quotaBytes,
      datasetBytes: this.datasetBytes,
    });
    return new RedisTenant(
      name,
      store,
      new RedisJournal(this.journalWriter, name),
      new FaultFiring(new RedisFaultStore(this.connection, tp)),
      this.connection,
    );
  }

  /** Drops a tenant's records: it reads the dataset again. */
  private async dropData(name: string): Promise<void> {
    const tp = tenantPrefix(name);
    const keys = [
      `${tp}owned`,
      `${tp}growth`,
      ...COLLECTION_NAMES.flatMap((c) => [`${tp}c:${c}`, `${tp}u:${c}`, `${tp}iv:${c}`, `${tp}sz:${c}`]),
    ];
    await this.connection.call((r) => r.del(...keys));
  }

  /** Drops everything of a tenant that is no longer listed. */
  private async dropTenant(name: string): Promise<void> {
    this.known.delete(name);
    const tenant = this.make(name);
    await Promise.all([this.dropData(name), tenant.journal.clear(), tenant.faults.clear()]);
    await this.connection.call((r) => r.del(`${tenantPrefix(name)}jseq`, leaseKey(name)));
  }

  /** Of several processes sweeping at once, the one whose removal succeeded drops the tenant. */
  private async expireIdle(idleSeconds: number): Promise<void> {
    const unused = new RedisRoster(this.connection, Date.now() - idleSeconds * 1_000, false);
    for await (const name of removeIdleTenants(unused)) await this.dropRemoved(name, 'idle');
  }

  private async dropRemoved(name: string, reason: 'limit' | 'idle'): Promise<void> {
    await this.dropTenant(name);
    this.options.onEvict(name, reason);
  }
}

/**
 * The eviction policy's primitives over the listing (tenant-eviction.ts): the tenants last used
 * up to `usedUntil` ('+inf': all), read a page at a time, and their removal while idle. An
 * expiry is not counted: `evictedTenants` counts the evictions past the limit.
 */
class RedisRoster implements TenantRoster {
  private removed = 0;

  constructor(
    private readonly connection: StoreConnection,
    private readonly usedUntil: number | '+inf',
    private readonly counted: boolean,
  ) {}

  async *oldestFirst(): AsyncGenerator<ListedTenant> {
    let seen = 0;
    for (;;) {
      // The tenants this roster removed left the listing before the next page: it starts that many earlier.
      const offset = seen - this.removed;
      const page = await this.connection.call((r) =>
        r.zrangebyscore(`${REDIS_PREFIX}tenants`, '-inf', this.usedUntil, 'WITHSCORES', 'LIMIT', offset, PAGE),
      );
      for (let i = 0; i + 1 < page.length; i += 2) yield { name: page[i] as string, lastUse: Number(page[i + 1]) };
      seen += page.length / 2;
      if (page.length < PAGE * 2) return;
    }
  }

  async removeIfIdle({ name, lastUse }: ListedTenant): Promise<boolean> {
    const answer = await this.connection.call((r) =>
      (r as ScriptedRedis).simRemoveIfIdle(REDIS_PREFIX, name, lastUse, Date.now(), this.counted ? '1' : '0'),
    );
    if (answer !== 1) return false;
    this.removed++;
    return true;
  }
}

const tenantPrefix = (name: string) => `${REDIS_PREFIX}t{${name}}:`;
/** The leases on a busy tenant (redis-scripts.ts's REMOVE_IF_IDLE builds the same name). */
const leaseKey = (name: string) => `${tenantPrefix(name)}busy`;

/**
 * Writes the dataset under its prefix, unless it is there: each record, its unique value and its
 * counted bytes (record-bytes.ts), which the scripts read when a tenant rewrites or deletes it
 * (tenant-quota.ts). `ready:sized` marks it written; a dataset written without counted bytes (only
 * `ready`) is written again.
 */
async function writeDataset(connection: StoreConnection, prefix: string, dataset: Snapshot): Promise<void> {
  if (await connection.redis.exists(`${prefix}ready:sized`)) return;
  for (const name of COLLECTION_NAMES) {
    const records = dataset.collections[name] ?? [];
    for (let i = 0; i < records.length; i += 1_000) {
      const pipeline = connection.redis.pipeline();
      for (const record of records.slice(i, i + 1_000)) {
        const id = COLLECTION_KEYS[name](record);
        const key = redisField(id);
        const text = JSON.stringify(record);
        pipeline.hset(`${prefix}c:${name}`, key, text).hset(`${prefix}sz:${name}`, key, recordBytes(id, text));
        const unique = redisField(uniqueValueOf(name, record));
        if (unique !== '') pipeline.hset(`${prefix}u:${name}`, unique, key).hset(`${prefix}iv:${name}`, key, unique);
      }
      await pipeline.exec();
    }
  }
  await connection.redis.set(`${prefix}ready:sized`, '1');
}
