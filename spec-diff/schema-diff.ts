/**
 * The changes between two JSON Schemas (2020-12, as OpenAPI 3.1 writes them, or OpenAPI 3.0's
 * dialect: `nullable: true` allows null as a type union with `null` does) of one request body,
 * parameter, response body or header, keyword by keyword, each placed at the instance field it
 * constrains (`billingAddress.country`, `items[]`) and at the schema keyword that changed.
 */
import type { ChangeKind } from './diff-severity.ts';
import { sameValue, valueKey } from './same-value.ts';

type Schema = Record<string, unknown>;

export interface SchemaChange {
  kind: ChangeKind;
  /** The instance location: property names, `[]` for an array's items, `*` for additional properties. */
  field: string[];
  /** The path below the schema to the keyword (or property) that changed. */
  schemaPath: string[];
  before?: unknown;
  after?: unknown;
  /** True when the revision adds the element (its basis is read from the revision). */
  adds: boolean;
  /** A removed property that the revision's schema refuses (no additional properties). */
  refused?: true;
  message: string;
}

/** Annotations that are reported (`default` in every listing, the others by `--changelog`), by the kind of their change. */
const REPORTED_ANNOTATIONS: Record<string, ChangeKind> = {
  description: 'description-changed',
  title: 'description-changed',
  example: 'example-changed',
  examples: 'example-changed',
  default: 'default-changed',
};
/** Keywords that say what a schema means to a reader, not what it accepts. */
const ANNOTATIONS = new Set([
  ...Object.keys(REPORTED_ANNOTATIONS),
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$schema',
  '$id',
  '$anchor',
  'xml',
  'externalDocs',
]);
/** Keywords compared on their own below; any other that changes is a `schema-changed`. */
const HANDLED = new Set([
  'type',
  'nullable',
  'enum',
  'const',
  'pattern',
  'format',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maximum',
  'exclusiveMaximum',
  'minLength',
  'minItems',
  'minProperties',
  'minimum',
  'exclusiveMinimum',
]);
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum'];
const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum'];

/** Every change from `base` to `revision`; the same schema twice gives none. */
export function diffSchemas(base: unknown, revision: unknown): SchemaChange[] {
  const changes: SchemaChange[] = [];
  compare(asSchema(base), asSchema(revision), [], [], changes, new Set());
  return changes;
}

function compare(b: Schema, r: Schema, field: string[], at: string[], out: SchemaChange[], seen: Set<unknown>): void {
  // A cycle (a schema that contains itself) is compared once; a schema shared by two fields, at each.
  if (seen.has(b) || same(b, r)) return;
  seen.add(b);
  compareKeywords(b, r, field, at, out, seen);
  seen.delete(b);
}

function compareKeywords(
  b: Schema,
  r: Schema,
  field: string[],
  at: string[],
  out: SchemaChange[],
  seen: Set<unknown>,
): void {
  const name = field.length ? field.join('.') : 'the body';
  const push = (kind: ChangeKind, key: string, message: string, adds = false, before = b[key], after = r[key]) =>
    out.push({ kind, field, schemaPath: [...at, key], adds, message, ...defined({ before, after }) });

  const [typesBefore, typesAfter] = [typesOf(b), typesOf(r)];
  const typeKind = compareTypes(typesBefore, typesAfter);
  if (typeKind) {
    // OpenAPI 3.0's `nullable` is shown as the union it means, and located at `nullable` when only it changed.
    const key = sameValue(b.type, r.type) && b.nullable !== r.nullable ? 'nullable' : 'type';
    const [before, after] = [typeValue(b, typesBefore), typeValue(r, typesAfter)];
    push(typeKind, key, `type of ${name} changed from ${show(before)} to ${show(after)}`, false, before, after);
  }

  for (const [key, kind] of Object.entries(REPORTED_ANNOTATIONS))
    if (!sameValue(b[key], r[key]))
      push(kind, key, `${key} of ${name} ${key in b ? (key in r ? 'changed' : 'removed') : 'added'}`, !(key in b));
  if (b.deprecated !== true && r.deprecated === true)
    push('property-deprecated', 'deprecated', `${name} is deprecated`, true);

  const enumKind = compareValues(valuesOf(b), valuesOf(r));
  if (enumKind) {
    const key = 'enum' in b || 'enum' in r ? 'enum' : 'const';
    push(enumKind, key, enumMessage(name, valuesOf(b), valuesOf(r)), !(key in b));
  }

  for (const key of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const [before, after] = [b[key], r[key]];
    if (before === after) continue;
    const upper = UPPER_BOUNDS.includes(key);
    const tighter =
      typeof before !== 'number' ? true : typeof after !== 'number' ? false : upper ? after < before : after > before;
    const what =
      before === undefined
        ? `added (${show(after)})`
        : after === undefined
          ? `removed (was ${show(before)})`
          : `${show(before)} to ${show(after)}`;
    push(
      tighter ? 'constraint-tightened' : 'constraint-loosened',
      key,
      `${key} of ${name}: ${what}`,
      before === undefined,
    );
  }

  for (const key of ['pattern', 'format']) {
    const [before, after] = [b[key], r[key]];
    if (before === after) continue;
    if (before === undefined) push('constraint-tightened', key, `${key} of ${name} added: ${show(after)}`, true);
    else if (after === undefined) push('constraint-loosened', key, `${key} of ${name} removed (was ${show(before)})`);
    else push('constraint-changed', key, `${key} of ${name} changed from ${show(before)} to ${show(after)}`);
  }

  const [requiredBefore, requiredAfter] = [stringsOf(b.required), stringsOf(r.required)];
  for (const prop of requiredAfter.filter((p) => !requiredBefore.includes(p)))
    out.push({
      kind: 'property-became-required',
      field: [...field, prop],
      schemaPath: [...at, 'required'],
      adds: false,
      message: `${[...field, prop].join('.')} became required`,
    });
  for (const prop of requiredBefore.filter((p) => !requiredAfter.includes(p)))
    out.push({
      kind: 'property-became-optional',
      field: [...field, prop],
      schemaPath: [...at, 'required'],
      adds: false,
      message: `${[...field, prop].join('.')} is no longer required`,
    });

  const [propsBefore, propsAfter] = [asSchema(b.properties), asSchema(r.properties)];
  for (const [prop, schema] of Object.entries(propsBefore)) {
    const path = [...field, prop];
    if (!(prop in propsAfter))
      out.push({
        kind: 'property-removed',
        field: path,
        schemaPath: [...at, 'properties', prop],
        adds: false,
        before: schema,
        ...(r.additionalProperties === false ? { refused: true } : {}),
        message: `property ${path.join('.')} removed`,
      });
    else compare(asSchema(schema), asSchema(propsAfter[prop]), path, [...at, 'properties', prop], out, seen);
  }
  for (const prop of Object.keys(propsAfter).filter((p) => !(p in propsBefore)))
    out.push({
      kind: 'property-added',
      field: [...field, prop],
      schemaPath: [...at, 'properties', prop],
      adds: true,
      after: propsAfter[prop],
      message: `property ${[...field, prop].join('.')} added`,
    });

  const [closedBefore, closedAfter] = [b.additionalProperties === false, r.additionalProperties === false];
  if (!closedBefore && closedAfter)
    push('additional-properties-closed', 'additionalProperties', `${name} refuses properties it does not name`, true);
  else if (closedBefore && !closedAfter)
    push('additional-properties-opened', 'additionalProperties', `${name} allows properties it does not name`);
  else if (isSchema(b.additionalProperties) && isSchema(r.additionalProperties))
    compare(
      b.additionalProperties,
      r.additionalProperties,
      [...field, '*'],
      [...at, 'additionalProperties'],
      out,
      seen,
    );

  if (isSchema(b.items) && isSchema(r.items)) compare(b.items, r.items, [...field, '[]'], [...at, 'items'], out, seen);
  else if (!same(b.items, r.items)) push('schema-changed', 'items', `items of ${name} changed`, b.items === undefined);

  const others = new Set([...Object.keys(b), ...Object.keys(r)]);
  for (const key of others) {
    if (HANDLED.has(key) || ANNOTATIONS.has(key) || key.startsWith('x-') || same(b[key], r[key])) continue;
    push('schema-changed', key, `${key} of ${name} changed`, !(key in b));
  }
}

