/**
 * A simulator snapshot checked against the admin document's schema (the `--data` file, the state
 * file, `PUT /__sim/state`), so that a bad snapshot is refused with the problem named and the state
 * left as it was.
 */
import { adminSchemaValidator } from '../../contract/index.ts';
import type { Snapshot } from './collections.ts';

/** The admin document's `Snapshot`, as the server enforces it on every way in (`--data`, the state file, `PUT /__sim/state`). */
const snapshotValidator = adminSchemaValidator<Snapshot>('Snapshot');

/** Returns the problems of a candidate snapshot, each naming where it is; empty when it is valid. */
export function snapshotProblems(candidate: unknown): string[] {
  const validate = snapshotValidator();
  if (validate(candidate)) return [];
  return (validate.errors ?? []).map((e) => {
    const where = e.instancePath || '(root)';
    if (e.keyword === 'additionalProperties') return `${where}: unknown key "${String(e.params.additionalProperty)}"`;
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
}
