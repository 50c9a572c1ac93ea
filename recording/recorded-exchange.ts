/**
 * One request and its answer as `gas-harness record` saw it, whatever the source: a simulator's
 * journal entry (secrets already redacted there) or an exchange a recording proxy forwarded (raw,
 * secrets included: only recorded-suite.ts reads it, and it writes none of them).
 */
import type { AdminJournalEntry } from '../contract/index.ts';

/** A body: parsed JSON, text that is not JSON, or left out (binary, too large, may hold a secret). */
export type RecordedBody =
  { kind: 'json'; value: unknown } | { kind: 'text'; text: string } | { kind: 'omitted'; reason: string };

export interface RecordedExchange {
  method: string;
  /** The path as sent, without the query string. */
  path: string;
  /** The query string's parameters (the last value of a repeated one). */
  query?: Record<string, string>;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  body?: RecordedBody;
  status: number;
  /** Response headers, names in lower case (a journal keeps none). */
  responseHeaders?: Record<string, string>;
  responseBody?: RecordedBody;
  /** When it was sent, in ms since the epoch (to tell an expired token). */
  time?: number;
  /** The rule behind an error answer, when the simulator said (its journal does). */
  refusal?: { code: string; target: string; message: string };
  /** True when the status was injected by a fault rule or asked for with Prefer. */
  simulated?: boolean;
}

/** Bodies larger than this are not written into a suite (nor asserted): a suite is read by people. */
export const MAX_RECORDED_BODY_BYTES = 64 * 1024;

/** The exchange a journal entry stands for. A journal keeps JSON bodies only and no response headers. */
export function exchangeOfJournalEntry(entry: AdminJournalEntry): RecordedExchange {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.request.headers)) headers[name.toLowerCase()] = value;
  const time = Date.parse(entry.time);
  const body = (value: unknown): RecordedBody | undefined =>
    value === undefined ? undefined : { kind: 'json', value };
  const requestBody =
    body(entry.request.body) ??
    (headers['content-type'] ? { kind: 'omitted' as const, reason: 'the journal keeps JSON bodies only' } : undefined);
  const responseBody = body(entry.response.body);
  return {
    method: entry.method,
    path: entry.path,
    headers,
    ...(requestBody ? { body: requestBody } : {}),
    status: entry.status,
    ...(responseBody ? { responseBody } : {}),
    ...(Number.isNaN(time) ? {} : { time }),
    ...(entry.refusal
      ? { refusal: { code: entry.refusal.code, target: entry.refusal.target, message: entry.refusal.message } }
      : {}),
    simulated: entry.simulated,
  };
}

/**
 * A body as bytes arrived: JSON when it parses as JSON, text when it is UTF-8 text, else left out.
 * Bodies past MAX_RECORDED_BODY_BYTES are left out too, with their size.
 */
export function recordedBodyOf(bytes: Uint8Array, contentType: string | undefined): RecordedBody | undefined {
  if (bytes.length === 0) return undefined;
  if (bytes.length > MAX_RECORDED_BODY_BYTES)
    return { kind: 'omitted', reason: `${bytes.length} bytes, more than a suite keeps` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'omitted', reason: `binary (${contentType ?? 'no content type'}, ${bytes.length} bytes)` };
  }
  // Control characters other than tab and line ends are not text a YAML file can hold as written.
  if (hasControlCharacters(text))
    return { kind: 'omitted', reason: `binary (${contentType ?? 'no content type'}, ${bytes.length} bytes)` };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'text', text };
  }
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
