/**
 * What counts as a secret, defined once. The spec marks secret properties and security schemes with
 * `x-secret: true`; SECRET_FIELDS lists those names so that synchronous code (redaction of reports,
 * logs and the journal) needs no loaded contract, and a test keeps the list in step with the spec.
 * SECRET_NAME_PARTS adds what a name holds when it means a secret in free-form JSON (an event's
 * `mensagem`: `pushToken`, `access_token`, `dbPassword`) and in the harness's own API.
 */

/**
 * Properties the two OpenAPI documents mark `x-secret`: provider credentials and push tokens (the
 * platform's), the minted access token (the simulator's admin API).
 */
export const SECRET_FIELDS = ['accessToken', 'credentials', 'tokenPush'] as const;

/** Headers that carry a secret: the security schemes the two documents mark `x-secret`. */
export const SECRET_HEADERS = ['authorization', 'x-sim-admin-key'] as const;

/** A name holding one of these (compared by `normalizeFieldName`) holds a secret wherever it appears in a JSON value. */
export const SECRET_NAME_PARTS = [
  'token',
  'secret',
  'password',
  'apikey',
  'credential',
  'privatekey',
  'authorization',
] as const;

/** A field name without case, `-` or `_`, so `access_token`, `Access-Token` and `accessToken` are one name. */
export function normalizeFieldName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

const EXACT = new Set([...SECRET_FIELDS, ...SECRET_HEADERS].map(normalizeFieldName));
const PARTS: readonly string[] = SECRET_NAME_PARTS;
/** Names already judged: the same few keys come back on every record. */
const judged = new Map<string, boolean>();

/** True when a property or header of this name holds a secret. */
export function isSecretField(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    const normalized = normalizeFieldName(name);
    secret = EXACT.has(normalized) || PARTS.some((part) => normalized.includes(part));
    if (judged.size < 10_000) judged.set(name, secret);
  }
  return secret;
}

/** Any secret name in a text, spelled with `-` or `_` anywhere and in any case (what normalizeFieldName ignores). */
const SECRET_NAME_IN_TEXT = new RegExp([...EXACT, ...PARTS].map((name) => name.split('').join('[-_]*')).join('|'), 'i');

/** True when a text (a JSON body) may hold a property that `isSecretField` names: the cheap test before parsing it. */
export function mayNameSecretField(text: string): boolean {
  return SECRET_NAME_IN_TEXT.test(text);
}

/**
 * Reads the `x-secret` markers of a raw OpenAPI document: the names of the marked properties, and
 * the header of each marked security scheme (lower case).
 */
export function secretMarkersOf(document: Record<string, unknown>): { fields: string[]; headers: string[] } {
  const fields = new Set<string>();
  const headers = new Set<string>();
  const walk = (node: unknown, key: string | undefined, parentKey: string | undefined): void => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record['x-secret'] === true && key !== undefined) {
      if (parentKey === 'securitySchemes')
        headers.add(record.type === 'http' ? 'authorization' : String(record.name).toLowerCase());
      else if (parentKey === 'properties') fields.add(key);
    }
    for (const [childKey, child] of Object.entries(record)) walk(child, childKey, key);
  };
  walk(document, undefined, undefined);
  return { fields: [...fields].sort(), headers: [...headers].sort() };
}
