/**
 * The recording proxy of `gas-harness record --target URL`: forwards every request to the target and
 * every answer back unchanged, and keeps what passed as a scenario suite, written after each
 * exchange (so a kill loses at most the one in flight) and once more when it is closed. Answers are
 * read by the one answer reader (client/bounded-answer.ts): relayed chunk by chunk as they arrive,
 * at most `--max-answer-mb` of each kept and decompressed for the record, a body that stalls for
 * `--timeout` given up; a path that would leave the target's base path is refused.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import {
  answerLimitMessage,
  decompressAnswer,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_TIMEOUT_MS,
  readAnswer,
  type ReadAnswer,
} from '../client/bounded-answer.ts';
import { recordedBodyOf, renderRecordedSuite, type RecordedBody, type RecordedExchange } from '../recording/index.ts';
import { writeFileSafelyAsync } from '../report/index.ts';
import type { OperationMatcher } from '../contract/index.ts';

export interface RecordingProxyOptions {
  /** The target's base URL; a path in it prefixes every forwarded path. */
  target: string;
  contract: { match: OperationMatcher };
  /** The suite file, rewritten after each exchange. */
  out: string;
  /** The suite's name. */
  name?: string;
  host?: string;
  port?: number;
  /** Called after each exchange is forwarded, and when one cannot be (the target did not answer). */
  onExchange?: (line: string) => void;
  /** The most of one answer kept and decompressed for the record (default 8 MiB); all of it is relayed. */
  maxAnswerBytes?: number;
  /** How long the target may take to answer, and its body may send nothing (default 10 s). */
  timeoutMs?: number;
}

export interface RecordingProxy {
  url: string;
  /** Exchanges recorded so far. */
  readonly recorded: number;
  /** Whether the suite file was written (not until a request to the platform passed). */
  readonly written: boolean;
  /** Stops listening, waits for the exchanges in flight and writes the suite a last time. */
  close(): Promise<void>;
}

/** How long `close` waits for exchanges in flight before it cuts them (a stalled target holds nothing up). */
const CLOSE_GRACE_MS = 1_000;

/** How many times the last write's duration the recorder waits before the next one. */
const WRITE_SPACING = 4;

