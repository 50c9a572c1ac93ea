/** Builds the typed operations table from the dereferenced OpenAPI document. */
import type {
  ErrorShape,
  HttpMethod,
  JsonSchema,
  Operation,
  ParameterSpec,
  RequestBodySpec,
  ResponseShape,
  ResponseSpec,
  SecuritySpec,
} from './types.ts';

type Obj = Record<string, unknown>;
const METHODS: HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE'];

export function buildOperations(document: Obj): Operation[] {
  const components = document.components as Obj;
  const schemas = components.schemas as Record<string, JsonSchema>;
  const schemaNames = new Map<unknown, string>(Object.entries(schemas).map(([name, schema]) => [schema, name]));
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Obj>)) {
    for (const method of METHODS) {
      const op = item[method.toLowerCase()] as Obj | undefined;
      if (op) operations.push(buildOperation(path, method, op, schemaNames));
    }
  }
  return operations;
}

function buildOperation(path: string, method: HttpMethod, op: Obj, schemaNames: Map<unknown, string>): Operation {
  const assumedResponses = (op['x-assumed-responses'] ?? {}) as Record<string, string>;
  const assumedConditions = (op['x-assumed-conditions'] ?? {}) as Record<string, string>;
  const responses = new Map<number, ResponseSpec>();
  for (const [code, response] of Object.entries(op.responses as Record<string, Obj>)) {
    const status = Number(code);
    const content = response.content as Record<string, { schema?: JsonSchema }> | undefined;
    const [mediaType, media] = content ? (Object.entries(content)[0] ?? []) : [];
    const schema = media?.schema;
    const spec: ResponseSpec = {
      operationId: String(op.operationId),
      status,
      description: String(response.description ?? ''),
      shape: shapeOf(schema, schemaNames),
      ...(mediaType ? { mediaType } : {}),
      ...(schema ? { schema } : {}),
      ...(assumedResponses[code] ? { assumed: assumedResponses[code] } : {}),
      ...(assumedConditions[code] ? { assumedCondition: assumedConditions[code] } : {}),
      ...(response['x-assumed-content'] ? { assumedBody: String(response['x-assumed-content']) } : {}),
      ...(response['x-assumed-media-type'] ? { assumedMediaType: String(response['x-assumed-media-type']) } : {}),
    };
    responses.set(status, spec);
  }
  const errorShape = [...responses.values()].find((r) => r.status >= 400 && isErrorShape(r.shape))?.shape as ErrorShape;
  const successStatus = [...responses.keys()].find((s) => s < 300);
  if (!errorShape || successStatus === undefined)
    throw new Error(`operation ${String(op.operationId)} lacks an error shape or a success status`);
  return {
    id: String(op.operationId),
    method,
    path,
    summary: String(op.summary ?? ''),
    pathParams: ((op.parameters ?? []) as Obj[])
      .filter((p) => p.in === 'path')
      .map((p): ParameterSpec => ({ name: String(p.name), schema: p.schema as JsonSchema })),
    ...(op.requestBody ? { requestBody: requestBodyOf(op.requestBody as Obj) } : {}),
    responses,
    security: securityOf(op),
    errorShape,
    successStatus,
  };
}

function requestBodyOf(body: Obj): RequestBodySpec {
  const content = body.content as Record<string, { schema: JsonSchema }>;
  const first = Object.values(content)[0];
  if (!first) throw new Error('request body without a media type');
  return { required: body.required === true, mediaTypes: Object.keys(content), schema: first.schema };
}

function securityOf(op: Obj): SecuritySpec {
  const requirement = ((op.security ?? []) as Record<string, string[]>[])[0] ?? {};
  const [scheme, scopes] = Object.entries(requirement)[0] ?? [];
  const assumed = op['x-assumed-security'] as string | undefined;
  return {
    scheme: scheme === 'apiKeyAuth' ? 'apiKey' : 'bearer',
    scopes: scopes ?? [],
    ...(assumed ? { assumed } : {}),
  };
}

const SHAPES: Record<string, ResponseShape> = {
  ErrorList: 'errorList',
  Failure: 'failure',
  ProblemDetails: 'problem',
  Empty: 'empty',
};

function shapeOf(schema: JsonSchema | undefined, schemaNames: Map<unknown, string>): ResponseShape {
  if (!schema) return 'none';
  return SHAPES[schemaNames.get(schema) ?? ''] ?? 'body';
}

function isErrorShape(shape: ResponseShape): shape is ErrorShape {
  return shape === 'errorList' || shape === 'failure' || shape === 'problem';
}
