/**
 * Negative data: every way to break a valid value against its schema (wrong type, missing required
 * property, unknown property where forbidden, out of range, too short or long, bad format, pattern or
 * enum), listed for one value so fast-check can pick one and shrink the value underneath it.
 */
import type { JsonSchema } from '../contract/index.ts';
import { INT32_MAX } from './format-arbitraries.ts';
import { typesOf, validatorOf } from './schema-arbitrary.ts';

export type MutationKind = 'wrong_type' | 'missing_required' | 'unknown_property' | 'out_of_range' | 'bad_format';

export interface Mutation {
  kind: MutationKind;
  /** Where the value was broken: `body`, `body.name`, `body.document.number`. */
  target: string;
  /** The broken value. */
  value: unknown;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One representative value per JSON type, for wrong-type mutations. */
const SAMPLES: [string, unknown][] = [
  ['string', 'text'],
  ['integer', 7],
  ['number', 12.5],
  ['boolean', true],
  ['null', null],
  ['object', { a: 1 }],
  ['array', [1]],
];

/** Lists the mutations of `value` (assumed valid against `schema`); each result breaks it in one place. */
export function listMutations(schema: JsonSchema, value: unknown, root = 'body'): Mutation[] {
  const found: Mutation[] = [];
  walk(schema, value, [], (segments, kind, broken, property) => {
    const target = [root, ...segments, ...(property ? [property] : [])].join('.');
    found.push({ kind, target, value: replaceAt(value, segments, broken) });
  });
  // A mutation that the schema still accepts is not negative data (say, a type union that allows it).
  const validate = validatorOf(schema);
  return found.filter((m) => validate(m.value) !== true);
}

/** Reports a mutation: the value at `segments` becomes `broken`; `property` names the field at fault inside it. */
type Emit = (segments: string[], kind: MutationKind, broken: unknown, property?: string) => void;

function walk(schema: JsonSchema, value: unknown, at: string[], emit: Emit): void {
  const types = typesOf(schema);
  if (types) {
    for (const [type, sample] of SAMPLES) {
      const allowed = types.includes(type as never) || (type === 'integer' && types.includes('number'));
      if (!allowed) emit(at, 'wrong_type', sample);
    }
  }
  if (Array.isArray(schema.enum))
    emit(at, 'bad_format', typeof schema.enum[0] === 'string' ? 'NOT-IN-ENUM' : 987654321);
  if (typeof value === 'string') stringMutations(schema, value, at, emit);
  if (typeof value === 'number') numberMutations(schema, at, emit);
  if (isObject(value)) objectMutations(schema, value, at, emit);
  if (Array.isArray(value) && schema.items) {
    if (value.length > 0) walk(schema.items as JsonSchema, value[0], [...at, '0'], emit);
  }
}

function stringMutations(schema: JsonSchema, value: string, at: string[], emit: Emit): void {
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    emit(at, 'out_of_range', value.slice(0, schema.minLength - 1));
  if (typeof schema.maxLength === 'number') emit(at, 'out_of_range', 'x'.repeat(schema.maxLength + 1));
  const badFormats: Record<string, string> = { uuid: 'not-a-uuid', email: 'not-an-email', cpf: '12345678900' };
  if (typeof schema.format === 'string' && badFormats[schema.format]) emit(at, 'bad_format', badFormats[schema.format]);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const bad = ['', 'x', `${value} !`, '!!'].find((s) => !pattern.test(s));
    if (bad !== undefined) emit(at, 'bad_format', bad);
  }
}

function numberMutations(schema: JsonSchema, at: string[], emit: Emit): void {
  const integer = typesOf(schema)?.includes('integer') ?? false;
  const step = integer ? 1 : 0.5;
  if (typeof schema.minimum === 'number') emit(at, 'out_of_range', schema.minimum - step);
  if (typeof schema.maximum === 'number') emit(at, 'out_of_range', schema.maximum + step);
  if (schema.format === 'int32') emit(at, 'out_of_range', INT32_MAX + 1);
}

function objectMutations(schema: JsonSchema, value: Obj, at: string[], emit: Emit): void {
  for (const name of (schema.required ?? []) as string[]) {
    if (name in value) emit(at, 'missing_required', omit(value, name), name);
  }
  if (schema.additionalProperties === false)
    emit(at, 'unknown_property', { ...value, unexpectedProperty: 'x' }, 'unexpectedProperty');
  const properties = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  // The branch an if/then selects for this value constrains its properties too.
  const condition = schema.if as JsonSchema | undefined;
  const branch = (condition ? (validatorOf(condition)(value) ? schema.then : schema.else) : undefined) as
    JsonSchema | undefined;
  const branchProperties = (branch?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (name in value) walk(property, value[name], [...at, name], emit);
  }
  for (const [name, property] of Object.entries(branchProperties)) {
    if (name in value) walk(property, value[name], [...at, name], emit);
  }
}

function omit(value: Obj, name: string): Obj {
  const copy = { ...value };
  delete copy[name];
  return copy;
}

/** A copy of `root` with the value at `segments` replaced. */
function replaceAt(root: unknown, segments: string[], replacement: unknown): unknown {
  if (segments.length === 0) return replacement;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy: unknown[] = [...(root as unknown[])];
    copy[Number(head)] = replaceAt(root[Number(head)], rest, replacement);
    return copy;
  }
  const obj = root as Obj;
  return { ...obj, [head]: replaceAt(obj[head], rest, replacement) };
}
