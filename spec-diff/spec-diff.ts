/**
 * Every change between two versions of the contract (`gas-harness spec diff BASE REVISION`), each
 * with its severity for a client of the base version and whether it touches what the platform's
 * description states (documented) or not (assumed, with the spec's `x-assumed` reason where it gives one).
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
import { changelogOnly, severityOf, SEVERITIES, type ChangeKind, type SeverityOverride } from './diff-severity.ts';
import { removalOf } from './lifecycle-diff.ts';
import { diffOperation } from './operation-diff.ts';
import { diffSecuritySchemes, schemesOf } from './security-diff.ts';
import type { LocatedChange, OperationRef, SpecChange, SpecDocuments } from './spec-change.ts';

export type { SpecChange, SpecDocuments } from './spec-change.ts';

/** What a comparison lists, and how. */
export interface DiffSpecsOptions {
  /** List the changes that only change the document's words too (operationId, tags, descriptions, examples). */
  changelog?: boolean;
  /** A severity per kind, or `ignore` (`--severity-overrides`). */
  overrides?: ReadonlyMap<ChangeKind, SeverityOverride>;
  /** Only these operations (by the base's operationId; an added operation's, the revision's). */
  operations?: readonly string[];
  /** Only the operations whose path matches one of these globs (`*` within a segment, `**` across). */
  paths?: readonly string[];
  /** The day sunset dates are compared with (default: now). */
  now?: Date;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Obj => (isObject(v) ? v : {});
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** A path template without its parameters' names: `/v1/merchants/{}` for `/v1/merchants/{merchantId}`. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** Every change from `base` to `revision`, breaking first; none for equal documents. */
export function diffSpecs(base: SpecDocuments, revision: SpecDocuments, options: DiffSpecsOptions = {}): SpecChange[] {
  const now = options.now ?? new Date();
  const changes: SpecChange[] = [];
  const add = (
    { change, path, adds, direction, severity }: LocatedChange,
    where: Pick<SpecChange, 'operation' | 'component'>,
  ) => {
    const located = { ...change, ...where };
    changes.push({
      ...located,
      severity: severity ?? severityOf(change.kind, direction),
      pointer: `#${pointerOf(path)}`,
      basis: changeBasis(located, base.raw, revision.raw, path, adds),
    });
  };
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
      const operation = refOf(op, method, path);
      const revisionOp = revisionItem?.[method];
      if (revisionPath === undefined || !isObject(revisionOp)) {
        const whole = revisionPath === undefined;
        const removal = removalOf(op, now, {
          kind: whole ? 'path-removed' : 'operation-removed',
          message: `${operation.method} ${path} removed${whole ? ' (the whole path is gone)' : ''}`,
        });
        add(
          {
            change: { ...removal, in: 'operation' },
            path: whole ? ['paths', path] : ['paths', path, method],
            adds: false,
          },
          { operation },
        );
        continue;
      }
      const sides = [
        { document: base.document, path, method, op },
        { document: revision.document, path: revisionPath, method, op: revisionOp },
      ] as const;
      for (const change of diffOperation(...sides)) add(change, { operation });
    }
  }
  for (const [path, item] of Object.entries(revisionPaths)) {
    const basePath = matched.has(path)
      ? [...Object.keys(basePaths)].find((p) => shapeOf(p) === shapeOf(path))
      : undefined;
    for (const method of METHODS.filter(
      (m) => isObject(asObject(item)[m]) && !isObject(asObject(basePaths[basePath ?? ''])[m]),
    )) {
      const operation = refOf(asObject(asObject(item)[method]), method, path);
      const message = `${operation.method} ${path} added`;
      add(
        { change: { kind: 'operation-added', in: 'operation', message }, path: ['paths', path, method], adds: true },
        { operation },
      );
    }
  }
  const schemes = (d: SpecDocuments) => asObject(d.document.components).securitySchemes;
  for (const { scheme, located } of diffSecuritySchemes(schemes(base), schemes(revision)))
    add(located, { component: { name: `securitySchemes.${scheme}`, usedBy: operationsUsing(base.document, scheme) } });
  return select(changes, options).sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

const refOf = (op: Obj, method: string, path: string): OperationRef => ({
  id: String(op.operationId ?? `${method} ${path}`),
  method: method.toUpperCase(),
  path,
});

/** The operations whose security (their own, else the document's) names `scheme`. */
function operationsUsing(document: Obj, scheme: string): OperationRef[] {
  return Object.entries(asObject(document.paths)).flatMap(([path, item]) =>
    METHODS.filter((m) => isObject(asObject(item)[m]))
      .map((method) => ({ op: asObject(asObject(item)[method]), method }))
      .filter(({ op }) => schemesOf(op.security ?? document.security).includes(scheme))
      .map(({ op, method }) => refOf(op, method, path)),
  );
}

/** The changes the options keep: `--changelog`'s kinds, the overrides' severities, the filters. */
function select(changes: SpecChange[], options: DiffSpecsOptions): SpecChange[] {
  const globs = options.paths?.map(globPattern);
  const wanted = (op: OperationRef) =>
    (!options.operations || options.operations.includes(op.id)) && (!globs || globs.some((g) => g.test(op.path)));
  return changes.flatMap((change) => {
    if (!options.changelog && changelogOnly(change.kind)) return [];
    const override = options.overrides?.get(change.kind);
    if (override === 'ignore') return [];
    if (options.operations || globs) {
      const operations = change.operation ? [change.operation] : (change.component?.usedBy ?? []);
      if (!operations.some(wanted)) return [];
    }
    return [override ? { ...change, severity: override } : change];
  });
}

/** A path glob as a pattern: `*` is any text within a segment, `**` any text, `?` one character; the rest is literal. */
export function globPattern(glob: string): RegExp {
  const source = glob.replace(/\*\*|\*|\?|[.+^${}()|[\]\\]/g, (token) =>
    token === '**' ? '.*' : token === '*' ? '[^/]*' : token === '?' ? '[^/]' : `\\${token}`,
  );
  return new RegExp(`^${source}$`);
}
