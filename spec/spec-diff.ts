/**
 * Every change between two versions of the contract (`gas-harness spec diff BASE REVISION`), each
 * with its severity for a client of the base version and whether it touches what the platform's
 * description states or an `x-assumed` choice.
 *
 * Our own compact diff over the dereferenced documents rather than a library's: of the npm diff
 * tools checked (2026-11), openapi-diff 0.24 refuses an OpenAPI 3.1 document and compares no
 * security; api-smart-diff 1.0 documents 3.0 only and, run on this contract, calls an added scope, a
 * closed request schema, a removed response property and a widened response type "non-breaking";
 * @useoptic keeps its breaking-change rules in a ruleset package with network clients among its
 * dependencies. Going through the dereferenced documents, a change to a shared schema
 * shows at every operation, field and status it reaches, which is what a client needs to know.
 */
import { changeBasis } from './change-basis.ts';
import { severityOf, type ChangeKind, type Direction, type Severity } from './diff-severity.ts';
import type { RuleBasis } from './rule-basis.ts';
import { diffSchemas, show, type SchemaChange } from './schema-diff.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Obj => (isObject(v) ? v : {});
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The two documents of a comparison, as written and dereferenced (a SpecVersion or a Contract). */
export interface SpecDocuments {
  raw: Obj;
  document: Obj;
}

/** One change between two versions of the contract. */
export interface SpecChange {
  kind: ChangeKind;
  severity: Severity;
  /** The operation it belongs to (the base's, or the revision's for an added one); absent for none. */
  operation?: { id: string; method: string; path: string };
  /** What part of the operation: the operation itself, its security, a parameter, the request or a response. */
  in: 'operation' | 'security' | 'parameter' | 'request' | 'response';
  status?: number;
  /** The media types whose schemas changed alike (a request body sent as several). */
  mediaTypes?: string[];
  parameter?: { in: string; name: string };
  /** The instance field: property names, `[]` for array items (empty for the whole body or parameter). */
  field?: string[];
  before?: unknown;
  after?: unknown;
  message: string;
  /** JSON pointer to the element in the dereferenced base document (the revision's when added). */
  pointer: string;
  /** Documented by the platform's description, or an `x-assumed` choice (with its reason). */
  basis: RuleBasis;
}

