/**
 * The simulator's admin API as its document states it (contract/admin-api.openapi.yaml; in a bundle,
 * its JSON made at build time): the simulator's admin validators are compiled from it by
 * operationId, so what the server refuses is what the document says it refuses.
 */
import { pointerOf } from './json-pointer.ts';
import { readFileSync } from 'node:fs';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { compileOnFirstUse, createAjv } from './ajv.ts';
import { parse } from 'yaml';
import { ADMIN_SPEC_JSON_FILE, projectFile, RUNS_FROM_BUNDLE } from '../project-files.ts';

export const ADMIN_SPEC_PATH = projectFile('contract', 'admin-api.openapi.yaml');
const DOCUMENT_ID = 'gas-admin';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

type Document = { paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>> };
interface OperationObject {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
}

let document: Document | undefined;
let ajv: Ajv2020 | undefined;

/** The admin API's document, read once. */
export function adminDocument(): Document {
  return (document ??= (
    RUNS_FROM_BUNDLE
      ? JSON.parse(readFileSync(projectFile(ADMIN_SPEC_JSON_FILE), 'utf8'))
      : parse(readFileSync(ADMIN_SPEC_PATH, 'utf8'))
  ) as Document);
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

/** The validator of one of the document's component schemas (`Snapshot`). */
export const adminSchemaValidator = <T>(name: string): (() => ValidateFunction<T>) =>
  atPointer<T>(() => `#/components/schemas/${name}`);
