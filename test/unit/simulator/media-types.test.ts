/** Request media types: what each operation accepts, and 415 in its error shape for the rest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

const address = { zip: '1', number: '1', street: 'A', city: 'B', state: 'C', country: 'BR' };
const put = (contentType: string) =>
  sim.request({
    method: 'PUT',
    url: `/v1/consumers/${DEMO.consumerAna}/addresses`,
    headers: { 'content-type': contentType },
    body: address,
  });
const event = (contentType: string) =>
  sim.request({
    method: 'POST',
    url: '/Integration/app-events',
    headers: { 'content-type': contentType },
    body: { idMensagem: 'm', nomeEvento: 'E' },
  });

describe('media types', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'text/json',
    'application/*+json'.replace('*', 'problem'),
    'application/vnd.gas.address+json',
  ])('accepts a consumer address as %s', async (type) => {
    expect((await put(type)).statusCode).toBe(200);
  });

  it.each(['text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data; boundary=x'])(
    'refuses a consumer address as %s with 415',
    async (type) => {
      const res = await put(type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ errors: [{ code: 'UnsupportedMediaType', target: 'header.Content-Type' }] });
    },
  );

  it('takes app events only as application/json-patch+json, refusing others in problem details', async () => {
    expect((await event('application/json-patch+json')).statusCode).toBe(202);
    const res = await event('application/json');
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 415, code: 'UnsupportedMediaType', title: 'Unsupported Media Type' });
  });

  it('answers 400 to a body without a content type', async () => {
    const res = await sim.simulator.app.inject({
      method: 'PUT',
      url: '/v1/customers/c',
      headers: { authorization: `Bearer ${await sim.token()}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: 'BodyRequired' }] });
  });

  it('answers 404 to an unknown route and 405 with Allow to a wrong method, in the error list', async () => {
    const unknown = await sim.request({ method: 'GET', url: '/v2/products/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ code: 'RouteNotFound', target: 'path' }] });
    const wrong = await sim.request({ method: 'POST', url: `/v1/products/${DEMO.productP13}` });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    const area = await sim.request({ method: 'GET', url: '/v1/dealers/d/coverage-areas/a' });
    expect(area.headers.allow).toBe('PUT, DELETE');
  });
});
