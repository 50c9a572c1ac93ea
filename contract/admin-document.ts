/**
 * The simulator's admin API as its document states it (contract/admin-api.openapi.yaml; in a bundle,
 * its JSON made at build time): the simulator's admin validators are compiled from it by
 * operationId, so what the server refuses is what the document says it refuses.
 */
import { escapePointerSegment, pointerOf } from './json-pointer.ts';
import { readFileSync } from 'node:fs';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { compileOnFirstUse, createAjv } from './ajv.ts';
import { parse } from 'yaml';
import { ADMIN_SPEC_JSON_FILE, projectFile, RUNS_FROM_BUNDLE } from '../project-files.ts';
import { refuseExternalRefs } from './load-document.ts';

export const ADMIN_SPEC_PATH = projectFile('contract', 'admin-api.openapi.yaml');
const DOCUMENT_ID = 'gas-admin';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

type Document = { paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>> };
interface OperationObject {
  operationId?: string;
  parameters?: ({ $ref: string } | { name: string; in: string; required?: boolean })[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
}

let document: Document | undefined;
let ajv: Ajv2020 | undefined;
/** Query strings are text: this instance reads `200` as the integer a schema asks for (and `abc` as no integer). */
let queryAjv: Ajv2020 | undefined;

/** The admin API's document, read once; like every document, it may refer only inside itself (load-document.ts). */
export function adminDocument(): Document {
  return (document ??= refuseExternalRefs(
    (RUNS_FROM_BUNDLE
      ? JSON.parse(readFileSync(projectFile(ADMIN_SPEC_JSON_FILE), 'utf8'))
      : parse(readFileSync(ADMIN_SPEC_PATH, 'utf8'))) as Document,
    ADMIN_SPEC_PATH,
  ));
}

/** Where the document puts an admin operation: its method and path (below /__sim, `{param}` style). */
export function adminOperation(operationId: string): { method: (typeof METHODS)[number]; path: string } {
  for (const [path, item] of Object.entries(adminDocument().paths))
    for (const method of METHODS) if (item[method]?.operationId === operationId) return { method, path };
  throw new Error(`no admin operation ${operationId}`);
}

/** The one 2xx status the document gives an admin operation: what a client takes as its success. */
export function adminSuccessStatus(operationId: string): number {
  const { method, path } = adminOperation(operationId);
  const statuses = Object.keys(adminDocument().paths[path]?.[method]?.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
  if (statuses.length !== 1)
    throw new Error(`the admin operation ${operationId} states ${statuses.length} success statuses`);
  return Number(statuses[0]);
}

/** The JSON pointer (in the document) of an operation's JSON request body schema. */
function requestBodyPointer(operationId: string): string {
  const { method, path } = adminOperation(operationId);
  if (!adminDocument().paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema)
    throw new Error(`the admin operation ${operationId} has no JSON request body`);
  return `#${pointerOf(['paths', path, method, 'requestBody', 'content', 'application/json', 'schema'])}`;
}

/** The Ajv that holds the document, made on first use: a schema refers into it by pointer. */
const documentAjv = (): Ajv2020 => (ajv ??= createAjv({ strict: false }).addSchema(adminDocument(), DOCUMENT_ID));

/** A validator of the document's schema at `pointer`, compiled on first use. */
const atPointer = <T>(pointer: () => string): (() => ValidateFunction<T>) =>
  compileOnFirstUse<T>(() => ({ $ref: `${DOCUMENT_ID}${pointer()}` }), documentAjv);

/** The validator of an admin operation's request body, as the document gives it. */
export const adminRequestValidator = <T>(operationId: string): (() => ValidateFunction<T>) =>
  atPointer<T>(() => requestBodyPointer(operationId));

/**
 * The validator of an admin operation's query string, as the document's query parameters give it
 * (a wrong type is refused like a wrong body; a parameter it does not name is left alone). Compiled
 * on first use; validate a copy, since the values are read as the types the schemas ask for.
 */
export function adminQueryValidator(operationId: string): () => ValidateFunction {
  let validate: ValidateFunction | undefined;
  return () => {
    if (validate) return validate;
    if (!queryAjv) {
      queryAjv = createAjv({ strict: false, coerceTypes: true }).addSchema(adminDocument(), DOCUMENT_ID);
    }
    const { method, path } = adminOperation(operationId);
    const escaped = escapePointerSegment(path);
    const properties: Record<string, { $ref: string }> = {};
    const required: string[] = [];
    (adminDocument().paths[path]?.[method]?.parameters ?? []).forEach((parameter, i) => {
      const pointer = '$ref' in parameter ? parameter.$ref : `#/paths/${escaped}/${method}/parameters/${i}`;
      const resolved = '$ref' in parameter ? parameterAt(parameter.$ref) : parameter;
      if (resolved?.in !== 'query') return;
      properties[resolved.name] = { $ref: `${DOCUMENT_ID}${pointer}/schema` };
      if (resolved.required) required.push(resolved.name);
    });
    return (validate = queryAjv.compile({ type: 'object', properties, required }));
  };
}

/** A parameter of the document's components, by its `$ref`. */
function parameterAt(ref: string): { name: string; in: string; required?: boolean } | undefined {
  const name = ref.replace('#/components/parameters/', '');
  const parameters = (adminDocument() as { components?: { parameters?: Record<string, unknown> } }).components
    ?.parameters;
  return parameters && Object.hasOwn(parameters, name)
    ? (parameters[name] as { name: string; in: string; required?: boolean })
    : undefined;
}

/** The validator of one of the document's component schemas (`Snapshot`). */
export const adminSchemaValidator = <T>(name: string): (() => ValidateFunction<T>) =>
  atPointer<T>(() => `#/components/schemas/${name}`);