/** Every change from `base` to `revision`, breaking first, then by path and method; none for equal documents. */
export function diffSpecs(base: SpecDocuments, revision: SpecDocuments): SpecChange[] {
  const changes: SpecChange[] = [];
  const add = (
    change: Omit<SpecChange, 'severity' | 'basis' | 'pointer'>,
    path: string[],
    adds: boolean,
    direction?: Direction,
    severity?: Severity,
  ) =>
    changes.push({
      ...change,
      severity: severity ?? severityOf(change.kind, direction),
      pointer: `#/${path.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
      basis: changeBasis(base.raw, revision.raw, path, adds),
    });
  const [basePaths, revisionPaths] = [asObject(base.document.paths), asObject(revision.document.paths)];
  for (const [path, item] of Object.entries(basePaths)) {
    const revisionItem = revisionPaths[path];
    for (const method of METHODS.filter((m) => isObject(asObject(item)[m]))) {
      const op = asObject(asObject(item)[method]);
      const operation = { id: String(op.operationId ?? `${method} ${path}`), method: method.toUpperCase(), path };
      if (!isObject(revisionItem)) {
        add(
          {
            kind: 'path-removed',
            operation,
            in: 'operation',
            message: `${operation.method} ${path} removed (the whole path is gone)`,
          },
          ['paths', path],
          false,
        );
        continue;
      }
      const revisionOp = revisionItem[method];
      if (!isObject(revisionOp)) {
        add(
          { kind: 'operation-removed', operation, in: 'operation', message: `${operation.method} ${path} removed` },
          ['paths', path, method],
          false,
        );
        continue;
      }
      const at = ['paths', path, method];
      const parameters = [
        parametersOf(path, method, item, op),
        parametersOf(path, method, revisionItem, revisionOp),
      ] as const;
      for (const change of diffOperation(op, revisionOp, parameters, base.document, revision.document))
        add(
          { operation, ...change.change },
          change.absolute ? change.path : [...at, ...change.path],
          change.adds,
          change.direction,
          change.severity,
        );
    }
  }
  for (const [path, item] of Object.entries(revisionPaths))
    for (const method of METHODS.filter(
      (m) => isObject(asObject(item)[m]) && !isObject(asObject(basePaths[path])[m]),
    )) {
      const op = asObject(asObject(item)[method]);
      const operation = { id: String(op.operationId ?? `${method} ${path}`), method: method.toUpperCase(), path };
      add(
        { kind: 'operation-added', operation, in: 'operation', message: `${operation.method} ${path} added` },
        ['paths', path, method],
        true,
      );
    }
  const rank = (s: Severity) => ['breaking', 'potentially-breaking', 'compatible'].indexOf(s);
  return changes.sort((a, b) => rank(a.severity) - rank(b.severity));
}

interface Located {
  change: Omit<SpecChange, 'severity' | 'basis' | 'pointer' | 'operation'>;
  /** Below the operation, in the dereferenced document (from its root when `absolute`). */
  path: string[];
  absolute?: true;
  adds: boolean;
  direction?: Direction;
  /** Where the kind's severity does not hold (a property removed from a request that refuses unknown ones). */
  severity?: Severity;
}

type Parameters = Map<string, { location: string[]; param: Obj }>;

function diffOperation(
  op: Obj,
  revisionOp: Obj,
  [params, revisionParams]: readonly [Parameters, Parameters],
  baseDocument: Obj,
  revisionDocument: Obj,
): Located[] {
  const found: Located[] = [];
  found.push(...diffSecurity(op.security ?? baseDocument.security, revisionOp.security ?? revisionDocument.security));

  for (const [key, { location, param }] of params) {
    const parameter = { in: String(param.in), name: String(param.name) };
    const revised = revisionParams.get(key);
    const at = { path: location, absolute: true as const };
    if (!revised) {
      found.push({
        change: { kind: 'parameter-removed', in: 'parameter', parameter, message: `${key} parameter removed` },
        ...at,
        adds: false,
      });
      continue;
    }
    if (param.required !== true && revised.param.required === true)
      found.push({
        change: {
          kind: 'parameter-became-required',
          in: 'parameter',
          parameter,
          message: `${key} parameter became required`,
        },
        ...at,
        path: [...location, 'required'],
        adds: false,
      });
    if (param.required === true && revised.param.required !== true)
      found.push({
        change: {
          kind: 'parameter-became-optional',
          in: 'parameter',
          parameter,
          message: `${key} parameter is no longer required`,
        },
        ...at,
        path: [...location, 'required'],
        adds: false,
      });
    for (const change of diffSchemas(param.schema, revised.param.schema))
      found.push({
        ...schemaChange(change, 'request', { in: 'parameter', parameter }, [...location, 'schema'], `${key} parameter`),
        absolute: true,
      });
  }
  for (const [key, { location, param }] of revisionParams) {
    if (params.has(key)) continue;
    const parameter = { in: String(param.in), name: String(param.name) };
    const kind = param.required === true ? 'parameter-added-required' : 'parameter-added-optional';
    found.push({
      change: {
        kind,
        in: 'parameter',
        parameter,
        message: `${param.required === true ? 'required' : 'optional'} ${key} parameter added`,
      },
      path: location,
      absolute: true,
      adds: true,
    });
  }

  found.push(
    ...diffRequestBody(
      asObject(op.requestBody),
      asObject(revisionOp.requestBody),
      'requestBody' in op,
      'requestBody' in revisionOp,
    ),
  );

  const [responses, revisionResponses] = [asObject(op.responses), asObject(revisionOp.responses)];
  for (const [code, response] of Object.entries(responses)) {
    const status = Number(code);
    const at = ['responses', code];
    if (!(code in revisionResponses)) {
      found.push({
        change: { kind: 'response-status-removed', in: 'response', status, message: `status ${code} removed` },
        path: at,
        adds: false,
      });
      continue;
    }
    const [content, revisionContent] = [
      asObject(asObject(response).content),
      asObject(asObject(revisionResponses[code]).content),
    ];
    for (const [mediaType, media] of Object.entries(content)) {
      if (!(mediaType in revisionContent)) {
        found.push({
          change: {
            kind: 'response-media-type-removed',
            in: 'response',
            status,
            mediaTypes: [mediaType],
            message: `status ${code} no longer answers ${mediaType}`,
          },
          path: [...at, 'content', mediaType],
          adds: false,
        });
        continue;
      }
      for (const change of diffSchemas(asObject(media).schema, asObject(revisionContent[mediaType]).schema))
        found.push(
          schemaChange(
            change,
            'response',
            { in: 'response', status, mediaTypes: [mediaType] },
            [...at, 'content', mediaType, 'schema'],
            `status ${code}`,
          ),
        );
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
        path: [...at, 'content', mediaType],
        adds: true,
      });
  }
  for (const code of Object.keys(revisionResponses).filter((c) => !(c in responses)))
    found.push({
      change: { kind: 'response-status-added', in: 'response', status: Number(code), message: `status ${code} added` },
      path: ['responses', code],
      adds: true,
    });
  return mergeMediaTypes(found);
}

function diffRequestBody(body: Obj, revised: Obj, had: boolean, has: boolean): Located[] {
  const found: Located[] = [];
  if (had && !has)
    return [
      {
        change: {
          kind: 'request-body-removed',
          in: 'request',
          message: 'the operation no longer takes a request body',
        },
        path: ['requestBody'],
        adds: false,
      },
    ];
  if (body.required !== true && revised.required === true)
    found.push({
      change: { kind: 'request-body-became-required', in: 'request', message: 'the request body became required' },
      path: ['requestBody', 'required'],
      adds: !had,
    });
  const [content, revisedContent] = [asObject(body.content), asObject(revised.content)];
  for (const [mediaType, media] of Object.entries(content)) {
    const at = ['requestBody', 'content', mediaType];
    if (!(mediaType in revisedContent)) {
      found.push({
        change: {
          kind: 'request-media-type-removed',
          in: 'request',
          mediaTypes: [mediaType],
          message: `the request body is no longer taken as ${mediaType}`,
        },
        path: at,
        adds: false,
      });
      continue;
    }
    for (const change of diffSchemas(asObject(media).schema, asObject(revisedContent[mediaType]).schema))
      found.push(
        schemaChange(change, 'request', { in: 'request', mediaTypes: [mediaType] }, [...at, 'schema'], 'request body'),
      );
  }
  for (const mediaType of Object.keys(revisedContent).filter((m) => !(m in content)))
    found.push({
      change: {
        kind: 'request-media-type-added',
        in: 'request',
        mediaTypes: [mediaType],
        message: `the request body may be sent as ${mediaType}`,
      },
      path: ['requestBody', 'content', mediaType],
      adds: true,
    });
  return found;
}

/** Security requirements are alternatives; each is a map of scheme names to scopes. */
function diffSecurity(before: unknown, after: unknown): Located[] {
  const [b, a] = [requirementsOf(before), requirementsOf(after)];
  const change = (kind: ChangeKind, message: string, adds: boolean, values: Obj = {}): Located => ({
    change: { kind, in: 'security', message, ...values },
    path: ['security'],
    adds,
  });
  if (b.length === 0 && a.length === 0) return [];
  if (b.length === 0)
    return [change('security-added', `the operation now requires ${describeRequirements(a)}`, true, { after: a })];
  if (a.length === 0)
    return [change('security-removed', 'the operation no longer requires credentials', false, { before: b })];
  const found: Located[] = [];
  for (const requirement of b) {
    const schemes = Object.keys(requirement).sort().join(' + ');
    const match = a.find((r) => Object.keys(r).sort().join(' + ') === schemes);
    if (!match) {
      found.push(
        change(
          'security-scheme-changed',
          `credentials changed from ${describeRequirements(b)} to ${describeRequirements(a)}`,
          false,
          { before: b, after: a },
        ),
      );
      continue;
    }
    for (const [scheme, scopes] of Object.entries(requirement)) {
      const revised = match[scheme] ?? [];
      for (const scope of revised.filter((s) => !scopes.includes(s)))
        found.push(
          change('security-scope-added', `${scheme} now needs scope ${scope}`, true, {
            before: scopes,
            after: revised,
          }),
        );
      for (const scope of scopes.filter((s) => !revised.includes(s)))
        found.push(
          change('security-scope-removed', `${scheme} no longer needs scope ${scope}`, false, {
            before: scopes,
            after: revised,
          }),
        );
    }
  }
  return found;
}

function requirementsOf(value: unknown): Record<string, string[]>[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObject)
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : []])));
}

const describeRequirements = (requirements: Record<string, string[]>[]): string =>
  requirements
    .map((r) =>
      Object.entries(r)
        .map(([scheme, scopes]) => (scopes.length ? `${scheme} [${scopes.join(', ')}]` : scheme))
        .join(' + '),
    )
    .join(' or ');

/** The operation's parameters with the path item's, by `in` and name (the operation's win), with their locations. */
function parametersOf(path: string, method: string, item: unknown, op: Obj): Parameters {
  const found: Parameters = new Map();
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);
  list(asObject(item).parameters).forEach((param, index) =>
    found.set(`${String(param.in)} ${String(param.name)}`, {
      location: ['paths', path, 'parameters', String(index)],
      param,
    }),
  );
  list(op.parameters).forEach((param, index) =>
    found.set(`${String(param.in)} ${String(param.name)}`, {
      location: ['paths', path, method, 'parameters', String(index)],
      param,
    }),
  );
  return found;
}

function schemaChange(
  change: SchemaChange,
  direction: Direction,
  where: Pick<SpecChange, 'in' | 'status' | 'mediaTypes' | 'parameter'>,
  at: string[],
  subject: string,
): Located {
  const located: Located = {
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
  return located;
}

/** A request body taken as several media types with one schema changes alike in each: one change, all its media types. */
function mergeMediaTypes(found: Located[]): Located[] {
  const merged = new Map<string, Located>();
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
