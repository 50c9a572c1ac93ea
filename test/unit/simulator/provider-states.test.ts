/** Provider states set up a tenant for an interaction and answer the values they used. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

const setup = async (tenant: string, state: string, params: Record<string, string> = {}, action = 'setup') => {
  const res = await sim.request({
    method: 'POST',
    url: '/__sim/provider-states',
    auth: 'none',
    headers: { 'x-sim-tenant': tenant },
    body: { state, params, action },
  });
  return { status: res.statusCode, body: res.json() as Record<string, string> };
};
const call = (tenant: string, method: string, url: string, body?: unknown) =>
  sim.request({ method, url, headers: { 'x-sim-tenant': tenant }, ...(body ? { body } : {}) });

describe('provider states', () => {
  it.each(['/v1/dealers/%zz/coverage-areas/a', '/v1/products/%E0%A4%A', '/v1/users/%/profile'])(
    'answers 400, not 500, to a path with a bad percent escape: %s',
    async (path) => {
      const { status, body } = await setup('ps-bad-escape', 'the resources named in {path} exist', { path });
      expect(status).toBe(400);
      expect(body).toMatchObject({ errors: [{ code: 'InvalidAdminRequest', target: 'body.params.path' }] });
    },
  );

  it('creates a merchant with a provider, generating the ids it was not given', async () => {
    const { status, body } = await setup('ps1', 'a merchant {merchantId} with provider {providerId} exists', {
      name: 'Rede',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      merchantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      providerId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Rede',
    });
    expect(
      (await call('ps1', 'PUT', `/v1/merchants/${body.merchantId}/providers/${body.providerId}`, { priority: 2 }))
        .statusCode,
    ).toBe(204);
  });

  it('uses the ids it is given, also when they are written into the state name', async () => {
    const dealerId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const { body } = await setup(
      'ps2',
      `a coverage area 11111111-1111-4111-8111-111111111111 exists for dealer ${dealerId}`,
    );
    expect(body).toMatchObject({ coverageAreaId: '11111111-1111-4111-8111-111111111111', dealerId });
    expect(
      (await call('ps2', 'DELETE', `/v1/dealers/${dealerId}/coverage-areas/${body.coverageAreaId}`)).statusCode,
    ).toBe(204);
  });

  it('sets up the conflicts and absences the documented errors need', async () => {
    const { body } = await setup(
      'ps3',
      'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists',
      { otherName: 'Getnet' },
    );
    expect(
      (await call('ps3', 'PUT', `/v1/merchants/${body.merchantId}/providers/${body.providerId}`, { name: 'Getnet' }))
        .statusCode,
    ).toBe(409);
    const brand = await setup('ps3', 'a brand named {name} exists', { name: 'Minasgás' });
    expect((await call('ps3', 'POST', '/v1/brands', { name: brand.body.name })).statusCode).toBe(409);
    const user = await setup('ps3', 'a user {userId} with email {email} exists', { email: 'dup@example.com' });
    expect(
      (
        await call('ps3', 'PUT', '/v1/users', {
          id: '12345678-1234-4234-8234-123456789012',
          name: 'X',
          email: 'dup@example.com',
        })
      ).statusCode,
    ).toBe(409);
    expect(user.body.userId).toBeTruthy();
    const gone = await setup('ps3', 'no product {productId} exists');
    expect((await call('ps3', 'GET', `/v1/products/${gone.body.productId}`)).statusCode).toBe(404);
  });

  it('creates a readable product, category and user', async () => {
    const product = await setup('ps4', 'a product {productId} exists', { categoryName: 'Gás' });
    const read = await call('ps4', 'GET', `/v1/products/${product.body.productId}`);
    expect(read.json()).toMatchObject({
      data: { id: product.body.productId, category: { id: product.body.categoryId, name: 'Gás' } },
    });
    const user = await setup('ps4', 'a user {userId} exists');
    expect((await call('ps4', 'GET', `/v1/users/${user.body.userId}/profile`)).statusCode).toBe(200);
    const counted = await setup('ps4', 'a consumer {consumerId} has counted order {orderId}');
    expect(counted.body.orderCount).toBe('1');
  });

  it('creates whatever a request path names', async () => {
    const path = '/v1/merchants/0f0f0f0f-0000-4000-8000-000000000001/providers/0f0f0f0f-0000-4000-8000-000000000002';
    const { body } = await setup('ps5', 'the resources named in {path} exist', { path });
    expect(body).toMatchObject({
      merchantId: '0f0f0f0f-0000-4000-8000-000000000001',
      merchantProviderId: '0f0f0f0f-0000-4000-8000-000000000002',
    });
    expect((await call('ps5', 'PUT', path, { priority: 1 })).statusCode).toBe(204);
    const eta = '/v1/dealers/0f0f0f0f-0000-4000-8000-000000000003/orders/o1/eta';
    await setup('ps5', 'the resources named in {path} exist', { path: eta });
    expect((await call('ps5', 'PUT', eta, { eta: 3 })).statusCode).toBe(204);
  });

  it('creates nothing for ids that are not UUIDs, so reads of them stay 404', async () => {
    const { body } = await setup('ps5b', 'the resources named in {path} exist', { path: '/v1/products/not-a-uuid' });
    expect(body).toMatchObject({ productId: 'not-a-uuid', created: '' });
    expect((await call('ps5b', 'GET', '/v1/products/not-a-uuid')).statusCode).toBe(404);
  });

  it('answers 400 listing the known states for an unknown one', async () => {
    const { status, body } = await setup('ps6', 'a unicorn exists');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('a category {categoryId} exists');
  });

  it('tears down by putting the tenant data back to the dataset, keeping its fault rules', async () => {
    const { body } = await setup('ps7', 'a category {categoryId} exists');
    await sim.request({
      method: 'PUT',
      url: '/__sim/faults',
      auth: 'none',
      headers: { 'x-sim-tenant': 'ps7' },
      body: { rules: [{ operationId: 'getProduct', status: 503 }] },
    });
    await setup('ps7', 'a category {categoryId} exists', body, 'teardown');
    expect((await call('ps7', 'PUT', `/v1/categories/${body.categoryId}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('ps7', 'GET', '/v1/products/any')).statusCode).toBe(503);
  });
});
