/**
 * Tenants: each has its own store, journal and fault rules, so parallel test runs and partner teams
 * never see each other's data. A tenant comes into being only through an authenticated request or
 * the admin API, as a fork of the dataset's records. What a tenant and a directory of tenants are,
 * for either store: this process's memory (memory/memory-tenants.ts) or Redis
 * (redis/redis-tenants.ts). Past the tenant limit one tenant is evicted, logged and counted; which
 * one, tenant-eviction.ts decides for both.
 */
import type { FaultConfig, FaultRule, FaultRuleInput } from './faults.ts';
import type { JournalEntry, JournalQuery, JournalRecord } from './journal-entry.ts';
import type { RecordStore } from './record-store.ts';
import { DEFAULT_TENANT } from './tenant-eviction.ts';

export { DEFAULT_TENANT };

/** The limits of a shared simulator; docs/shared-simulator.md lists them. */
export interface TenantLimits {
  /** Tenants kept at once, `default` included. */
  maxTenants: number;
  /** Bytes of records a tenant may hold beyond its dataset. */
  quotaBytes: number;
  /** Bytes the journals of all tenants hold together. */
  journalBudgetBytes: number;
}

export const DEFAULT_TENANT_LIMITS: TenantLimits = {
  maxTenants: 100,
  quotaBytes: 4 * 1024 * 1024,
  journalBudgetBytes: 128 * 1024 * 1024,
};

/** What GET /__sim/health reports of the tenants. */
export interface TenantStats {
  tenants: number;
  maxTenants: number;
  evictedTenants: number;
  journalBytes: number;
  journalBudgetBytes: number;
}

/**
 * A tenant's request journal, kept in memory or in Redis: `record` settles once the entry is kept,
 * or answers undefined when it is kept already (in memory: no promise, no turn, on every request).
 */
export interface TenantJournal {
  record(entry: JournalRecord): Promise<void> | undefined;
  read(query?: JournalQuery): Promise<JournalEntry[]>;
  clear(): Promise<void>;
}

/** A tenant's fault rules (faults.ts's FaultFiring over the memory or the Redis store). */
export interface TenantFaults {
  set(rules: FaultRuleInput[], seed?: number): Promise<FaultConfig>;
  get(): Promise<FaultConfig>;
  clear(): Promise<void>;
  fire(operationId: string): Promise<readonly FaultRule[]>;
}

export interface Tenant {
  readonly name: string;
  readonly store: RecordStore;
  readonly journal: TenantJournal;
  readonly faults: TenantFaults;
  /** A request of this tenant is being served: a tenant with any is not idle, and is never evicted. */
  begin(): void;
  /** That request is answered. */
  end(): void;
}

/** Where tenants live: this process's memory (memory/memory-tenants.ts) or Redis (redis-tenants.ts). */
export interface TenantDirectory {
  /** The tenant if it exists, marked as just used. */
  find(name: string): Promise<Tenant | undefined>;
  /** The tenant, made from the dataset when it does not exist. */
  obtain(name: string): Promise<Tenant>;
  /** Puts a tenant's data back to the dataset (or empties it), keeping its journal and fault rules. */
  restoreData(name: string, empty?: boolean): Promise<Tenant>;
  stats(): Promise<TenantStats>;
  close(): Promise<void>;
}

/** Puts a tenant's state back to the dataset (or empties it), clearing its journal and faults: the same on either store. */
export async function resetTenant(tenants: TenantDirectory, name: string, empty: boolean): Promise<Tenant> {
  const tenant = await tenants.restoreData(name, empty);
  await Promise.all([tenant.journal.clear(), tenant.faults.clear()]);
  return tenant;
}
