import { afterEach, describe, expect, it } from 'vitest';
import { startTestSimulator, DEMO, type TestSimulator } from '../../support/sim-harness.ts';

describe('admin API as the console uses it', () => {
  let sim: TestSimulator | undefined;
  afterEach(async () => sim?.close());

  it('names the missing X-Sim-Admin-Key header and sends no bearer challenge', async () => {
    sim = await startTestSimulator({ adminKey: 'k-0123456789', apiKey: 'counter-key-0123' });
    const missing = await sim.simulator.app.inject({ method: 'GET', url: '/__sim/requests' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBeUndefined();
    expect(missing.json()).toEqual({
      errors: [
        {
          code: 'AdminKeyRequired',
          target: 'header.X-Sim-Admin-Key',
          message: expect.stringContaining('needs the X-Sim-Admin-Key header'),
        },
      ],
    });
    const wrong = await sim.simulator.app.inject({
      method: 'GET',
      url: '/__sim/requests',
      headers: { 'x-sim-admin-key': 'k-9999999999' },
    });
    expect(wrong.json().errors[0].message).toMatch(/does not match/);
    expect(wrong.body).not.toContain('k-0123456789');
  });

  it('journals the rule that refused a request, with its target and basis', async () => {
    sim = await startTestSimulator();
    // A refused request is journaled in a tenant that exists: an authenticated one makes it first.
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` });
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: 'none' });
    await sim.request({ method: 'PUT', url: `/v1/customers/c-1`, body: { name: 'Zé', email: 'not-an-email' } });
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { prefer: 'code=500' } });
    const { requests } = (await sim.simulator.app.inject({ method: 'GET', url: '/__sim/requests' })).json();
    const [, unauthenticated, invalid, simulated] = requests;
    expect(unauthenticated.refusal).toEqual({
      code: 'Unauthenticated',
      target: 'header.Authorization',
      message: expect.any(String),
      basis: 'documented',
      why: 'documented: "When the token is missing, invalid or expired, the response is 401." (Authentication, rule 6)',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.refusal).toMatchObject({ code: 'RuleViolated', target: 'body.email', basis: 'assumed' });
    expect(invalid.refusal.why).toEqual(expect.any(String));
    expect(simulated).toMatchObject({
      status: 500,
      simulated: true,
      refusal: { code: 'SimulatedStatus', target: 'header.Prefer' },
    });
    const since = (
      await sim.simulator.app.inject({ method: 'GET', url: `/__sim/requests?since=${invalid.seq}` })
    ).json();
    expect(since.requests.map((r: { seq: number }) => r.seq)).toEqual([simulated.seq]);
  });

  it('lists the operations with their scopes and statuses for the console forms', async () => {
    sim = await startTestSimulator();
    const { operations } = (await sim.simulator.app.inject({ method: 'GET', url: '/__sim/operations' })).json();
    const getProduct = operations.find((op: { operationId: string }) => op.operationId === 'getProduct');
    expect(getProduct).toMatchObject({
      method: 'GET',
      path: '/v1/products/{productId}',
      auth: 'bearer',
      scopes: ['catalog:read'],
    });
    expect(getProduct.statuses.map((s: { status: number }) => s.status)).toContain(200);
  });
});
