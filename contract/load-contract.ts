/**
 * Reads contract/gas-platform.openapi.yaml once and derives what the rest of the harness needs from it:
 * the operations table, the compiled validators and the table of assumptions.
 */
import { readFileSync } from 'node:fs';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { projectFile, RUNS_FROM_BUNDLE, SPEC_JSON_FILE } from '../project-files.ts';
import { collectAssumptions } from './assumptions.ts';
import { createOperationMatcher, type OperationMatcher } from './operation-matcher.ts';
import { buildOperations } from './operations.ts';
import { createValidators, type Validators } from './validators.ts';
import type { Assumption, Operation } from './types.ts';

export const SPEC_PATH = projectFile('contract', 'gas-platform.openapi.yaml');

export interface Contract {
  /** The document as written, with its `$ref`s. */
  raw: Record<string, unknown>;
  /** The document with every `$ref` replaced by what it points to (shared objects stay shared). */
  document: Record<string, unknown>;
  operations: Operation[];
  operationsById: Map<string, Operation>;
  assumptions: Assumption[];
  validators: Validators;
  /** The operation a concrete method and path call (the one matcher every checker uses). */
  match: OperationMatcher;
}

let cached: Promise<Contract> | undefined;

/** Loads the contract; the first call parses and compiles, later calls share the result. */
export function loadContract(): Promise<Contract> {
  cached ??= readContract();
  return cached;
}

async function readContract(): Promise<Contract> {
  return contractOf(await readDocument());
}

/** The contract a document (as written, with its `$ref`s) describes: its operations, validators and matcher. */
export async function contractOf(raw: Record<string, unknown>): Promise<Contract> {
  const document = (await $RefParser.dereference(structuredClone(raw))) as Record<string, unknown>;
  const operations = buildOperations(document);
  return {
    raw,
    document,
    operations,
    operationsById: new Map(operations.map((op) => [op.id, op])),
    assumptions: collectAssumptions(raw),
    validators: createValidators(operations),
    match: createOperationMatcher(operations),
  };
}

/**
 * The document as written. Bundled, the harness reads the JSON that the build parsed from the YAML
 * (parsing the YAML takes longer than all the rest of a simulator's start); from its sources, it
 * parses the YAML, so an edit shows at once.
 */
async function readDocument(): Promise<Record<string, unknown>> {
  if (RUNS_FROM_BUNDLE) return JSON.parse(readFileSync(projectFile(SPEC_JSON_FILE), 'utf8')) as Record<string, unknown>;
  // yaml is CommonJS: its default export is the one shape Node and the bundle both give.
  const { default: yaml } = await import('yaml');
  return yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Record<string, unknown>;
}
