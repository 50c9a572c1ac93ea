/**
 * The changes between two JSON Schemas (2020-12, as OpenAPI 3.1 writes them) of one request body,
 * parameter or response body, keyword by keyword, each placed at the instance field it constrains
 * (`billingAddress.country`, `items[]`) and at the schema keyword that changed.
 */
import type { ChangeKind } from './diff-severity.ts';

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

/** Keywords that say what a schema means to a reader, not what it accepts. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'example',
  'default',
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

  const typeKind = compareTypes(typesOf(b), typesOf(r));
  if (typeKind) push(typeKind, 'type', `type of ${name} changed from ${show(b.type)} to ${show(r.type)}`);

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

/** The types a schema allows; `undefined` for any. `integer` is a kind of `number`. */
function typesOf(schema: Schema): Set<string> | undefined {
  const { type } = schema;
  if (type === undefined) return undefined;
  return new Set(Array.isArray(type) ? type.map(String) : [String(type)]);
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
  const removed = b.some((v) => !r.some((w) => same(v, w)));
  const added = r.some((v) => !b.some((w) => same(v, w)));
  return removed ? 'enum-narrowed' : added ? 'enum-widened' : undefined;
}

function enumMessage(name: string, b: unknown[] | undefined, r: unknown[] | undefined): string {
  if (!b) return `${name} is limited to ${show(r)}`;
  if (!r) return `${name} is no longer limited to a list of values`;
  const removed = b.filter((v) => !r.some((w) => same(v, w)));
  const added = r.filter((v) => !b.some((w) => same(v, w)));
  const parts = [removed.length ? `lost ${show(removed)}` : '', added.length ? `gained ${show(added)}` : ''];
  return `allowed values of ${name} ${parts.filter(Boolean).join(' and ')}`;
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const asSchema = (v: unknown): Schema => (isSchema(v) ? v : {});
const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A value as a short text for a message. */
export function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
