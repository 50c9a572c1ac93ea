/**
 * The soak: a fixed time at many connections of mixed reads and writes against a fresh simulator,
 * with zero errors expected, then the read-back of every acknowledged write from the tenant's state
 * (`GET /__sim/state`): customers are not readable through the platform's API.
 */
import { createAdminClient } from '../client/index.ts';
import { runLoad, type LoadResult } from './load.ts';
import { soakRequests, type SoakAcknowledgements } from './workloads.ts';

export interface SoakResult {
  durationSec: number;
  connections: number;
  requests: number;
  rps: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  acknowledgedWrites: number;
  /** Acknowledged writes the state does not hold afterwards. */
  missingWrites: number;
  /** Profile reads that answered another user than the one just written. */
  profileMismatches: number;
  ok: boolean;
}

export async function runSoak(
  url: string,
  token: string,
  options: { durationSec: number; connections: number },
): Promise<SoakResult> {
  const acks: SoakAcknowledgements = { users: new Set(), customers: new Set(), profileMismatches: 0 };
  const load: LoadResult = await runLoad({
    url,
    connections: options.connections,
    durationSec: options.durationSec,
    requests: soakRequests(token, acks),
  });
  // Every write of the soak read back at once: hundreds of megabytes, past the checkers' answer limit.
  const state = await createAdminClient({ baseUrl: url, timeoutMs: 120_000, maxAnswerBytes: 2 ** 31 }).getState();
  const idsOf = (collection: 'users' | 'customers') =>
    new Set((state.collections[collection] ?? []).map((r) => String(r.id)));
  const users = idsOf('users');
  const customers = idsOf('customers');
  const missing =
    [...acks.users].filter((id) => !users.has(id)).length +
    [...acks.customers].filter((id) => !customers.has(id)).length;
  return {
    durationSec: load.durationSec,
    connections: options.connections,
    requests: load.requests,
    rps: load.rps,
    p99Ms: load.p99Ms,
    errors: load.errors,
    non2xx: load.non2xx,
    acknowledgedWrites: acks.users.size + acks.customers.size,
    missingWrites: missing,
    profileMismatches: acks.profileMismatches,
    ok:
      load.errors === 0 &&
      load.non2xx === 0 &&
      missing === 0 &&
      acks.profileMismatches === 0 &&
      acks.users.size + acks.customers.size > 0,
  };
}
