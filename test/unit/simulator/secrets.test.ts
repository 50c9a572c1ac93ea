/**
 * No secret a client sends (its token, the API key, provider credentials, push tokens) ever shows
 * in a response, a log line, the journal or the state dump.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { DEMO, startTestSimulator, type InjectOptions } from '../../support/sim-harness.ts';

const CREDENTIAL = 'cred-secret-4f8a9b2c7d';
const PUSH = 'push-secret-91e3d5a7c2';

describe('secrets', () => {
  it('never appear in a response, a log line, the journal or the state', async () => {
    const sim = await startTestSimulator();
    const token = await sim.token({ tenant: 'secrets' });
    const provider = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
    const device = `/v1/dealers/users/${DEMO.userDealer}/devices`;
    const requests: InjectOptions[] = [
      {
        method: 'PUT',
        url: provider,
        auth: token,
        body: { credentials: { type: 'cielo', clientApiKey: CREDENTIAL, clientSecret: CREDENTIAL } },
      },
      {
        method: 'PUT',
        url: provider,
        auth: token,
        body: { credentials: { clientSecret: CREDENTIAL }, unknown: CREDENTIAL },
      },
      { method: 'PUT', url: provider, auth: token, body: { credentials: { clientSecret: CREDENTIAL }, priority: -1 } },
      {
        method: 'PUT',
        url: provider,
        auth: token,
        raw: `{"credentials": {"clientSecret": "${CREDENTIAL}"`,
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'PUT',
        url: provider,
        auth: token,
        raw: `{"credentials": {"clientSecret": ${CREDENTIAL}}}`,
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'PUT',
        url: provider,
        auth: token,
        body: { credentials: { clientSecret: CREDENTIAL } },
        headers: { prefer: 'code=500' },
      },
      {
        method: 'PUT',
        url: provider,
        auth: token,
        body: { credentials: { clientSecret: CREDENTIAL } },
        headers: { prefer: 'code=204' },
      },
      { method: 'PUT', url: device, auth: token, body: { deviceId: 'a1', tokenPush: PUSH } },
      { method: 'PUT', url: device, auth: token, body: { deviceId: '', tokenPush: PUSH } },
      { method: 'PUT', url: device, auth: token, raw: `tokenPush=${PUSH}`, headers: { 'content-type': 'text/plain' } },
      { method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: token },
      { method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: `${token}x` },
      {
        method: 'POST',
        url: '/v1/consumers/orders/counter',
        auth: 'apiKey',
        headers: { 'x-sim-tenant': 'secrets' },
        body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna },
      },
      {
        method: 'POST',
        url: '/v1/consumers/orders/counter',
        auth: 'apiKey',
        headers: { 'x-sim-tenant': 'secrets' },
        body: { consumerId: DEV_API_KEY },
      },
      {
        method: 'POST',
        url: '/v1/consumers/orders/counter',
        auth: token,
        body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna },
      },
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
    const all = seen.join('\n');
    for (const secret of [
      token,
      token.split('.')[2] ?? token,
      DEV_API_KEY,
      CREDENTIAL,
      PUSH,
      'demo-cielo-secret-91bd',
      'demo-push-token-fcm-0001',
    ]) {
      expect(all.includes(secret), `secret ${secret.slice(0, 12)}… leaked`).toBe(false);
    }
    expect(all).toContain('<redacted>');
    await sim.close();
  });
});

describe('secrets planted everywhere a client can put one', () => {
  it('show in no response, header, journal, state, event, counter, fault list or log line', async () => {
    const sim = await startTestSimulator();
    const tenant = 'planted';
    const token = await sim.token({ tenant });
    const foreignJwt = await new SignJWT({ sub: 'someone', scope: 'catalog:read' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-secret-of-another-issuer-0123456789'));
    const credentialNumber = 31415926535897;
    const pushInEvent = 'push-in-event-5c1d9e7a3b';
    const passwordInEvent = 'pw-in-event-8e2f4a6c1d';
    const provider = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
    const product = `/v1/products/${DEMO.productP13}`;
    const t = { 'x-sim-tenant': tenant };
    const requests: InjectOptions[] = [
      // An authenticated request first, so the tenant exists for the refused ones that name it.
      { method: 'GET', url: product, auth: token },
      // Headers, without and with a valid Authorization.
      { method: 'GET', url: product, auth: 'none', headers: { ...t, prefer: `code=200, token=${foreignJwt}` } },
      {
        method: 'PUT',
        url: provider,
        auth: 'none',
        headers: { ...t, 'content-type': `application/json; token=${foreignJwt}` },
        raw: '{}',
      },
      { method: 'GET', url: product, auth: 'none', headers: { 'x-sim-tenant': foreignJwt } },
      { method: 'GET', url: product, auth: 'none', headers: { 'x-sim-tenant': foreignJwt.slice(0, 100) } },
      { method: 'GET', url: product, auth: token, headers: { prefer: `delay=0; token=${foreignJwt}` } },
      { method: 'GET', url: product, auth: foreignJwt, headers: t },
      { method: 'GET', url: product, auth: DEV_API_KEY, headers: t },
      { method: 'GET', url: product, auth: 'none', headers: { ...t, authorization: `bearer   ${foreignJwt}` } },
      { method: 'GET', url: product, auth: 'none', headers: { ...t, prefer: `code=200 ${DEV_API_KEY}` } },
      // Paths and query strings.
      { method: 'GET', url: `/v1/products/${foreignJwt}`, auth: token },
      { method: 'GET', url: `/v1/users/${foreignJwt}/profile`, auth: token },
      { method: 'GET', url: `/v1/no-such-route/${foreignJwt}`, auth: token },
      { method: 'GET', url: `/v1/no-such-route/${DEV_API_KEY}`, auth: token },
      { method: 'GET', url: `${product}?access_token=${foreignJwt}`, auth: token },
      { method: 'HEAD', url: `/v1/products/${foreignJwt}`, auth: token },
      // Bodies: the fields the spec marks secret, in and out of their expected types.
      {
        method: 'PUT',
        url: provider,
        auth: token,
        body: { credentials: { clientSecret: CREDENTIAL, clientApiKey: foreignJwt } },
      },
      { method: 'PUT', url: provider, auth: token, body: { credentials: CREDENTIAL } },
      { method: 'PUT', url: provider, auth: token, body: { credentials: credentialNumber } },
      { method: 'PUT', url: provider, auth: token, body: { name: foreignJwt } },
      {
        method: 'PUT',
        url: `/v1/dealers/users/${DEMO.userDealer}/devices`,
        auth: token,
        body: { deviceId: 'planted-1', tokenPush: PUSH },
      },
      {
        method: 'PUT',
        url: `/v1/dealers/users/${DEMO.userDealer}/devices`,
        auth: token,
        body: { deviceId: 'planted-2', tokenPush: foreignJwt },
      },
      {
        method: 'POST',
        url: '/Integration/app-events',
        auth: token,
        headers: { 'content-type': 'application/json-patch+json' },
        body: {
          idMensagem: 'planted-event',
          nomeEvento: 'DispositivoRegistrado',
          mensagem: {
            pushToken: pushInEvent,
            user: { password: passwordInEvent, session: { access_token: foreignJwt } },
            providers: [{ credentials: { clientSecret: CREDENTIAL } }],
            note: `signed ${foreignJwt}`,
          },
        },
      },
      {
        method: 'POST',
        url: '/v1/consumers/orders/counter',
        auth: 'apiKey',
        headers: t,
        body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna },
      },
      // The admin API: values a client may hand it.
      {
        method: 'POST',
        url: '/__sim/provider-states',
        auth: 'none',
        headers: t,
        body: { state: 'a merchant {merchantId} with provider {providerId} exists', params: { name: foreignJwt } },
      },
      {
        method: 'PUT',
        url: '/__sim/faults',
        auth: 'none',
        headers: t,
        body: { rules: [{ operationId: foreignJwt, status: 500 }] },
      },
      { method: 'GET', url: `/__sim/requests?since=${foreignJwt}`, auth: 'none', headers: t },
    ];
    const seen: string[] = [];
    for (const request of requests) {
      const res = await sim.request(request);
      expect(res.statusCode, `${request.method} ${request.url.slice(0, 40)}`).toBeLessThan(500);
      seen.push(res.body, JSON.stringify(res.headers));
    }
    // A snapshot that holds credentials as a string and as a number, and a push token.
    const snapshot = {
      version: 1,
      collections: {
        merchants: [{ id: DEMO.merchant }],
        providers: [
          { merchantId: DEMO.merchant, id: 'p-string', name: 'String', credentials: CREDENTIAL },
          { merchantId: DEMO.merchant, id: 'p-number', name: 'Number', credentials: credentialNumber },
          { merchantId: DEMO.merchant, id: 'p-jwt', name: 'Jwt', credentials: { clientSecret: foreignJwt } },
        ],
        devices: [{ userId: DEMO.userDealer, deviceId: 'imported', tokenPush: PUSH }],
      },
    };
    const imported = await sim.request({
      method: 'PUT',
      url: '/__sim/state',
      auth: 'none',
      headers: { 'x-sim-tenant': 'imported' },
      body: snapshot,
    });
    expect([200, 400]).toContain(imported.statusCode);
    seen.push(imported.body);
    for (const name of [tenant, 'default', 'imported']) {
      for (const path of [
        '/__sim/requests',
        '/__sim/state',
        '/__sim/events',
        '/__sim/counters',
        '/__sim/faults',
        '/__sim/health',
      ]) {
        const res = await sim.request({ method: 'GET', url: path, headers: { 'x-sim-tenant': name }, auth: 'none' });
        expect(res.statusCode, `${path} of ${name}`).toBe(200);
        seen.push(res.body, JSON.stringify(res.headers));
      }
    }
    seen.push(...sim.logs);
    const all = seen.join('\n');
    // What was planted did arrive where it is read back, only redacted.
    const events = await sim.request({ method: 'GET', url: '/__sim/events', headers: t, auth: 'none' });
    expect(JSON.stringify(events.json())).toContain('"pushToken":"<redacted>"');
    const journal = (await sim.request({ method: 'GET', url: '/__sim/requests', headers: t, auth: 'none' })).json() as {
      requests: { request: { headers: Record<string, string> } }[];
    };
    expect(journal.requests.length).toBeGreaterThanOrEqual(15);
    expect(journal.requests.some((r) => r.request.headers.prefer?.includes('<redacted>'))).toBe(true);
    for (const secret of [
      token,
      token.split('.')[1] ?? token,
      foreignJwt,
      foreignJwt.split('.')[2] ?? foreignJwt,
      foreignJwt.slice(0, 100),
      DEV_API_KEY,
      CREDENTIAL,
      String(credentialNumber),
      PUSH,
      pushInEvent,
      passwordInEvent,
    ]) {
      expect(all.includes(secret), `secret ${secret.slice(0, 16)}… leaked`).toBe(false);
    }
    await sim.close();
  });
});
