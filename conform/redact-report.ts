/**
 * The last guard before anything of a conformance run is shown or written: every string of the
 * report loses the run's secrets (the given token and API key, every token a session minted) and
 * anything shaped like a JWT, whoever minted it.
 */
import { redactSecrets } from '../report/index.ts';

/** Removes the secrets (in every form a server may echo them in) and any JWT from a text. */
export function redactText(text: string, secrets: Iterable<string>): string {
  return redactSecrets(text, secrets);
}

/** A copy of a JSON value with every secret removed from its strings. */
export function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' ? redactText(v, list) : v,
  ) as T;
}
