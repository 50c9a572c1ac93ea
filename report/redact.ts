/**
 * The one redaction of the harness: removes secrets from any text or JSON value before a report, a
 * log line, a journal entry, a state dump or an admin response shows it. A secret is a value under
 * a field `spec/secret-fields.ts` names (whatever its type), a JWT-shaped string, a `Bearer`
 * credential, or one of the secret strings the caller knows of (a token, an API key).
 */
import { isSecretField } from '../spec/secret-fields.ts';

export const REDACTED = '<redacted>';

/**
 * A JWT: base64url segments, the first one a JSON object's (`{"` encodes as `eyJ`), then a dot. The
 * signature may be empty (`alg: none`), and a token cut short (a 100-character tenant name) counts too.
 */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*)?/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/-]+=*/g;
/** An Authorization header written out (a curl command, a log): its value, after any scheme word. */
const AUTHORIZATION_HEADER = /(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?(?!bearer\s)[A-Za-z0-9._~+/-]+=*/gi;
/** Shorter strings would match too much ordinary text to be worth scrubbing. */
const MIN_SECRET_LENGTH = 6;
const MAX_DEPTH = 70;

/** True when a text may hold a JWT: the cheap test that spares the regular expression on ordinary text. */
function mayHoldJwt(text: string): boolean {
  return text.includes('eyJ');
}

/** Removes the given secrets, every JWT-shaped value and every `Bearer` credential from a text. */
export function redactSecrets(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  if (mayHoldJwt(out)) out = out.replace(JWT, REDACTED);
  return out
    .replace(BEARER, `Bearer ${REDACTED}`)
    .replace(
      AUTHORIZATION_HEADER,
      (_, name: string, scheme: string | undefined) => `${name}${scheme ?? ''}${REDACTED}`,
    );
}

/**
 * Removes the given secrets from JSON text (each also as JSON escapes it) and every JWT-shaped
 * value. The result stays valid JSON: what is replaced never spans a quote or an escape.
 */
export function redactJsonText(json: string, secrets: readonly string[] = []): string {
  let out = json;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return mayHoldJwt(out) ? out.replace(JWT, REDACTED) : out;
}

/**
 * A copy of a JSON value with every secret removed: values under secret field names at any depth
 * (an object keeps its keys, each value redacted; any other value becomes `<redacted>`), JWT-shaped
 * strings, and strings holding one of the given secrets.
 */
export function redactValue<T>(value: T, secrets: readonly string[] = []): T {
  const known = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH);
  const walkString = (text: string): string => {
    if (known.length === 0 && !mayHoldJwt(text)) return text;
    return redactSecrets(text, known);
  };
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return walkString(node);
    if (typeof node !== 'object' || node === null) return node;
    if (depth > MAX_DEPTH) return REDACTED;
    if (Array.isArray(node)) return node.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(node)) out[key] = isSecretField(key) ? redactedSecret(v) : walk(v, depth + 1);
    return out;
  };
  return walk(value, 0) as T;
}

/** A secret field's value redacted: absent stays absent, a flag stays (`passwordChangePending`), an object keeps its keys. */
export function redactedSecret(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.keys(value).map((k) => [k, REDACTED]));
  return REDACTED;
}

/** The values a JSON value carries under secret field names (strings and numbers), to scrub wherever else they show. */
export function secretValuesOf(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, inSecret: boolean, depth: number): void => {
    if (typeof node === 'string' || typeof node === 'number') {
      if (inSecret) found.push(String(node));
    } else if (typeof node === 'object' && node !== null && depth < MAX_DEPTH) {
      for (const [key, v] of Object.entries(node)) walk(v, inSecret || isSecretField(key), depth + 1);
    }
  };
  walk(value, false, 0);
  return found;
}
