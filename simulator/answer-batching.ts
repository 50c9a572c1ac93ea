/**
 * Answer batching, the last stage before an answer leaves: answers go out when the event-loop turn
 * that read their requests ends (immediates run after the turn's I/O callbacks), back to back. A
 * client waiting on many connections is then woken once per turn rather than once per answer, each
 * wake-up dear on a virtual machine (docs/benchmarks.md). Registered after every other root `onSend`
 * hook, so it holds an answer that is otherwise ready.
 */
import type { FastifyInstance } from 'fastify';

export function registerAnswerBatching(app: FastifyInstance): void {
  app.addHook('onSend', function batchAnswers(_request, _reply, payload, done) {
    setImmediate(done, null, payload);
  });
}
