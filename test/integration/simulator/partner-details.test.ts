/**
 * What a partner team meets first when it injects errors and mints tokens: a slow 503 as one rule
 * with a Retry-After, an injected error that names the rule behind it, a wrong `drop` refused naming
 * the modes there are, unknown scopes refused at minting and a token with every scope.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/index.ts';
import { DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

let sim: TestSimulator;
const product = `/v1/products/${DEMO.productP13}`;
const setFaults = (tenant: string, body: unknown) => sim.rawAdmin('PUT', '/__sim/faults', tenant, body);
const mint = (body: unknown) => sim.rawAdmin('POST', '/__sim/tokens', 'partner', body);

beforeAll(async () => {
  sim = await startTestSimulator({ logLevel: 'silent' });
});
afterAll(async () => {
  await sim.close();
});

describe('a fault rule', () => {
  it('answers a slow 503 with a Retry-After, naming the rule that injected it', async () => {
    const rules = [
      { operationId: 'createBrand', status: 500 },
      { operationId: 'getProduct', status: 503, delayMs: 120, retryAfterSeconds: 30 },
    ];
    expect((await setFaults('slow', { rules })).statusCode).toBe(200);
    const started = performance.now();
    const res = await sim.request({ method: 'GET', url: product, headers: { 'x-sim-tenant': 'slow' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({
      errors: [
        {
          code: 'SimulatedStatus',
          target: 'faults.rules[1]',
          message: 'Status 503 injected by fault rule 1 (operationId getProduct).',
        },
      ],
    });
    const journal = await sim.rawAdmin('GET', '/__sim/requests?operationId=getProduct', 'slow');
    expect(journal.json()).toMatchObject({
      requests: [{ refusal: { code: 'SimulatedStatus', target: 'faults.rules[1]' } }],
    });
  });

  it('leaves header.Prefer as the target of a status the Prefer header asked for', async () => {
    const res = await sim.request({
      method: 'GET',
      url: product,
      headers: { 'x-sim-tenant': 'prefer', prefer: 'code=404' },
    });
    expect(res.json()).toMatchObject({ errors: [{ code: 'SimulatedStatus', target: 'header.Prefer' }] });
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('is refused with the modes there are for a drop it does not know', async () => {
    const res = await setFaults('drop', { rules: [{ operationId: 'getProduct', drop: 'timeout' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [
        {
          code: 'InvalidAdminRequest',
          target: 'body.rules.0.drop',
          message: 'body.rules.0.drop must be equal to one of the allowed values: reset, empty, malformed',
        },
      ],
    });
  });

  it('is refused when it both drops and answers, or gives a Retry-After without a 429 or 503', async () => {
    const both = await setFaults('both', { rules: [{ operationId: '*', drop: 'reset', status: 503 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ errors: [{ target: 'body.rules.0' }] });
    const retry = await setFaults('retry', { rules: [{ operationId: '*', status: 500, retryAfterSeconds: 5 }] });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({
      errors: [
        {
          target: 'body.rules.0.retryAfterSeconds',
          message: 'body.rules.0.retryAfterSeconds goes with status 429 or 503, which a Retry-After header follows.',
        },
      ],
    });
  });
});

describe('token minting', () => {
  it('refuses a scope no operation names, naming the scopes there are', async () => {
    const res = await mint({ scopes: ['catalog:read', 'catalog:admin'] });
    expect(res.statusCode).toBe(400);
    const [error] = (res.json() as { errors: { target: string; message: string }[] }).errors;
    expect(error?.target).toBe('body.scopes');
    expect(error?.message).toMatch(
      /^Unknown scope catalog:admin: the scopes are .*catalog:read.*, or \* for every one\.$/,
    );
  });

  it('mints a token with every scope for `*`, which every operation accepts', async () => {
    const res = await mint({ scopes: ['*'] });
    expect(res.statusCode).toBe(201);
    const { accessToken } = res.json() as { accessToken: string };
    const scopes = String(decodeJwt(accessToken).scope).split(' ');
    const named = [...new Set((await loadContract()).operations.flatMap((o) => o.security.scopes))];
    expect(scopes.sort()).toEqual(named.sort());
    const read = await sim.request({ method: 'GET', url: product, auth: accessToken });
    expect(read.statusCode).toBe(200);
    const write = await sim.request({
      method: 'PUT',
      url: `/v1/categories/${DEMO.categoryCozinha}`,
      auth: accessToken,
      headers: { 'x-sim-tenant': 'every-scope' },
      body: { name: 'Gás de cozinha' },
    });
    expect(write.statusCode).toBe(204);
  });
});
