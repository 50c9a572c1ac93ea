/**
 * What an operation's own words and lifecycle say, compared between two versions of the contract:
 * `deprecated` and the sunset date (`x-sunset`, a date as oasdiff reads it) that decides whether its
 * removal breaks clients, and the operationId, tags, summary and description that `--changelog` lists.
 */
import type { ChangeKind } from './diff-severity.ts';
import { sameValue } from './same-value.ts';
import { show } from './schema-diff.ts';
import type { LocatedChange } from './spec-change.ts';

type Obj = Record<string, unknown>;

/** The operation's sunset date (`x-sunset`: `2026-06-30` or a full date-time), when it gives a valid one. */
export function sunsetOf(op: Obj): Date | undefined {
  const value = op['x-sunset'];
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The removal of an operation: not breaking once the sunset date it announced has passed (clients
 * were told when it would go), breaking before it or without one.
 */
export function removalOf(
  op: Obj,
  now: Date,
  removed: { kind: 'operation-removed' | 'path-removed'; message: string },
): { kind: ChangeKind; message: string } {
  const sunset = sunsetOf(op);
  if (sunset && sunset.getTime() <= now.getTime())
    return {
      kind: 'operation-removed-after-sunset',
      message: `${removed.message} after its sunset date ${day(sunset)}`,
    };
  return sunset ? { ...removed, message: `${removed.message} before its sunset date ${day(sunset)}` } : removed;
}

/** The changes to an operation's deprecation, sunset date and annotations, located at `at` (the operation). */
export function diffLifecycle(op: Obj, revisionOp: Obj, at: string[]): LocatedChange[] {
  const found: LocatedChange[] = [];
  const change = (kind: ChangeKind, key: string, message: string, before: unknown, after: unknown) =>
    found.push({
      change: { kind, in: 'operation', message, ...defined({ before, after }) },
      path: [...at, key],
      adds: before === undefined,
    });
  const [was, is] = [op.deprecated === true, revisionOp.deprecated === true];
  if (!was && is) change('operation-deprecated', 'deprecated', 'the operation is deprecated', undefined, true);
  if (was && !is) change('operation-undeprecated', 'deprecated', 'the operation is no longer deprecated', true, false);

  const [sunset, revisedSunset] = [sunsetOf(op), sunsetOf(revisionOp)];
  if (!sameValue(op['x-sunset'], revisionOp['x-sunset'])) {
    const [before, after] = [sunset && day(sunset), revisedSunset && day(revisedSunset)];
    const earlier = sunset && (revisedSunset ? revisedSunset < sunset : is);
    change(
      earlier ? 'sunset-brought-forward' : 'sunset-changed',
      'x-sunset',
      after
        ? `the sunset date ${before ? `moved from ${before} to ${after}` : `is ${after}`}`
        : `the sunset date ${before ?? ''} is removed`,
      before,
      after,
    );
  }

  if (op.operationId !== revisionOp.operationId)
    change(
      'operation-id-changed',
      'operationId',
      `operationId ${show(op.operationId)} renamed ${show(revisionOp.operationId)}`,
      op.operationId,
      revisionOp.operationId,
    );
  if (!sameValue(op.tags, revisionOp.tags))
    change(
      'tags-changed',
      'tags',
      `tags changed from ${show(op.tags)} to ${show(revisionOp.tags)}`,
      op.tags,
      revisionOp.tags,
    );
  for (const [key, kind] of [
    ['summary', 'summary-changed'],
    ['description', 'description-changed'],
  ] as const)
    if (!sameValue(op[key], revisionOp[key]))
      change(
        kind,
        key,
        `the operation's ${key} ${key in op ? (key in revisionOp ? 'changed' : 'removed') : 'added'}`,
        op[key],
        revisionOp[key],
      );
  return found;
}

const defined = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
