/**
 * The values of a recorded session that a suite must not write as they were: ids the server made
 * (captured where they first appear, referenced where the client sent them back), volatile values
 * (times, dates, trace ids: never asserted), and secrets (the credentials the session carried and
 * values under secret field names: never written).
 */
import { isSecretField } from '../contract/secret-fields.ts';
import { REDACTED, redactedSecret, redactSecrets, secretValuesOf } from '../report/redact.ts';
import type { RecordedBody, RecordedExchange } from './recorded-exchange.ts';

/** A key whose value is an identifier. */
export const ID_KEY = /^(?:id|.+Id|.+_id|.+ID)$/;
/** Keys whose values change from run to run: times, dates, trace and request ids, versions. */
const VOLATILE_KEY = /time|date|(?:At|_at)$|timestamp|trace|span|request_?id|correlation|etag|nonce|expires|version/i;
/** An ISO date or date-time, an HTTP date. */
const VOLATILE_VALUE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}|$)|^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} /;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Shorter values would be replaced where they are only a coincidence (a `1`, a `yes`). */
const MIN_CAPTURED_LENGTH = 6;

export function isVolatile(key: string, value: unknown): boolean {
  return VOLATILE_KEY.test(key) || (typeof value === 'string' && VOLATILE_VALUE.test(value));
}

/** Whether a value found under this key may be an id the server generated. */
export function mayBeGeneratedId(key: string, value: unknown): value is string {
  return typeof value === 'string' && value.length >= MIN_CAPTURED_LENGTH && (ID_KEY.test(key) || UUID.test(value));
}

/** Every secret the session carried: credential headers, cookies, secret fields and parameters. */
export function secretsOfSession(exchanges: readonly RecordedExchange[]): string[] {
  const secrets = new Set<string>();
  const addHeaderSecret = (name: string, value: string) => {
    if (!(isSecretField(name) || /cookie/i.test(name))) return;
    secrets.add(value);
    // `Bearer abc`: the credential alone, wherever else it shows.
    const credential = /^\S+\s+(\S{6,})$/.exec(value)?.[1];
    if (credential) secrets.add(credential);
  };
  for (const exchange of exchanges) {
    for (const [name, value] of Object.entries(exchange.headers)) addHeaderSecret(name, value);
    for (const [name, value] of Object.entries(exchange.responseHeaders ?? {})) addHeaderSecret(name, value);
    for (const [name, value] of Object.entries(exchange.query ?? {})) if (isSecretField(name)) secrets.add(value);
    for (const body of [exchange.body, exchange.responseBody])
      if (body?.kind === 'json') for (const value of secretValuesOf(body.value)) secrets.add(value);
  }
  secrets.delete(REDACTED);
  return [...secrets].filter((s) => s.length > 0);
}

/**
 * A JSON value with every secret removed, keys included: values under secret field names become
 * `<redacted>`, and known secrets or JWTs inside any string or key are replaced.
 */
export function withoutSecrets(value: unknown, secrets: readonly string[]): unknown {
  const text = (s: string) => redactSecrets(s, secrets);
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return text(node);
    if (typeof node !== 'object' || node === null) return node;
    if (depth > 60) return REDACTED;
    if (Array.isArray(node)) return node.map((v) => walk(v, depth + 1));
    // fromEntries keeps a `__proto__` key an own property, as JSON.parse made it.
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [text(k), isSecretField(k) ? redactedSecret(v) : walk(v, depth + 1)]),
    );
  };
  return walk(value, 0);
}

/** Every string a value holds (object keys left out), for finding where an id is sent back. */
export function stringsOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  const walk = (node: unknown, depth: number) => {
    if (typeof node === 'string') into.add(node);
    else if (typeof node === 'object' && node !== null && depth < 60)
      for (const v of Object.values(node)) walk(v, depth + 1);
  };
  walk(value, 0);
  return into;
}

