import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectFile } from '../../../project-files.ts';
import { registerConsoleRoutes } from '../../../simulator/console/console-routes.ts';
import { TENANT_NAME_PATTERN } from '../../../simulator/tenant-name.ts';
import { adminDocument, adminOperation, adminRequestValidator } from '../../../contract/index.ts';
import { startTestSimulator, DEMO, type TestSimulator } from '../../support/sim-harness.ts';

const DOCUMENT_PATH = projectFile('contract', 'admin-api.openapi.yaml');
interface Pattern {
  pattern: string;
}
const document = parse(readFileSync(DOCUMENT_PATH, 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: {
    parameters: Record<'Tenant' | 'TenantQuery', { schema: Pattern }>;
    schemas: { TokenRequest: { properties: { tenant: Pattern } } };
  };
};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
ajv.addSchema(document, 'admin');
const responseSchema = (path: string, method: string, status: number) =>
  ajv.compile({
    $ref: `admin#/paths/${path.replace(/\//g, '~1')}/${method}/responses/${status}/content/application~1json/schema`,
  });

/** The console's routes on a bare app, as registered: method, URL and the operation each serves. */
async function registeredConsoleRoutes() {
  const app = Fastify();
  const routes: { method: string; url: string; operationId: string | undefined }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD')
      routes.push({ method: String(route.method), url: route.url, operationId: route.config?.adminOperationId });
  });
  registerConsoleRoutes(app);
  await app.ready();
  return { app, routes };
}