/** The types a schema allows; `undefined` for any. `integer` is a kind of `number`; 3.0's `nullable: true` adds `null`. */
function typesOf(schema: Schema): Set<string> | undefined {
  const { type } = schema;
  if (type === undefined) return undefined;
  const types = new Set(Array.isArray(type) ? type.map(String) : [String(type)]);
  if (schema.nullable === true) types.add('null');
  return types;
}

/** The types as a change shows them: the keyword as written, or the union `nullable` makes. */
function typeValue(schema: Schema, types: Set<string> | undefined): unknown {
  return schema.nullable === true && types ? [...types] : schema.type;
}

function accepts(types: Set<string> | undefined, type: string): boolean {
  return !types || types.has(type) || (type === 'integer' && types.has('number'));
}

function compareTypes(b: Set<string> | undefined, r: Set<string> | undefined): ChangeKind | undefined {
  const keptAll = b ? [...b].every((t) => accepts(r, t)) : !r;
  const addedNone = r ? [...r].every((t) => accepts(b, t)) : !b;
  if (keptAll && addedNone) return undefined;
  if (keptAll) return 'type-widened';
  if (addedNone) return 'type-narrowed';
  return 'type-changed';
}

/** The values a schema allows by `enum` or `const`, `undefined` when it lists none. */
function valuesOf(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  return 'const' in schema ? [schema.const] : undefined;
}

function compareValues(b: unknown[] | undefined, r: unknown[] | undefined): ChangeKind | undefined {
  if (!b && !r) return undefined;
  if (!b) return 'enum-narrowed';
  if (!r) return 'enum-widened';
  const { removed, added } = enumDifference(b, r);
  return removed.length ? 'enum-narrowed' : added.length ? 'enum-widened' : undefined;
}

/** The values one list has and the other lacks, by a key each (a country enum has hundreds of values). */
function enumDifference(b: unknown[], r: unknown[]): { removed: unknown[]; added: unknown[] } {
  const [before, after] = [new Set(b.map(valueKey)), new Set(r.map(valueKey))];
  return { removed: b.filter((v) => !after.has(valueKey(v))), added: r.filter((v) => !before.has(valueKey(v))) };
}

function enumMessage(name: string, b: unknown[] | undefined, r: unknown[] | undefined): string {
  if (!b) return `${name} is limited to ${show(r)}`;
  if (!r) return `${name} is no longer limited to a list of values`;
  const { removed, added } = enumDifference(b, r);
  const parts = [removed.length ? `lost ${show(removed)}` : '', added.length ? `gained ${show(added)}` : ''];
  return `allowed values of ${name} ${parts.filter(Boolean).join(' and ')}`;
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const asSchema = (v: unknown): Schema => (isSchema(v) ? v : {});
const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const same = sameValue;
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A value as a short text for a message. */
export function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
