/** The tenant-name rule, one behaviour everywhere: a bad name is a 400 `InvalidTenantName`, never `default`, never a new tenant. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET } from '../../../contract/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { STORE_KINDS, useStoreKinds } from '../../support/store-kinds.ts';
import { ALL_SCOPES, DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const contract = await loadContract();
const stores = useStoreKinds();
let sim: TestSimulator;

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZW5hbnQifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const BAD_NAMES: [string, string][] = [
  ['a name with a space and a bang', 'bad name!'],
  ['a traversal', '../../etc'],
  ['an empty name', ''],
  ['a name of 101 characters', 'a'.repeat(101)],
  ['a JWT sent as the name', JWT],
  ['a JWT cut to 100 characters', `${JWT}${'x'.repeat(100)}`.slice(0, 100)],
];
const MESSAGE = 'The tenant name must be 1 to 100 letters, digits or ._:- characters, and not a token.';

/** A token bound to any `tid`, signed as the simulator signs: the admin API would refuse to mint it. */
const tokenWithTid = (tid: string) =>
  new SignJWT({ scope: ALL_SCOPES.join(' '), tid })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(DEV_JWT_SECRET));

const tenantCount = async () => (await sim.admin.getHealth()).tenants;
const defaultJournal = async () => (await sim.rawAdmin('GET', '/__sim/requests', 'default')).json() as unknown[];
const customersOfDefault = async () =>
  (await sim.collections<{ id: string }>('default')).customers.map((customer) => customer.id);

/** The refusal's code and message, whatever error shape the operation answers in, checked against that shape. */
function refusalOf(res: { statusCode: number; json(): unknown }, operationId?: string) {
  const body = res.json() as Record<string, unknown>;
  // A status the operation documents is checked against its schema; another takes the operation's error shape.
  const documented = operationId ? contract.validators.response(operationId, res.statusCode, body) : undefined;
  if (documented) expect(documented).toEqual([]);
  const list = body.errors as { code: string; message: string; target: string }[] | undefined;
  if (list) return { status: res.statusCode, code: list[0]?.code, message: list[0]?.message, target: list[0]?.target };
  const metadata = body.metadata as { target: string } | undefined;
  return { status: res.statusCode, code: body.code, message: body.description, target: metadata?.target };
}

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  beforeAll(async () => {
    if (!stores.skip(kind)) sim = await startTestSimulator(await stores.options(kind));
  });
  afterAll(async () => {
    if (!stores.skip(kind)) await sim.close();
  });

  describe.skipIf(stores.skip(kind))('a platform request with a bad tenant name', () => {
    it('answers 400 InvalidTenantName for X-Sim-Tenant: bad name! and writes nothing to default', async () => {
      const journal = (await defaultJournal()).length;
      const tenants = await tenantCount();
      const res = await sim.request({
        method: 'PUT',
        url: '/v1/customers/bad-tenant-header',
        headers: { 'x-sim-tenant': 'bad name!' },
        body: { name: 'Not in default' },
        auth: await sim.token(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(refusalOf(res, 'upsertCustomer')).toMatchObject({
        code: 'InvalidTenantName',
        target: 'header.X-Sim-Tenant',
      });
      expect(await customersOfDefault()).not.toContain('bad-tenant-header');
      expect((await defaultJournal()).length).toBe(journal);
      expect(await tenantCount()).toBe(tenants);
    });

    it('answers 400 InvalidTenantName for a token whose tid is bad and writes nothing to default', async () => {
      const journal = (await defaultJournal()).length;
      const tenants = await tenantCount();
      for (const tid of ['bad name!', JWT]) {
        const res = await sim.request({
          method: 'PUT',
          url: '/v1/customers/bad-tenant-tid',
          body: { name: 'Not in default' },
          auth: await tokenWithTid(tid),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(refusalOf(res, 'upsertCustomer')).toMatchObject({
          code: 'InvalidTenantName',
          target: 'header.Authorization',
        });
      }
      expect(await customersOfDefault()).not.toContain('bad-tenant-tid');
      expect((await defaultJournal()).length).toBe(journal);
      expect(await tenantCount()).toBe(tenants);
    });

    it('still serves a good name, and default when none is named', async () => {
      const named = await sim.request({
        method: 'GET',
        url: `/v1/products/${DEMO.productP13}`,
        headers: { 'x-sim-tenant': 'team-a.ci:run_1' },
      });
      expect(named.statusCode).toBe(200);
      expect((await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` })).statusCode).toBe(200);
    });
  });

  describe.skipIf(stores.skip(kind))('admin and platform', () => {
    it.each(BAD_NAMES)('give the same answer for %s', async (_, name) => {
      const tenants = await tenantCount();
      const platform = await sim.request({
        method: 'GET',
        url: `/v1/products/${DEMO.productP13}`,
        headers: { 'x-sim-tenant': name },
      });
      const admin = await sim.rawAdmin('GET', '/__sim/requests', name);
      const expected = { status: 400, code: 'InvalidTenantName', message: MESSAGE, target: 'header.X-Sim-Tenant' };
      expect(refusalOf(platform, 'getProduct')).toEqual(expected);
      expect(refusalOf(admin)).toEqual(expected);
      expect(await tenantCount()).toBe(tenants);
    });

    it('refuse to mint a token bound to a bad tenant name, as a request naming it is refused', async () => {
      for (const [, name] of BAD_NAMES) {
        const res = await sim.rawAdmin('POST', '/__sim/tokens', 'default', { scopes: ['catalog:read'], tenant: name });
        expect(refusalOf(res), name).toMatchObject({ status: 400, code: 'InvalidTenantName', target: 'body.tenant' });
      }
    });
  });
});
