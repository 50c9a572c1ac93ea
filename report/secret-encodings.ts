/**
 * The forms a server may echo a known secret in, so that redaction finds it however it comes back:
 * as it is, URL-encoded (component, form and every-byte, either hex case), JSON-escaped (with `/`
 * written `\/` or not) and base64 (standard and url-safe, alone or inside a longer base64 text at
 * any of the three byte alignments).
 */

/** Forms kept per secret: a run has a few dozen secrets, and the same ones are redacted again and again. */
const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 2_000;

/** Every form of `secret` a text may hold, longest first (a longer form is replaced before a part of it). */
export function secretForms(secret: string): readonly string[] {
  let forms = cache.get(secret);
  if (forms) return forms;
  const found = new Set<string>([secret, ...urlForms(secret), ...jsonForms(secret), ...base64Forms(secret)]);
  for (const form of [...found]) if (form.includes('/')) found.add(form.replace(/\//g, '\\/'));
  forms = [...found].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(secret, forms);
  return forms;
}

function urlForms(secret: string): string[] {
  const component = encodeURIComponent(secret);
  // application/x-www-form-urlencoded: as a component, but a space is `+` and !'()~ are escaped too.
  const form = component.replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${hex(c.charCodeAt(0))}`);
  let everyByte = '';
  for (const byte of Buffer.from(secret, 'utf8')) everyByte += `%${hex(byte)}`;
  const forms = [component, form, everyByte, everyByte.toLowerCase()];
  // The encoders' own hex is upper-case; some servers write it lower-case.
  for (const f of [component, form]) if (f.includes('%')) forms.push(lowerHex(f));
  return forms;
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());

function jsonForms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  // Some encoders write every character outside ASCII as \uXXXX.
  if (!/[^\x20-\x7e]/.test(escaped)) return [escaped];
  const ascii = escaped.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [escaped, ascii];
}

/**
 * The secret in base64. Alone it is the whole encoding (with or without padding). Inside a longer
 * text (`user:secret` in a Basic credential) its bytes start at any of three offsets within a
 * 3-byte group: for each, the characters whose 6 bits all come from the secret are the same whatever
 * surrounds it, and those are matched (one or two boundary characters carrying a few bits stay).
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const whole = bytes.toString('base64');
  const forms = [whole, whole.replace(/=+$/, '')];
  for (const offset of [1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    forms.push(encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6)));
  }
  // At offset 0 the characters that hold only the secret's bits are the whole encoding's but its last partial one.
  forms.push(whole.slice(0, Math.floor((8 * bytes.length) / 6)));
  const urlSafe = forms.filter((f) => /[+/]/.test(f)).map((f) => f.replace(/\+/g, '-').replace(/\//g, '_'));
  return [...forms, ...urlSafe];
}
