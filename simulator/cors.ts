/**
 * Cross-origin access (CORS) to the simulator, with @fastify/cors: browser apps may call the
 * platform's operations from the allowed origins; the admin API and the console keep their own,
 * narrower policy (only origins listed by name, never `*`), set on their routes, so that it follows
 * the route a request matched, never how its URL was spelled (`/%5F%5Fsim/...` is an admin route too).
 */
import corsPlugin, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors's per-route options, merged over the global ones; `false`: no CORS on this route. */
    cors?: FastifyCorsOptions | false;
  }
}

/** Which origins a browser may call the platform's operations from. */
export type CorsPolicy = { kind: 'any' } | { kind: 'listed'; origins: string[] } | { kind: 'off' };

/** The headers the platform's answers carry that a browser app may need to read. */
const EXPOSED_HEADERS = ['WWW-Authenticate', 'Allow', 'Location', 'Retry-After'];
const PLATFORM_METHODS = ['GET', 'PUT', 'POST', 'DELETE'];
const ADMIN_METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];
const ADMIN_HEADERS = ['Content-Type', 'X-Sim-Admin-Key', 'X-Sim-Tenant'];

/**
 * The policy when none is given: any origin when the simulator listens on a loopback address (only
 * programs of this machine reach it: the browser a developer runs their app in), none elsewhere,
 * where the people who expose it list the origins of their apps with `--cors`.
 */
export function defaultCorsPolicy(loopback: boolean): CorsPolicy {
  return loopback ? { kind: 'any' } : { kind: 'off' };
}

/** `--cors` values as a policy: `*` is any origin, `none` is off, anything else an origin. */
export function parseCorsOrigins(values: string[]): CorsPolicy {
  if (values.includes('none')) {
    if (values.length > 1) throw new Error('--cors none cannot be combined with origins');
    return { kind: 'off' };
  }
  if (values.includes('*')) return { kind: 'any' };
  for (const origin of values) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`--cors ${origin}: an origin is a scheme, host and optional port, e.g. http://localhost:5173`);
    }
    if (url.origin !== origin)
      throw new Error(`--cors ${origin}: an origin has no path or trailing slash (did you mean ${url.origin}?)`);
  }
  return { kind: 'listed', origins: values };
}

/**
 * The CORS options of the admin API's and the console's routes (their route config `cors`). The console
 * is served from the simulator itself (same origin, no CORS needed); other pages may reach the admin API
 * only from origins listed by name, so only an explicit `--cors` list (fixed at creation) opens it.
 */
export function adminCorsOptions(policy: CorsPolicy | undefined): FastifyCorsOptions | false {
  if (policy?.kind !== 'listed') return false;
  return {
    origin: policy.origins,
    methods: ADMIN_METHODS,
    allowedHeaders: ADMIN_HEADERS,
    maxAge: 600,
    strictPreflight: false,
  };
}

/**
 * The admin API's preflight route: a preflight to any `/__sim` path matches it rather than the plugin's
 * catch-all `OPTIONS *`, so it is answered under the admin routes' policy (the route config `cors` the
 * admin context gives it). The plugin answers an allowed preflight in its hook; what reaches the handler
 * is no allowed preflight.
 */
export function registerAdminPreflight(admin: FastifyInstance): void {
  admin.options('/*', (_request, reply) => {
    reply.callNotFound();
  });
}

/**
 * Registers CORS with the platform's options; the admin and console routes override them with their
 * route config (`adminCorsOptions`). `policy` is read on each request, so the default can follow the
 * address the simulator ends up listening on.
 *
 * A request without an Origin is no browser's cross-origin request: it gets no CORS header but
 * `Vary: Origin` (an OPTIONS without one still gets 405). The origin is a function, so no per-request
 * options are merged (the plugin's `delegator` merged them twice on every request, which cost the
 * hottest read more than the rest of CORS together). The plugin's hook runs only for requests with an
 * Origin; for the others `Vary: Origin` is set here, as the plugin would, on every route that has not
 * turned CORS off: its hook (route options read three times, options merged, a closure, the Vary
 * header parsed) cost about 2 µs of a product read's CPU (docs/benchmarks.md).
 */
export async function registerCors(app: FastifyInstance, policy: () => CorsPolicy): Promise<void> {
  let cachedFor: CorsPolicy | undefined;
  let allowed: string | string[] | false = false;
  const allowedOrigins = (): string | string[] | false => {
    const current = policy();
    if (current !== cachedFor) {
      cachedFor = current;
      allowed = current.kind === 'any' ? '*' : current.kind === 'listed' ? current.origins : false;
    }
    return allowed;
  };
  const options: FastifyCorsOptions = {
    // Tokens travel in the Authorization header, never in cookies: no credentials mode is needed,
    // so `*` is safe for the platform's operations.
    origin: (origin, callback) => callback(null, origin === undefined ? false : allowedOrigins()),
    methods: PLATFORM_METHODS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    strictPreflight: false,
  };
  // Called rather than registered, on the instance itself (as registering it would, being a
  // fastify-plugin): its hooks and routes are the root context's.
  await new Promise<void>((resolve, reject) =>
    corsPlugin(originRequestsOnly(app), options, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

/** The instance as the plugin sees it: the `onRequest` hook it adds skips requests without an Origin header. */
function originRequestsOnly(app: FastifyInstance): FastifyInstance {
  const addHook = (name: string, hook: onRequestHookHandler): FastifyInstance => {
    if (name !== 'onRequest') throw new Error(`@fastify/cors added a ${name} hook; cors.ts expects onRequest only`);
    return app.addHook('onRequest', function corsForOriginRequests(request, reply, done) {
      if (request.headers.origin !== undefined) return hook.call(this, request, reply, done);
      if (request.routeOptions.config.cors !== false) void reply.header('vary', 'Origin');
      done();
    });
  };
  return new Proxy(app, {
    get: (target, key, receiver): unknown => (key === 'addHook' ? addHook : Reflect.get(target, key, receiver)),
  });
}
