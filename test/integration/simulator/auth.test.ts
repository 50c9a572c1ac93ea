/** Authentication comes first: 401 for any token that is not a valid one, 403 for a valid one without permission. */
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET } from '../../../contract/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const contract = await loadContract();

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

const product = `/v1/products/${DEMO.productP13}`;
const get = (auth: string) => sim.request({ method: 'GET', url: product, auth });
const sign = (claims: Record<string, unknown>, secret = DEV_JWT_SECRET, exp = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

describe('authentication', () => {
  it('accepts a minted token', async () => {
    expect((await get(await sim.token())).statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', { authorization: undefined }],
    ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['the word Bearer alone', { authorization: 'Bearer' }],
    ['a token that is not a JWT', { authorization: 'Bearer not-a-jwt' }],
    ['the API key where a bearer token is needed', { authorization: 'gas-sim-dev-api-key' }],
  ])('answers 401 {} with WWW-Authenticate for %s', async (_, { authorization }) => {
    const res = await sim.simulator.app.inject({
      method: 'GET',
      url: product,
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({});
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for a wrongly signed, an unsigned (alg none) and an expired token', async () => {
    expect((await get(await sign({ scope: 'catalog:read' }, 'another-secret-of-sufficient-length'))).statusCode).toBe(
      401,
    );
    expect((await get(new UnsecuredJWT({ scope: 'catalog:read' }).setExpirationTime('1h').encode())).statusCode).toBe(
      401,
    );
    expect((await get(await sim.token({ scopes: ['catalog:read'], expiresInSeconds: -60 }))).statusCode).toBe(401);
    expect((await get(await sign({ scope: 'catalog:read' }, DEV_JWT_SECRET, '-1m'))).statusCode).toBe(401);
  });

  it('answers 401 to the order counter without its API key or with a bearer token', async () => {
    const body = { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna };
    expect(
      (await sim.request({ method: 'POST', url: '/v1/consumers/orders/counter', body, auth: 'none' })).statusCode,
    ).toBe(401);
    const bearer = await sim.request({ method: 'POST', url: '/v1/consumers/orders/counter', body });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.headers['www-authenticate']).toContain('ApiKey');
  });

  it('answers 403 {} to a valid token without the operation scope', async () => {
    const res = await get(await sim.token({ scopes: ['catalog:write'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({});
  });

  it('answers 403 to a token bound to another dealer, merchant, consumer or user', async () => {
    const other = '99999999-9999-4999-8999-999999999999';
    const dealerToken = await sim.token({ dealerId: other });
    expect(
      (
        await sim.request({
          method: 'PUT',
          url: `/v1/dealers/${DEMO.dealer}/orders/o/eta`,
          auth: dealerToken,
          body: { eta: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await sim.request({
          method: 'PUT',
          url: `/v1/dealers/${other}/orders/o/eta`,
          auth: dealerToken,
          body: { eta: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const merchantToken = await sim.token({ merchantId: other });
    expect(
      (
        await sim.request({
          method: 'PUT',
          url: `/v1/merchants/${DEMO.merchant}`,
          auth: merchantToken,
          body: { categoryCode: '5983' },
        })
      ).statusCode,
    ).toBe(403);
    const consumerToken = await sim.token({ consumerId: other });
    const address = { zip: '1', number: '1', street: 'A', city: 'B', state: 'C', country: 'BR' };
    expect(
      (
        await sim.request({
          method: 'PUT',
          url: `/v1/consumers/${DEMO.consumerAna}/addresses`,
          auth: consumerToken,
          body: address,
        })
      ).statusCode,
    ).toBe(403);
    const userToken = await sim.token({ sub: DEMO.userConsumer });
    expect(
      (await sim.request({ method: 'GET', url: `/v1/users/${DEMO.userDealer}/profile`, auth: userToken })).statusCode,
    ).toBe(403);
    expect(
      (await sim.request({ method: 'GET', url: `/v1/users/${DEMO.userConsumer}/profile`, auth: userToken })).statusCode,
    ).toBe(200);
  });

  it('answers 403 in the failure-object shape to a user-bound token upserting another user through PUT /v1/users, whose id is in the body', async () => {
    const url = await sim.simulator.listen({ port: 0 });
    const userToken = await sim.token({ sub: DEMO.userConsumer });
    const put = (body: unknown) =>
      fetch(`${url}/v1/users`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await put({ id: DEMO.userDealer, name: 'Overwritten', email: 'overwritten@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const body = (await refused.json()) as Record<string, unknown>;
    expect(contract.validators.response('upsertUser', 403, body)).toEqual([]);
    expect(body).toMatchObject({ code: 'Forbidden', type: 'Forbidden', metadata: { target: 'body.id' } });
    const profile = await sim.request({ method: 'GET', url: `/v1/users/${DEMO.userDealer}/profile` });
    expect((profile.json() as { name: string }).name).not.toBe('Overwritten');
    const own = await put({ id: DEMO.userConsumer, name: 'Ana Lima', email: DEMO.userConsumerEmail });
    expect(own.status).toBeLessThan(300);
    // The profile read of another user is refused in the same shape.
    const read = await sim.request({ method: 'GET', url: `/v1/users/${DEMO.userDealer}/profile`, auth: userToken });
    expect(read.statusCode).toBe(403);
    expect(contract.validators.response('getUserProfile', 403, read.json())).toEqual([]);
  });

  it.each(['bearer ', 'BEARER ', 'Bearer  ', 'bEaReR    '])(
    'accepts the token after %j (the scheme in any case, any run of spaces)',
    async (prefix) => {
      const token = await sim.token();
      const res = await sim.simulator.app.inject({
        method: 'GET',
        url: product,
        headers: { authorization: `${prefix}${token}` },
      });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each([
    ['scope a number', { scope: 42 }],
    ['scope an array', { scope: ['catalog:read'] }],
    ['scope an object', { scope: { read: true } }],
    ['tid a number', { scope: 'catalog:read', tid: 7 }],
    ['sub an object', { scope: 'catalog:read', sub: { id: 1 } }],
    ['dealer_id a boolean', { scope: 'catalog:read', dealer_id: true }],
    ['user_type null', { scope: 'catalog:read', user_type: null }],
  ])('answers 401, not 500, to a correctly signed token with %s', async (_, claims) => {
    const res = await get(await sign(claims));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 to a correctly signed token whose exp is not a number', async () => {
    const token = await new SignJWT({ scope: 'catalog:read', exp: 'tomorrow' } as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(DEV_JWT_SECRET));
    expect((await get(token)).statusCode).toBe(401);
  });

  it('checks the token before reading the body', async () => {
    const res = await sim.request({
      method: 'PUT',
      url: '/v1/users',
      auth: 'none',
      raw: '{broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });
});
