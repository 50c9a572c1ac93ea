/**
 * The scenario schema (contract/scenario-schema.json) rewritten for json-schema-to-typescript, which
 * ignores `if`/`then`/`else`: the schema picks variants with them so that ajv's messages name the
 * broken rule of the variant meant, and a type wants the union of the variants. Only the copy given
 * to the generator is rewritten; the validator reads the schema as it is.
 */

type Schema = { [key: string]: unknown };

/** Type names of the schema's definitions (the root's and one inline schema's too). */
const TYPE_NAMES: Record<string, string> = {
  scalar: 'ScalarValue',
  variableName: 'VariableName',
  scopes: 'Scopes',
  claims: 'ClaimsSpec',
  authProfile: 'AuthProfile',
  capture: 'CaptureSpecs',
  providerState: 'ProviderStateSpec',
  stepAuth: 'StepAuth',
  request: 'RequestSpec',
  statusCode: 'StatusCode',
  headerExpectation: 'HeaderExpectation',
  jsonExpectation: 'JsonExpectation',
  expect: 'ExpectSpec',
  step: 'StepSpec',
};
const ROOT_NAME = 'SuiteSpec';
const CAPTURE_NAME = 'CaptureSpec';

/** Keywords that say what a value is; a schema with none of them is any JSON value. */
const SHAPE_KEYWORDS = [
  'type',
  'properties',
  'additionalProperties',
  'items',
  '$ref',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'if',
];

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mapValues = (object: Schema, map: (key: string, value: unknown) => unknown): Schema =>
  Object.fromEntries(Object.entries(object).map(([key, value]): [string, unknown] => [key, map(key, value)]));

export function scenarioTypeSchema(schema: Schema): Schema {
  const copy = structuredClone(schema);
  const defs = isSchema(copy.$defs) ? copy.$defs : {};
  for (const [key, name] of Object.entries(TYPE_NAMES)) if (isSchema(defs[key])) defs[key].title = name;
  const captureValue = isSchema(defs.capture) ? defs.capture.additionalProperties : undefined;
  if (isSchema(captureValue)) captureValue.title = CAPTURE_NAME;
  return { ...rewrite(copy), title: ROOT_NAME };
}

function rewrite(schema: Schema): Schema {
  if (schema.if !== undefined) return rewrite(unionOfIfThenElse(schema));
  if (Array.isArray(schema.allOf) && schema.allOf.every(isTaggedBranch)) return rewrite(unionOfTaggedBranches(schema));
  const { patternProperties: _patterns, not: _not, ...kept } = schema;
  // TypeScript objects allow keys they do not name: the x- keys left for tools need no index signature.
  // "Not both" (not) and "at least one of" (anyOf of required) say which keys are present, not what a value is.
  if (Array.isArray(kept.anyOf) && kept.anyOf.every((s) => isSchema(s) && Object.keys(s).join() === 'required')) {
    delete kept.anyOf;
  }
  const out = mapValues(kept, rewriteChild);
  if (!SHAPE_KEYWORDS.some((k) => k in out)) out.tsType = 'unknown';
  return out;
}

function rewriteChild(key: string, value: unknown): unknown {
  if (Array.isArray(value)) return (value as unknown[]).map((v) => (isSchema(v) ? rewrite(v) : v));
  if (!isSchema(value)) return value;
  // Maps of named schemas, not schemas themselves.
  if (key === 'properties' || key === '$defs') {
    return mapValues(value, (_, v) => (isSchema(v) ? rewrite(v) : v));
  }
  return rewrite(value);
}

/** `if: { type }` picks between then and else by type: the union of both. */
function unionOfIfThenElse({ if: condition, then, else: otherwise, ...rest }: Schema): Schema {
  if (!isSchema(condition) || Object.keys(condition).join() !== 'type')
    throw new Error('unsupported if in the scenario schema');
  const chosen = { ...condition, ...(isSchema(then) ? then : {}) };
  return { ...rest, anyOf: [chosen, otherwise ?? true] };
}

/** A branch of an allOf that applies when a tag property has a constant value (the auth profile's). */
function isTaggedBranch(branch: unknown): boolean {
  return isSchema(branch) && isSchema(branch.if) && isSchema(branch.then) && branch.else === undefined;
}

/** Tagged branches: the union of the schema with each branch's tag and rules. */
function unionOfTaggedBranches({ allOf, ...base }: Schema): Schema {
  const baseProperties = isSchema(base.properties) ? base.properties : {};
  const variants = (allOf as { if: Schema; then: Schema }[]).map(({ if: tag, then }) => ({
    type: 'object',
    ...then,
    properties: { ...baseProperties, ...(then.properties as Schema), ...(tag.properties as Schema) },
    required: [...new Set([...((base.required as string[]) ?? []), ...((then.required as string[]) ?? [])])],
  }));
  const { properties: _properties, required: _required, ...annotations } = base;
  return { ...annotations, anyOf: variants };
}
