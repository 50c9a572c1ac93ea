/**
 * A stand-in for a real deployment, for tests: a proxy in front of a simulator (or of a broken
 * target) that forwards the platform's paths byte for byte and answers 404 under `/__sim`, so
 * nothing of the simulator's admin API can be reached through it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface Deployment {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startHiddenAdminDeployment(upstream: string): Promise<Deployment> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if ((req.url ?? '').startsWith('/__sim')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"errors":[{"code":"NotFound","target":"path","message":"No route."}]}');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
      const body = Buffer.concat(chunks);
      request(`${upstream}${req.url ?? '/'}`, {
        method: (req.method ?? 'GET') as 'GET',
        headers,
        body: body.length > 0 ? body : undefined,
      })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.body.arrayBuffer());
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (typeof value === 'string' && !HOP_BY_HOP.has(name)) out[name] = value;
          res.writeHead(answer.statusCode, out).end(bytes);
        })
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
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
