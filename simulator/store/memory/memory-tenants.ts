/**
 * Tenants in this process's memory: each a fork of the dataset's store (a few pointers, whatever the
 * dataset's size), with a byte-ring journal under one budget and its fault rules. The directory
 * gives the eviction policy (tenant-eviction.ts) its two primitives: its tenants by last use, and a
 * removal only while idle.
 */
import { FaultFiring } from '../faults.ts';
import type { Snapshot } from '../collections.ts';
import type { JournalEntry, JournalQuery, JournalRecord } from '../journal-entry.ts';
import { evictOne, type ListedTenant, type TenantRoster } from '../tenant-eviction.ts';
import {
  DEFAULT_TENANT_LIMITS,
  type Tenant,
  type TenantDirectory,
  type TenantJournal,
  type TenantLimits,
  type TenantStats,
} from '../tenants.ts';
import { JournalBudget } from './journal-budget.ts';
import { Journal } from './journal-ring.ts';
import { MemoryFaultStore } from './memory-faults.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import { Store } from './store.ts';

/** The memory journal (journal-ring.ts) behind the asynchronous interface: recording costs no promise and no turn. */
class MemoryJournal implements TenantJournal {
  constructor(readonly entries: Journal) {}

  record(entry: JournalRecord): undefined {
    this.entries.record(entry);
    return undefined;
  }

  async read(query?: JournalQuery): Promise<JournalEntry[]> {
    return this.entries.read(query);
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }
}

class MemoryTenant implements Tenant {
  readonly journal: MemoryJournal;
  readonly faults = new FaultFiring(new MemoryFaultStore());
  readonly store: MemoryRecordStore;
  inFlight = 0;

  constructor(
    readonly name: string,
    readonly memory: Store,
    budget: JournalBudget,
    /** The registry's count of uses when this tenant last moved to the end of the order. */
    public lastUse: number,
  ) {
    this.journal = new MemoryJournal(new Journal(budget));
    this.store = new MemoryRecordStore(memory);
  }

  begin(): void {
    this.inFlight++;
  }

  end(): void {
    this.inFlight--;
  }
}

/** Tenants in this process's memory. */
export class MemoryTenants implements TenantDirectory {
  /** In order of last use, least recent first. */
  private readonly tenants = new Map<string, MemoryTenant>();
  private readonly budget: JournalBudget;
  private evictedCount = 0;
  /** Counts uses of a tenant, which mark its last use for the eviction policy. */
  private uses = 0;
  /** The tenant used last, already last in `tenants`: moving it there again on every request cost more than its lookup. */
  private latest: MemoryTenant | undefined;
  /** The eviction policy's primitives over `tenants`, synchronous underneath. */
  private readonly roster: TenantRoster = {
    oldestFirst: () => this.oldestFirst(),
    removeIfIdle: async (listed) => this.removeIfIdle(listed),
  };

  constructor(
    private readonly dataset: Store,
    private readonly limits: TenantLimits = DEFAULT_TENANT_LIMITS,
    private readonly onEvict: (tenant: string) => void = () => undefined,
  ) {
    this.budget = new JournalBudget(limits.journalBudgetBytes);
  }

  async find(name: string): Promise<Tenant | undefined> {
    return this.findNow(name);
  }

  async obtain(name: string): Promise<Tenant> {
    return this.findNow(name) ?? this.add(name);
  }

  private findNow(name: string): MemoryTenant | undefined {
    const tenant = this.tenants.get(name);
    if (tenant) {
      if (tenant !== this.latest) {
        this.tenants.delete(name);
        this.tenants.set(name, tenant);
        this.latest = tenant;
      }
      tenant.lastUse = ++this.uses;
    }
    return tenant;
  }

  /** Makes a tenant from the dataset, listed at once (a concurrent request for it finds it), then evicts one past the limit. */
  private async add(name: string): Promise<MemoryTenant> {
    const tenant = this.list(name);
    if (this.tenants.size > this.limits.maxTenants) {
      const evicted = await evictOne(this.roster, name);
      if (evicted !== undefined) this.onEvict(evicted);
    }
    return tenant;
  }

  private list(name: string): MemoryTenant {
    const tenant = new MemoryTenant(name, this.dataset.fork(this.limits.quotaBytes), this.budget, ++this.uses);
    this.tenants.set(name, tenant);
    this.latest = tenant;
    return tenant;
  }

  async restoreData(name: string, empty = false): Promise<MemoryTenant> {
    const tenant = this.findNow(name) ?? (await this.add(name));
    tenant.memory.restoreFrom(empty ? new Store() : this.dataset);
    return tenant;
  }

  /** Every tenant's records, for the state file. */
  stores(): Map<string, Store> {
    return new Map([...this.tenants].map(([name, tenant]) => [name, tenant.memory]));
  }

  /**
   * Replaces a tenant's records (made when it does not exist) with a snapshot, from the state file.
   * Restoring never evicts: state-file.ts refuses a file with more tenants than the limit before
   * restoring any, so a tenant past the limit here is its caller's mistake.
   */
  restoreTenant(name: string, snapshot: Snapshot): void {
    if (!this.tenants.has(name) && this.tenants.size >= this.limits.maxTenants)
      throw new Error(`restoring tenant ${name} would pass the limit of ${this.limits.maxTenants} tenants`);
    (this.findNow(name) ?? this.list(name)).memory.restore(snapshot);
  }

  async close(): Promise<void> {}

  async stats(): Promise<TenantStats> {
    return {
      tenants: this.tenants.size,
      maxTenants: this.limits.maxTenants,
      evictedTenants: this.evictedCount,
      journalBytes: this.budget.bytesHeld,
      journalBudgetBytes: this.limits.journalBudgetBytes,
    };
  }

  private async *oldestFirst(): AsyncGenerator<ListedTenant> {
    for (const tenant of this.tenants.values()) yield { name: tenant.name, lastUse: tenant.lastUse };
  }

  /** Removing a tenant from the map drops it whole; its journal gives its bytes back to the shared budget. */
  private removeIfIdle({ name, lastUse }: ListedTenant): boolean {
    const tenant = this.tenants.get(name);
    if (!tenant || tenant.inFlight > 0 || tenant.lastUse !== lastUse) return false;
    this.tenants.delete(name);
    if (tenant === this.latest) this.latest = undefined;
    tenant.journal.entries.clear();
    this.evictedCount++;
    return true;
  }
}
