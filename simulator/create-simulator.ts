/**
 * Builds the simulator: a Fastify server whose routes come from the spec's operations table, with
 * authentication, validation, tenants, the admin API, structured logs and the request journal.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { projectFile } from '../project-files.ts';
import { excerpt, mayHoldSecret, redactSecrets } from '../report/index.ts';
import { DEV_API_KEY, DEV_JWT_SECRET, loadContract, type Contract } from '../spec/index.ts';
import { registerAdminRoutes } from './admin/admin-routes.ts';
import { hostRuleFor, isHostAllowed, parseAllowedHosts } from './allowed-hosts.ts';
import { registerConsoleRoutes } from './console/console-routes.ts';
import { adminCorsOptions, defaultCorsPolicy, registerCors, type CorsPolicy } from './cors.ts';
import { Authenticator } from './auth.ts';
import { demoDataset, EMPTY_DATASET } from './dataset.ts';
import { errorShapeFor, renderError } from './error-body.ts';
import { SimulatorError } from './error-catalogue.ts';
import { JOURNALED_HEADERS } from './journal.ts';
import { registerOperationRoutes } from './operation-routes.ts';
import { refusalOf } from './refusal.ts';
import type { RedisTenantOptions } from './redis/redis-tenants.ts';
import type { RequestState } from './request-state.ts';
import { HANDLERS } from './resources/index.ts';
import { Store, type Snapshot } from './store.ts';
import { restoreStateFile, StateFileSaver } from './state-file.ts';
import { DEFAULT_TENANT_LIMITS, TenantRegistry, type TenantDirectory, type TenantLimits } from './tenants.ts';

export const BODY_LIMIT = 1024 * 1024;
/** How long a client may take to send a request's headers, and the whole request, by default. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const BODY_TIMEOUT_MS = 30_000;
const VERSION = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

export interface SimulatorOptions {
  /** The data each tenant starts from: the embedded demo dataset (default), none, or a snapshot. */
  dataset?: 'default' | 'empty' | Snapshot;
  /** HS256 secret of the access tokens. */
  secret?: string;
  /** The order counter's raw API key. */
  apiKey?: string;
  /**
   * When set, every admin request needs `X-Sim-Admin-Key`. The simulator is then shared: it refuses
   * the published development API key and token secret, and makes a random token secret when none is given.
   */
  adminKey?: string;
  /** Milliseconds a client may take to send a request's headers (default HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** Milliseconds a client may take to send a whole request, headers and body (default BODY_TIMEOUT_MS); then 408. */
  bodyTimeoutMs?: number;
  /** pino level; `silent` by default. */
  logLevel?: Level | 'silent';
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream;
  /** Which origins browsers may call the platform's operations from; by default any on a loopback host (and in-process), none elsewhere. */
  cors?: CorsPolicy;
  /** Tenant limit, record quota and journal budget (docs/shared-simulator.md). */
  limits?: Partial<TenantLimits>;
  /** `redis://HOST:PORT[/DB]`: state shared by every simulator on that server (docs/scaling-out.md); this process's memory when absent. */
  store?: string;
  /** With a Redis store: seconds after which a tenant nobody used is dropped. */
  tenantIdleSeconds?: number;
  /** With the memory store: every tenant restored from this file at start, saved to it every few seconds and on close. */
  stateFile?: string;
  /**
   * Host names the simulator answers besides loopback's (`parseAllowedHosts`: `sim.example.com`,
   * `.example.com`, `*` for any). By default a simulator on loopback (and in-process) answers only
   * loopback names (127.0.0.0/8, localhost, [::1]), against DNS rebinding; one on another address, any.
   */
  allowedHosts?: readonly string[];
  /**
   * The contract served, when not the project's own spec (`contractOf` a document): a simulator of
   * another version of the contract, or of a deployment that chose otherwise where the description is silent.
   */
  contract?: Contract;
}

