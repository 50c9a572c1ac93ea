/**
 * Copies a value with every secret replaced by `<redacted>`: provider credentials, push tokens,
 * tokens and keys by name, and any string equal to a secret the request carried.
 */
import { REDACTED } from '../report/index.ts';

const SECRET_KEYS = new Set(['tokenpush', 'authorization', 'accesstoken', 'clientsecret', 'clientapikey', 'apikey', 'password', 'x-sim-admin-key']);

/** The secret strings a value carries under secret keys, so they can be scrubbed wherever else they appear. */
export function secretValuesOf(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, inSecret: boolean, depth: number): void => {
    if (typeof node === 'string') {
      if (inSecret) found.push(node);
    } else if (typeof node === 'object' && node !== null && depth < 70) {
      for (const [key, v] of Object.entries(node)) {
        const lower = key.toLowerCase();
        walk(v, inSecret || lower === 'credentials' || SECRET_KEYS.has(lower), depth + 1);
      }
    }
  };
  walk(value, false, 0);
  return found;
}

export function redact(value: unknown, knownSecrets: readonly string[] = []): unknown {
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return knownSecrets.some((s) => s.length >= 6 && node.includes(s)) ? REDACTED : node;
    if (typeof node !== 'object' || node === null || depth > 70) return node;
    if (Array.isArray(node)) return node.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(node)) {
      const lower = key.toLowerCase();
      if (lower === 'credentials' && typeof v === 'object' && v !== null) {
        out[key] = Object.fromEntries(Object.keys(v as object).map((k) => [k, REDACTED]));
      } else if (SECRET_KEYS.has(lower) && v !== null && v !== undefined) out[key] = REDACTED;
      else out[key] = walk(v, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}
