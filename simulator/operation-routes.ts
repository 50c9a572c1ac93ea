/**
 * Registers one route per spec operation. Each request is authenticated first, then goes through
 * fault rules, media type, JSON parsing, validation and the Prefer header before its handler runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from './auth.ts';
import { SimulatorError } from './error-catalogue.ts';
import { dropConnection } from './drop-connection.ts';
import { decodeBody, parseJsonText } from './json-body.ts';
import {
  acceptsMediaType,
  utf8MediaTypeOf,
  type Contract,
  type Operation,
  type ValidationIssue,
} from '../contract/index.ts';
import { handlerFor, type OperationHandlers, type UncheckedHandler } from './operation-handler.ts';
import { parsePrefer } from './prefer.ts';
import { waitCapped } from './request-delay.ts';
import { checkTenantName } from './tenant-name.ts';
import { DEFAULT_TENANT, type Tenant, type TenantDirectory } from './store/tenants.ts';

const ALL_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS'] as const;

export interface OperationRoutesOptions {
  contract: Contract;
  handlers: OperationHandlers;
  auth: Authenticator;
  tenants: TenantDirectory;
}

export function registerOperationRoutes(
  app: FastifyInstance,
  { contract, handlers, auth, tenants }: OperationRoutesOptions,
): void {
  const methodsByPath = new Map<string, string[]>();
  for (const op of contract.operations) {
    const handler = handlerFor(handlers, op.id);
    if (!handler) throw new Error(`no handler for operation ${op.id}`);
    const url = op.path.replace(/\{(\w+)\}/g, ':$1');
    methodsByPath.set(url, [...(methodsByPath.get(url) ?? []), op.method, ...(op.method === 'GET' ? ['HEAD'] : [])]);
    app.route({
      method: op.method,
      url,
      config: { operation: op },
      // HEAD on a read answers like the read, without its body.
      exposeHeadRoute: op.method === 'GET',
      onRequest: async function authenticateRequest(request) {
        const authorization = request.headers.authorization;
        if (authorization) request.sim.secrets.push(authorization.replace(/^Bearer\s+/i, ''));
        try {
          request.sim.claims = await auth.authenticate(op, authorization, request.params as Record<string, string>);
          request.sim.tenant = await tenants.obtain(tenantNameOf(request, request.sim.claims?.tid));
        } catch (error) {
          // A refused request is journaled in the tenant it would have reached only when that
          // tenant exists: refusals never create tenants (nor evict any), and a bad tenant name
          // reaches none. A store that is away is not asked again, and a lookup that fails leaves
          // the refusal as it was.
          if (!(error instanceof SimulatorError && error.code === 'StoreUnavailable'))
            request.sim.tenant = await existingTenantOf(request, auth, tenants);
          throw error;
        } finally {
          request.sim.tenant?.begin();
        }
      },
      handler: (request, reply) => serveOperation(op, request, reply, contract, handler),
    });
  }
  // A known path asked with another method is 405 with the methods it does answer.
  for (const [url, methods] of methodsByPath) {
    app.route({
      method: ALL_METHODS.filter((m) => !methods.includes(m)),
      url,
      exposeHeadRoute: false,
      handler: async (_request, reply) => {
        void reply.header('allow', methods.join(', '));
        throw new SimulatorError('MethodNotAllowed', { message: `This path answers ${methods.join(', ')}.` });
      },
    });
  }
}

/**
 * The tenant a platform request names: its token's `tid`, else its `X-Sim-Tenant` header, else
 * `default`. A name against the rule (tenant-name.ts) is a 400, never `default`.
 */
function tenantNameOf(request: FastifyRequest, claimed: string | undefined): string {
  if (claimed !== undefined) return checkTenantName(claimed, 'header.Authorization');
  const header = request.headers['x-sim-tenant'];
  return typeof header === 'string' ? checkTenantName(header, 'header.X-Sim-Tenant') : DEFAULT_TENANT;
}

/** The tenant a refused request would have reached, when its name is good and it exists; else none. */
async function existingTenantOf(
  request: FastifyRequest,
  auth: Authenticator,
  tenants: TenantDirectory,
): Promise<Tenant | undefined> {
  try {
    return await tenants.find(tenantNameOf(request, await auth.tenantOf(request.headers.authorization)));
  } catch {
    return undefined;
  }
}

