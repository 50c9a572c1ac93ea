/**
 * The checks every admin request passes before its route runs, registered on the admin API's own
 * Fastify context, so that they follow the route a request matched, never how its URL was spelled:
 * the admin key, and the refusals that keep a web page from changing the simulator's state behind
 * its user's back (cross-site request forgery): a state-changing request must carry JSON (or no body
 * at all) and come from no browser origin but the simulator's own or one allowed by name.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isListedHostname } from '../allowed-hosts.ts';
import { SimulatorError, type ErrorCode } from '../error-catalogue.ts';
import { utf8MediaTypeOf } from '../../contract/index.ts';

export interface AdminGuardOptions {
  /** When set, every admin request needs `X-Sim-Admin-Key` with this value. */
  adminKey: string | undefined;
  /** The origins listed with `--cors`: pages that may use the admin API from elsewhere. */
  listedOrigins: readonly string[];
  /** The hosts given with `--allowed-hosts`: names of this simulator behind a proxy. */
  allowedHosts: readonly string[] | undefined;
}

/**
 * Whether a page of `origin` may change state through the admin API, for a request sent to `host` (its
 * Host header): the simulator's own pages (the origin names the host the request was sent to), the
 * origins listed with `--cors`, and pages on a host given with `--allowed-hosts`. `null` (a sandboxed
 * frame, a redirect) is no origin of these.
 */
export function isAdminOriginAllowed(options: AdminGuardOptions, origin: string, host: string | undefined): boolean {
  if (options.listedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  const hosts = options.allowedHosts?.filter((h) => h !== '*') ?? [];
  return isListedHostname(hosts, url.hostname);
}

/** The methods that change state; a browser sends a cross-site POST without asking (a form, a beacon). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers an admin refusal in the admin API's error list (never a bearer challenge: no token would help). */
function refuse(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  const { status, target } = new SimulatorError(code);
  request.sim.responseText = JSON.stringify({ errors: [{ code, target, message }] });
  return reply.code(status).type('application/json').send(request.sim.responseText);
}

/** A request that carries a body, or says it does: a form POST with no fields still names its type. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['content-type'] !== undefined ||
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  );
}

export function registerAdminGuards(admin: FastifyInstance, options: AdminGuardOptions): void {
  const adminKey = options.adminKey ? Buffer.from(options.adminKey) : undefined;

  admin.addHook('onRequest', async (request, reply) => {
    if (!adminKey) return;
    const header = request.headers['x-sim-admin-key'];
    const given = Buffer.from(String(header ?? ''));
    if (given.length === adminKey.length && timingSafeEqual(given, adminKey)) return;
    return refuse(
      request,
      reply,
      'AdminKeyRequired',
      header === undefined
        ? 'The admin API needs the X-Sim-Admin-Key header with the key the simulator was started with; this request has none.'
        : 'The X-Sim-Admin-Key header does not match the key the simulator was started with.',
    );
  });

  admin.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isAdminOriginAllowed(options, origin, request.headers.host))
      return refuse(
        request,
        reply,
        'AdminOriginRefused',
        `The admin API changes state only for its own pages and the origins listed with --cors; this request comes from ${JSON.stringify(origin.slice(0, 200))}.`,
      );
    if (hasBody(request) && utf8MediaTypeOf(request.headers['content-type']) !== 'application/json')
      return refuse(
        request,
        reply,
        'AdminJsonRequired',
        `The admin API takes a state-changing request with a JSON body (Content-Type: application/json) or with no body at all; this one has ${request.headers['content-type'] === undefined ? 'a body and no Content-Type' : `Content-Type ${JSON.stringify(request.headers['content-type'].slice(0, 100))}`}.`,
      );
  });
}
