/**
 * The changes inside one operation present in both versions of the contract: its lifecycle and
 * annotations, its security, its parameters (path parameters matched by their place in the path, so
 * a renamed one is the same), its request body and media types, its statuses, their headers, media
 * types and body schemas.
 */
import type { Direction } from './diff-severity.ts';
import { diffHeaders } from './header-diff.ts';
import { diffLifecycle } from './lifecycle-diff.ts';
import { sameValue } from './same-value.ts';
import { diffSchemas, show, type SchemaChange } from './schema-diff.ts';
import { diffSecurity } from './security-diff.ts';
import type { LocatedChange, SpecChange } from './spec-change.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Obj => (isObject(v) ? v : {});

/** One side of the comparison: the operation, its path item and where it is in its document. */
export interface OperationSide {
  document: Obj;
  path: string;
  method: string;
  op: Obj;
}

export function diffOperation(base: OperationSide, revision: OperationSide): LocatedChange[] {
  const at = ['paths', base.path, base.method];
  const security = (side: OperationSide) => side.op.security ?? side.document.security;
  return mergeMediaTypes([
    ...diffLifecycle(base.op, revision.op, at),
    ...diffSecurity(security(base), security(revision), [...at, 'security']),
    ...diffParameters(parametersOf(base), parametersOf(revision)),
    ...diffRequestBody(base.op, revision.op, [...at, 'requestBody']),
    ...diffResponses(asObject(base.op.responses), asObject(revision.op.responses), [...at, 'responses']),
  ]);
}

type Parameters = Map<string, { location: string[]; param: Obj }>;

function diffParameters(params: Parameters, revisionParams: Parameters): LocatedChange[] {
  const found: LocatedChange[] = [];
  const named = (param: Obj) => ({ in: String(param.in), name: String(param.name) });
  for (const [key, { location, param }] of params) {
    const parameter = named(param);
    const shown = `${parameter.in} parameter ${parameter.name}`;
    const revised = revisionParams.get(key);
    if (!revised) {
      found.push({
        change: { kind: 'parameter-removed', in: 'parameter', parameter, message: `${shown} removed` },
        path: location,
        adds: false,
      });
      continue;
    }
    const [was, is] = [param.required === true, revised.param.required === true];
    if (was !== is)
      found.push({
        change: {
          kind: is ? 'parameter-became-required' : 'parameter-became-optional',
          in: 'parameter',
          parameter,
          message: `${shown} ${is ? 'became required' : 'is no longer required'}`,
        },
        path: [...location, 'required'],
        adds: false,
      });
    if (param.deprecated !== true && revised.param.deprecated === true)
      found.push({
        change: { kind: 'parameter-deprecated', in: 'parameter', parameter, message: `${shown} is deprecated` },
        path: [...location, 'deprecated'],
        adds: true,
      });
    for (const [key, kind] of [
      ['description', 'description-changed'],
      ['example', 'example-changed'],
      ['examples', 'example-changed'],
    ] as const)
      if (!sameValue(param[key], revised.param[key]))
        found.push({
          change: {
            kind,
            in: 'parameter',
            parameter,
            message: `${shown}: ${key} ${key in param ? (key in revised.param ? 'changed' : 'removed') : 'added'}`,
          },
          path: [...location, key],
          adds: !(key in param),
        });
    for (const change of diffSchemas(param.schema, revised.param.schema))
      found.push(schemaChange(change, 'request', { in: 'parameter', parameter }, [...location, 'schema'], shown));
  }
  for (const [key, { location, param }] of revisionParams) {
    if (params.has(key)) continue;
    const required = param.required === true;
    found.push({
      change: {
        kind: required ? 'parameter-added-required' : 'parameter-added-optional',
        in: 'parameter',
        parameter: named(param),
        message: `${required ? 'required' : 'optional'} ${String(param.in)} parameter ${String(param.name)} added`,
      },
      path: location,
      adds: true,
    });
  }
  return found;
}

function diffRequestBody(op: Obj, revisionOp: Obj, at: string[]): LocatedChange[] {
  const [body, revised] = [asObject(op.requestBody), asObject(revisionOp.requestBody)];
  const [had, has] = ['requestBody' in op, 'requestBody' in revisionOp];
  if (had && !has)
    return [
      {
        change: {
          kind: 'request-body-removed',
          in: 'request',
          message: 'the operation no longer takes a request body',
        },
        path: at,
        adds: false,
      },
    ];
  const found: LocatedChange[] = [];
  if (had && has && body.description !== revised.description)
    found.push({
      change: { kind: 'description-changed', in: 'request', message: "the request body's description changed" },
      path: [...at, 'description'],
      adds: false,
    });
  if (body.required !== true && revised.required === true)
    found.push({
      change: { kind: 'request-body-became-required', in: 'request', message: 'the request body became required' },
      path: [...at, 'required'],
      adds: !had,
    });
  const [content, revisedContent] = [asObject(body.content), asObject(revised.content)];
  for (const [mediaType, media] of Object.entries(content)) {
    const where = [...at, 'content', mediaType];
    const place = { in: 'request' as const, mediaTypes: [mediaType] };
    if (mediaType in revisedContent)
      for (const change of diffSchemas(asObject(media).schema, asObject(revisedContent[mediaType]).schema))
        found.push(schemaChange(change, 'request', place, [...where, 'schema'], 'request body'));
    else
      found.push({
        change: {
          kind: 'request-media-type-removed',
          ...place,
          message: `the request body is no longer taken as ${mediaType}`,
        },
        path: where,
        adds: false,
      });
  }
  for (const mediaType of Object.keys(revisedContent).filter((m) => !(m in content)))
    found.push({
      change: {
        kind: 'request-media-type-added',
        in: 'request',
        mediaTypes: [mediaType],
        message: `the request body may be sent as ${mediaType}`,
      },
      path: [...at, 'content', mediaType],
      adds: true,
    });
  return found;
}

