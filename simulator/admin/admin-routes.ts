/**
 * The admin API under /__sim: tokens, provider states, reset and snapshots, the request journal,
 * fault rules, received events and counters. Never part of the platform's contract.
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import {
  adminOperation,
  adminRequestValidator,
  type AdminOperationId,
  type AdminHealth,
  type AdminRecord,
  type AdminRequestBody,
  type AdminResponseBody,
  type Contract,
  type MintedToken,
  type ProviderStateRequest,
  type TokenRequest,
} from '../../contract/index.ts';
import type { Authenticator } from '../auth.ts';
import { registerAdminPreflight } from '../cors.ts';
import { SimulatorError } from '../error-catalogue.ts';
import { exchangeOfJournalEntry, renderRecordedSuite } from '../../recording/index.ts';
import { redactDeep, redactJsonText } from '../../report/index.ts';
import { exportStream } from '../store/state-export.ts';
import { checkTenantName } from '../tenant-name.ts';
import { DEFAULT_TENANT, resetTenant, type TenantDirectory } from '../store/tenants.ts';
import { registerAdminGuards, type AdminGuardOptions } from './admin-guards.ts';
import { invalidBody, invalidQuery, jsonBody, validSnapshot } from './admin-request.ts';
import type { StateParams } from './provider-state-records.ts';
import { KNOWN_STATES, setUpState } from './provider-states.ts';

export interface AdminRoutesOptions {
  contract: Contract;
  auth: Authenticator;
  tenants: TenantDirectory;
  adminKey: string | undefined;
  /** The admin routes' CORS options (`adminCorsOptions`): `false` unless origins are listed with `--cors`. */
  cors: FastifyCorsOptions | false;
  /** Origins listed with `--cors` and hosts given with `--allowed-hosts`: who may change state from a browser. */
  listedOrigins: AdminGuardOptions['listedOrigins'];
  allowedHosts: AdminGuardOptions['allowedHosts'];
  version: string;
  /** The server's own secrets (token secret, API key, admin key): never in an admin response. */
  serverSecrets?: readonly string[];
}

// The admin requests' validators, compiled from contract/admin-api.openapi.yaml by operationId.
const validateTokenRequest = adminRequestValidator<TokenRequest>('mintToken');
const validateStateRequest = adminRequestValidator<ProviderStateRequest>('setProviderState');
const validateFaults = adminRequestValidator<AdminRequestBody<'putFaults'>>('putFaults');

/** Where the admin document puts an operation, as a route below /__sim: its method and URL (`:param` style). */
export function adminRoute(operationId: AdminOperationId): { method: HTTPMethods; url: string } {
  const { method, path } = adminOperation(operationId);
  return { method: method.toUpperCase() as HTTPMethods, url: path.replace(/\{(\w+)\}/g, ':$1') };
}

