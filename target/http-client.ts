/** The small HTTP client every checker uses to reach a target (simulator or deployment), on undici. */
import { request } from 'undici';

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** A JSON value to send, or a raw string sent as it is. */
  body?: unknown;
  raw?: boolean;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, or the text when it is not JSON; undefined when empty. */
  body: unknown;
  text: string;
  durationMs: number;
}

export async function send(req: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  let payload: string | undefined;
  if (req.body !== undefined) {
    payload = req.raw ? String(req.body) : JSON.stringify(req.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  const started = performance.now();
  const res = await request(req.url, {
    method: req.method as 'GET',
    headers,
    body: payload,
    headersTimeout: req.timeoutMs ?? 30_000,
    bodyTimeout: req.timeoutMs ?? 30_000,
  });
  const text = await res.body.text();
  const durationMs = performance.now() - started;
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
  return { status: res.statusCode, headers: flat, body: parseBody(text), text, durationMs };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
