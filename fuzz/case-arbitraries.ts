/**
 * The arbitraries of one operation's cases, all derived from its spec entry: positive cases (valid
 * path parameters, body and media type), negative cases (a body or path mutation, malformed JSON, a
 * wrong media type, a missing body) and auth cases (a valid request with an auth negative).
 */
import fc from 'fast-check';
import { acceptsMediaType, type Contract, type JsonSchema, type Operation } from '../contract/index.ts';
import type { OperationCredentials } from './auth-credentials.ts';
import type { FuzzCase } from './fuzz-case.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import { listMutations } from './schema-mutations.ts';

export interface OperationArbitraries {
  positive: fc.Arbitrary<FuzzCase>;
  /** Undefined when nothing about the operation's request can be made invalid. */
  negative?: fc.Arbitrary<FuzzCase>;
  /** Undefined when no auth negative can be made on this target. */
  auth?: fc.Arbitrary<FuzzCase>;
}

/** Media types sent to check that a body is refused in them (those the operation accepts are left out). */
const FOREIGN_MEDIA_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json',
  'application/octet-stream',
];

/** A concrete media type for each one the operation accepts (`application/*+json` becomes a vendor type). */
export function concreteMediaTypes(op: Operation): string[] {
  return (op.requestBody?.mediaTypes ?? []).map((m) => m.replace('*', 'vnd.gas-harness'));
}

function accepts(op: Operation, mediaType: string): boolean {
  return acceptsMediaType(op.requestBody?.mediaTypes ?? [], mediaType);
}

/**
 * The schema a path parameter's values are drawn from. An identifier takes the schema of what it
 * identifies: the body property of the same name (a body identifier must match the path), or, for
 * the last parameter of a read, the `id` of the resource the success response returns. Otherwise the
 * parameter's own schema; never empty, never a dot segment (which a URL cannot carry).
 */
function pathParamArbitrary(op: Operation, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const bodyProperty = ((op.requestBody?.schema.properties ?? {}) as Record<string, JsonSchema>)[name];
  const isLast = op.pathParams.at(-1)?.name === name;
  const identified = isLast ? resourceIdSchema(op) : undefined;
  const source = bodyProperty?.type === 'string' ? bodyProperty : (identified ?? schema);
  const effective = { ...source, minLength: Math.max(1, typeof source.minLength === 'number' ? source.minLength : 0) };
  return (arbitraryFromSchema(effective) as fc.Arbitrary<string>).filter((s) => s !== '.' && s !== '..');
}

/** The schema of `id` (or `data.id`) in the operation's success response, when it returns a resource. */
function resourceIdSchema(op: Operation): JsonSchema | undefined {
  const schema = op.responses.get(op.successStatus)?.schema;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const data = properties.data?.properties as Record<string, JsonSchema> | undefined;
  const id = properties.id ?? data?.id;
  return id?.type === 'string' ? id : undefined;
}

/** The request parts of a case. */
type RequestParts = Pick<FuzzCase, 'pathParams' | 'body' | 'rawBody' | 'mediaType'>;

function validRequestArbitrary(op: Operation): fc.Arbitrary<RequestParts> {
  const params = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathParamArbitrary(op, p.name, p.schema)])),
  );
  if (!op.requestBody) return params.map((pathParams) => ({ pathParams }));
  return fc
    .record({
      pathParams: params,
      body: arbitraryFromSchema(op.requestBody.schema),
      mediaType: fc.constantFrom(...concreteMediaTypes(op)),
    })
    .map(({ pathParams, body, mediaType }) => ({ pathParams, body: linkBodyToPath(body, pathParams), mediaType }));
}

/** A body property named like a path parameter carries the parameter's value. */
function linkBodyToPath(body: unknown, pathParams: Record<string, string>): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const linked = { ...(body as Record<string, unknown>) };
  for (const [name, value] of Object.entries(pathParams)) if (name in linked) linked[name] = value;
  return linked;
}

const successStatuses = (op: Operation) => [...op.responses.keys()].filter((s) => s >= 200 && s < 300);

