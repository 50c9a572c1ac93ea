/**
 * Builds the simulator: a Fastify server whose routes come from the spec's operations table. The
 * factory only composes; each stage of a request's way lives in its own module, in the order a
 * request meets them (docs/architecture.md): the server's options and the errors answered before
 * any route (server-options.ts, error-handler.ts), the Host check, request state and journal hooks
 * (request-lifecycle.ts), answer batching (answer-batching.ts), CORS, the platform's operations, the
 * admin API and the console; tenants and their store are opened first (open-tenants.ts).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { projectFile } from '../project-files.ts';
import { loadContract } from '../contract/index.ts';
import { registerAdminRoutes } from './admin/admin-routes.ts';
import { registerAnswerBatching } from './answer-batching.ts';
import { Authenticator } from './auth.ts';
import { registerConsoleRoutes } from './console/console-routes.ts';
import { adminCorsOptions, registerCors } from './cors.ts';
import { registerErrorHandler } from './error-handler.ts';
import { ListenPolicy } from './listen-policy.ts';
import { openTenants } from './store/open-tenants.ts';
import { registerOperationRoutes } from './operation-routes.ts';
import { registerRequestLifecycle } from './request-lifecycle.ts';
import { HANDLERS } from './resources/index.ts';
import { serverCredentials } from './server-credentials.ts';
import { serverOptions, simulatorLogger, timeoutsOf } from './server-options.ts';
import type { SimulatorOptions } from './simulator-options.ts';

const VERSION = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

export interface Simulator {
  app: FastifyInstance;
  /** Starts listening; answers the base URL. Refuses a non-loopback host without an admin key. */
  listen(options?: { host?: string; port?: number }): Promise<string>;
  close(): Promise<void>;
}

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const { dataset, contract: served, ...rest } = options;
  const contract = served ?? (await loadContract());
  // Closures below keep `options`: the dataset's objects must not stay on the heap once stored, or
  // every full collection would mark them all, and a large dataset would pause every request.
  options = rest;
  const credentials = serverCredentials(options);
  const auth = new Authenticator(credentials.secret, credentials.apiKey);
  const timeouts = timeoutsOf(options);
  const listenPolicy = new ListenPolicy(options);
  const logger = simulatorLogger(options);
  const { tenants, close: closeTenants } = await openTenants(dataset, options, logger);

  const app = Fastify(serverOptions(logger, timeouts));
  registerRequestLifecycle(app, { listenPolicy, credentials, logRequests: logger.isLevelEnabled('info') });
  registerAnswerBatching(app);
  registerErrorHandler(app, credentials.redactEchoedText);
  await registerCors(app, () => listenPolicy.cors);
  registerOperationRoutes(app, { contract, handlers: HANDLERS, auth, tenants });
  const adminCors = adminCorsOptions(options.cors);
  registerAdminRoutes(app, {
    contract,
    auth,
    tenants,
    adminKey: options.adminKey,
    cors: adminCors,
    listedOrigins: options.cors?.kind === 'listed' ? options.cors.origins : [],
    allowedHosts: listenPolicy.allowedHosts,
    version: VERSION,
    serverSecrets: credentials.serverSecrets,
  });
  registerConsoleRoutes(app, { cors: adminCors });

  return {
    app,
    async listen({ host = '127.0.0.1', port = 4010 } = {}) {
      listenPolicy.listenOn(host);
      const address = await app.listen({ host, port });
      return address.replace('[::1]', 'localhost');
    },
    async close() {
      await app.close();
      await closeTenants();
    },
  };
}
