/**
 * The recording proxy of `gas-harness record --target URL`: forwards every request to the target and
 * every answer back unchanged, and keeps what passed as a scenario suite, written after each
 * exchange (so a kill loses at most the one in flight) and once more when it is closed.
 */
import { rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { request } from 'undici';
import { recordedBodyOf, renderRecordedSuite, type RecordedExchange } from '../recording/index.ts';
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
    // Written aside, then renamed: a kill mid-write leaves the previous suite whole.
    const aside = `${options.out}.partial`;
    await writeFile(aside, text);
    await rename(aside, options.out);
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
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(`${base}${url}`, {
        method,
        headers: forwardedHeaders(req.headers),
        ...(body.length > 0 ? { body } : {}),
      });
    } catch (error) {
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
    const responseBody = Buffer.from(await answer.body.arrayBuffer());
    const responseHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) responseHeaders[name] = value;
    res.writeHead(answer.statusCode, responseHeaders);
    res.end(responseBody);

    // As sent, not normalised (`..`, encodings): the suite replays what the client sent.
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const requestBody = recordedBodyOf(body, header(req.headers['content-type']));
    const decodedResponse = decompressed(responseBody, header(answer.headers['content-encoding']));
    const responseRecorded = recordedBodyOf(decodedResponse, header(answer.headers['content-type']));
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
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

/** The body as its sender wrote it, for the record (what is forwarded stays as it came). */
function decompressed(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
    if (encoding === 'deflate') return inflateSync(body);
  } catch {
    // Not what it says it is: recorded as the bytes it is.
  }
  return body;
}
