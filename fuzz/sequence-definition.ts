/** What a stateful sequence is: a model, its commands (fast-check async commands) and its set-up. */
import type fc from 'fast-check';
import type { Contract, JsonSchema } from '../contract/index.ts';
import type { SequenceSession } from './sequence-session.ts';

export type SequenceCommand<M extends object> = fc.AsyncCommand<M, SequenceSession>;

export interface SequenceDefinition<M extends object> {
  /** Short id, used in reports and scenario file names: `user-profile`. */
  name: string;
  /** The rule the sequence checks, in words. */
  rule: string;
  /** The operations its commands call. */
  operations: string[];
  /** Prepares the target and returns the initial model. */
  setup(real: SequenceSession): Promise<M>;
  /** The arbitraries of its commands. */
  commands(contract: Contract): fc.Arbitrary<SequenceCommand<M>>[];
}

/** A component schema of the spec, by name. */
export function componentSchema(contract: Contract, name: string): JsonSchema {
  const schemas = (contract.document.components as { schemas: Record<string, JsonSchema> }).schemas;
  const schema = schemas[name];
  if (!schema) throw new Error(`the spec has no schema ${name}`);
  return schema;
}

/** The `x-assumed-<key>` reason a raw component schema gives (`x-assumed` without a key). */
export function schemaAssumption(contract: Contract, name: string, key?: string): string | undefined {
  const schemas = ((contract.raw.components as Record<string, unknown>).schemas ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  const value = schemas[name]?.[key ? `x-assumed-${key}` : 'x-assumed'];
  return typeof value === 'string' ? value : undefined;
}

/** The success status of an operation, from the spec. */
export function successOf(contract: Contract, operationId: string): number {
  const op = contract.operationsById.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  return op.successStatus;
}

/** The reason the spec gives when an operation's `status` is an assumption (or its condition is). */
export function statusAssumption(contract: Contract, operationId: string, status: number): string | undefined {
  const response = contract.operationsById.get(operationId)?.responses.get(status);
  return response?.assumed ?? response?.assumedCondition;
}
