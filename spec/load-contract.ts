/**
 * Reads spec/gas-platform.openapi.yaml once and derives what the rest of the harness needs from it:
 * the operations table, the compiled validators and the table of assumptions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { parse as parseYaml } from 'yaml';
import { collectAssumptions } from './assumptions.ts';
import { buildOperations } from './operations.ts';
import { createValidators, type Validators } from './validators.ts';
import type { Assumption, Operation } from './types.ts';

export const SPEC_PATH = fileURLToPath(new URL('./gas-platform.openapi.yaml', import.meta.url));

export interface Contract {
  /** The document as written, with its `$ref`s. */
  raw: Record<string, unknown>;
  /** The document with every `$ref` replaced by what it points to (shared objects stay shared). */
  document: Record<string, unknown>;
  operations: Operation[];
  operationsById: Map<string, Operation>;
  assumptions: Assumption[];
  validators: Validators;
}

let cached: Promise<Contract> | undefined;

/** Loads the contract; the first call parses and compiles, later calls share the result. */
export function loadContract(): Promise<Contract> {
  cached ??= readContract();
  return cached;
}

async function readContract(): Promise<Contract> {
  const raw = parseYaml(readFileSync(SPEC_PATH, 'utf8')) as Record<string, unknown>;
  const document = (await $RefParser.dereference(structuredClone(raw))) as Record<string, unknown>;
  const operations = buildOperations(document);
  return {
    raw,
    document,
    operations,
    operationsById: new Map(operations.map((op) => [op.id, op])),
    assumptions: collectAssumptions(raw),
    validators: createValidators(operations),
  };
}
