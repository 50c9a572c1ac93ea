/**
 * The benchmarked requests: real, valid requests of `getProduct`, `upsertCustomer` (a fresh
 * customer id each time) and `receiveAppEvent` (a fresh idMensagem each time), and the soak's mix.
 * Prism's mock accepts any bearer token; the simulator gets one it minted.
 */
import { randomUUID } from 'node:crypto';
import type { LoadRequest } from './load.ts';

/** A product of the embedded demo dataset (Botijão P13 Ultragaz). */
export const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const BENCH_SCOPES = ['catalog:read', 'customers:write', 'integration:write', 'users:write', 'users:read'];

export const BENCHMARKED_OPERATIONS = ['getProduct', 'upsertCustomer', 'receiveAppEvent'] as const;
export type BenchmarkedOperation = (typeof BENCHMARKED_OPERATIONS)[number];

const CUSTOMER = JSON.stringify({
  name: 'Maria Souza',
  phoneNumber: '+5511987654321',
  email: 'maria.souza@example.com',
  document: { type: 'Cpf', number: '52998224725', country: 'BR' },
  billingAddress: {
    street: 'Rua Augusta',
    number: '1500',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    postalCode: '01304-001',
    longitude: -46.6577,
    latitude: -23.5558,
  },
});

const json = (token: string, mediaType = 'application/json') => ({
  authorization: `Bearer ${token}`,
  'content-type': mediaType,
});

export function getProduct(token: string): LoadRequest {
  return { method: 'GET', path: `/v1/products/${PRODUCT_ID}`, headers: { authorization: `Bearer ${token}` } };
}

/** upsertCustomer with a new id each time; `onAcknowledged` gets the id of every 2xx answer. */
export function upsertCustomer(token: string, onAcknowledged?: (id: string) => void): LoadRequest {
  return {
    method: 'PUT',
    headers: json(token),
    body: CUSTOMER,
    setupRequest: (request, context) => {
      const id = randomUUID();
      (context as { customerId?: string }).customerId = id;
      return { ...request, path: `/v1/customers/${id}` };
    },
    ...(onAcknowledged
      ? {
          onResponse: (status: number, _body: string, context: object) =>
            status < 300 ? onAcknowledged(String((context as { customerId?: string }).customerId)) : undefined,
        }
      : {}),
  };
}

export function receiveAppEvent(token: string): LoadRequest {
  return {
    method: 'POST',
    path: '/Integration/app-events',
    headers: json(token, 'application/json-patch+json'),
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        idMensagem: `bench-${randomUUID()}`,
        nomeEvento: 'PedidoEntregue',
        mensagem: { pedidoId: randomUUID(), entregueEm: '2026-11-21T14:03:00Z' },
      }),
    }),
  };
}

export function requestsFor(operation: BenchmarkedOperation, token: string): LoadRequest[] {
  if (operation === 'getProduct') return [getProduct(token)];
  if (operation === 'upsertCustomer') return [upsertCustomer(token)];
  return [receiveAppEvent(token)];
}

export interface SoakAcknowledgements {
  users: Set<string>;
  customers: Set<string>;
  /** Profile reads that answered another user than the one just written. */
  profileMismatches: number;
}

/**
 * The soak's cycle per connection: write a new user, read its profile back at once, write a new
 * customer, read a product. Every acknowledged write is remembered for the read-back at the end.
 */
export function soakRequests(token: string, acks: SoakAcknowledgements): LoadRequest[] {
  type Ctx = { userId?: string };
  return [
    {
      method: 'PUT',
      path: '/v1/users',
      headers: json(token),
      setupRequest: (request, context) => {
        const id = randomUUID();
        (context as Ctx).userId = id;
        return { ...request, body: JSON.stringify({ id, name: 'Soak User', email: `soak-${id}@bench.example` }) };
      },
      onResponse: (status, _body, context) => {
        if (status < 300) acks.users.add(String((context as Ctx).userId));
      },
    },
    {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
      setupRequest: (request, context) => ({
        ...request,
        path: `/v1/users/${String((context as Ctx).userId)}/profile`,
      }),
      onResponse: (status, body, context) => {
        if (status === 200 && !body.includes(String((context as Ctx).userId))) acks.profileMismatches += 1;
      },
    },
    upsertCustomer(token, (id) => acks.customers.add(id)),
    getProduct(token),
  ];
}
