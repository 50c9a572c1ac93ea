/** The simulator is stateful: what a write does is what later reads and writes see. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, useStoreKinds } from '../../support/store-kinds.ts';
import { DEMO, UNKNOWN_ID, startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const stores = useStoreKinds();
let sim: TestSimulator;
let tenant = 0;
const t = () => ({ 'x-sim-tenant': `state-${++tenant}` });

const state = async (headers: Record<string, string>) =>
  (await sim.request({ method: 'GET', url: '/__sim/state', headers, auth: 'none' })).json() as {
    collections: Record<string, Record<string, unknown>[]>;
  };

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  beforeAll(async () => {
    if (!stores.skip(kind)) sim = await startTestSimulator(await stores.options(kind));
  });
  afterAll(async () => {
    if (!stores.skip(kind)) await sim.close();
  });

  describe.skipIf(stores.skip(kind))('state rules', () => {
    it('creates a customer on the first upsert and replaces it on the next', async () => {
      const headers = t();
      expect(
        (
          await sim.request({
            method: 'PUT',
            url: '/v1/customers/c-9',
            headers,
            body: { name: 'Primeiro', email: 'a@example.com' },
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (await sim.request({ method: 'PUT', url: '/v1/customers/c-9', headers, body: { name: 'Segundo' } })).statusCode,
      ).toBe(204);
      const customers = (await state(headers)).collections.customers?.filter((c) => c.id === 'c-9');
      expect(customers).toEqual([{ id: 'c-9', name: 'Segundo' }]);
    });

    it('upserts a consumer address by id, generating one when absent', async () => {
      const headers = t();
      const url = `/v1/consumers/${DEMO.consumerAna}/addresses`;
      const address = {
        zip: '04101-000',
        number: '5',
        street: 'Rua Vergueiro',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      };
      const created = await sim.request({
        method: 'PUT',
        url,
        headers: { ...headers, 'content-type': 'text/json' },
        body: address,
      });
      expect(created.statusCode).toBe(200);
      const id = (created.json() as { id: string }).id;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const updated = await sim.request({
        method: 'PUT',
        url,
        headers: { ...headers, 'content-type': 'application/vnd.partner+json' },
        body: { ...address, id, number: '7' },
      });
      expect(updated.json()).toEqual({ ...address, id, number: '7' });
      const stored = (await state(headers)).collections.consumerAddresses?.filter((a) => a.id === id);
      expect(stored).toEqual([{ ...address, id, number: '7', consumerId: DEMO.consumerAna }]);
    });

    it('updates only the provider fields given, keeps null fields as they were, and never shows credentials', async () => {
      const headers = t();
      const url = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
      expect(
        (
          await sim.request({
            method: 'PUT',
            url,
            headers,
            body: { priority: 7, name: null, credentials: { clientSecret: 'rotated-secret-9876' } },
          })
        ).statusCode,
      ).toBe(204);
      const provider = (await state(headers)).collections.providers?.find((p) => p.id === DEMO.providerCielo);
      expect(provider).toMatchObject({
        name: 'Cielo',
        priority: 7,
        methods: ['CreditCard', 'DebitCard'],
        credentials: { clientSecret: '<redacted>' },
      });
      expect(JSON.stringify(provider)).not.toContain('rotated-secret-9876');
    });

    it('deletes a coverage area once, then answers 404 to deleting or updating it', async () => {
      const headers = t();
      const url = `/v1/dealers/${DEMO.dealer}/coverage-areas/${DEMO.areaSe}`;
      expect((await sim.request({ method: 'PUT', url, headers, body: { name: 'Sé Centro' } })).statusCode).toBe(204);
      expect((await sim.request({ method: 'DELETE', url, headers })).statusCode).toBe(204);
      expect((await sim.request({ method: 'DELETE', url, headers })).statusCode).toBe(404);
      expect((await sim.request({ method: 'PUT', url, headers, body: { name: 'de volta' } })).statusCode).toBe(404);
    });

    it('returns the new brand id in data.id and refuses the same name again', async () => {
      const headers = t();
      const res = await sim.request({ method: 'POST', url: '/v1/brands', headers, body: { name: 'Fogás' } });
      expect(res.statusCode).toBe(201);
      const id = (res.json() as { data: { id: string } }).data.id;
      expect((await state(headers)).collections.brands?.find((b) => b.id === id)).toEqual({ id, name: 'Fogás' });
      expect(
        (await sim.request({ method: 'POST', url: '/v1/brands', headers, body: { name: 'fogás' } })).statusCode,
      ).toBe(409);
    });

    it('shows a renamed category in product reads', async () => {
      const headers = t();
      await sim.request({
        method: 'PUT',
        url: `/v1/categories/${DEMO.categoryCozinha}`,
        headers,
        body: { name: 'GLP residencial', description: 'Botijões P2 a P13' },
      });
      const product = (
        await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers })
      ).json() as {
        data: { category: unknown };
      };
      expect(product.data.category).toEqual({
        id: DEMO.categoryCozinha,
        name: 'GLP residencial',
        description: 'Botijões P2 a P13',
      });
    });

    it('reads back an upserted user as its profile', async () => {
      const headers = t();
      const id = '11111111-2222-4333-8444-555555555555';
      await sim.request({
        method: 'PUT',
        url: '/v1/users',
        headers,
        body: { id, name: 'Bruno Dias', email: 'bruno@example.com', cellPhone: '+5521988887777', cpf: '52998224725' },
      });
      const profile = await sim.request({ method: 'GET', url: `/v1/users/${id}/profile`, headers });
      expect(profile.json()).toEqual({
        id,
        name: 'Bruno Dias',
        userName: 'bruno@example.com',
        email: 'bruno@example.com',
        emailConfirmed: false,
        phoneNumber: '+5521988887777',
        phoneNumberConfirmed: false,
        twoFactorEnabled: false,
        userType: 'Consumer',
        passwordChangePending: false,
        cpf: '52998224725',
      });
      await sim.request({
        method: 'PUT',
        url: '/v1/users',
        headers,
        body: { id, name: 'Bruno D.', email: 'bruno@example.com' },
      });
      expect((await sim.request({ method: 'GET', url: `/v1/users/${id}/profile`, headers })).json()).toMatchObject({
        name: 'Bruno D.',
        phoneNumber: null,
        cpf: null,
      });
    });

    it('frees an e-mail address when its user changes it, and holds the new one', async () => {
      const headers = t();
      const [a, b] = ['aaaaaaaa-0000-4000-8000-00000000000a', 'bbbbbbbb-0000-4000-8000-00000000000b'];
      const upsert = (id: string, email: string) =>
        sim.request({ method: 'PUT', url: '/v1/users', headers, body: { id, name: 'N', email } });
      expect((await upsert(a, 'first@example.com')).statusCode).toBe(204);
      expect((await upsert(b, 'FIRST@example.com')).statusCode).toBe(409);
      expect((await upsert(a, 'second@example.com')).statusCode).toBe(204);
      expect((await upsert(b, 'first@example.com')).statusCode).toBe(204);
      expect((await upsert(b, 'second@example.com')).statusCode).toBe(409);
    });

    it('counts each order once per consumer', async () => {
      const headers = t();
      const consumerId = '22222222-3333-4444-8555-666666666666';
      const order = (orderId: string) =>
        sim.request({
          method: 'POST',
          url: '/v1/consumers/orders/counter',
          headers,
          auth: 'apiKey',
          body: { consumerId, orderId },
        });
      const first = '33333333-4444-4555-8666-777777777777';
      expect((await order(first)).json()).toEqual({ consumerId, orderCount: 1 });
      expect((await order(first)).json()).toEqual({ consumerId, orderCount: 1 });
      expect((await order('44444444-5555-4666-8777-888888888888')).json()).toEqual({ consumerId, orderCount: 2 });
      const counters = (await sim.request({ method: 'GET', url: '/__sim/counters', headers, auth: 'none' })).json() as {
        counters: { consumerId: string; orderCount: number }[];
      };
      expect(counters.counters.find((c) => c.consumerId === consumerId)?.orderCount).toBe(2);
    });

    it('counts each order once when the same and other orders arrive at once', async () => {
      const headers = t();
      const consumerId = '55555555-3333-4444-8555-666666666666';
      const orderId = (i: number) => `66666666-4444-4555-8666-${String(i).padStart(12, '0')}`;
      // Ten requests for one order and ten for ten others, interleaved: each read-then-write races the rest.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sim.request({
            method: 'POST',
            url: '/v1/consumers/orders/counter',
            headers,
            auth: 'apiKey',
            body: { consumerId, orderId: orderId(i % 2 === 0 ? 0 : i) },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      const counts = answers.map((a) => (a.json() as { orderCount: number }).orderCount);
      expect(Math.max(...counts)).toBe(11);
      const counters = (await sim.request({ method: 'GET', url: '/__sim/counters', headers, auth: 'none' })).json() as {
        counters: { consumerId: string; orderCount: number }[];
      };
      expect(counters.counters.find((c) => c.consumerId === consumerId)?.orderCount).toBe(11);
    });

    it('records an app event once per idMensagem', async () => {
      const headers = { ...t(), 'content-type': 'application/json-patch+json' };
      const send = (nomeEvento: string) =>
        sim.request({
          method: 'POST',
          url: '/Integration/app-events',
          headers,
          body: { idMensagem: 'dup-1', nomeEvento, mensagem: null },
        });
      expect((await send('PedidoCriado')).statusCode).toBe(202);
      expect((await send('PedidoCriado')).statusCode).toBe(202);
      const events = (await sim.request({ method: 'GET', url: '/__sim/events', headers, auth: 'none' })).json() as {
        events: { idMensagem: string }[];
      };
      expect(events.events.filter((e) => e.idMensagem === 'dup-1')).toHaveLength(1);
    });

    it('records a delivery estimate for a known dealer', async () => {
      const headers = t();
      await sim.request({
        method: 'PUT',
        url: `/v1/dealers/${DEMO.dealer}/orders/o-1/eta`,
        headers,
        body: { eta: 25 },
      });
      expect((await state(headers)).collections.orderEtas?.find((e) => e.orderId === 'o-1')).toMatchObject({
        dealerId: DEMO.dealer,
        eta: 25,
      });
    });

    it('upserts a merchant and a device', async () => {
      const headers = t();
      await sim.request({ method: 'PUT', url: `/v1/merchants/${UNKNOWN_ID}`, headers, body: { categoryCode: '5411' } });
      await sim.request({
        method: 'PUT',
        url: `/v1/dealers/users/${DEMO.userDealer}/devices`,
        headers,
        body: { deviceId: 'd-1', tokenPush: 'push-secret-value-000111' },
      });
      const { collections } = await state(headers);
      expect(collections.merchants?.find((m) => m.id === UNKNOWN_ID)).toEqual({ id: UNKNOWN_ID, categoryCode: '5411' });
      expect(collections.devices?.find((d) => d.deviceId === 'd-1')).toEqual({
        userId: DEMO.userDealer,
        deviceId: 'd-1',
        tokenPush: '<redacted>',
      });
    });
  });
});
