/** HEAD: on a path that answers GET it answers like the GET without a body; elsewhere 405 with Allow, never 404. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSimulator, UNKNOWN_ID, type TestSimulator } from '../../support/sim-harness.ts';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

describe('HEAD', () => {
  it('answers a product read like its GET, with the same headers and no body', async () => {
    const get = await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` });
    const head = await sim.request({ method: 'HEAD', url: `/v1/products/${DEMO.productP13}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('is authenticated and answers the statuses its GET would', async () => {
    const anonymous = await sim.request({ method: 'HEAD', url: `/v1/products/${DEMO.productP13}`, auth: 'none' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await sim.request({ method: 'HEAD', url: `/v1/products/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await sim.request({ method: 'HEAD', url: `/v1/users/${DEMO.userConsumer}/profile` })).statusCode).toBe(200);
  });

  it('answers 405 with Allow on a path that does not answer GET', async () => {
    const res = await sim.request({ method: 'HEAD', url: `/v1/categories/${DEMO.categoryCozinha}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('PUT');
    const counter = await sim.request({ method: 'HEAD', url: '/v1/consumers/orders/counter' });
    expect(counter.statusCode).toBe(405);
    expect(counter.headers.allow).toBe('POST');
  });

  it('lists HEAD among the methods of a read path', async () => {
    const res = await sim.request({ method: 'DELETE', url: `/v1/products/${DEMO.productP13}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
