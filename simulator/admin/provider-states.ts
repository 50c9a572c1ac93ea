/**
 * Provider states: named set-ups of a tenant's store, for Pact verification and test set-up. Each
 * returns the values it used, generating the ids it was not given.
 */
import { randomUUID } from 'node:crypto';
import type { Contract } from '../../spec/index.ts';
import { SimulatorError } from '../error-catalogue.ts';
import type { RecordStore } from '../record-store.ts';
import { compositeKey } from '../store.ts';

export type StateParams = Record<string, string>;
type StateSetup = (store: RecordStore, params: StateParams, contract: Contract) => Promise<StateParams>;

const short = (id: string) => id.slice(0, 8);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ensureMerchant(store: RecordStore, merchantId: string): Promise<void> {
  if (!(await store.has('merchants', merchantId)))
    await store.put('merchants', { id: merchantId, name: `Merchant ${short(merchantId)}`, categoryCode: '5983' });
}

async function putProvider(
  store: RecordStore,
  merchantId: string,
  id: string,
  name: string,
  priority: number,
): Promise<void> {
  await store.put('providers', {
    merchantId,
    id,
    name,
    priority,
    methods: ['CreditCard', 'Pix'],
    credentials: {
      type: 'demo',
      sellerId: `seller-${short(id)}`,
      clientApiKey: `key-${randomUUID()}`,
      clientSecret: `secret-${randomUUID()}`,
    },
    acquirer: { merchantId: '1000000001', brands: ['Visa', 'Mastercard'] },
  });
}

async function ensureDealer(store: RecordStore, dealerId: string): Promise<void> {
  if (!(await store.has('dealers', dealerId)))
    await store.put('dealers', { id: dealerId, name: `Dealer ${short(dealerId)}` });
}

async function putCategory(store: RecordStore, p: StateParams): Promise<void> {
  await store.put('categories', {
    id: p.categoryId,
    name: p.categoryName ?? `Category ${short(p.categoryId ?? '')}`,
    description: 'Created by a provider state',
  });
}

async function putUser(store: RecordStore, p: StateParams): Promise<void> {
  await store.put('users', {
    id: p.userId,
    name: p.name ?? 'Pact User',
    email: p.email,
    cellPhone: '+5511900000000',
    cpf: '52998224725',
    userType: p.userType ?? 'Consumer',
    emailConfirmed: true,
    phoneNumberConfirmed: false,
    twoFactorEnabled: false,
    passwordChangePending: false,
  });
}

async function putProduct(store: RecordStore, p: StateParams): Promise<void> {
  await putCategory(store, p);
  if (!(await store.has('brands', p.brandId ?? '')))
    await store.put('brands', {
      id: p.brandId,
      name: p.brandName ?? `Brand ${short(p.brandId ?? '')}`,
      description: 'Created by a provider state',
    });
  await store.put('products', {
    id: p.productId,
    name: p.productName ?? 'Botijão P13',
    description: 'GLP 13 kg',
    categoryId: p.categoryId,
    brandId: p.brandId,
    imageUrl: 'https://cdn.gas-harness.example/products/p13.png',
    enabled: true,
    maximumOrderQuantity: 5,
    attributes: { externalId: `EXT-${short(p.productId ?? '')}` },
  });
}

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

/** A path segment percent-decoded; a bad escape (`%zz`, `%E0%A4`) is the client's error, a 400. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SimulatorError('InvalidAdminRequest', {
      target: 'body.params.path',
      message: `The path segment "${segment.slice(0, 100)}" has a bad percent escape.`,
    });
  }
}

/** Creates whatever a request path names (the generic state fuzzers and scenarios use). */
async function createResourcesOfPath(store: RecordStore, path: string, contract: Contract): Promise<StateParams> {
  const pathOnly = path.split('?')[0] ?? path;
  for (const op of contract.operations) {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const regex = new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]+)')}$`);
    const match = regex.exec(pathOnly);
    if (!match) continue;
    const decoded = names.map((n, i) => [n, decodeSegment(match[i + 1] ?? '')] as const);
    const p: StateParams = Object.fromEntries(decoded);
    // Products and profiles are read back with an id the spec types as a UUID: a path naming another
    // id creates nothing, so its read stays 404 instead of answering a body that breaks its schema.
    for (const name of ['productId', 'userId']) if (p[name] !== undefined && !UUID.test(p[name] ?? '')) delete p[name];
    if (p.merchantId) await ensureMerchant(store, p.merchantId);
    if (
      p.merchantId &&
      p.merchantProviderId &&
      !(await store.has('providers', compositeKey(p.merchantId, p.merchantProviderId)))
    ) {
      await putProvider(store, p.merchantId, p.merchantProviderId, `Provider ${short(p.merchantProviderId)}`, 1);
    }
    if (p.dealerId) await ensureDealer(store, p.dealerId);
    if (p.dealerId && p.coverageAreaId)
      await store.put('coverageAreas', { dealerId: p.dealerId, id: p.coverageAreaId, name: 'Área criada' });
    if (p.categoryId) await putCategory(store, p);
    if (p.productId) await putProduct(store, { categoryId: randomUUID(), brandId: randomUUID(), ...p });
    if (p.userId && !(await store.has('users', p.userId)))
      await putUser(store, { email: `user-${short(p.userId)}@example.com`, ...p });
    return { ...Object.fromEntries(decoded), path, created: Object.keys(p).join(',') };
  }
  return { path };
}
