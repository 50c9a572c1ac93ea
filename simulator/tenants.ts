/**
 * Tenants: each has its own store, journal and fault rules, made from the dataset on first use, so
 * parallel test runs and partner teams never see each other's data.
 */
import { FaultRules } from './faults.ts';
import { Journal } from './journal.ts';
import { Store, type Snapshot } from './store.ts';

export const DEFAULT_TENANT = 'default';
const MAX_TENANTS = 10_000;

export class Tenant {
  readonly store = new Store();
  readonly journal = new Journal();
  readonly faults = new FaultRules();

  constructor(readonly name: string, dataset: Snapshot) {
    this.store.restore(dataset);
  }
}

export class TenantRegistry {
  private readonly tenants = new Map<string, Tenant>();

  constructor(private readonly dataset: () => Snapshot) {}

  get(name: string): Tenant {
    let tenant = this.tenants.get(name);
    if (!tenant) {
      // Oldest tenants go first when a long-running simulator has served very many test runs.
      if (this.tenants.size >= MAX_TENANTS) this.tenants.delete(this.tenants.keys().next().value ?? '');
      tenant = new Tenant(name, this.dataset());
      this.tenants.set(name, tenant);
    }
    return tenant;
  }

  /** Puts a tenant's state back to the dataset (or empties it), clearing its journal and faults. */
  reset(name: string, empty: boolean): Tenant {
    const tenant = this.restoreData(name, empty);
    tenant.journal.clear();
    tenant.faults.clear();
    return tenant;
  }

  /** Puts a tenant's data back to the dataset (or empties it), keeping its journal and fault rules. */
  restoreData(name: string, empty = false): Tenant {
    const tenant = this.get(name);
    tenant.store.restore(empty ? { version: 1, collections: {} } : this.dataset());
    return tenant;
  }
}
