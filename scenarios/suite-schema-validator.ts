/**
 * Validates a parsed scenario file against `scenario-schema.json` (ajv, JSON Schema 2020-12) and
 * turns ajv's errors into a few readable problems, each at a place in the document.
 */
import { createAjv, keysOfPointer } from '../contract/index.ts';
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { projectFile } from '../project-files.ts';

export const SCENARIO_SCHEMA_PATH = projectFile('contract', 'scenario-schema.json');

export interface SchemaProblem {
  /** Where in the document: keys and array indexes. */
  location: (string | number)[];
  /** The problem is an unknown key: point at the key rather than its value. */
  atKey: boolean;
  message: string;
}

// The schema is the committed scenario-schema.json (test/unit/contract/scenario-schema.test.ts checks it against
// the 2020-12 meta-schema), not checked at each start: compiling the meta-schema cost a sixth of a `spec diff`.
const ajv = createAjv({ validateSchema: false });
// A message for readers, used in place of ajv's for the schema that carries it.
ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
const validateSuite = ajv.compile(JSON.parse(readFileSync(SCENARIO_SCHEMA_PATH, 'utf8')) as object);

const COMBINATORS = new Set(['anyOf', 'oneOf', 'not']);
const KEEP_AJV_MESSAGE = new Set(['type', 'required', 'additionalProperties', 'enum', 'const']);

/** The problems of a scenario file's data; empty when it follows the format. */
export function suiteSchemaProblems(data: unknown): SchemaProblem[] {
  if (validateSuite(data)) return [];
  // `propertyNames` repeats what its inner errors (which carry `propertyName`) already say.
  let errors = (validateSuite.errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames');
  // A combinator that says what it wants replaces the failures of its branches.
  for (const combinator of errors.filter((e) => COMBINATORS.has(e.keyword) && messageOf(e) !== undefined)) {
    errors = errors.filter(
      (e) =>
        e === combinator ||
        !(e.schemaPath.startsWith(`${combinator.schemaPath}/`) && e.instancePath.startsWith(combinator.instancePath)),
    );
  }
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    const problem = toProblem(error);
    const key = `${problem.location.join('/')}|${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

function messageOf(error: ErrorObject): string | undefined {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  return typeof parent['x-message'] === 'string' && !KEEP_AJV_MESSAGE.has(error.keyword)
    ? parent['x-message']
    : undefined;
}

function toProblem(error: ErrorObject): SchemaProblem {
  const location = keysOfPointer(error.instancePath).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const where = location.length ? location.join('.') : 'the suite';
  if (error.propertyName !== undefined) {
    const detail =
      messageOf(error) ??
      (error.keyword === 'pattern' ? 'a name is letters, digits and _' : (error.message ?? 'is invalid'));
    return {
      location: [...location, error.propertyName],
      atKey: true,
      message: `${where} has an invalid name "${error.propertyName}": ${detail}`,
    };
  }
  switch (error.keyword) {
    case 'required':
      return {
        location,
        atKey: false,
        message: `${where} is missing the required key "${String(error.params.missingProperty)}"`,
      };
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const known = Object.keys(((error.parentSchema ?? {}) as { properties?: object }).properties ?? {});
      return {
        location: [...location, key],
        atKey: true,
        message: `${where} has an unknown key "${key}"${known.length ? ` (known: ${known.join(', ')})` : ''}`,
      };
    }
    case 'enum':
      return {
        location,
        atKey: false,
        message: `${where} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { location, atKey: false, message: `${where} must be ${JSON.stringify(error.params.allowedValue)}` };
    default:
      return { location, atKey: false, message: `${where}: ${messageOf(error) ?? error.message ?? 'is invalid'}` };
  }
}
