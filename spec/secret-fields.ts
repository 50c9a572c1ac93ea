/**
 * What counts as a secret, defined once. The spec marks secret properties and security schemes with
 * `x-secret: true`; SECRET_FIELDS lists those names so that synchronous code (redaction of reports,
 * logs and the journal) needs no loaded contract, and a test keeps the list in step with the spec.
 * SECRET_NAMES adds the names that mean a secret in free-form JSON (an event's `mensagem`) and in
 * the harness's own API.
 */

/** Properties the spec marks `x-secret`: provider credentials and push tokens. */
export const SECRET_FIELDS = ['credentials', 'tokenPush'] as const;

/** Headers that carry a secret: the security schemes marked `x-secret`, and the admin key. */
export const SECRET_HEADERS = ['authorization', 'x-sim-admin-key'] as const;

/** Names that hold a secret wherever they appear in a JSON value, compared by `normalizeFieldName`. */
export const SECRET_NAMES = [
  'accessToken', 'refreshToken', 'idToken', 'token', 'apiKey', 'clientApiKey', 'clientSecret', 'secret', 'password', 'privateKey',
] as const;

/** A field name without case, `-` or `_`, so `access_token`, `Access-Token` and `accessToken` are one name. */
export function normalizeFieldName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

const NORMALIZED = new Set([...SECRET_FIELDS, ...SECRET_HEADERS, ...SECRET_NAMES].map(normalizeFieldName));

/** True when a property or header of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return NORMALIZED.has(normalizeFieldName(name));
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
      if (parentKey === 'securitySchemes') headers.add(record.type === 'http' ? 'authorization' : String(record.name).toLowerCase());
      else if (parentKey === 'properties') fields.add(key);
    }
    for (const [childKey, child] of Object.entries(record)) walk(child, childKey, key);
  };
  walk(document, undefined, undefined);
  return { fields: [...fields].sort(), headers: [...headers].sort() };
}
