/**
 * The small HTTP client every checker uses to reach a target (simulator or deployment), on undici.
 * It reads at most `maxAnswerBytes` of an answer, so a hostile or broken target cannot fill the
 * checker's memory: past it the connection is closed and the request fails with AnswerTooLargeError.
 * The body is read by the one answer reader (bounded-answer.ts), which the recording proxy uses too.
 */
import { Agent, request } from 'undici';
import { answerLimitMessage, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT_MS, readAnswer } from './bounded-answer.ts';

export { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT_MS };

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** A JSON value to send, or a raw string sent as it is. */
  body?: unknown;
  raw?: boolean;
  /** The whole exchange's limit (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The most bytes of the answer's body read (default DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, or the text when it is not JSON; undefined when empty. */
  body: unknown;
  text: string;
  durationMs: number;
}

/** A request that got no whole answer in time; `durationMs` is how long it really waited. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  constructor(
    readonly timeoutMs: number,
    readonly durationMs: number,
  ) {
    super(`no answer within the ${formatSeconds(timeoutMs)} time-out (waited ${formatSeconds(durationMs)})`);
  }
}

const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * An answer longer than the limit: its connection was closed once the limit was passed. It keeps
 * undici's code, so checkers that tell a target's transport failures from their own errors count it
 * as the target's.
 */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
  readonly code = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
  constructor(readonly limitBytes: number) {
    super(answerLimitMessage(limitBytes));
  }
}

/** One connection pool per answer limit (undici sets the limit per pool); a run uses one or two. */
const pools = new Map<number, Agent>();
function poolFor(maxAnswerBytes: number): Agent {
  let pool = pools.get(maxAnswerBytes);
  if (!pool) {
    pool = new Agent({ maxResponseSize: maxAnswerBytes });
    pools.set(maxAnswerBytes, pool);
  }
  return pool;
}

/**
 * Errors where the connection dropped before any answer: a server closing an idle keep-alive
 * connection just as a request goes out on it. Such a request is sent once more on a new one.
 */
const DROPPED_BEFORE_ANSWER = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

export async function send(req: HttpRequest): Promise<HttpResponse> {
  try {
    return await sendOnce(req);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (error instanceof RequestTimeoutError || !DROPPED_BEFORE_ANSWER.has(code ?? '')) throw error;
    return sendOnce(req);
  }
}

async function sendOnce(req: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  let payload: string | undefined;
  if (req.body !== undefined) {
    payload = req.raw ? String(req.body) : JSON.stringify(req.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAnswerBytes = req.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  try {
    const res = await request(req.url, {
      method: req.method as 'GET',
      headers,
      body: payload,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      dispatcher: poolFor(maxAnswerBytes),
    });
    const answer = await readAnswer(res.body, { maxAnswerBytes, stallMs: timeoutMs });
    if (answer.truncated) throw new AnswerTooLargeError(maxAnswerBytes);
    const text = answer.kept.toString('utf8');
    const durationMs = performance.now() - started;
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers: flat, body: parseBody(text), text, durationMs };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') throw new AnswerTooLargeError(maxAnswerBytes);
    if (signal.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      throw new RequestTimeoutError(timeoutMs, performance.now() - started);
    throw error;
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