export interface Simulator {
  app: FastifyInstance;
  /** Starts listening; answers the base URL. Refuses a non-loopback host without an admin key. */
  listen(options?: { host?: string; port?: number }): Promise<string>;
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const { dataset: given, contract: served, ...rest } = options;
  const contract = served ?? (await loadContract());
  // Closures below keep `options`: the dataset's objects must not stay on the heap once stored, or
  // every full collection would mark them all (a 500k-record dataset: pauses of 100 ms and more).
  options = rest;
  const dataset =
    given === 'empty' ? EMPTY_DATASET : given === undefined || given === 'default' ? demoDataset() : given;
  const { secret, apiKey } = credentialsOf(options);
  const auth = new Authenticator(secret, apiKey);
  const { headersTimeoutMs, bodyTimeoutMs } = timeoutsOf(options);
  // The server's own secrets and JWT-shaped values, scrubbed from log lines, error messages and admin
  // responses wherever a client made them show.
  const serverSecrets = [secret, apiKey, ...(options.adminKey ? [options.adminKey] : [])];
  const redactEchoedText = (text: string) =>
    text.includes('eyJ') || mayHoldSecret(text, serverSecrets) ? redactSecrets(text, serverSecrets) : text;
  const logger = pino(
    {
      level: options.logLevel ?? 'silent',
      // Nothing logs headers or bodies; these paths guard against a future line that would.
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', '*.credentials', '*.tokenPush', '*.accessToken'],
        censor: '<redacted>',
      },
    },
    options.logStream,
  );

  const limits = { ...DEFAULT_TENANT_LIMITS, ...options.limits };
  const onEvict = (tenant: string, reason: 'limit' | 'idle' = 'limit') => {
    if (reason === 'idle')
      logger.warn(
        { tenant, idleSeconds: options.tenantIdleSeconds, code: 'TenantExpired' },
        'tenant expired after its idle time',
      );
    else
      logger.warn(
        { tenant, maxTenants: limits.maxTenants, code: 'TenantEvicted' },
        'tenant limit reached: evicted the least recently used idle tenant',
      );
  };
  if (options.store && options.stateFile)
    throw new Error('give --store or --state-file, not both: Redis keeps the state itself');
  const memory = options.store ? undefined : new TenantRegistry(memoryDataset(dataset), limits, onEvict);
  const tenants: TenantDirectory =
    memory ??
    (await openRedisTenants(options.store ?? '', logger, dataset, {
      limits,
      idleSeconds: options.tenantIdleSeconds,
      onEvict,
    }));
  let saver: StateFileSaver | undefined;
  if (memory && options.stateFile) {
    const restored = restoreStateFile(memory, options.stateFile, limits.maxTenants);
    logger.info({ stateFile: options.stateFile, tenants: restored }, 'state file restored');
    saver = new StateFileSaver(memory, options.stateFile, (error) =>
      logger.error({ err: error, stateFile: options.stateFile, code: 'StateFileNotSaved' }, 'state file not saved'),
    );
  }
  const logRequests = logger.isLevelEnabled('info');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // A child logger per request costs more than the rest of a product read; it is made only when
    // request lines are written.
    childLoggerFactory: (parent, bindings, options) => (logRequests ? parent.child(bindings, options) : parent),
    // One line per request is written by the onResponse hook below, with the operation id.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // A request whose headers or body arrive too slowly is answered 408 and its socket closed, freeing
    // what it had sent; the check runs often enough for short limits to hold.
    requestTimeout: bodyTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.floor(headersTimeoutMs / 4))),
    },
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    // Requests the router refuses before any route sees them get the same error shape.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, toSimulatorError(error, request));
    },
  });
  app.decorateRequest('sim', null as unknown as RequestState);
  // Bodies are read raw; each route decides on media type and parses strictly itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Callback-style hooks: on every request, a promise less each.
  app.addHook('onRequest', (request, reply, done) => {
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
    const host = request.headers.host;
    if (host === acceptedHost || isHostAllowed(hostRule, host)) {
      acceptedHost = host;
      done();
      return;
    }
    // Answered here, before CORS, the admin key and any route: a page reached through a re-pointed name.
    void sendError(
      request,
      reply,
      new SimulatorError('HostNotAllowed', {
        message: `This simulator answers only requests addressed to loopback (127.0.0.1, localhost, [::1])${hostRule.kind === 'listed' && hostRule.hosts.length > 0 ? ` or to ${hostRule.hosts.join(', ')}` : ''}; Host ${JSON.stringify(excerpt(String(host), 200, serverSecrets))} is not one (behind a proxy, start it with --allowed-hosts).`,
      }),
    );
  });
  // The journal entry is written before the answer goes out, so a client that has its answer finds the
  // request in the journal through any replica; a Redis journal's write holds the answer back until then.
  // Answers then go out when the event-loop turn that read their requests ends (immediates run after the
  // turn's I/O callbacks), back to back: a client waiting on many connections is woken once per turn
  // rather than once per answer, each wake-up dear on a virtual machine (docs/benchmarks.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    const written = journal(request, reply);
    // An answer that says the store is away is not held for a journal write that waits on it too.
    if (written && request.sim.refusal?.code !== 'StoreUnavailable')
      void written.then(() => setImmediate(done, null, payload));
    else setImmediate(done, null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // An answer sent raw (a dropped connection) has had no onSend: it is journaled now.
    void journal(request, reply);
    const sim = request.sim;
    if (sim?.tenant && !sim.admin) sim.tenant.end();
    if (logRequests) logRequest(request, reply, redactEchoedText);
    done();
  });
  app.setErrorHandler((error: FastifyError | SimulatorError, request, reply) =>
    sendError(request, reply, toSimulatorError(error, request)),
  );
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new SimulatorError('RouteNotFound', {
        message: `No operation answers ${request.method} ${redactEchoedText(pathOf(request))}.`,
      }),
    ),
  );

  const allowedHosts = options.allowedHosts && parseAllowedHosts(options.allowedHosts);
  // Until it listens (in-process), a simulator is as strict as on loopback.
  let hostRule = hostRuleFor(allowedHosts, true);
  let acceptedHost: string | undefined;
  let corsPolicy = options.cors ?? defaultCorsPolicy(true);
  await registerCors(app, () => corsPolicy);
  registerOperationRoutes(app, { contract, handlers: HANDLERS, auth, tenants });
  const adminCors = adminCorsOptions(options.cors);
  registerAdminRoutes(app, {
    contract,
    auth,
    tenants,
    adminKey: options.adminKey,
    cors: adminCors,
    listedOrigins: options.cors?.kind === 'listed' ? options.cors.origins : [],
    allowedHosts,
    version: VERSION,
    serverSecrets,
  });
  registerConsoleRoutes(app, { cors: adminCors });

  return {
    app,
    async listen({ host = '127.0.0.1', port = 4010 } = {}) {
      if (!LOOPBACK.test(host) && !options.adminKey) {
        throw new Error(
          `refusing to listen on ${host} without an admin key: anyone who reaches it could reset or read its state (give --admin-key)`,
        );
      }
      corsPolicy = options.cors ?? defaultCorsPolicy(LOOPBACK.test(host));
      hostRule = hostRuleFor(allowedHosts, LOOPBACK.test(host));
      acceptedHost = undefined;
      const address = await app.listen({ host, port });
      return address.replace('[::1]', 'localhost');
    },
    async close() {
      await app.close();
      await saver?.stop();
      await tenants.close();
    },
  };
}

