/**
 * Fault rules of one tenant: injected statuses, latency and dropped connections per operation,
 * firing at a configured probability from a seeded generator so a run can be replayed. Which rules
 * fire is decided once, here (FaultFiring), over a small store each backend provides (FaultStore:
 * this process's memory below, Redis in redis/redis-faults.ts), so one seed fires the same rules on both.
 */
import type { AdminFaultRule } from '../../contract/index.ts';

/** A rule as a client gives it (contract/admin-api.openapi.yaml's FaultRule): the probability defaults to 1. */
export type FaultRuleInput = AdminFaultRule;

/** A rule in force: its probability filled in. `count`: how many more times it may fire; unlimited when absent. */
export type FaultRule = FaultRuleInput & { probability: number };

export type DropMode = NonNullable<FaultRule['drop']>;

export interface FaultConfig {
  seed: number;
  rules: FaultRule[];
}

/** mulberry32: a small, fast seeded generator; enough for deciding whether a rule fires. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NONE: readonly FaultRule[] = [];

/** The rules in force with the counts they have left, and a tag that changes each time rules are set. */
export interface StoredFaults {
  tag: string;
  config: FaultConfig;
}

/**
 * Where a tenant's fault rules are kept (this process's memory, or Redis for every replica): the
 * primitives the firing policy needs. `spend` is atomic: of two processes spending a rule's last
 * count, one only is answered true.
 */
export interface FaultStore {
  save(rules: StoredFaults): Promise<void>;
  /** The rules in force, each `count` being what is left; undefined when none were set. */
  load(): Promise<StoredFaults | undefined>;
  /** Spends one of rule `index`'s count: true when one was left. */
  spend(index: number): Promise<boolean>;
  clear(): Promise<void>;
}

let tags = 0;

/**
 * The firing policy, the same over either store: a rule whose count is spent is passed over without
 * drawing its number; a rule that matches draws one number from the seeded generator; a rule with a
 * count fires only when one of its count could be spent. So one seed fires the same rules on both
 * stores (on Redis each process draws from its own generator, made when it first sees the rules).
 */
export class FaultFiring {
  private generator: { tag: string; random: () => number } | undefined;

  constructor(private readonly store: FaultStore) {}

  async set(rules: FaultRuleInput[], seed = Date.now()): Promise<FaultConfig> {
    const config = { seed, rules: rules.map((r) => ({ ...r, probability: r.probability ?? 1 })) };
    await this.store.save({ tag: `${process.pid}-${Date.now()}-${++tags}`, config });
    return this.get();
  }

  async get(): Promise<FaultConfig> {
    const stored = await this.store.load();
    return stored ? structuredClone(stored.config) : { seed: 0, rules: [] };
  }

  async clear(): Promise<void> {
    await this.store.clear();
  }

  /** The rules that fire for this request; each rule that fires uses up one of its count. */
  async fire(operationId: string): Promise<readonly FaultRule[]> {
    const stored = await this.store.load();
    if (!stored || stored.config.rules.length === 0) return NONE;
    if (this.generator?.tag !== stored.tag)
      this.generator = { tag: stored.tag, random: seededRandom(stored.config.seed) };
    const { random } = this.generator;
    const fired: FaultRule[] = [];
    for (const [index, rule] of stored.config.rules.entries()) {
      if (rule.operationId !== '*' && rule.operationId !== operationId) continue;
      if (rule.count !== undefined && rule.count <= 0) continue;
      if (random() >= rule.probability) continue;
      if (rule.count !== undefined && !(await this.store.spend(index))) continue;
      fired.push(rule);
    }
    return fired;
  }
}
