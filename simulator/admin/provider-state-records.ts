/**
 * The records provider states put in a tenant's store, each made complete from the few values a
 * state names (a merchant's id, a product's category and brand): shared by the named states
 * (provider-states.ts) and by the state that creates whatever a path names (resources-of-path.ts).
 */
import { randomUUID } from 'node:crypto';
import type { RecordStore } from '../store/record-store.ts';

/** The values a state is set up with, and answers with. */
export type StateParams = Record<string, string>;

/** The start of an id, to name a record made for it. */
export const short = (id: string) => id.slice(0, 8);

export async function ensureMerchant(store: RecordStore, merchantId: string): Promise<void> {
  if (!(await store.has('merchants', merchantId)))
    await store.put('merchants', { id: merchantId, name: `Merchant ${short(merchantId)}`, categoryCode: '5983' });
}

export async function putProvider(
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

export async function ensureDealer(store: RecordStore, dealerId: string): Promise<void> {
  if (!(await store.has('dealers', dealerId)))
    await store.put('dealers', { id: dealerId, name: `Dealer ${short(dealerId)}` });
}

export async function putCategory(store: RecordStore, p: StateParams): Promise<void> {
  await store.put('categories', {
    id: p.categoryId,
    name: p.categoryName ?? `Category ${short(p.categoryId ?? '')}`,
    description: 'Created by a provider state',
  });
}

export async function putUser(store: RecordStore, p: StateParams): Promise<void> {
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

export async function putProduct(store: RecordStore, p: StateParams): Promise<void> {
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
