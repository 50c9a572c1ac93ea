/**
 * No secret a client sends (its token, the API key, provider credentials, push tokens) ever shows
 * in a response, a log line, the journal or the state dump.
 */
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../target/index.ts';
import { DEMO, startTestSimulator, type InjectOptions } from './sim-harness.ts';

const CREDENTIAL = 'cred-secret-4f8a9b2c7d';
const PUSH = 'push-secret-91e3d5a7c2';

describe('secrets', () => {
  it('never appear in a response, a log line, the journal or the state', async () => {
    const sim = await startTestSimulator();
    const token = await sim.token({ tenant: 'secrets' });
    const provider = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
    const device = `/v1/dealers/users/${DEMO.userDealer}/devices`;
    const requests: InjectOptions[] = [
      { method: 'PUT', url: provider, auth: token, body: { credentials: { type: 'cielo', clientApiKey: CREDENTIAL, clientSecret: CREDENTIAL } } },
      { method: 'PUT', url: provider, auth: token, body: { credentials: { clientSecret: CREDENTIAL }, unknown: CREDENTIAL } },
      { method: 'PUT', url: provider, auth: token, body: { credentials: { clientSecret: CREDENTIAL }, priority: -1 } },
      { method: 'PUT', url: provider, auth: token, raw: `{"credentials": {"clientSecret": "${CREDENTIAL}"`, headers: { 'content-type': 'application/json' } },
      { method: 'PUT', url: provider, auth: token, raw: `{"credentials": {"clientSecret": ${CREDENTIAL}}}`, headers: { 'content-type': 'application/json' } },
      { method: 'PUT', url: provider, auth: token, body: { credentials: { clientSecret: CREDENTIAL } }, headers: { prefer: 'code=500' } },
      { method: 'PUT', url: provider, auth: token, body: { credentials: { clientSecret: CREDENTIAL } }, headers: { prefer: 'code=204' } },
      { method: 'PUT', url: device, auth: token, body: { deviceId: 'a1', tokenPush: PUSH } },
      { method: 'PUT', url: device, auth: token, body: { deviceId: '', tokenPush: PUSH } },
      { method: 'PUT', url: device, auth: token, raw: `tokenPush=${PUSH}`, headers: { 'content-type': 'text/plain' } },
      { method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: token },
      { method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: `${token}x` },
      { method: 'POST', url: '/v1/consumers/orders/counter', auth: 'apiKey', headers: { 'x-sim-tenant': 'secrets' }, body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna } },
      { method: 'POST', url: '/v1/consumers/orders/counter', auth: 'apiKey', headers: { 'x-sim-tenant': 'secrets' }, body: { consumerId: DEV_API_KEY } },
      { method: 'POST', url: '/v1/consumers/orders/counter', auth: token, body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna } },
    ];
    const seen: string[] = [];
    for (const request of requests) {
      const res = await sim.request(request);
      expect(res.statusCode).toBeLessThan(600);
      seen.push(res.body, JSON.stringify(res.headers));
    }
    for (const path of ['/__sim/requests', '/__sim/state', '/__sim/events', '/__sim/counters']) {
      const res = await sim.request({ method: 'GET', url: path, headers: { 'x-sim-tenant': 'secrets' }, auth: 'none' });
      expect(res.statusCode).toBe(200);
      seen.push(res.body);
    }
    seen.push(...sim.logs);
    const journal = seen.at(-sim.logs.length - 4) ?? '';
    expect(JSON.parse(journal).requests.length).toBeGreaterThanOrEqual(requests.length - 2);
    expect(sim.logs.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(requests.length);
    const all = seen.join("\n");
    for (const secret of [token, token.split('.')[2] ?? token, DEV_API_KEY, CREDENTIAL, PUSH, 'demo-cielo-secret-91bd', 'demo-push-token-fcm-0001']) {
      expect(all.includes(secret), `secret ${secret.slice(0, 12)}… leaked`).toBe(false);
    }
    expect(all).toContain('<redacted>');
    await sim.close();
  });
});
