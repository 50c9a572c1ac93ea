/** Consumer tests of the consumers family: the address upsert and the order counter. */
import { MatchersV3 } from '@pact-foundation/pact';
import { errorListResponse, idFromState, jsonHeaders, withoutCredentials, type ContractCase } from './contract-case.ts';

const { decimal, integer, like, uuid } = MatchersV3;

const CONSUMER_ID = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const ADDRESS_ID = '4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f';
const COUNTED_ORDER_ID = '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const NEW_ORDER_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const address = {
  id: uuid(ADDRESS_ID),
  zip: like('01310-100'),
  number: like('1578'),
  street: like('Avenida Paulista'),
  complement: like('Apto 81'),
  district: like('Bela Vista'),
  city: like('São Paulo'),
  state: like('SP'),
  country: like('BR'),
  latitude: decimal(-23.5614),
  longitude: decimal(-46.6559),
};

const upsertAddress: ContractCase = {
  operationId: 'upsertConsumerAddress',
  description: 'a request to upsert an address of a consumer',
  request: { method: 'PUT', path: `/v1/consumers/${CONSUMER_ID}/addresses`, auth: 'bearer', body: address },
  response: { status: 200, headers: jsonHeaders(), body: address },
  call: (client, body) => client.upsertConsumerAddress(CONSUMER_ID, body),
};

const countedOrder = [
  {
    name: 'a consumer {consumerId} has counted order {orderId}',
    params: { consumerId: CONSUMER_ID, orderId: COUNTED_ORDER_ID },
  },
];

const incrementCounter: ContractCase = {
  operationId: 'incrementOrderCounter',
  description: 'a request to count a new order of a consumer',
  states: countedOrder,
  request: {
    method: 'POST',
    path: '/v1/consumers/orders/counter',
    auth: 'apiKey',
    body: { consumerId: idFromState('consumerId', CONSUMER_ID), orderId: uuid(NEW_ORDER_ID) },
  },
  response: { status: 200, headers: jsonHeaders(), body: { consumerId: uuid(CONSUMER_ID), orderCount: integer(2) } },
  call: (client, body) => client.incrementOrderCounter(body),
};

export const consumersCases: ContractCase[] = [
  upsertAddress,
  withoutCredentials(upsertAddress, 'a request to upsert an address of a consumer without credentials'),
  {
    ...upsertAddress,
    description: 'a request to upsert an address without its zip code',
    request: {
      ...upsertAddress.request,
      body: {
        street: like('Avenida Paulista'),
        number: like('1578'),
        city: like('São Paulo'),
        state: like('SP'),
        country: like('BR'),
      },
    },
    response: errorListResponse(400, 'InvalidRequest', 'body.zip', 'body.zip is required'),
  },
  {
    ...upsertAddress,
    description: 'a request to upsert an address with an unknown country code',
    request: { ...upsertAddress.request, body: { ...address, country: like('XX') } },
    response: errorListResponse(422, 'RuleViolated', 'body.country', 'body.country must be one of the allowed values'),
  },
  incrementCounter,
  {
    ...incrementCounter,
    description: 'a request to count an order that was already counted',
    request: {
      ...incrementCounter.request,
      body: { consumerId: idFromState('consumerId', CONSUMER_ID), orderId: idFromState('orderId', COUNTED_ORDER_ID) },
    },
    response: { status: 200, headers: jsonHeaders(), body: { consumerId: uuid(CONSUMER_ID), orderCount: integer(1) } },
  },
  withoutCredentials(incrementCounter, 'a request to count an order without the API key'),
  {
    ...incrementCounter,
    description: 'a request to count an order whose identifier is not a UUID',
    request: { ...incrementCounter.request, body: { consumerId: uuid(CONSUMER_ID), orderId: like('order-42') } },
    response: errorListResponse(400, 'InvalidRequest', 'body.orderId', 'body.orderId must match format "uuid"'),
  },
];
