/**
 * Reads spec/gas-platform.openapi.yaml once and derives what the rest of the harness needs from it:
 * the operations table, the compiled validators and the table of assumptions.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { projectFile } from '../project-files.ts';
import { collectAssumptions } from './assumptions.ts';
import { createOperationMatcher, type OperationMatcher } from './operation-matcher.ts';
import { buildOperations } from './operations.ts';
import { createValidators, type Validators } from './validators.ts';
import type { Assumption, Operation } from './types.ts';

export const SPEC_PATH = projectFile('spec', 'gas-platform.openapi.yaml');
/** GAS_HARNESS_CACHE_DIR moves the cache, so a test can start with none. */
const CACHE_DIR = process.env.GAS_HARNESS_CACHE_DIR ?? projectFile('node_modules', '.cache', 'gas-harness');

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
  const raw = await readDocument();
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
 * Parses the YAML document, or reads the JSON of an earlier parse of the same text: parsing the YAML
 * takes longer than all the rest of a simulator's start. The cache is keyed by the text's hash, so
 * an edited spec is always parsed anew.
 */
async function readDocument(): Promise<Record<string, unknown>> {
  const text = readFileSync(SPEC_PATH, 'utf8');
  const cached = join(CACHE_DIR, `openapi-${createHash('sha256').update(text).digest('hex').slice(0, 20)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as Record<string, unknown>;
  } catch {
    // yaml is CommonJS: its default export is the one shape Node and the bundle both give.
    const { default: yaml } = await import('yaml');
    const raw = yaml.parse(text) as Record<string, unknown>;
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      writeFileSync(cached, JSON.stringify(raw));
    } catch {
      // A read-only checkout only loses the speed-up.
    }
    return raw;
  }
}
