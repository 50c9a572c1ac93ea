/**
 * Ajv (JSON Schema 2020-12) validators for every operation's path parameters, request body and
 * responses, compiled once. Failures come back as issues with a target and a 400/422 class.
 */
import { keysOfPointer } from './json-pointer.ts';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv } from './ajv.ts';
import type { JsonSchema, Operation } from './types.ts';

export interface ValidationIssue {
  /** The field at fault: `body.email`, `path.merchantId`. */
  target: string;
  message: string;
  /** 400 when the input is malformed, 422 when it is well-formed but breaks a rule. */
  status: 400 | 422;
  /** The spec's reason when the broken rule is an assumption. */
  assumed?: string;
  /** The JSON Schema keyword broken (`required`, `additionalProperties`, `format`...). */
  keyword?: string;
}

export interface Validators {
  params(operationId: string, params: Record<string, string>): ValidationIssue[];
  body(operationId: string, body: unknown): ValidationIssue[];
  /** Checks a response body against the schema documented for that status; `undefined` when none is. */
  response(operationId: string, status: number, body: unknown): ValidationIssue[] | undefined;
}

/** Keywords whose failure means the input is malformed rather than rule-breaking. */
const STRUCTURAL = new Set([
  'type',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'maxProperties',
  'dependentRequired',
]);
const STRUCTURAL_FORMATS = new Set(['uuid']);

export function createValidators(operations: Operation[]): Validators {
  const ajv = createAjv();
  const byId = new Map(operations.map((op) => [op.id, op]));
  // Each validator is compiled on first use and kept: start-up pays only for what a run needs.
  const cache = new Map<string, ValidateFunction | null>();
  const compiled = (
    key: string,
    schemaOf: (op: Operation) => JsonSchema | undefined,
    id: string,
  ): ValidateFunction | undefined => {
    let validate = cache.get(key);
    if (validate === undefined) {
      const op = byId.get(id);
      if (!op) throw new Error(`unknown operation ${id}`);
      const schema = schemaOf(op);
      validate = schema ? ajv.compile(schema) : null;
      cache.set(key, validate);
    }
    return validate ?? undefined;
  };
  const paramsSchema = (op: Operation): JsonSchema => ({
    type: 'object',
    properties: Object.fromEntries(op.pathParams.map((p) => [p.name, p.schema])),
    required: op.pathParams.map((p) => p.name),
  });
  return {
    params: (id, params) => run(compiled(`${id} params`, paramsSchema, id) as ValidateFunction, params, 'path'),
    body: (id, body) => {
      const validate = compiled(`${id} body`, (op) => op.requestBody?.schema, id);
      return validate ? run(validate, body, 'body') : [];
    },
    response: (id, status, body) => {
      const validate = compiled(`${id} ${status}`, (op) => op.responses.get(status)?.schema, id);
      return validate ? run(validate, body, 'body') : undefined;
    },
  };
}

function run(validate: ValidateFunction, data: unknown, root: string): ValidationIssue[] {
  if (validate(data)) return [];
  return (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => toIssue(e, root));
}

function toIssue(error: ErrorObject, root: string): ValidationIssue {
  const segments = keysOfPointer(error.instancePath);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  const target = [root, ...segments].join('.');
  const structural =
    STRUCTURAL.has(error.keyword) ||
    (error.keyword === 'format' && STRUCTURAL_FORMATS.has(String(error.params.format)));
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const assumed = (parent[`x-assumed-${error.keyword}`] ?? parent['x-assumed']) as string | undefined;
  return {
    target,
    message: messageOf(error, target),
    status: structural ? 400 : 422,
    keyword: error.keyword,
    ...(assumed ? { assumed } : {}),
  };
}

function messageOf(error: ErrorObject, target: string): string {
  switch (error.keyword) {
    case 'required':
      return `${target} is required`;
    case 'additionalProperties':
      return `${target} is not a known property`;
    case 'enum':
      return `${target} must be one of the allowed values`;
    default:
      return `${target} ${error.message ?? 'is invalid'}`;
  }
}
