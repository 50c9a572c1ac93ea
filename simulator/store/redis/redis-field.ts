/**
 * A record's key or unique value as a Redis hash field. Redis keeps bytes, and a JavaScript string
 * reaches it as UTF-8, where every lone surrogate becomes U+FFFD: ids '\ud800', '\udc00' and
 * '\ufffd', three records of the memory store, would be one of Redis. Such a string is sent as NUL
 * then its JSON (which escapes a lone surrogate), and so is any string that starts with NUL, so
 * that no two strings share a field.
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function redisField(text: string): string {
  return LONE_SURROGATE.test(text) || text.startsWith('\0') ? `\0${JSON.stringify(text)}` : text;
}