/** The strings a request sends: its path segments (decoded), query values and body strings. */
export function stringsSentBy(exchange: RecordedExchange): Set<string> {
  const sent = new Set<string>();
  for (const segment of exchange.path.split('/')) if (segment) sent.add(decoded(segment));
  for (const value of Object.values(exchange.query ?? {})) sent.add(value);
  const body: RecordedBody | undefined = exchange.body;
  if (body?.kind === 'json') stringsOf(body.value, sent);
  if (body?.kind === 'text') sent.add(body.text);
  return sent;
}

export function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Values shorter than this are replaced only where they are a whole text: inside one they would match by coincidence. */
const MIN_REFERENCED_LENGTH = 8;

/**
 * The captured values and their capture names, indexed by their first characters too, so that a
 * text is searched for all of them in one pass over it (a session of thousands of ids stays fast).
 */
export class CaptureReferences extends Map<string, string> {
  private readonly byPrefix = new Map<string, string[]>();

  override set(value: string, name: string): this {
    super.set(value, name);
    if (value.length >= MIN_REFERENCED_LENGTH) {
      const prefix = value.slice(0, MIN_REFERENCED_LENGTH);
      const values = this.byPrefix.get(prefix) ?? [];
      // Longest first: a longer value is replaced before one it starts with.
      values.push(value);
      values.sort((a, b) => b.length - a.length);
      this.byPrefix.set(prefix, values);
    }
    return this;
  }

  /**
   * A text with captured values replaced by their `{{name}}` reference: a whole match keeps the
   * captured value's type; in a longer text each occurrence is replaced.
   */
  replaceIn(text: string): string {
    const whole = this.get(text);
    if (whole !== undefined) return `{{${whole}}}`;
    if (this.byPrefix.size === 0 || text.length < MIN_REFERENCED_LENGTH) return text;
    let out = '';
    let copied = 0;
    for (let i = 0; i + MIN_REFERENCED_LENGTH <= text.length;) {
      const found = this.byPrefix.get(text.slice(i, i + MIN_REFERENCED_LENGTH))?.find((v) => text.startsWith(v, i));
      if (found === undefined) {
        i++;
        continue;
      }
      out += `${text.slice(copied, i)}{{${this.get(found) ?? ''}}}`;
      i += found.length;
      copied = i;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}

/** A text with captured values replaced (see CaptureReferences.replaceIn). */
export function referencedText(text: string, references: CaptureReferences): string {
  return references.replaceIn(text);
}

/** Every string inside a JSON value with captured values replaced (object keys are left as they are). */
export function withReferences(value: unknown, references: CaptureReferences): unknown {
  if (references.size === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return referencedText(node, references);
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value);
}

/** Object keys that wrap a body rather than name what is in it. */
const WRAPPERS = new Set(['data', 'result', 'results', 'items', 'item', 'value']);

/**
 * A name for a capture of the value at a JSON path: the key when it names the thing (`brandId`),
 * else the object holding it (`$.data.category.id`: `categoryId`), else the operation's resource.
 */
export function captureNameFor(
  jsonPath: string,
  operationId: string | undefined,
  taken: ReadonlySet<string>,
  /** The next number to try per name, so a thousand `brandId`s are not each counted up from 2. */
  nextNumber: Map<string, number> = new Map(),
): string {
  const keys = jsonPath.split(/[.[\]]/).filter((k) => k !== '' && k !== '$' && !/^\d+$/.test(k));
  const key = keys[keys.length - 1] ?? 'id';
  const holder = keys
    .slice(0, -1)
    .reverse()
    .find((k) => !WRAPPERS.has(k));
  const resource = holder ?? operationId?.replace(/^(?:create|upsert|update|register|get|receive|increment)/, '') ?? '';
  const camel = key === 'id' && resource ? `${resource[0]?.toLowerCase() ?? ''}${resource.slice(1)}Id` : key;
  let base = /^[A-Za-z_][A-Za-z0-9_]*$/.test(camel) && camel !== 'uuid' && camel !== 'env' ? camel : 'generatedId';
  // A capture named like a secret would read as one to every redaction after it.
  if (isSecretField(base)) base = 'generatedId';
  let name = base;
  let n = nextNumber.get(base) ?? 2;
  while (taken.has(name)) name = `${base}${n++}`;
  nextNumber.set(base, n);
  return name;
}
