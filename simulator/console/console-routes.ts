/**
 * Serves the web console at /__sim/ui: static files (the page, its script modules, styles), no build step.
 * The page holds no data of its own: everything it shows it reads through the admin API, which asks
 * for X-Sim-Admin-Key when the simulator has one (the page asks the user for it).
 */
import { readFileSync } from 'node:fs';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, RouteHandlerMethod } from 'fastify';
import { projectFile } from '../../project-files.ts';
import type { AdminOperationId } from '../../contract/index.ts';
import { adminRoute } from '../admin/admin-routes.ts';

/** The console's files and their types: a Map, so that a name such as `__proto__` or `toString` is no file. */
const ASSETS = new Map<string, string>([
  ['index.html', 'text/html; charset=utf-8'],
  ['console.js', 'text/javascript; charset=utf-8'],
  ['console-core.js', 'text/javascript; charset=utf-8'],
  ['console-journal.js', 'text/javascript; charset=utf-8'],
  ['console-panels.js', 'text/javascript; charset=utf-8'],
  ['console.css', 'text/css; charset=utf-8'],
]);

/** Scripts and styles from the simulator only; the page talks to nothing but its own admin API. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface ConsoleRoutesOptions {
  /** Where the files are read from (the project's simulator/console/assets by default). */
  assetsDir?: string;
  /** The admin API's CORS options (`adminCorsOptions`), which the console's routes share. */
  cors?: FastifyCorsOptions | false;
}

export function registerConsoleRoutes(app: FastifyInstance, options: ConsoleRoutesOptions = {}): void {
  const dir = options.assetsDir ?? projectFile('simulator', 'console', 'assets');
  // Read on first request, so a simulator that nobody opens the console of pays nothing at start-up.
  const cache = new Map<string, Buffer>();
  const read = (name: string): Buffer => {
    let bytes = cache.get(name);
    if (!bytes) cache.set(name, (bytes = readFileSync(`${dir}/${name}`)));
    return bytes;
  };
  // Each route where the admin document puts its operation, named by it, as the admin API's are
  // (outside their context: the page is public, the admin key is asked for by the calls it makes).
  const route = (operationId: AdminOperationId, handler: RouteHandlerMethod): void => {
    const { method, url } = adminRoute(operationId);
    app.route({
      method,
      url: `/__sim${url}`,
      config: { admin: true, cors: options.cors ?? false, adminOperationId: operationId },
      handler,
    });
  };
  const page = `/__sim${adminRoute('getConsolePage').url}`;
  route('openConsole', (_request, reply) => reply.redirect(page));
  route('getConsolePage', (_request, reply) => send(reply, 'index.html'));
  route('getConsoleFile', (request, reply) => {
    const { file } = request.params as { file: string };
    return send(reply, file);
  });

  function send(reply: FastifyReply, file: string): FastifyReply {
    const type = ASSETS.get(file);
    if (!type) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .type(type)
      .send(read(file));
  }
}
