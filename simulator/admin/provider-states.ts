/**
 * Provider states: named set-ups of a tenant's store, for Pact verification and test set-up. Each
 * returns the values it used, generating the ids it was not given.
 */
import { randomUUID } from 'node:crypto';
import { findProviderState, type Contract, type TargetState } from '../../contract/index.ts';
import { compositeKey } from '../store/collections.ts';
import { addOnce, type RecordStore } from '../store/record-store.ts';
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

/** Every state of the registry (contract/provider-states.ts): the parameters it generates when missing, and its set-up. */
const STATES: Record<TargetState, { defaults: (p: StateParams) => StateParams; setup: StateSetup }> = {
  'a merchant {merchantId} exists': {
    defaults: () => ({ merchantId: randomUUID() }),
    setup: async (s, p) => (await ensureMerchant(s, p.merchantId ?? ''), p),
  },
  'a merchant {merchantId} with provider {providerId} exists': {
    defaults: () => ({ merchantId: randomUUID(), providerId: randomUUID(), name: 'Cielo' }),
    setup: async (s, p) => (
      await ensureMerchant(s, p.merchantId ?? ''),
      await putProvider(s, p.merchantId ?? '', p.providerId ?? '', p.name ?? 'Cielo', 1),
      p
    ),
  },
  'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists': {
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
  'no provider {providerId} exists for merchant {merchantId}': {
    defaults: () => ({ merchantId: randomUUID(), providerId: randomUUID() }),
    setup: async (s, p) => (await s.delete('providers', compositeKey(p.merchantId, p.providerId)), p),
  },
  'a dealer {dealerId} exists': {
    defaults: () => ({ dealerId: randomUUID() }),
    setup: async (s, p) => (await ensureDealer(s, p.dealerId ?? ''), p),
  },
  'no dealer {dealerId} exists': {
    defaults: () => ({ dealerId: randomUUID() }),
    setup: async (s, p) => {
      await s.delete('dealers', p.dealerId ?? '');
      for (const area of await s.findBy('coverageAreas', 'dealerId', p.dealerId))
        await s.delete('coverageAreas', compositeKey(p.dealerId, String(area.id)));
      return p;
    },
  },
  'a coverage area {coverageAreaId} exists for dealer {dealerId}': {
    defaults: () => ({ dealerId: randomUUID(), coverageAreaId: randomUUID(), name: 'Moema' }),
    setup: async (s, p) => (
      await ensureDealer(s, p.dealerId ?? ''),
      await s.put('coverageAreas', { dealerId: p.dealerId, id: p.coverageAreaId, name: p.name ?? 'Moema' }),
      p
    ),
  },
  'no coverage area {coverageAreaId} exists for dealer {dealerId}': {
    defaults: () => ({ dealerId: randomUUID(), coverageAreaId: randomUUID() }),
    setup: async (s, p) => (await s.delete('coverageAreas', compositeKey(p.dealerId, p.coverageAreaId)), p),
  },
  'a category {categoryId} exists': {
    defaults: () => ({ categoryId: randomUUID(), categoryName: 'Gás de cozinha' }),
    setup: async (s, p) => (await putCategory(s, p), p),
  },
  'no category {categoryId} exists': {
    defaults: () => ({ categoryId: randomUUID() }),
    setup: async (s, p) => (await s.delete('categories', p.categoryId ?? ''), p),
  },
  'a product {productId} exists': {
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
  'no product {productId} exists': {
    defaults: () => ({ productId: randomUUID() }),
    setup: async (s, p) => (await s.delete('products', p.productId ?? ''), p),
  },
  'a user {userId} exists': {
    defaults: (p) => ({
      userId: randomUUID(),
      email: `user-${short(p.userId ?? randomUUID())}@example.com`,
      name: 'Pact User',
    }),
    setup: async (s, p) => (await putUser(s, p), p),
  },
  'a user {userId} with email {email} exists': {
    defaults: () => ({ userId: randomUUID(), email: `taken-${short(randomUUID())}@example.com`, name: 'Pact User' }),
    setup: async (s, p) => (await putUser(s, p), p),
  },
  'no user {userId} exists': {
    defaults: () => ({ userId: randomUUID() }),
    setup: async (s, p) => (await s.delete('users', p.userId ?? ''), p),
  },
  'a brand named {name} exists': {
    defaults: () => ({ name: `Brand ${short(randomUUID())}`, brandId: randomUUID() }),
    setup: async (s, p) => (
      await s.put('brands', { id: p.brandId, name: p.name, description: 'Created by a provider state' }),
      p
    ),
  },
  'a customer {customerId} exists': {
    defaults: () => ({ customerId: randomUUID() }),
    setup: async (s, p) => (
      await s.put('customers', { id: p.customerId, name: 'Cliente Pact', email: 'cliente@example.com' }),
      p
    ),
  },
  'a consumer {consumerId} has counted order {orderId}': {
    defaults: () => ({ consumerId: randomUUID(), orderId: randomUUID() }),
    setup: async (s, p) => {
      const orderCount = await addOnce(
        s,
        'orderCounters',
        { consumerId: p.consumerId, orderIds: [] },
        'orderIds',
        p.orderId ?? '',
      );
      return { ...p, orderCount: String(orderCount) };
    },
  },
  'an event {idMensagem} was received': {
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
  'the resources named in {path} exist': {
    defaults: () => ({ path: '/' }),
    setup: async (s, p, contract) => createResourcesOfPath(s, p.path ?? '/', contract),
  },
};

export const KNOWN_STATES = Object.keys(STATES);

/** Sets a state up; returns the values used, or undefined when the state is unknown. */
export async function setUpState(
  store: RecordStore,
  name: string,
  params: StateParams,
  contract: Contract,
): Promise<StateParams | undefined> {
  const found = findProviderState(name);
  if (!found || !(found.template in STATES)) return undefined;
  const state = STATES[found.template as TargetState];
  return state.setup(store, { ...state.defaults(params), ...found.fromName, ...params }, contract);
}
