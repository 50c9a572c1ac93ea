/** One autocannon run on loopback, reduced to the figures the benchmark reports. */
import autocannon, { type Request as LoadRequest, type Result } from 'autocannon';

export type { LoadRequest };

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds to run; ignored when `amount` is given. */
  durationSec?: number;
  /** Total requests to send instead of a duration. */
  amount?: number;
  /** The requests each connection cycles through, in order. */
  requests: LoadRequest[];
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Socket errors and timeouts. */
  errors: number;
  non2xx: number;
  durationSec: number;
  statusCounts: Record<string, number>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`the benchmark only loads loopback targets, not ${host}`);
  const result: Result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.durationSec ?? 10 }),
    requests: options.requests,
    timeout: 10,
  });
  const statusCounts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = stats.count ?? 0;
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    durationSec: result.duration,
    statusCounts,
  };
}
