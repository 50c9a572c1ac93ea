import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { projectFile } from '../../../project-files.ts';
import { AdminApiError, createAdminClient, send, type AdminClient } from '../../../client/index.ts';
import { connectTarget, isSimulator, resolveTarget } from '../../../target/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { DEMO } from '../../support/sim-harness.ts';

const ADMIN_KEY = 'admin-client-test-key';

describe('the admin client, against a simulator over HTTP', () => {
  let running: RunningSimulator;
  let admin: AdminClient;
  beforeAll(async () => {
    running = await startSimulator({ adminKey: ADMIN_KEY, apiKey: 'admin-client-test-api-key' });
    admin = createAdminClient({ baseUrl: running.url, adminKey: ADMIN_KEY, tenant: 'admin-client' });
  });
  afterAll(async () => running?.close());

  const getProduct = async (token: string, tenant = 'admin-client') =>
    send({
      method: 'GET',
      url: `${running.url}/v1/products/${DEMO.productP13}`,
      headers: { authorization: `Bearer ${token}`, 'x-sim-tenant': tenant },
    });

  it('tells a simulator by its health, with its tenant figures', async () => {
    const health = await admin.getHealth();
    expect(health).toMatchObject({ simulator: 'gas-harness', pid: expect.any(Number), maxTenants: expect.any(Number) });
    expect(health.journalBudgetBytes).toBeGreaterThan(0);
    expect((await admin.listOperations()).map((op) => op.operationId)).toContain('getProduct');
  });

  it('mints a token bound to its tenant, which the platform operations accept', async () => {
    const minted = await admin.mintToken({ scopes: ['catalog:read'] });
    expect(minted.tokenType).toBe('Bearer');
    const claims = JSON.parse(Buffer.from(minted.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      tid?: string;
    };
    expect(claims.tid).toBe('admin-client');
    expect((await getProduct(minted.accessToken)).status).toBe(200);
  });

  it("replaces, adds to, reads and empties a tenant's state", async () => {
    const { collections } = await admin.getState();
    const [first, second] = collections.products ?? [];
    if (!first || !second) throw new Error('the demo dataset has two products');
    await admin.putState({ version: 1, collections: { products: [first] } });
    expect((await admin.getState()).collections.products).toHaveLength(1);
    await admin.addState({ version: 1, collections: { products: [second] } });
    expect((await admin.getState()).collections.products?.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(await admin.resetTenant({ empty: true })).toEqual({ tenant: 'admin-client', empty: true });
    expect((await admin.getState()).collections.products ?? []).toHaveLength(0);
    await admin.resetTenant();
    expect(
      await admin.setProviderState({ state: 'a product {productId} exists', params: { productId: DEMO.productP13 } }),
    ).toMatchObject({ productId: DEMO.productP13 });
  });

  it("reads and clears the journal, its tenant's only", async () => {
    const { accessToken } = await admin.mintToken({ scopes: ['catalog:read'] });
    await admin.clearRequests();
    await getProduct(accessToken);
    const entries = await admin.listRequests({ operationId: 'getProduct' });
    expect(entries.map((e) => [e.operationId, e.status])).toEqual([['getProduct', 200]]);
    expect(await admin.listRequests({ status: 404 })).toEqual([]);
    expect(await admin.forTenant('admin-client-other').listRequests()).toEqual([]);
    await admin.clearRequests();
    expect(await admin.listRequests()).toEqual([]);
  });

  it('adds, lists and clears fault rules', async () => {
    const { accessToken } = await admin.mintToken({ scopes: ['catalog:read'] });
    const config = await admin.addFault({ operationId: 'getProduct', status: 503, count: 1 });
    expect(config.rules).toEqual([expect.objectContaining({ operationId: 'getProduct', status: 503, count: 1 })]);
    await admin.addFault({ operationId: 'createBrand', delayMs: 1 });
    expect((await admin.getFaults()).rules.map((r) => r.operationId)).toEqual(['getProduct', 'createBrand']);
    expect((await getProduct(accessToken)).status).toBe(503);
    await admin.clearFaults();
    expect((await admin.getFaults()).rules).toEqual([]);
    expect(await admin.listEvents()).toEqual(expect.any(Array));
    expect(await admin.listCounters()).toEqual(expect.any(Array));
  });

  it('throws AdminApiError with the status, the error list and the operation and URL named', async () => {
    const refused = await admin
      .putFaults({ rules: [{ operationId: 'noSuchOperation', status: 500 }] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdminApiError);
    expect(refused).toMatchObject({
      status: 400,
      operation: 'putFaults',
      body: { errors: [{ code: 'InvalidAdminRequest' }] },
    });
    expect((refused as Error).message).toBe(
      `the simulator's putFaults (PUT ${running.url}/__sim/faults) answered 400: Unknown operationId noSuchOperation.`,
    );

    const unknownState = await admin.setProviderState({ state: 'no such state' }).catch((e: unknown) => e);
    expect(unknownState).toMatchObject({ status: 400, body: { errors: [{ code: 'UnknownProviderState' }] } });

    const keyless = createAdminClient({ baseUrl: running.url, adminKey: 'wrong' });
    const denied = await keyless.getHealth().catch((e: unknown) => e);
    expect(denied).toMatchObject({
      name: 'AdminApiError',
      status: 401,
      operation: 'getHealth',
      body: { errors: [{ code: 'AdminKeyRequired' }] },
    });
    expect((denied as Error).message).toContain(`GET ${running.url}/__sim/health`);
    expect((denied as Error).message).not.toContain('wrong');
  });

  it('lets the checkers tell a simulator with an admin key, given GAS_SIM_ADMIN_KEY, and mint in their tenant', async () => {
    expect(await isSimulator(running.url)).toBe(false);
    vi.stubEnv('GAS_SIM_ADMIN_KEY', ADMIN_KEY);
    try {
      const session = connectTarget(await resolveTarget({ target: running.url }));
      expect(session.simulator).toBe(true);
      expect(session.admin?.tenant).toBe(session.tenant);
      const token = await session.mintToken({ scopes: ['catalog:read'] });
      expect((await getProduct(token, session.tenant)).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives the headers of a request sent another way', () => {
    expect(admin.headers()).toEqual({ 'x-sim-admin-key': ADMIN_KEY, 'x-sim-tenant': 'admin-client' });
    expect(createAdminClient({ baseUrl: running.url, adminKey: '' }).headers()).toEqual({});
  });
});

describe('the admin client and the admin API document', () => {
  it('sends each operation with the method and path the document gives its operationId', async () => {
    const document = parse(readFileSync(projectFile('contract', 'admin-api.openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        op,
      })),
    );
    const documented = new Map(routes.map(({ operationId, method, path }) => [operationId, { method, path }]));
    // Each route answers its first documented status (its success), with a body every method can read.
    const successOf = (method: string, path: string) =>
      Number(Object.keys(routes.find((r) => r.method === method && r.path === path)?.op.responses ?? {})[0]);
    const sent: { method: string; path: string }[] = [];
    const client = createAdminClient({
      baseUrl: 'http://sim.test',
      adminKey: '',
      send: async ({ method, url }) => {
        const path = new URL(url).pathname.replace(/^\/__sim/, '');
        sent.push({ method, path });
        const body = { operations: [], requests: [], events: [], counters: [], rules: [], seed: 1 };
        return { status: successOf(method, path), headers: {}, body, text: JSON.stringify(body), durationMs: 0 };
      },
    });
    const calls: Record<string, () => Promise<unknown>> = {
      getHealth: () => client.getHealth(),
      listOperations: () => client.listOperations(),
      mintToken: () => client.mintToken({ scopes: [] }),
      setProviderState: () => client.setProviderState({ state: 's' }),
      resetTenant: () => client.resetTenant({ empty: true }),
      getState: () => client.getState(),
      putState: () => client.putState({ version: 1, collections: {} }),
      addState: () => client.addState({ version: 1, collections: {} }),
      listRequests: () => client.listRequests({ since: '1' }),
      clearRequests: () => client.clearRequests(),
      getRequestsSuite: () => client.getRequestsSuite({ operationId: 'createBrand' }),
      getFaults: () => client.getFaults(),
      putFaults: () => client.putFaults({ rules: [] }),
      clearFaults: () => client.clearFaults(),
      listEvents: () => client.listEvents(),
      listCounters: () => client.listCounters(),
    };
    const consoleOperations = ['openConsole', 'getConsolePage', 'getConsoleFile'];
    expect(Object.keys(calls).sort()).toEqual(
      [...documented.keys()].filter((id) => !consoleOperations.includes(id ?? '')).sort(),
    );
    for (const [operationId, call] of Object.entries(calls)) {
      sent.length = 0;
      await call();
      const { method, path } = documented.get(operationId) ?? {};
      expect(sent, operationId).toEqual([{ method, path }]);
    }
  });
});
