/**
 * The one redaction of the harness: removes secrets from any text or JSON value before a report, a
 * log line, a journal entry, a state dump or an admin response shows it. A secret is a value under
 * a field `contract/secret-fields.ts` names (whatever its type), a JWT-shaped string, a `Bearer`
 * credential, or one of the secret strings the caller knows of (a token, an API key), in any form a
 * server may echo it in (`secret-encodings.ts`: URL-encoded, JSON-escaped, base64). Text from a
 * deployment is cut for a report only through `excerpt`, which redacts before it cuts.
 */
import { isSecretField } from '../contract/secret-fields.ts';
import { secretForms } from './secret-encodings.ts';

export const REDACTED = '<redacted>';

/**
 * The harness's one JWT pattern: base64url segments, the first one a JSON object's (`{"` encodes as
 * `eyJ`), then a dot. The signature may be empty (`alg: none`), and a token cut short (a
 * 100-character tenant name) counts too. Whatever must find a token in text uses it: redaction, the
 * tenant-name rule, the fuzzer's telling a leaked token from another secret.
 */
export const JWT_PATTERN = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*)?/;
const JWT = new RegExp(JWT_PATTERN.source, 'g');
const BEARER = /Bearer\s+[A-Za-z0-9._~+/-]+=*/g;
/** An Authorization header written out (a curl command, a log): its value, after any scheme word. */
const AUTHORIZATION_HEADER = /(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?(?!bearer\s)[A-Za-z0-9._~+/-]+=*/gi;
/** Shorter strings would match too much ordinary text to be worth scrubbing. */
const MIN_SECRET_LENGTH = 6;
const MAX_DEPTH = 70;

/** True when a text may hold a JWT: the cheap test that spares the regular expression on ordinary text. */
export function mayHoldJwt(text: string): boolean {
  return text.includes('eyJ');
}

/** True when a text holds a JWT-shaped value (`JWT_PATTERN`). */
export function holdsJwt(text: string): boolean {
  return mayHoldJwt(text) && JWT_PATTERN.test(text);
}

/** The known secrets worth looking for (shorter ones would match ordinary text). */
function knownSecrets(secrets: Iterable<string>): string[] {
  const known: string[] = [];
  for (const given of secrets) {
    // An Authorization value's secret is its credential: the scheme word stays readable (`Bearer <redacted>`).
    const secret = /^(?:bearer|basic)\s+(\S.*)$/i.exec(given)?.[1] ?? given;
    if (secret.length >= MIN_SECRET_LENGTH) known.push(secret);
  }
  return known;
}

/** True when a text holds one of the given secrets in any of its forms: the cheap test before a redaction. */
export function mayHoldSecret(text: string, secrets: Iterable<string>): boolean {
  return secretFormsTest(secrets)(text);
}

/**
 * `mayHoldSecret` for many texts and the same secrets: their forms are looked up once (a journal
 * entry checks its path, headers and bodies against the request's token).
 */
export function secretFormsTest(secrets: Iterable<string>): (text: string) => boolean {
  const forms: string[] = [];
  for (const secret of knownSecrets(secrets)) forms.push(...secretForms(secret));
  return (text) => {
    for (const form of forms) if (text.includes(form)) return true;
    return false;
  };
}

/**
 * Removes only the given secrets, in every form a server may echo them in; nothing else. For a text
 * that must keep the invalid tokens it was written with (a replay file of an auth case).
 */
export function redactKnownSecrets(
  text: string,
  secrets: Iterable<string>,
  shownAs: (form: string) => readonly string[] = (form) => [form],
): string {
  let out = text;
  // Longest secrets first: a secret that holds another is replaced whole.
  const known = knownSecrets(secrets).sort((a, b) => b.length - a.length);
  for (const secret of known)
    for (const form of secretForms(secret))
      for (const shown of shownAs(form)) if (out.includes(shown)) out = out.split(shown).join(REDACTED);
  return out;
}

/** Removes the given secrets (in every form), every JWT-shaped value and every `Bearer` credential from a text. */
export function redactSecrets(text: string, secrets: Iterable<string> = []): string {
  let out = redactKnownSecrets(text, secrets);
  if (mayHoldJwt(out)) out = out.replace(JWT, REDACTED);
  return out
    .replace(BEARER, `Bearer ${REDACTED}`)
    .replace(
      AUTHORIZATION_HEADER,
      (_, name: string, scheme: string | undefined) => `${name}${scheme ?? ''}${REDACTED}`,
    );
}

/** Room kept past the cut so that a secret or a JWT's first segment across it is seen whole. */
const EXCERPT_MARGIN = 1_024;

/**
 * At most `max` characters of a text from a target, for a report: redacted first, then cut (an
 * ellipsis marks the cut), so no part of a secret survives a cut through it. Only the head of a
 * long text is redacted, with room past the cut for the longest form of a secret.
 */
export function excerpt(text: string, max: number, secrets: Iterable<string> = [], ellipsis = '…'): string {
  const known = knownSecrets(secrets);
  const margin = Math.max(EXCERPT_MARGIN, ...known.flatMap((s) => secretForms(s).map((f) => f.length)));
  let head = text;
  for (let window = max + margin; ; window *= 2) {
    if (window >= text.length) {
      head = redactSecrets(text, known);
      break;
    }
    head = redactSecrets(text.slice(0, window), known);
    // A secret cut by the window's end stays in its last `margin` characters: those must lie past the cut.
    if (head.length - margin >= max) break;
  }
  return head.length > max ? `${head.slice(0, Math.max(0, max - ellipsis.length))}${ellipsis}` : head;
}

/**
 * Removes the given secrets from JSON text (each form of each as JSON escapes it) and every
 * JWT-shaped value. The result stays valid JSON: what is replaced never spans a quote or an escape.
 */
export function redactJsonText(json: string, secrets: readonly string[] = []): string {
  const out = redactKnownSecrets(json, secrets, (form) => {
    const escaped = JSON.stringify(form).slice(1, -1);
    return escaped.includes('/') ? [escaped, escaped.replace(/\//g, '\\/')] : [escaped];
  });
  return mayHoldJwt(out) ? out.replace(JWT, REDACTED) : out;
}

/**
 * A copy of a JSON value with every secret removed: values under secret field names at any depth
 * (an object keeps its keys, each value redacted; any other value becomes `<redacted>`), JWT-shaped
 * strings, and strings holding one of the given secrets.
 */
export function redactValue<T>(value: T, secrets: readonly string[] = []): T {
  const known = knownSecrets(secrets);
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

/**
 * A copy of a JSON value with every secret redacted (see `redactValue`): the known secrets, and the
 * values the value itself holds under secret field names wherever else in it they show, in any
 * encoding (an event's `mensagem` with a push token, and that token base64-encoded in another field).
 */
export function redactDeep<T>(value: T, knownSecrets: readonly string[] = []): T {
  return redactValue(value, [...knownSecrets, ...secretValuesOf(value)]);
}

/**
 * A copy of a JSON value whose every string has lost the given secrets (in every form a server may
 * echo them in) and any JWT; keys are kept as they are. The last guard of a run's results and reports.
 */
export function redactStrings<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' ? redactSecrets(v, list) : v,
  ) as T;
}