async function serveOperation(
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  contract: Contract,
  handler: UncheckedHandler,
): Promise<unknown> {
  const { sim } = request;
  const tenant = sim.tenant;
  if (!tenant) throw new Error('tenant not resolved');
  // Every delay that applies to the request (fault rules, Prefer) is summed and waited once, capped.
  let delayMs = 0;
  for (const rule of await tenant.faults.fire(op.id)) {
    if (rule.delayMs) delayMs += rule.delayMs;
    if (rule.drop) {
      sim.simulated = true;
      await waitCapped(delayMs);
      return dropConnection(reply, rule.drop);
    }
    if (rule.status) {
      sim.simulated = true;
      await waitCapped(delayMs);
      throw new SimulatorError('SimulatedStatus', {
        status: rule.status,
        message: `Status ${rule.status} injected by a fault rule.`,
      });
    }
  }
  const prefer = parsePrefer(request.headers.prefer);
  if (prefer.delayMs) delayMs += prefer.delayMs;
  if (delayMs > 0) await waitCapped(delayMs);

  const body = op.requestBody ? readBody(op, request) : undefined;
  const params = request.params as Record<string, string>;
  rejectInvalid(sim, contract.validators.params(op.id, params));
  if (op.requestBody) rejectInvalid(sim, contract.validators.body(op.id, body));

  if (prefer.code !== undefined) return forceStatus(op, prefer.code, reply, sim);

  const result = await handler({ params, body, claims: sim.claims, store: tenant.store });
  return sendJson(reply.code(op.successStatus), sim, result);
}

/** Sends a JSON body (none when undefined), serialized here so the journal keeps the very text sent. */
function sendJson(reply: FastifyReply, sim: FastifyRequest['sim'], body: unknown): FastifyReply {
  if (body === undefined) return reply.send();
  const text = JSON.stringify(body);
  sim.responseText = text;
  return reply.type('application/json').send(text);
}

function readBody(op: Operation, request: FastifyRequest): unknown {
  const raw = request.body as Buffer | undefined;
  const contentType = request.headers['content-type'];
  if ((!raw || raw.length === 0) && contentType === undefined) throw new SimulatorError('BodyRequired');
  if (!acceptsMediaType(op.requestBody?.mediaTypes ?? [], utf8MediaTypeOf(contentType))) {
    throw new SimulatorError('UnsupportedMediaType', {
      message: `This operation accepts ${op.requestBody?.mediaTypes.join(', ')} in UTF-8.`,
    });
  }
  if (!raw || raw.length === 0) throw new SimulatorError('BodyRequired');
  const text = decodeBody(raw);
  request.sim.requestText = text;
  return parseJsonText(text);
}

/** Throws 400 when any issue is malformed input, else 422 when any rule is broken. */
function rejectInvalid(sim: FastifyRequest['sim'], issues: ValidationIssue[]): void {
  if (issues.length === 0) return;
  sim.issues = issues;
  const malformed = issues.filter((i) => i.status === 400);
  const details = (malformed.length > 0 ? malformed : issues).map(({ target, message }) => ({ target, message }));
  const first = details[0];
  throw new SimulatorError(malformed.length > 0 ? 'InvalidRequest' : 'RuleViolated', {
    details,
    ...(first ? { target: first.target, message: first.message } : {}),
  });
}

function forceStatus(op: Operation, code: number, reply: FastifyReply, sim: FastifyRequest['sim']): unknown {
  const response = op.responses.get(code);
  if (!response) {
    throw new SimulatorError('PreferStatusNotDocumented', {
      message: `Prefer asks for ${code}, which ${op.id} does not document; it documents ${[...op.responses.keys()].join(', ')}.`,
    });
  }
  sim.simulated = true;
  if (code >= 400)
    throw new SimulatorError('SimulatedStatus', {
      status: code,
      message: `Status ${code} asked for by the Prefer header.`,
    });
  return sendJson(reply.code(code), sim, (response.schema?.examples as unknown[] | undefined)?.[0]);
}
