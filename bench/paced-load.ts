/**
 * Latency at a load offered, as a latency objective states it. autocannon cannot measure this: its
 * rate limit sends each second's budget in a burst at the start of the second, and corrects its
 * histogram for an interval of a whole millisecond. Here requests are due on a fixed schedule over
 * keep-alive connections (undici's pool), sent whatever the answers do, and each latency counts from
 * when its request was due: a stall is charged to every request it holds up.
 */
import { Pool } from 'undici';
import type { LoadRequest, LoadResult } from './load.ts';

export interface PacedLoadOptions {
  url: string;
  connections: number;
  /** Requests per second. */
  rate: number;
  durationSec: number;
  /** Cycled through in order, as autocannon does; `setupRequest` runs per request. */
  requests: LoadRequest[];
}

export type PacedLoadResult = Omit<LoadResult, 'durationSec' | 'statusCounts'>;

export async function runPacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const total = Math.round(options.rate * options.durationSec);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (due: number, template: LoadRequest): void => {
    const setup = template.setupRequest as ((request: LoadRequest, context: object) => LoadRequest) | undefined;
    const request = setup ? setup({ ...template }, {}) : template;
    const done = pool
      .request({
        method: (request.method ?? 'GET') as 'GET',
        path: request.path ?? '/',
        headers: request.headers ?? {},
        body: request.body as string | undefined,
      })
      .then(async (res) => {
        await res.body.dump();
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
        latencies.push(performance.now() - due);
      })
      .catch(() => {
        errors++;
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const started = performance.now();
  await new Promise<void>((resolve) => {
    // Timers fire about once a millisecond: each tick sends every request that has fallen due.
    const timer = setInterval(() => {
      const now = performance.now();
      for (
        let due = started + (sent * 1000) / options.rate;
        sent < total && due <= now;
        due = started + (sent * 1000) / options.rate
      ) {
        send(due, options.requests[sent % options.requests.length] as LoadRequest);
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  const elapsedSec = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { rps: latencies.length / elapsedSec, p50Ms: at(0.5), p99Ms: at(0.99), requests: sent, errors, non2xx };
}
