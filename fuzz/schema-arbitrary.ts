/**
 * The schema→arbitrary converter: builds a fast-check arbitrary of values that are valid against a
 * (dereferenced) JSON Schema, at run time, for the keywords the spec uses. Every value it yields is
 * checked with ajv, so a keyword the converter reads loosely can never leak an invalid value.
 */
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv, type JsonSchema } from '../contract/index.ts';
import { formatArbitrary, integerBounds, numberBounds } from './format-arbitraries.ts';

type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

const ajv = createAjv();
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** The compiled ajv validator of a schema (cached by the schema object). */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The types a schema allows, in the order written; undefined when it names none. */
export function typesOf(schema: JsonSchema): SchemaType[] | undefined {
  if (typeof schema.type === 'string') return [schema.type as SchemaType];
  if (Array.isArray(schema.type)) return schema.type as SchemaType[];
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  return undefined;
}

/** An arbitrary of values valid against `schema`. */
export function arbitraryFromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  const validate = validatorOf(schema);
  return rawArbitrary(schema).filter((value) => validate(value) === true);
}

/** The converter without the final ajv guard (what it makes of the keywords alone), for its tests. */
export function unguardedArbitraryFromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  return rawArbitrary(schema);
}

function rawArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return fc.oneof(...((schema.anyOf ?? schema.oneOf) as JsonSchema[]).map((s) => rawArbitrary(s)));
  }
  if (schema.allOf || schema.not) throw new Error('the fuzzers do not generate data for allOf or not');
  const types = typesOf(schema);
  if (!types) return anyJson(2);
  const arbitraries = types.map((type) => typeArbitrary(type, schema));
  const base = arbitraries.length === 1 ? (arbitraries[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbitraries);
  return withConditional(schema, base);
}

/**
 * Any JSON value, without the prototype-poisoning keys (`__proto__`, `constructor.prototype`) that the
 * simulator refuses as ForbiddenKey: a value the schema allows but the platform's parser would reject
 * would make "valid data is accepted" fail for the generator's sake.
 */
function anyJson(maxDepth: number): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth }).filter((value) => !hasForbiddenKey(value));
}

function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasForbiddenKey);
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && typeof inner === 'object' && inner !== null && 'prototype' in inner) return true;
    if (hasForbiddenKey(inner)) return true;
  }
  return false;
}

function typeArbitrary(type: SchemaType, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer(integerBounds(schema));
    case 'number':
      return fc
        .double({ ...numberBounds(schema), noNaN: true, noDefaultInfinity: true })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? rawArbitrary(schema.items as JsonSchema) : anyJson(1), {
        minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
        maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, 5),
      });
    case 'object':
      return objectArbitrary(schema);
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 24);
  const byFormat = typeof schema.format === 'string' ? formatArbitrary(schema.format) : undefined;
  if (byFormat) return byFormat;
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength });
  // Mostly printable ASCII (readable counterexamples), sometimes any code point.
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const hints = conditionalHints(schema);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const hint = hints.get(name);
    model[name] = hint ? fc.oneof(rawArbitrary(property), fc.constantFrom(...hint)) : rawArbitrary(property);
  }
  const record = fc.record(model, { requiredKeys: [...required].filter((k) => k in properties) });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || extra === null) return record;
  const dictionary = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in properties) && k !== '__proto__'),
    rawArbitrary(extra as JsonSchema),
    { maxKeys: 3 },
  );
  return fc.tuple(dictionary, record).map(([more, known]) => ({ ...more, ...known }));
}

/** Values an `if` tests for (`const`/`enum` of its properties), offered so the `then` branch is reached. */
function conditionalHints(schema: JsonSchema): Map<string, unknown[]> {
  const hints = new Map<string, unknown[]>();
  const condition = schema.if as JsonSchema | undefined;
  for (const [name, property] of Object.entries((condition?.properties ?? {}) as Record<string, JsonSchema>)) {
    if ('const' in property) hints.set(name, [property.const]);
    else if (Array.isArray(property.enum)) hints.set(name, property.enum as unknown[]);
  }
  return hints;
}

/** if/then/else: a value that satisfies `if` gets the `then` schema's properties regenerated (else: `else`). */
function withConditional(schema: JsonSchema, base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const condition = schema.if as JsonSchema | undefined;
  if (!condition || (!schema.then && !schema.else)) return base;
  const test = validatorOf(condition);
  return base.chain((value) => {
    const branch = (test(value) ? schema.then : schema.else) as JsonSchema | undefined;
    if (!branch || typeof value !== 'object' || value === null || Array.isArray(value)) return fc.constant(value);
    const record = value as Record<string, unknown>;
    const overrides: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      // Only what the value has (or the branch requires) is regenerated; absent optional fields stay absent.
      if (name in record || ((branch.required ?? []) as string[]).includes(name))
        overrides[name] = rawArbitrary(property);
    }
    return fc.record(overrides).map((o) => ({ ...record, ...o }));
  });
}
