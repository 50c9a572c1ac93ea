/**
 * Provider states: named set-ups of a tenant's store, for Pact verification and test set-up. Each
 * returns the values it used, generating the ids it was not given.
 */
import { randomUUID } from 'node:crypto';
import type { Contract } from '../../spec/index.ts';
import { compositeKey } from '../collections.ts';
import type { RecordStore } from '../record-store.ts';
import {
  ensureDealer,
  ensureMerchant,
  putCategory,
  putProduct,
  putProvider,
  putUser,
  short,
  type StateParams,
} from './provider-state-records.ts';
import { createResourcesOfPath } from './resources-of-path.ts';

type StateSetup = (store: RecordStore, params: StateParams, contract: Contract) => Promise<StateParams>;

/** Every known state: its template and the parameters it generates when missing. */
const STATES: { template: string; defaults: (p: StateParams) => StateParams; setup: StateSetup }[] = [
  {
    template: 'a merchant {merchantId} exists',
    defaults: () => ({ merchantId: randomUUID() }),
    setup: async (s, p) => (await ensureMerchant(s, p.merchantId ?? ''), p),
  },
  {
    template: 'a merchant {merchantId} with provider {providerId} exists',
    defaults: () => ({ merchantId: randomUUID(), providerId: randomUUID(), name: 'Cielo' }),
    setup: async (s, p) => (
      await ensureMerchant(s, p.merchantId ?? ''),
      await putProvider(s, p.merchantId ?? '', p.providerId ?? '', p.name ?? 'Cielo', 1),
      p
    ),
  },
  {
    template: 'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists',
    defaults: () => ({
      merchantId: randomUUID(),
      providerId: randomUUID(),
      otherProviderId: randomUUID(),
      name: 'Cielo',
      otherName: 'Stone',
    }),
    setup: async (s, p) => {
      await ensureMerchant(s, p.merchantId ?? '');
      await putProvider(s, p.merchantId ?? '', p.providerId ?? '', p.name ?? 'Cielo', 1);
      await putProvider(s, p.merchantId ?? '', p.otherProviderId ?? '', p.otherName ?? 'Stone', 2);
      return p;
    },
  },
  {
    template: 'no provider {providerId} exists for merchant {merchantId}',
    defaults: () => ({ merchantId: randomUUID(), providerId: randomUUID() }),
    setup: async (s, p) => (await s.delete('providers', compositeKey(p.merchantId, p.providerId)), p),
  },
  {
    template: 'a dealer {dealerId} exists',
    defaults: () => ({ dealerId: randomUUID() }),
    setup: async (s, p) => (await ensureDealer(s, p.dealerId ?? ''), p),
  },
  {
    template: 'no dealer {dealerId} exists',
    defaults: () => ({ dealerId: randomUUID() }),
    setup: async (s, p) => {
      await s.delete('dealers', p.dealerId ?? '');
      for (const area of await s.findBy('coverageAreas', 'dealerId', p.dealerId))
        await s.delete('coverageAreas', compositeKey(p.dealerId, String(area.id)));
      return p;
    },
  },
  {
    template: 'a coverage area {coverageAreaId} exists for dealer {dealerId}',
    defaults: () => ({ dealerId: randomUUID(), coverageAreaId: randomUUID(), name: 'Moema' }),
    setup: async (s, p) => (
      await ensureDealer(s, p.dealerId ?? ''),
      await s.put('coverageAreas', { dealerId: p.dealerId, id: p.coverageAreaId, name: p.name ?? 'Moema' }),
      p
    ),
  },
  {
    template: 'no coverage area {coverageAreaId} exists for dealer {dealerId}',
    defaults: () => ({ dealerId: randomUUID(), coverageAreaId: randomUUID() }),
    setup: async (s, p) => (await s.delete('coverageAreas', compositeKey(p.dealerId, p.coverageAreaId)), p),
  },
  {
    template: 'a category {categoryId} exists',
    defaults: () => ({ categoryId: randomUUID(), categoryName: 'Gás de cozinha' }),
    setup: async (s, p) => (await putCategory(s, p), p),
  },
  {
    template: 'no category {categoryId} exists',
    defaults: () => ({ categoryId: randomUUID() }),
    setup: async (s, p) => (await s.delete('categories', p.categoryId ?? ''), p),
  },
  {
    template: 'a product {productId} exists',
    defaults: () => ({
      productId: randomUUID(),
      categoryId: randomUUID(),
      brandId: randomUUID(),
      categoryName: 'Gás de cozinha',
      brandName: 'Ultragaz',
      productName: 'Botijão P13',
    }),
    setup: async (s, p) => (await putProduct(s, p), p),
  },
  {
    template: 'no product {productId} exists',
    defaults: () => ({ productId: randomUUID() }),
    setup: async (s, p) => (await s.delete('products', p.productId ?? ''), p),
  },
  {
    template: 'a user {userId} exists',
    defaults: (p) => ({
      userId: randomUUID(),
      email: `user-${short(p.userId ?? randomUUID())}@example.com`,
      name: 'Pact User',
    }),
    setup: async (s, p) => (await putUser(s, p), p),
  },
  {
    template: 'a user {userId} with email {email} exists',
    defaults: () => ({ userId: randomUUID(), email: `taken-${short(randomUUID())}@example.com`, name: 'Pact User' }),
    setup: async (s, p) => (await putUser(s, p), p),
  },
  {
    template: 'no user {userId} exists',
    defaults: () => ({ userId: randomUUID() }),
    setup: async (s, p) => (await s.delete('users', p.userId ?? ''), p),
  },
  {
    template: 'a brand named {name} exists',
    defaults: () => ({ name: `Brand ${short(randomUUID())}`, brandId: randomUUID() }),
    setup: async (s, p) => (
      await s.put('brands', { id: p.brandId, name: p.name, description: 'Created by a provider state' }),
      p
    ),
  },
  {
    template: 'a customer {customerId} exists',
    defaults: () => ({ customerId: randomUUID() }),
    setup: async (s, p) => (
      await s.put('customers', { id: p.customerId, name: 'Cliente Pact', email: 'cliente@example.com' }),
      p
    ),
  },
  {
    template: 'a consumer {consumerId} has counted order {orderId}',
    defaults: () => ({ consumerId: randomUUID(), orderId: randomUUID() }),
    setup: async (s, p) => {
      const orderCount = await s.addOnce(
        'orderCounters',
        { consumerId: p.consumerId, orderIds: [] },
        'orderIds',
        p.orderId ?? '',
      );
      return { ...p, orderCount: String(orderCount) };
    },
  },
  {
    template: 'an event {idMensagem} was received',
    defaults: () => ({ idMensagem: `msg-${randomUUID()}`, nomeEvento: 'PedidoCriado' }),
    setup: async (s, p) => (
      await s.put('appEvents', {
        idMensagem: p.idMensagem,
        nomeEvento: p.nomeEvento ?? 'PedidoCriado',
        mensagem: null,
        receivedAt: new Date().toISOString(),
      }),
      p
    ),
  },
  {
    template: 'the resources named in {path} exist',
    defaults: () => ({ path: '/' }),
    setup: async (s, p, contract) => createResourcesOfPath(s, p.path ?? '/', contract),
  },
];

export const KNOWN_STATES = STATES.map((s) => s.template);

/** Placeholders in a template, and a regex that reads their values out of an instantiated name. */
function templateMatcher(template: string): { names: string[]; regex: RegExp } {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const literal = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return { names, regex: new RegExp(`^${literal.join('(.+?)')}$`) };
}

// The most specific template first, so a longer state is not read as a shorter one with odd values.
const MATCHERS = STATES.map((s) => ({ state: s, ...templateMatcher(s.template) })).sort(
  (a, b) => b.state.template.replace(/\{\w+\}/g, '').length - a.state.template.replace(/\{\w+\}/g, '').length,
);

/** Sets a state up; returns the values used, or undefined when the state is unknown. */
export async function setUpState(
  store: RecordStore,
  name: string,
  params: StateParams,
  contract: Contract,
): Promise<StateParams | undefined> {
  const exact = STATES.find((s) => s.template === name);
  if (exact) return exact.setup(store, { ...exact.defaults(params), ...params }, contract);
  for (const { state, names, regex } of MATCHERS) {
    const match = regex.exec(name);
    if (match) {
      const fromName = Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? '']));
      return state.setup(store, { ...state.defaults(params), ...fromName, ...params }, contract);
    }
  }
  return undefined;
}
