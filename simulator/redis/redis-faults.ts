/**
 * A tenant's fault rules in Redis, the same for every process: whether a rule fires is drawn in
 * the process (from the rules' seed), and a rule's count is spent in one script, so a rule with
 * `count: 3` fires three times across all replicas.
 */
import { seededRandom, type FaultConfig, type FaultRule, type FaultRuleInput } from '../faults.ts';
import type { TenantFaults } from '../tenants.ts';
import type { StoreConnection } from './redis-connection.ts';
import type { ScriptedRedis } from './redis-scripts.ts';

const NONE: readonly FaultRule[] = [];

export class RedisFaults implements TenantFaults {
  /** The rules last read, by their stored text, and this process's generator for them. */
  private cached: { text: string; config: FaultConfig; random: () => number } | undefined;

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

  async set(rules: FaultRuleInput[], seed = Date.now()): Promise<FaultConfig> {
    const config: FaultConfig = { seed, rules: rules.map((r) => ({ ...r, probability: r.probability ?? 1 })) };
    await this.connection.call(async (r) => {
      const multi = r.multi().set(this.rulesKey, JSON.stringify(config)).del(this.countsKey);
      config.rules.forEach((rule, i) => {
        if (rule.count !== undefined) multi.hset(this.countsKey, String(i), rule.count);
      });
      await multi.exec();
    });
    return this.get();
  }

  async get(): Promise<FaultConfig> {
    const [text, counts] = await this.connection.call((r) =>
      Promise.all([r.get(this.rulesKey), r.hgetall(this.countsKey)]),
    );
    if (!text) return { seed: 0, rules: [] };
    const config = JSON.parse(text) as FaultConfig;
    config.rules.forEach((rule, i) => {
      if (rule.count !== undefined) rule.count = Number(counts[String(i)] ?? 0);
    });
    return config;
  }

  async clear(): Promise<void> {
    await this.connection.call((r) => r.del(this.rulesKey, this.countsKey));
  }

  async fire(operationId: string): Promise<readonly FaultRule[]> {
    const text = await this.connection.call((r) => r.get(this.rulesKey));
    if (!text) return NONE;
    if (this.cached?.text !== text) {
      const config = JSON.parse(text) as FaultConfig;
      this.cached = { text, config, random: seededRandom(config.seed) };
    }
    const { config, random } = this.cached;
    const fired: FaultRule[] = [];
    for (const [i, rule] of config.rules.entries()) {
      if (rule.operationId !== '*' && rule.operationId !== operationId) continue;
      if (random() >= rule.probability) continue;
      if (
        rule.count !== undefined &&
        (await this.connection.call((r) => (r as ScriptedRedis).simSpendFault(this.countsKey, String(i)))) !== 1
      )
        continue;
      fired.push(rule);
    }
    return fired;
  }
}