/** Headers that belong to one connection, not to the request or answer they travel with. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const target = new URL(options.target);
  const base = `${target.origin}${target.pathname.replace(/\/+$/, '')}`;
  const exchanges: RecordedExchange[] = [];
  const inFlight = new Set<Promise<void>>();
  const cut = new Set<AbortController>();
  const limits = {
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    stallMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  let closing = false;
  let written = false;
  /**
   * Building the suite blocks forwarding while it runs (about 1 ms an exchange with 2,000 of them):
   * the next write waits WRITE_SPACING times as long as the last one took, so writing takes at
   * most a fifth of the time however long the session. Short sessions are written after every exchange.
   */
  let nextWriteAt = 0;

  const writeSuite = async () => {
    const wait = nextWriteAt - Date.now();
    if (wait > 0 && !closing) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!dirty) return;
    dirty = false;
    const started = Date.now();
    let text: string;
    try {
      text = renderRecordedSuite(exchanges, options.contract, {
        source: `traffic to ${base}`,
        ...(options.name ? { name: options.name } : {}),
      });
    } catch {
      return; // nothing to the platform yet
    }
    // Written aside (an unpredictable name, never through a link), then renamed: a kill mid-write leaves the previous suite whole.
    await writeFileSafelyAsync(options.out, text);
    written = true;
    nextWriteAt = Date.now() + WRITE_SPACING * (Date.now() - started);
  };
  const scheduleWrite = () => {
    dirty = true;
    writing = writing.then(writeSuite).catch((error: unknown) => {
      options.onExchange?.(`cannot write ${options.out}: ${(error as Error).message}`);
    });
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const time = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = originFormOf(req.url ?? '/');
    const method = req.method ?? 'GET';
    const forwardedUrl = insideTarget(`${base}${url}`, target.pathname);
    if (forwardedUrl === undefined) {
      options.onExchange?.(
        `${method} ${url.split('?')[0] ?? url}: refused, its path leaves the target's ${target.pathname}`,
      );
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          errors: [{ code: 'PathOutsideTarget', target: 'proxy', message: "The path leaves the target's base path." }],
        }),
      );
      return;
    }
    const controller = new AbortController();
    cut.add(controller);
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(forwardedUrl, {
        method,
        headers: forwardedHeaders(req.headers),
        ...(body.length > 0 ? { body } : {}),
        signal: controller.signal,
        headersTimeout: limits.stallMs,
        bodyTimeout: limits.stallMs,
      });
    } catch (error) {
      cut.delete(controller);
      options.onExchange?.(
        `${method} ${url.split('?')[0] ?? url}: the target did not answer (${(error as Error).message})`,
      );
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          errors: [{ code: 'TargetUnreachable', target: 'proxy', message: 'The target did not answer.' }],
        }),
      );
      return;
    }
    const responseHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) responseHeaders[name] = value;
    res.writeHead(answer.statusCode, responseHeaders);
    res.flushHeaders();
    let read: ReadAnswer | undefined;
    try {
      read = await readAnswer(answer.body, limits, (chunk) => relay(res, chunk));
      res.end();
    } catch (error) {
      options.onExchange?.(`${method} ${url.split('?')[0] ?? url}: the answer was cut: ${(error as Error).message}`);
      res.destroy();
    } finally {
      cut.delete(controller);
    }

    // As sent, not normalised (`..`, encodings): the suite replays what the client sent.
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const requestBody = recordedBodyOf(body, header(req.headers['content-type']));
    const responseRecorded = await recordedAnswer(
      read,
      header(answer.headers['content-encoding']),
      header(answer.headers['content-type']),
      limits.maxAnswerBytes,
    );
    exchanges.push({
      method,
      path,
      ...(search ? { query: Object.fromEntries(new URLSearchParams(search)) } : {}),
      headers: flatHeaders(req.headers),
      ...(requestBody ? { body: requestBody } : {}),
      status: answer.statusCode,
      responseHeaders: flatHeaders(answer.headers),
      ...(responseRecorded ? { responseBody: responseRecorded } : {}),
      time,
    });
    options.onExchange?.(`${method} ${path} → ${answer.statusCode}`);
    scheduleWrite();
  };

  const server = createServer((req, res) => {
    const done = forward(req, res)
      .catch((error: unknown) => {
        options.onExchange?.(`cannot forward ${req.method ?? ''} request: ${(error as Error).message}`);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 }, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    get recorded() {
      return exchanges.length;
    },
    get written() {
      return written;
    },
    async close() {
      const closed = new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // Exchanges in flight get a moment to finish; then a target that stalls is cut, not waited for.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS))),
      ]);
      clearTimeout(grace);
      for (const controller of cut) controller.abort();
      server.closeAllConnections();
      await closed;
      await Promise.allSettled([...inFlight]);
      closing = true;
      dirty = true;
      scheduleWrite();
      await writing;
    },
  };
}

/** A request target in absolute form (a client that takes the recorder for a forward proxy) as its path and query. */
function originFormOf(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${target}`;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function flatHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text = header(value);
    if (text !== undefined) flat[name.toLowerCase()] = text;
  }
  return flat;
}

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) forwarded[name] = value;
  return forwarded;
}

/** Hands a chunk to the client, waiting while its socket is full. */
async function relay(res: ServerResponse, chunk: Uint8Array): Promise<void> {
  if (res.destroyed) throw new Error('the client went away');
  if (!res.write(chunk))
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
}

/** The answer's body as its sender wrote it, for the record (what is forwarded stays as it came), within the limit. */
async function recordedAnswer(
  read: ReadAnswer | undefined,
  encoding: string | undefined,
  contentType: string | undefined,
  maxAnswerBytes: number,
): Promise<RecordedBody | undefined> {
  if (!read) return { kind: 'omitted', reason: 'the answer was cut before its end' };
  if (read.truncated) return { kind: 'omitted', reason: answerLimitMessage(maxAnswerBytes) };
  const decoded = await decompressAnswer(read.kept, encoding, maxAnswerBytes);
  if ('tooLarge' in decoded) return { kind: 'omitted', reason: `decompressed, ${answerLimitMessage(maxAnswerBytes)}` };
  return recordedBodyOf(decoded.body, contentType);
}

/**
 * The URL to forward to when its path stays under the target's base path (`..` and its encodings
 * resolved as the URL parser resolves them), else undefined: `/../x` never reaches `http://host/x`.
 */
function insideTarget(url: string, basePath: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const prefix = basePath.replace(/\/+$/, '');
  if (parsed.origin !== new URL(url.slice(0, url.indexOf('/', url.indexOf('//') + 2))).origin) return undefined;
  return prefix === '' || parsed.pathname === prefix || parsed.pathname.startsWith(`${prefix}/`)
    ? parsed.href
    : undefined;
}
