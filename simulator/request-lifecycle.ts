/**
 * A request's way through the root context's hooks, after the router has matched it and around its
 * route's own hooks (operation-routes.ts, admin/): on arrival, its state (request-state.ts) and the
 * Host check; before its answer leaves, its journal entry written (journal-request.ts); once answered,
 * its tenant's count of requests in flight ended and its log line written. Answer batching
 * (answer-batching.ts) is a stage of its own after these.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';
import { journalRequest } from './journal-request.ts';
import type { ListenPolicy } from './listen-policy.ts';
import { millisecondsSince, pathOf, type RequestState } from './request-state.ts';
import type { ServerCredentials } from './server-credentials.ts';

export interface RequestLifecycleOptions {
  listenPolicy: ListenPolicy;
  credentials: Pick<ServerCredentials, 'serverSecrets' | 'redactEchoedText'>;
  /** Whether a line is logged per request (the logger's level is `info` or lower). */
  logRequests: boolean;
}

export function registerRequestLifecycle(app: FastifyInstance, options: RequestLifecycleOptions): void {
  const { listenPolicy, logRequests } = options;
  const { serverSecrets, redactEchoedText } = options.credentials;
  app.decorateRequest('sim', null as unknown as RequestState);
  // Bodies are read raw; each route decides on media type and parses strictly itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Callback-style hooks: on every request, a promise less each.
  // Named, as every stage of a request's way, so that a CPU profile shows it (bench/profile-stages.ts).
  app.addHook('onRequest', function requestArrived(request, reply, done) {
    // routeOptions builds a new object on each read: it is read once, here.
    const { config } = request.routeOptions;
    request.sim = {
      op: config.operation,
      admin: config.admin === true,
      tenant: undefined,
      started: performance.now(),
      journaled: false,
      claims: undefined,
      simulated: false,
      requestText: undefined,
      responseText: undefined,
      secrets: [],
    };
    if (listenPolicy.admits(request.headers.host)) {
      done();
      return;
    }
    // Answered here, before CORS, the admin key and any route: a page reached through a re-pointed name.
    void sendError(request, reply, listenPolicy.hostNotAllowed(request.headers.host, serverSecrets));
  });
  // The journal entry is written before the answer goes out, so a client that has its answer finds the
  // request in the journal through any replica; a Redis journal's write holds the answer back until then.
  app.addHook('onSend', function journalBeforeAnswer(request, reply, payload, done) {
    const written = journalRequest(request, reply);
    // An answer that says the store is away is not held for a journal write that waits on it too.
    if (written && request.sim.refusal?.code !== 'StoreUnavailable') void written.then(() => done(null, payload));
    else done(null, payload);
  });
  app.addHook('onResponse', function requestAnswered(request, reply, done) {
    // An answer sent raw (a dropped connection) has had no onSend: it is journaled now.
    void journalRequest(request, reply);
    const sim = request.sim;
    if (sim?.tenant && !sim.admin) sim.tenant.end();
    if (logRequests) logRequest(request, reply, redactEchoedText);
    done();
  });
}

function logRequest(request: FastifyRequest, reply: FastifyReply, redactEchoedText: (text: string) => string): void {
  const sim = request.sim;
  if (!sim) return;
  request.log.info(
    {
      operationId: sim.op?.id ?? (sim.admin ? 'admin' : null),
      method: request.method,
      path: redactEchoedText(pathOf(request)),
      status: reply.statusCode,
      durationMs: millisecondsSince(sim.started),
      tenant: sim.tenant ? redactEchoedText(sim.tenant.name) : null,
      ...(sim.simulated ? { simulated: true } : {}),
    },
    'request',
  );
}
