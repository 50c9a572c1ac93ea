/** A tenant's fault rules in this process's memory, under FaultFiring (faults.ts), the policy both stores share. */
import type { FaultStore, StoredFaults } from '../faults.ts';

/** Fault rules in this process's memory: counts are spent in place. */
export class MemoryFaultStore implements FaultStore {
  private stored: StoredFaults | undefined;

  async save(rules: StoredFaults): Promise<void> {
    this.stored = structuredClone(rules);
  }

  async load(): Promise<StoredFaults | undefined> {
    return this.stored;
  }

  async spend(index: number): Promise<boolean> {
    const rule = this.stored?.config.rules[index];
    if (rule?.count === undefined || rule.count <= 0) return false;
    rule.count--;
    return true;
  }

  async clear(): Promise<void> {
    this.stored = undefined;
  }
}
