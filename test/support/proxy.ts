/**
 * The tests' one proxy, behind every stand-in deployment (hidden admin API, broken, chose otherwise,
 * leaking, recording): a server on 127.0.0.1, port 0, that reads each request whole and gives it to
 * `handle`, which answers it itself or passes on, changed or not, what `forward` got from upstream.
 * Hop-by-hop headers never cross it; a request it cannot forward is answered 502.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface ProxyRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** Answers a request, or forwards it (`forward()`) and returns upstream's answer as it is or changed. */
export type ProxyHandler = (request: ProxyRequest, forward: () => Promise<ProxyAnswer>) => Promise<ProxyAnswer>;

export interface RunningProxy {
  url: string;
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'proxy-connection',
]);
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE']);

/** A JSON answer, for a handler that answers by itself. */
export const jsonAnswer = (status: number, body: unknown): ProxyAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function startProxy(
  upstream: string,
  handle: ProxyHandler = (_request, forward) => forward(),
): Promise<RunningProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
      const url = req.url ?? '/';
      const sent: ProxyRequest = {
        method: req.method ?? 'GET',
        url,
        path: url.split('?')[0] ?? '/',
        headers,
        body: Buffer.concat(chunks),
      };
      const forward = async (): Promise<ProxyAnswer> => {
        const answer = await request(`${upstream}${url}`, {
          method: sent.method as 'GET',
          headers,
          body: sent.body.length > 0 || !WITHOUT_BODY.has(sent.method) ? sent.body : undefined,
        });
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        return { status: answer.statusCode, headers: out, body: Buffer.from(await answer.body.arrayBuffer()) };
      };
      handle(sent, forward).then(
        (answer) => res.writeHead(answer.status, answer.headers).end(answer.body),
        (error: unknown) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
