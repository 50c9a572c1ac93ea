/**
 * The simulator's redaction is the harness's one redaction (report/redact.ts): the journal, the
 * state dump, events and logs all go through it.
 */
import { redactValue, secretValuesOf } from '../report/index.ts';

export { mayHoldSecret, redactedSecret, redactSecrets, secretValuesOf } from '../report/index.ts';

/**
 * A copy of a JSON value with every secret redacted (see `redactValue`): the known secrets, and the
 * values the value itself holds under secret field names wherever else in it they show, in any
 * encoding (an event's `mensagem` with a push token, and that token base64-encoded in another field).
 */
export function redact(value: unknown, knownSecrets: readonly string[] = []): unknown {
  return redactValue(value, [...knownSecrets, ...secretValuesOf(value)]);
}
