/**
 * The link from a served request to its tenant's journal: the entry (journal-entry.ts) built from the
 * request's state, written once, whether the answer went out through Fastify or raw.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JOURNALED_HEADERS } from './store/journal-entry.ts';
import { millisecondsSince, pathOf } from './request-state.ts';

/**
 * Records the request in its tenant's journal, once; settles when a Redis journal has it (a failed
 * write is logged), answers undefined when the entry is kept already (in memory).
 */
export function journalRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
  const sim = request.sim;
  if (!sim || sim.admin || !sim.tenant || sim.journaled) return;
  sim.journaled = true;
  const headers: Record<string, string> = {};
  for (const name of JOURNALED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = String(value);
  }
  const recorded = sim.tenant.journal.record({
    time: Date.now(),
    method: request.method,
    path: pathOf(request),
    operationId: sim.op?.id ?? null,
    status: reply.statusCode,
    durationMs: millisecondsSince(sim.started),
    simulated: sim.simulated,
    headers,
    requestText: sim.requestText,
    responseText: sim.responseText,
    secrets: sim.secrets,
    ...(sim.refusal ? { refusal: sim.refusal } : {}),
  });
  return recorded?.catch((error: unknown) =>
    request.log.warn({ err: error, code: 'JournalWriteFailed' }, 'journal entry not recorded'),
  );
}