function diffResponses(responses: Obj, revisionResponses: Obj, at: string[]): LocatedChange[] {
  const found: LocatedChange[] = [];
  for (const [code, response] of Object.entries(responses)) {
    const status = Number(code);
    if (!(code in revisionResponses)) {
      // A success status removed breaks what a client waits for; an error status, as oasdiff rates it, informs.
      const success = /^2/.test(code);
      found.push({
        change: {
          kind: success ? 'response-success-status-removed' : 'response-non-success-status-removed',
          in: 'response',
          status,
          message: `status ${code} removed`,
        },
        path: [...at, code],
        adds: false,
      });
      continue;
    }
    const revisionResponse = asObject(revisionResponses[code]);
    if (asObject(response).description !== revisionResponse.description)
      found.push({
        change: { kind: 'description-changed', in: 'response', status, message: `status ${code}: description changed` },
        path: [...at, code, 'description'],
        adds: false,
      });
    found.push(...diffHeaders(asObject(response).headers, revisionResponse.headers, status, [...at, code]));
    const content = asObject(asObject(response).content);
    const revisionContent = asObject(asObject(revisionResponses[code]).content);
    for (const [mediaType, media] of Object.entries(content)) {
      const where = [...at, code, 'content', mediaType];
      const place = { in: 'response' as const, status, mediaTypes: [mediaType] };
      if (mediaType in revisionContent)
        for (const change of diffSchemas(asObject(media).schema, asObject(revisionContent[mediaType]).schema))
          found.push(schemaChange(change, 'response', place, [...where, 'schema'], `status ${code}`));
      else
        found.push({
          change: {
            kind: 'response-media-type-removed',
            ...place,
            message: `status ${code} no longer answers ${mediaType}`,
          },
          path: where,
          adds: false,
        });
    }
    for (const mediaType of Object.keys(revisionContent).filter((m) => !(m in content)))
      found.push({
        change: {
          kind: 'response-media-type-added',
          in: 'response',
          status,
          mediaTypes: [mediaType],
          message: `status ${code} may answer ${mediaType}`,
        },
        path: [...at, code, 'content', mediaType],
        adds: true,
      });
  }
  for (const code of Object.keys(revisionResponses).filter((c) => !(c in responses)))
    found.push({
      change: { kind: 'response-status-added', in: 'response', status: Number(code), message: `status ${code} added` },
      path: [...at, code],
      adds: true,
    });
  return found;
}

/**
 * The operation's parameters with the path item's (the operation's win), with their locations. A
 * path parameter is known by its place in the path: `{id}` renamed `{merchantId}` is the same one.
 */
function parametersOf({ path, method, document, op }: OperationSide): Parameters {
  const found: Parameters = new Map();
  const item = asObject(asObject(document.paths)[path]);
  const places = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const keyOf = (param: Obj) =>
    param.in === 'path' && places.includes(String(param.name))
      ? `path #${places.indexOf(String(param.name))}`
      : `${String(param.in)} ${String(param.name)}`;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);
  list(item.parameters).forEach((param, index) =>
    found.set(keyOf(param), { location: ['paths', path, 'parameters', String(index)], param }),
  );
  list(op.parameters).forEach((param, index) =>
    found.set(keyOf(param), { location: ['paths', path, method, 'parameters', String(index)], param }),
  );
  return found;
}

function schemaChange(
  change: SchemaChange,
  direction: Direction,
  where: Pick<SpecChange, 'in' | 'status' | 'mediaTypes' | 'parameter'>,
  at: string[],
  subject: string,
): LocatedChange {
  return {
    // A property removed from a request schema that refuses unknown properties is refused when sent.
    ...(change.kind === 'property-removed' && direction === 'request' && change.refused
      ? { severity: 'breaking' as const }
      : {}),
    change: {
      kind: change.kind,
      ...where,
      field: change.field,
      ...(change.before !== undefined ? { before: change.before } : {}),
      ...(change.after !== undefined ? { after: change.after } : {}),
      message: `${subject}: ${change.message}`,
    },
    path: [...at, ...change.schemaPath],
    adds: change.adds,
    direction,
  };
}

/** A request body taken as several media types with one schema changes alike in each: one change, all its media types. */
function mergeMediaTypes(found: LocatedChange[]): LocatedChange[] {
  const merged = new Map<string, LocatedChange>();
  for (const located of found) {
    const { mediaTypes, ...rest } = located.change;
    const key = JSON.stringify([
      rest.kind,
      rest.in,
      rest.status,
      rest.parameter,
      rest.field,
      rest.message,
      show(rest.before),
      show(rest.after),
    ]);
    const kept = merged.get(key);
    if (kept && mediaTypes && kept.change.mediaTypes)
      kept.change.mediaTypes = [...kept.change.mediaTypes, ...mediaTypes];
    else merged.set(merged.has(key) ? `${key} ${merged.size}` : key, located);
  }
  return [...merged.values()];
}
