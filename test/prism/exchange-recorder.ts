/**
 * A recording hop in front of Prism's validation proxy: forwards every request untouched and keeps,
 * per exchange, what was sent, what came back and the violations Prism attached to that very
 * response (its `sl-violations` header). Prism's log cannot tell concurrent exchanges apart; the
 * header can, so the oracle test attributes each violation exactly.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface HeaderViolation {
  location: string[];
  severity: 'Error' | 'Warning' | 'Information' | 'Hint';
  code?: string | number;
  message: string;
}

export interface RecordedExchange {
  method: string;
  /** The path and query as sent. */
  url: string;
  requestMediaType: string | undefined;
  status: number;
  responseMediaType: string | undefined;
  /** Prism's verdict on this exchange; empty when it found nothing. */
  violations: HeaderViolation[];
  /** True when Prism answered by itself instead of forwarding (a body it could not parse as JSON). */
  answeredByPrism: boolean;
}

export interface ExchangeRecorder {
  url: string;
  exchanges: RecordedExchange[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'proxy-connection',
]);

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function startExchangeRecorder(upstream: string): Promise<ExchangeRecorder> {
  const exchanges: RecordedExchange[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const method = req.method ?? 'GET';
        try {
          const answer = await request(`${upstream}${req.url ?? '/'}`, {
            method: method as 'GET',
            headers: forwardable(req.headers),
            body: body.length > 0 || !['GET', 'HEAD', 'DELETE'].includes(method) ? body : undefined,
          });
          const payload = Buffer.from(await answer.body.arrayBuffer());
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
          const violationHeader = answer.headers['sl-violations'];
          exchanges.push({
            method,
            url: req.url ?? '/',
            requestMediaType: req.headers['content-type'],
            status: answer.statusCode,
            responseMediaType:
              typeof answer.headers['content-type'] === 'string' ? answer.headers['content-type'] : undefined,
            violations: typeof violationHeader === 'string' ? parseViolations(violationHeader) : [],
            answeredByPrism: PRISM_OWN_ANSWER.test(payload.toString('utf8')),
          });
          res.writeHead(answer.statusCode, { ...headers, 'content-length': String(payload.length) }).end(payload);
        } catch (error) {
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Prism's own answers: its JSON parser's refusal, and its problem types. */
const PRISM_OWN_ANSWER = /^\{"error":\{"code":"invalid_json"|stoplight\.io\/prism\/errors/;

function parseViolations(header: string): HeaderViolation[] {
  // Prism truncates an oversized header behind this prefix; what remains is not JSON.
  if (header.startsWith('Too many violations!'))
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 200) }];
  return JSON.parse(header) as HeaderViolation[];
}
