/**
 * Fault rules of one tenant: injected statuses, latency and dropped connections per operation,
 * firing at a configured probability from a seeded generator so a run can be replayed.
 */
import type { AdminFaultRule } from '../spec/index.ts';

/** A rule as a client gives it (spec/admin-api.openapi.yaml's FaultRule): the probability defaults to 1. */
export type FaultRuleInput = AdminFaultRule;

/** A rule in force: its probability filled in. `count`: how many more times it may fire; unlimited when absent. */
export type FaultRule = FaultRuleInput & { probability: number };

export type DropMode = NonNullable<FaultRule['drop']>;

export interface FaultConfig {
  seed: number;
  rules: FaultRule[];
}

/** The request's schema, as the admin document gives it (a test holds them equal). */
export const FAULT_CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['rules'],
  properties: {
    seed: { type: 'integer' },
    rules: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['operationId'],
        properties: {
          operationId: { type: 'string', minLength: 1 },
          probability: { type: 'number', minimum: 0, maximum: 1 },
          status: { type: 'integer', minimum: 400, maximum: 599 },
          delayMs: { type: 'integer', minimum: 0, maximum: 60_000 },
          drop: { enum: ['reset', 'empty', 'malformed'] },
          count: { type: 'integer', minimum: 1 },
        },
        oneOf: [{ required: ['status'] }, { required: ['delayMs'] }, { required: ['drop'] }],
      },
    },
  },
} as const;

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

export class FaultRules {
  private config: FaultConfig = { seed: 0, rules: [] };
  private random = seededRandom(0);

  set(rules: FaultRuleInput[], seed = Date.now()): FaultConfig {
    this.config = { seed, rules: rules.map((r) => ({ ...r, probability: r.probability ?? 1 })) };
    this.random = seededRandom(seed);
    return this.get();
  }

  get(): FaultConfig {
    return structuredClone(this.config);
  }

  clear(): void {
    this.set([], 0);
  }

  /** The rules that fire for this request; each rule that fires uses up one of its count. */
  fire(operationId: string): readonly FaultRule[] {
    if (this.config.rules.length === 0) return NONE;
    const fired: FaultRule[] = [];
    for (const rule of this.config.rules) {
      if (rule.operationId !== '*' && rule.operationId !== operationId) continue;
      if (rule.count !== undefined && rule.count <= 0) continue;
      if (this.random() >= rule.probability) continue;
      if (rule.count !== undefined) rule.count--;
      fired.push(rule);
    }
    return fired;
  }
}