describe('the admin API document', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ logLevel: 'silent' });
  });
  afterAll(async () => sim?.close());

  it('describes every admin and console route the simulator serves, and no other', async () => {
    const app = sim.simulator.app;
    await app.ready();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), url: `/__sim${path.replace(/\{(\w+)\}/g, ':$1')}` })),
    );
    for (const route of documented)
      expect(app.hasRoute(route as { method: 'GET'; url: string }), `${route.method} ${route.url} is served`).toBe(
        true,
      );
    const served = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/__sim\S*) \(([A-Z, ]+)\)/.exec(line);
        return match
          ? (match[2] ?? '')
              .split(', ')
              .filter((m) => m !== 'HEAD')
              .map((method) => `${method} ${match[1]}`)
          : [];
      });
    expect(served.length).toBeGreaterThan(10);
    const documentedNames = new Set(documented.map((r) => `${r.method} ${r.url}`));
    for (const route of served) expect(documentedNames.has(route), `${route} is documented`).toBe(true);
  });

  it('covers every call the console makes, and the console calls nothing else', () => {
    // The page's script modules, all of them.
    const assets = projectFile('simulator', 'console', 'assets');
    const modules = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(modules).toContain('console.js');
    const script = modules.map((file) => readFileSync(join(assets, file), 'utf8')).join('\n');
    const calls = [...script.matchAll(/admin\('(GET|PUT|POST|DELETE)', [`']([^`'?$]+)/g)].map(
      (m) => [m[1] ?? '', m[2] ?? ''] as const,
    );
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (const [method, path] of calls)
      expect(document.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    // One place reaches the network: the admin() helper, under /__sim.
    expect([...script.matchAll(/fetch\(/g)].length).toBe(1);
    expect(script).toContain('fetch(`/__sim${path}`');
  });

  it("is where the console's routes are registered from, each named by its operationId", async () => {
    const { app, routes } = await registeredConsoleRoutes();
    expect(routes).toEqual([
      { method: 'GET', url: '/__sim/ui', operationId: 'openConsole' },
      { method: 'GET', url: '/__sim/ui/', operationId: 'getConsolePage' },
      { method: 'GET', url: '/__sim/ui/:file', operationId: 'getConsoleFile' },
    ]);
    await app.close();
    // Moved in the document, a route is served where the document now puts it, and no longer where it was;
    // an operation the document lacks is the code's mistake, said when the routes are registered.
    const paths = adminDocument().paths;
    const files = paths['/ui/{file}'];
    const opening = paths['/ui'];
    try {
      delete paths['/ui/{file}'];
      paths['/ui/files/{file}'] = files ?? {};
      const moved = await registeredConsoleRoutes();
      expect((await moved.app.inject({ method: 'GET', url: '/__sim/ui/files/console.js' })).statusCode).toBe(200);
      expect((await moved.app.inject({ method: 'GET', url: '/__sim/ui/console.js' })).statusCode).toBe(404);
      await moved.app.close();
      delete paths['/ui'];
      expect(() => registerConsoleRoutes(Fastify())).toThrow('no admin operation openConsole');
    } finally {
      delete paths['/ui/files/{file}'];
      paths['/ui'] = opening ?? {};
      paths['/ui/{file}'] = files ?? {};
    }
  });

  it("lists the console's files, each served with a type it gives", async () => {
    const operation = document.paths['/ui/{file}']?.get as {
      parameters: { schema: { enum: string[] } }[];
      responses: { '200': { content: Record<string, unknown> } };
    };
    const files = operation.parameters[0]?.schema.enum ?? [];
    expect([...files].sort()).toEqual(readdirSync(projectFile('simulator', 'console', 'assets')).sort());
    for (const file of files) {
      const answer = await sim.simulator.app.inject({ method: 'GET', url: `/__sim/ui/${file}` });
      expect(answer.statusCode, file).toBe(200);
      expect(Object.keys(operation.responses['200'].content), file).toContain(
        String(answer.headers['content-type']).split(';')[0],
      );
    }
  });

  it("matches what the simulator answers, the journal's refusal included", async () => {
    await sim.request({ method: 'PUT', url: '/v1/customers/c-1', body: { name: 'Zé', email: 'nope' } });
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` });
    const check = async (method: string, path: string, status: number, body?: unknown) => {
      const res = await sim.simulator.app.inject({
        method: method as 'GET',
        url: `/__sim${path}`,
        ...(body ? { payload: body as object } : {}),
      });
      expect(res.statusCode, path).toBe(status);
      const validate = responseSchema(path.split('?')[0] ?? path, method.toLowerCase(), status);
      expect(validate(res.json()), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      return res.json();
    };
    const journal = await check('GET', '/requests', 200);
    expect(journal.requests.some((r: { refusal?: unknown }) => r.refusal)).toBe(true);
    await check('GET', '/operations', 200);
    await check('GET', '/health', 200);
    await check('POST', '/tokens', 201, { scopes: ['catalog:read'] });
    await check('PUT', '/faults', 200, { rules: [{ operationId: 'getProduct', status: 503, count: 1 }] });
    await check('GET', '/faults', 200);
    await check('GET', '/state', 200);
    await check('POST', '/reset', 200);
    await check('GET', '/counters', 200);
    await check('GET', '/events', 200);
  });

  it('is what the simulator validates admin requests and snapshots with, the tenant-name rule included', async () => {
    // The validators are compiled from the document (contract/admin-document.ts); the tenant-name rule is written
    // in the document three times and once in code (simulator/tenant-name.ts): they are the same pattern.
    const patterns = [
      document.components.parameters.Tenant.schema.pattern,
      document.components.parameters.TenantQuery.schema.pattern,
      document.components.schemas.TokenRequest.properties.tenant.pattern,
    ];
    expect(new Set(patterns)).toEqual(new Set([TENANT_NAME_PATTERN]));
    const put = (url: string, payload: object, method: 'PUT' | 'POST' = 'PUT') =>
      sim.simulator.app.inject({ method, url: `/__sim${url}`, headers: { 'x-sim-tenant': 'document' }, payload });
    // A snapshot the document refuses (a provider without its name) is refused, one it allows is taken.
    const provider = { merchantId: 'm-1', id: 'p-1' };
    expect((await put('/state', { version: 1, collections: { providers: [provider] } })).statusCode).toBe(400);
    expect(
      (await put('/state', { version: 1, collections: { providers: [{ ...provider, name: 'Cielo' }] } })).statusCode,
    ).toBe(200);
    // A fault rule with none of status, delay or drop; a token request with an unknown property.
    expect((await put('/faults', { rules: [{ operationId: 'getProduct' }] })).statusCode).toBe(400);
    expect((await put('/tokens', { scopes: [], colour: 'red' }, 'POST')).statusCode).toBe(400);
    // An operation the document lacks, or a body it does not give, is the code's mistake, said at once.
    expect(() => adminOperation('noSuchOperation')).toThrow('no admin operation noSuchOperation');
    expect(() => adminRequestValidator('getHealth')()).toThrow(
      'the admin operation getHealth has no JSON request body',
    );
  });
});
