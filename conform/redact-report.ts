/**
 * The last guard before anything of a conformance run is shown or written: every string of the
 * report loses the run's secrets (the given token and API key, every token a session minted) and
 * anything shaped like a JWT, whoever minted it.
 */
import { redactSecrets, REDACTED } from '../report/index.ts';

const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** Removes the secrets and any JWT from a text. */
export function redactText(text: string, secrets: Iterable<string>): string {
  return redactSecrets(text, secrets).replace(JWT, REDACTED);
}

/** A copy of a JSON value with every secret removed from its strings. */
export function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' ? redactText(v, list) : v,
  ) as T;
}
