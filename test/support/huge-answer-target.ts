/**
 * A target for tests of the answer size limit: it forwards every request to a simulator (the admin
 * API included) but answers product reads with a JSON body of 256 MiB, streamed with back-pressure
 * until the reader closes the connection. `sent` records how much of each huge answer went out.
 */
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a huge answer sends in all, unless the reader closes the connection first: 256 MiB. */
export const HUGE_BYTES = 256 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

export interface HugeAnswerTarget {
  url: string;
  /** Bytes sent of each huge answer, recorded when its connection ends. */
  sent: number[];
  close(): Promise<void>;
}

export async function startHugeAnswerTarget(upstreamUrl: string): Promise<HugeAnswerTarget> {
  const upstream = new URL(upstreamUrl);
  const sent: number[] = [];
  const streamHuge = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let total = 0;
    const pump = () => {
      while (total < HUGE_BYTES && !res.destroyed) {
        total += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => sent.push(total));
    pump();
  };
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/v1/products/')) return streamHuge(res);
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