export function registerAdminRoutes(app: FastifyInstance, options: AdminRoutesOptions): void {
  const { contract, auth, tenants } = options;
  const tenantOf = (request: FastifyRequest) => {
    const header = request.headers['x-sim-tenant'];
    const query = (request.query as Record<string, unknown>).tenant;
    // The rule of tenant-name.ts, as a platform request meets it: a bad name is a 400, never `default`.
    if (typeof header === 'string') return tenants.obtain(checkTenantName(header, 'header.X-Sim-Tenant'));
    if (query !== undefined) return tenants.obtain(checkTenantName(String(query), 'query.tenant'));
    return tenants.obtain(DEFAULT_TENANT);
  };

  void app.register(
    async (admin) => {
      // Every policy of the admin API (CORS, admin key, CSRF refusals) hangs on the routes of this context,
      // so it applies to whatever URL the router matched to them, however it was spelled.
      admin.addHook('onRoute', (route) => {
        route.config = { ...route.config, admin: true, cors: options.cors };
      });
      registerAdminGuards(admin, options);
      registerAdminPreflight(admin);
      // Each route where the admin document puts its operation (contract/admin-api.openapi.yaml), named by it.
      const route = (operationId: AdminOperationId, handler: RouteHandlerMethod): void => {
        admin.route({ ...adminRoute(operationId), config: { adminOperationId: operationId }, handler });
      };
      // The last guard of every admin answer but the token a client asked for: no server secret and no JWT leaves.
      const serverSecrets = options.serverSecrets ?? [];
      admin.addHook('onSend', (request, _reply, payload, done) => {
        if (typeof payload !== 'string' || request.routeOptions.config.adminOperationId === 'mintToken')
          done(null, payload);
        else done(null, redactJsonText(payload, serverSecrets));
      });

      route('getHealth', async (): Promise<AdminHealth> => ({
        simulator: 'gas-harness',
        version: options.version,
        operations: contract.operations.length,
        pid: process.pid,
        ...(await tenants.stats()),
      }));

      // What the console lists in its filters and forms: each operation with its documented statuses.
      route('listOperations', async (): Promise<AdminResponseBody<'listOperations'>> => ({
        operations: contract.operations.map((op) => ({
          operationId: op.id,
          method: op.method,
          path: op.path,
          auth: op.security.scheme,
          scopes: op.security.scopes,
          statuses: [...op.responses.values()].map((r) => ({
            status: r.status,
            basis: r.assumed ? 'assumed' : 'documented',
            ...(r.assumed ? { why: r.assumed } : {}),
          })),
        })),
      }));

      route('mintToken', async (request, reply) => {
        const body = jsonBody(request);
        // A token bound to a bad tenant name is refused as a request naming it would be.
        const tenant = (body as { tenant?: unknown } | null)?.tenant;
        if (typeof tenant === 'string') checkTenantName(tenant, 'body.tenant');
        const validate = validateTokenRequest();
        if (!validate(body)) invalidBody(validate.errors);
        const { accessToken, expiresIn } = await auth.mint(body);
        return reply.code(201).send({ accessToken, tokenType: 'Bearer', expiresIn } satisfies MintedToken);
      });

      route('setProviderState', async (request): Promise<AdminResponseBody<'setProviderState'>> => {
        const body = jsonBody(request);
        const validate = validateStateRequest();
        if (!validate(body)) invalidBody(validate.errors);
        const tenant = await tenantOf(request);
        const params: StateParams = Object.fromEntries(
          Object.entries(body.params ?? {})
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, String(v)]),
        );
        if (body.action === 'teardown') {
          // Pact tears a state down after each interaction: the tenant's data goes back to the
          // dataset; its journal and fault rules stay, since other clients may rely on them.
          await tenants.restoreData(tenant.name);
          return {};
        }
        const used = await setUpState(tenant.store, body.state, params, contract);
        if (!used) {
          throw new SimulatorError('UnknownProviderState', {
            message: `Unknown provider state "${body.state}". Known states: ${KNOWN_STATES.join('; ')}.`,
          });
        }
        return used;
      });

      route('resetTenant', async (request): Promise<AdminResponseBody<'resetTenant'>> => {
        const empty = (request.query as Record<string, string | undefined>).empty === 'true';
        const tenant = await resetTenant(tenants, (await tenantOf(request)).name, empty);
        return { tenant: tenant.name, empty };
      });

      // Streamed a page at a time from frozen tables: other tenants are served while it is written.
      route('getState', async (request, reply) =>
        reply.type('application/json').send(exportStream((await tenantOf(request)).store)),
      );

      // A snapshot larger than the body limit is imported in pages: PUT the first, PATCH the others.
      route('putState', async (request): Promise<AdminResponseBody<'putState'>> => {
        const snapshot = validSnapshot(request);
        await (await tenantOf(request)).store.restore(snapshot);
        return { restored: true };
      });

      route('addState', async (request): Promise<AdminResponseBody<'addState'>> => {
        const snapshot = validSnapshot(request);
        await (await tenantOf(request)).store.add(snapshot);
        return { added: true };
      });

      route('listRequests', async (request): Promise<AdminResponseBody<'listRequests'>> => {
        const q = request.query as Record<string, string | undefined>;
        return {
          requests: await (
            await tenantOf(request)
          ).journal.read({
            ...(q.since ? { since: q.since } : {}),
            ...(q.operationId ? { operationId: q.operationId } : {}),
            ...(q.status ? { status: Number(q.status) } : {}),
          }),
        };
      });

      // The console's "save as suite": the same builder as `gas-harness record --journal`.
      route('getRequestsSuite', async (request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        if (q.status !== undefined && !/^\d{3}$/.test(q.status)) invalidQuery('status', 'a status code');
        if (q.seq !== undefined && !/^\d+(,\d+)*$/.test(q.seq))
          invalidQuery('seq', 'sequence numbers, comma-separated');
        if (q.operationId !== undefined && !contract.operationsById.has(q.operationId))
          invalidQuery('operationId', 'an operationId of the platform');
        const tenant = await tenantOf(request);
        const only = q.seq === undefined ? undefined : new Set(q.seq.split(',').map(Number));
        const entries = (
          await tenant.journal.read({
            ...(q.since ? { since: q.since } : {}),
            ...(q.operationId ? { operationId: q.operationId } : {}),
            ...(q.status ? { status: Number(q.status) } : {}),
          })
        ).filter((e) => !only || only.has(e.seq));
        let suite: string;
        try {
          suite = renderRecordedSuite(entries.map(exchangeOfJournalEntry), contract, {
            source: `the journal of tenant ${tenant.name}`,
            ...(q.name ? { name: q.name.slice(0, 200) } : {}),
          });
        } catch {
          throw new SimulatorError('InvalidAdminRequest', {
            target: 'query',
            message: 'No request to the platform matches this filter: there is nothing to record.',
          });
        }
        return reply.type('application/yaml; charset=utf-8').send(suite);
      });

      route('clearRequests', async (request, reply) => {
        await (await tenantOf(request)).journal.clear();
        return reply.code(204).send();
      });

      route('putFaults', async (request): Promise<AdminResponseBody<'putFaults'>> => {
        const body = jsonBody(request);
        const validate = validateFaults();
        if (!validate(body)) invalidBody(validate.errors);
        const unknown = body.rules
          .map((r) => r.operationId)
          .filter((id) => id !== '*' && !contract.operationsById.has(id));
        if (unknown.length > 0)
          throw new SimulatorError('InvalidAdminRequest', {
            target: 'body.rules',
            message: `Unknown operationId ${unknown.join(', ')}.`,
          });
        return (await tenantOf(request)).faults.set(body.rules, body.seed);
      });

      route('getFaults', async (request): Promise<AdminResponseBody<'getFaults'>> =>
        (await tenantOf(request)).faults.get(),
      );

      route('clearFaults', async (request, reply) => {
        await (await tenantOf(request)).faults.clear();
        return reply.code(204).send();
      });

      // An event's `mensagem` is any JSON a client sent: push tokens, credentials or access tokens in it are redacted.
      route('listEvents', async (request): Promise<AdminResponseBody<'listEvents'>> => ({
        events: redactDeep(await (await tenantOf(request)).store.list('appEvents')) as AdminRecord[],
      }));

      route('listCounters', async (request): Promise<AdminResponseBody<'listCounters'>> => ({
        counters: (await (await tenantOf(request)).store.list('orderCounters')).map((c) => {
          // The snapshot schema holds a counter's consumerId and orderIds to strings.
          const orderIds = Array.isArray(c.orderIds) ? (c.orderIds as string[]) : [];
          return { consumerId: String(c.consumerId), orderCount: orderIds.length, orderIds };
        }),
      }));
    },
    { prefix: '/__sim' },
  );
}