/** The token secret and API key to use; a shared simulator (admin key given) refuses the published ones. */
function credentialsOf(options: SimulatorOptions): { secret: string; apiKey: string } {
  if (!options.adminKey) return { secret: options.secret ?? DEV_JWT_SECRET, apiKey: options.apiKey ?? DEV_API_KEY };
  if (options.secret === DEV_JWT_SECRET) {
    throw new Error(
      'refusing to start with an admin key while the token secret is the published development value: give another --secret (GAS_SIM_SECRET) or none, for a random one',
    );
  }
  if (options.apiKey === undefined || options.apiKey === DEV_API_KEY) {
    throw new Error(
      "refusing to start with an admin key while the order counter's API key is the published development value: give --api-key (GAS_SIM_API_KEY)",
    );
  }
  // Tokens are minted through the admin API, so nobody needs to know a secret that was not given.
  return { secret: options.secret ?? randomBytes(32).toString('base64url'), apiKey: options.apiKey };
}

function timeoutsOf(options: SimulatorOptions): { headersTimeoutMs: number; bodyTimeoutMs: number } {
  const headersTimeoutMs = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? Math.max(BODY_TIMEOUT_MS, headersTimeoutMs);
  for (const [name, value] of [
    ['headersTimeoutMs', headersTimeoutMs],
    ['bodyTimeoutMs', bodyTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a whole number of milliseconds above 0, not ${value}`);
  }
  if (bodyTimeoutMs < headersTimeoutMs)
    throw new Error(
      `the body timeout (${bodyTimeoutMs} ms) counts the headers too, so it cannot be shorter than the headers timeout (${headersTimeoutMs} ms)`,
    );
  return { headersTimeoutMs, bodyTimeoutMs };
}

/** A request the HTTP parser refused or gave up on (too slow, headers too large, malformed): answered in the error-list shape, then closed. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const simError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new SimulatorError('RequestTimeout')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new SimulatorError('HeadersTooLarge')
        : new SimulatorError('InvalidRequest', { message: 'The request could not be read as HTTP.' });
  const rendered = renderError('errorList', simError, '');
  const body = JSON.stringify(rendered.body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${rendered.status} ${STATUS_CODES[rendered.status] ?? 'Error'}\r\nContent-Type: ${rendered.contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function toSimulatorError(error: FastifyError | SimulatorError, request: FastifyRequest): SimulatorError {
  if (error instanceof SimulatorError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SimulatorError('PayloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SimulatorError('UnsupportedMediaType');
    case 'FST_ERR_BAD_URL':
      return new SimulatorError('InvalidUrl');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new SimulatorError('PathTooLong');
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A request Fastify itself refused (bad content length, aborted body): the client's fault.
        return new SimulatorError('InvalidRequest', { message: 'The request could not be read.' });
      }
      request.log.error(
        { err: error, operationId: request.sim?.op?.id ?? null, code: 'SimulatorBug' },
        'simulator bug',
      );
      return new SimulatorError('SimulatorBug');
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: SimulatorError): FastifyReply {
  const op = request.sim?.op;
  const rendered = renderError(
    errorShapeFor(request.sim?.admin ? undefined : op, error.status),
    error,
    pathOf(request),
  );
  if (error.status === 401)
    void reply.header(
      'www-authenticate',
      op?.security.scheme === 'apiKey' ? 'ApiKey header="Authorization"' : 'Bearer',
    );
  const text = JSON.stringify(rendered.body);
  if (request.sim) {
    request.sim.responseText = text;
    if (error.code === 'SimulatedStatus') request.sim.simulated = true;
    if (!request.sim.admin) request.sim.refusal = refusalOf(op, error, request.sim.issues);
  }
  return reply.code(rendered.status).type(rendered.contentType).send(text);
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

/** Records the request in its tenant's journal, once; settles when a Redis journal has it (a failed write is logged). */
function journal(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
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
  return recorded.catch((error: unknown) =>
    request.log.warn({ err: error, code: 'JournalWriteFailed' }, 'journal entry not recorded'),
  );
}

function millisecondsSince(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** Tenants in Redis; the client is loaded only then, which keeps it out of the memory store's start-up (ioredis: about 40 modules). */
async function openRedisTenants(
  url: string,
  logger: Logger,
  dataset: Snapshot,
  options: RedisTenantOptions,
): Promise<TenantDirectory> {
  const [{ connectStore }, { RedisTenants: Tenants }] = await Promise.all([
    import('./redis/redis-connection.ts'),
    import('./redis/redis-tenants.ts'),
  ]);
  return Tenants.open(await connectStore(url, logger), dataset, options);
}

/** The dataset as the memory store the tenants fork. */
function memoryDataset(dataset: Snapshot): Store {
  const store = new Store();
  store.restore(dataset);
  return store;
}
