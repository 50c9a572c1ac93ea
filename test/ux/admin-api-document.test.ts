import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectFile } from '../../project-files.ts';
import { PROVIDER_STATE_REQUEST_SCHEMA, TOKEN_REQUEST_SCHEMA } from '../../simulator/admin/admin-routes.ts';
import { FAULT_CONFIG_SCHEMA } from '../../simulator/faults.ts';
import { startTestSimulator, DEMO, type TestSimulator } from '../simulator/sim-harness.ts';

const DOCUMENT_PATH = projectFile('spec', 'admin-api.openapi.yaml');
const document = parse(readFileSync(DOCUMENT_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
ajv.addSchema(document, 'admin');
const responseSchema = (path: string, method: string, status: number) =>
  ajv.compile({
    $ref: `admin#/paths/${path.replace(/\//g, '~1')}/${method}/responses/${status}/content/application~1json/schema`,
  });

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

  it('gives the request schemas the simulator validates with, to the letter (descriptions aside)', () => {
    const bodyOf = (path: string, method: string) =>
      plain(
        (document.paths[path]?.[method] as { requestBody: { content: Record<string, { schema: unknown }> } })
          .requestBody.content['application/json']?.schema,
      );
    expect(bodyOf('/tokens', 'post')).toEqual(plain(TOKEN_REQUEST_SCHEMA));
    expect(bodyOf('/provider-states', 'post')).toEqual(plain(PROVIDER_STATE_REQUEST_SCHEMA));
    expect(bodyOf('/faults', 'put')).toEqual(plain(FAULT_CONFIG_SCHEMA));
  });
});

/** A schema with its local `$ref`s replaced by what they point to and without `description`s. */
function plain(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plain);
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, description: _description, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') {
    const target = $ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
    return plain({ ...(target as object), ...rest });
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, plain(value)]));
}
