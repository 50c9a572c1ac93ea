/**
 * The journal (what the web console shows) redacts a request's secrets however the client encoded
 * them: its token base64-encoded in a path or a header, a provider credential base64- or URL-encoded in a body.
 */
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { DEMO, startTestSimulator } from '../../support/sim-harness.ts';

const CREDENTIAL = 'cred/secret+4f8a9b2c7d';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('the journal', () => {
  it('shows no encoded form of a token, an API key or a provider credential', async () => {
    const sim = await startTestSimulator();
    const tenant = 'encoded';
    const token = await sim.token({ tenant });
    const product = `/v1/products/${DEMO.productP13}`;
    const provider = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
    const echoes = [
      base64(token),
      base64(`user:${token}`).slice(8, -8),
      base64(DEV_API_KEY),
      base64(CREDENTIAL),
      encodeURIComponent(CREDENTIAL),
    ];
    await sim.request({ method: 'GET', url: `/v1/products/${base64(token)}`, auth: token });
    await sim.request({
      method: 'GET',
      url: product,
      auth: token,
      headers: { prefer: `x=${base64(`user:${token}`)}` },
    });
    await sim.request({
      method: 'POST',
      url: '/v1/consumers/orders/counter',
      auth: 'apiKey',
      headers: { 'x-sim-tenant': tenant, prefer: `k=${base64(DEV_API_KEY)}` },
      body: { consumerId: DEMO.consumerAna, orderId: DEMO.consumerAna },
    });
    await sim.request({
      method: 'PUT',
      url: provider,
      auth: token,
      body: {
        credentials: { type: 'cielo', clientApiKey: 'key-0001', clientSecret: CREDENTIAL },
        note: `${base64(CREDENTIAL)} ${encodeURIComponent(CREDENTIAL)}`,
      },
    });
    const journal = await sim.request({
      method: 'GET',
      url: '/__sim/requests',
      headers: { 'x-sim-tenant': tenant },
      auth: 'none',
    });
    expect(journal.statusCode).toBe(200);
    expect((JSON.parse(journal.body) as { requests: unknown[] }).requests.length).toBe(4);
    for (const echoed of echoes) expect(journal.body, `${echoed.slice(0, 12)}… leaked`).not.toContain(echoed);
    expect(journal.body).toContain('<redacted>');
    await sim.close();
  });

  it('writes no encoded form of the API key sent in a path to the log or the 404 answer', async () => {
    const sim = await startTestSimulator();
    const echoes = [
      base64(DEV_API_KEY),
      Buffer.from(DEV_API_KEY).toString('base64url'),
      encodeURIComponent(`${DEV_API_KEY}/`),
    ];
    const answers: string[] = [];
    for (const echoed of echoes) answers.push((await sim.request({ method: 'GET', url: `/nowhere/${echoed}` })).body);
    const lines = sim.logs.filter((l) => l.includes('"msg":"request"') && l.includes('/nowhere/'));
    expect(lines).toHaveLength(echoes.length);
    for (const echoed of echoes) for (const text of [...lines, ...answers]) expect(text).not.toContain(echoed);
    await sim.close();
  });

  it('shows in the events no encoded form of a secret the same event carries', async () => {
    const sim = await startTestSimulator();
    const tenant = 'encoded-events';
    const token = await sim.token({ tenant });
    const push = 'push-secret/91e3+d5a7c2';
    const sent = await sim.request({
      method: 'POST',
      url: '/Integration/app-events',
      auth: token,
      headers: { 'content-type': 'application/json-patch+json' },
      body: {
        idMensagem: 'encoded-event',
        nomeEvento: 'DispositivoRegistrado',
        mensagem: { pushToken: push, trace: `${base64(push)} ${encodeURIComponent(push)}` },
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const events = await sim.request({
      method: 'GET',
      url: '/__sim/events',
      headers: { 'x-sim-tenant': tenant },
      auth: 'none',
    });
    expect(events.statusCode).toBe(200);
    expect(events.body).toContain('"pushToken":"<redacted>"');
    for (const echoed of [base64(push), encodeURIComponent(push)]) expect(events.body).not.toContain(echoed);
    await sim.close();
  });
});