export function operationArbitraries(
  contract: Contract,
  op: Operation,
  credentials: OperationCredentials,
): OperationArbitraries {
  const valid = validRequestArbitrary(op);
  const positive = valid.map((r): FuzzCase => ({
    kind: 'positive',
    operationId: op.id,
    ...r,
    auth: 'valid',
    description: 'positive',
    expected: successStatuses(op),
  }));
  const authVariants = credentials.variants.filter((v) => v !== 'valid');
  const auth =
    authVariants.length === 0
      ? undefined
      : fc.tuple(valid, fc.constantFrom(...authVariants)).map(([r, variant]): FuzzCase => ({
          kind: 'auth',
          operationId: op.id,
          ...r,
          auth: variant,
          description: `auth ${variant}`,
          expected: [credentials.expected(variant)],
          // Which token a missing scope or a bearer token on the API-key counter gets is the spec's choice.
          ...((variant === 'missing_scope' || variant === 'bearer_for_api_key') && op.security.assumed
            ? { assumed: op.security.assumed }
            : {}),
        }));
  return { positive, ...negativeArbitrary(contract, op, valid), ...(auth ? { auth } : {}) };
}

function negativeArbitrary(
  contract: Contract,
  op: Operation,
  valid: fc.Arbitrary<RequestParts>,
): { negative?: fc.Arbitrary<FuzzCase> } {
  const choices: fc.Arbitrary<FuzzCase | undefined>[] = [];
  const base = (r: RequestParts, description: string, expected: number[], assumed?: string): FuzzCase => ({
    kind: 'negative',
    operationId: op.id,
    ...r,
    auth: 'valid',
    description,
    expected,
    ...(assumed ? { assumed } : {}),
  });
  const classify = (issues: { status: 400 | 422; assumed?: string }[]) => ({
    expected: [issues.some((i) => i.status === 400) ? 400 : 422],
    assumed: issues.every((i) => i.assumed) ? issues[0]?.assumed : undefined,
  });
  const uuidParams = op.pathParams.filter((p) => p.schema.format === 'uuid');
  if (uuidParams.length > 0) {
    choices.push(
      fc
        .tuple(
          valid,
          fc.constantFrom(...uuidParams.map((p) => p.name)),
          fc.constantFrom('not-a-uuid', '12345', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'),
        )
        .map(([r, name, bad]) => {
          const pathParams = { ...r.pathParams, [name]: bad };
          const { expected, assumed } = classify(contract.validators.params(op.id, pathParams));
          return base({ ...r, pathParams }, `bad_format path.${name}`, expected, assumed);
        }),
    );
  }
  const body = op.requestBody;
  if (body) {
    choices.push(
      valid.chain((r) => {
        const mutations = listMutations(body.schema, r.body);
        if (mutations.length === 0) return fc.constant(undefined);
        // The kind first, then the place: otherwise wrong types (seven per field) would crowd out the rest.
        const kinds = [...new Set(mutations.map((m) => m.kind))];
        const picked = fc
          .constantFrom(...kinds)
          .chain((kind) => fc.constantFrom(...mutations.filter((m) => m.kind === kind)));
        return picked.map((m) => {
          const issues = contract.validators.body(op.id, m.value);
          if (issues.length === 0) return undefined;
          const { expected, assumed } = classify(issues);
          return base({ ...r, body: m.value }, `${m.kind} ${m.target}`, expected, assumed);
        });
      }),
    );
    choices.push(
      valid.chain((r) => {
        const text = JSON.stringify(r.body);
        return fc
          .oneof(
            fc
              .nat({ max: text.length - 1 })
              .map((cut) => ({ rawBody: text.slice(0, cut), what: 'malformed_json truncated' })),
            fc
              .constantFrom(
                ...[`${text}}`, `${text.slice(0, -1)},}`, text.replace(/"/g, "'")].filter((t) => !isJson(t)),
              )
              .map((rawBody) => ({ rawBody, what: 'malformed_json' })),
          )
          .map(({ rawBody, what }) => {
            const { body: _dropped, ...rest } = r;
            return base({ ...rest, rawBody }, rawBody === '' ? 'missing_body' : what, [400]);
          });
      }),
    );
    const foreign = FOREIGN_MEDIA_TYPES.filter((m) => !accepts(op, m));
    const assumed415 = op.responses.get(415)?.assumed;
    choices.push(
      fc.tuple(valid, fc.constantFrom(...foreign)).map(([r, mediaType]) => {
        const { body: sent, ...rest } = r;
        return base(
          { ...rest, rawBody: JSON.stringify(sent), mediaType },
          `wrong_media_type ${mediaType}`,
          [415],
          assumed415,
        );
      }),
    );
  }
  if (choices.length === 0) return {};
  const negative = fc.oneof(...choices).filter((c): c is FuzzCase => c !== undefined);
  return { negative };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
