/**
 * The operation ids a run is narrowed to (`--operations` on conform, fuzz and scenarios run): given
 * as a list, each item may hold several ids separated by commas or spaces. An id the contract does
 * not have is a usage error that names the allowed ones.
 */
import type { Operation } from './types.ts';

export class UnknownOperationError extends Error {
  override name = 'UnknownOperationError';
}

/** The ids asked for, checked against the contract's operations; undefined when none is given (all). */
export function selectedOperationIds(
  all: readonly Operation[],
  given: readonly string[] | undefined,
): string[] | undefined {
  const wanted = (given ?? []).flatMap((id) => id.split(/[\s,]+/)).filter(Boolean);
  if (wanted.length === 0) return undefined;
  const unknown = wanted.filter((id) => !all.some((op) => op.id === id));
  if (unknown.length)
    throw new UnknownOperationError(
      `unknown operation ${unknown.join(', ')} (--operations); the operations are: ${all.map((op) => op.id).join(', ')}`,
    );
  return [...new Set(wanted)];
}
