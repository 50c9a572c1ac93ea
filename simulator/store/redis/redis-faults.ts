/**
 * A tenant's fault rules in Redis, the same for every process: the rules (with the tag of the
 * `set` that made them) in one key, the counts left in a hash whose fields are spent by one
 * script, so a rule with `count: 3` fires three times across all replicas. Which rules fire is
 * decided above this store, by the policy the memory store shares (faults.ts).
 */
import type { FaultStore, StoredFaults } from '../faults.ts';
import type { StoreConnection } from './redis-connection.ts';
import type { ScriptedRedis } from './redis-scripts.ts';

export class RedisFaultStore implements FaultStore {
  /** The rules last read, by their stored text: parsed once, not on every request. */
  private parsed: { text: string; stored: StoredFaults } | undefined;

  constructor(
    private readonly connection: StoreConnection,
    private readonly tenantPrefix: string,
  ) {}

  private get rulesKey(): string {
    return `${this.tenantPrefix}f`;
  }

  private get countsKey(): string {
    return `${this.tenantPrefix}fc`;
  }

  async save(rules: StoredFaults): Promise<void> {
    await this.connection.call(async (r) => {
      const multi = r.multi().set(this.rulesKey, JSON.stringify(rules)).del(this.countsKey);
      rules.config.rules.forEach((rule, i) => {
        if (rule.count !== undefined) multi.hset(this.countsKey, String(i), rule.count);
      });
      await multi.exec();
    });
  }

  async load(): Promise<StoredFaults | undefined> {
    const [text, counts] = await this.connection.call((r) =>
      Promise.all([r.get(this.rulesKey), r.hgetall(this.countsKey)]),
    );
    if (!text) return undefined;
    if (this.parsed?.text !== text) this.parsed = { text, stored: JSON.parse(text) as StoredFaults };
    const { tag, config } = this.parsed.stored;
    return {
      tag,
      config: {
        seed: config.seed,
        rules: config.rules.map((rule, i) =>
          rule.count === undefined ? rule : { ...rule, count: Number(counts[String(i)] ?? 0) },
        ),
      },
    };
  }

  async spend(index: number): Promise<boolean> {
    return (await this.connection.call((r) => (r as ScriptedRedis).simSpendFault(this.countsKey, String(index)))) === 1;
  }

  async clear(): Promise<void> {
    await this.connection.call((r) => r.del(this.rulesKey, this.countsKey));
  }
}
