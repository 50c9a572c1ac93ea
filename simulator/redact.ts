/**
 * The simulator's redaction is the harness's one redaction (report/redact.ts): the journal, the
 * state dump, events and logs all go through it.
 */
import { redactValue } from '../report/index.ts';

export { mayHoldSecret, redactedSecret, redactSecrets, secretValuesOf } from '../report/index.ts';

/** A copy of a JSON value with every secret redacted (see `redactValue`). */
export function redact(value: unknown, knownSecrets: readonly string[] = []): unknown {
  return redactValue(value, knownSecrets);
}
