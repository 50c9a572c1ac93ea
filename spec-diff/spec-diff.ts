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
import { pointerOf } from '../contract/index.ts';
import { changeBasis } from './change-basis.ts';
import { severityOf, SEVERITIES } from './diff-severity.ts';
import { diffOperation } from './operation-diff.ts';
import type { LocatedChange, SpecChange, SpecDocuments } from './spec-change.ts';

export type { SpecChange, SpecDocuments } from './spec-change.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Obj => (isObject(v) ? v : {});
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** A path template without its parameters' names: `/v1/merchants/{}` for `/v1/merchants/{merchantId}`. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** Every change from `base` to `revision`, breaking first; none for equal documents. */
export function diffSpecs(base: SpecDocuments, revision: SpecDocuments): SpecChange[] {
  const changes: SpecChange[] = [];
  const add = ({ change, path, adds, direction, severity }: LocatedChange, operation: SpecChange['operation']) =>
    changes.push({
      ...change,
      ...(operation ? { operation } : {}),
      severity: severity ?? severityOf(change.kind, direction),
      pointer: `#${pointerOf(path)}`,
      basis: changeBasis(base.raw, revision.raw, path, adds),
    });
  const [basePaths, revisionPaths] = [asObject(base.document.paths), asObject(revision.document.paths)];
  // A path whose parameters were only renamed is the same path.
  const revisionByShape = new Map(Object.keys(revisionPaths).map((path) => [shapeOf(path), path]));
  const matched = new Set<string>();
  for (const [path, item] of Object.entries(basePaths)) {
    const revisionPath = path in revisionPaths ? path : revisionByShape.get(shapeOf(path));
    const revisionItem = revisionPath === undefined ? undefined : asObject(revisionPaths[revisionPath]);
    if (revisionPath !== undefined) matched.add(revisionPath);
    for (const method of METHODS.filter((m) => isObject(asObject(item)[m]))) {
      const op = asObject(asObject(item)[method]);
      const operation = { id: String(op.operationId ?? `${method} ${path}`), method: method.toUpperCase(), path };
      const revisionOp = revisionItem?.[method];
      if (revisionPath === undefined || !isObject(revisionOp)) {
        const whole = revisionPath === undefined;
        const message = `${operation.method} ${path} removed${whole ? ' (the whole path is gone)' : ''}`;
        const kind = whole ? 'path-removed' : 'operation-removed';
        add(
          {
            change: { kind, in: 'operation', message },
            path: whole ? ['paths', path] : ['paths', path, method],
            adds: false,
          },
          operation,
        );
        continue;
      }
      const sides = [
        { document: base.document, path, method, op },
        { document: revision.document, path: revisionPath, method, op: revisionOp },
      ] as const;
      for (const change of diffOperation(...sides)) add(change, operation);
    }
  }
  for (const [path, item] of Object.entries(revisionPaths)) {
    const basePath = matched.has(path)
      ? [...Object.keys(basePaths)].find((p) => shapeOf(p) === shapeOf(path))
      : undefined;
    for (const method of METHODS.filter(
      (m) => isObject(asObject(item)[m]) && !isObject(asObject(basePaths[basePath ?? ''])[m]),
    )) {
      const op = asObject(asObject(item)[method]);
      const operation = { id: String(op.operationId ?? `${method} ${path}`), method: method.toUpperCase(), path };
      const message = `${operation.method} ${path} added`;
      add(
        { change: { kind: 'operation-added', in: 'operation', message }, path: ['paths', path, method], adds: true },
        operation,
      );
    }
  }
  return changes.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}
