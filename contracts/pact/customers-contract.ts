/** Consumer tests of the customers family: the customer upsert. */
import { MatchersV3 } from '@pact-foundation/pact';
import { errorListResponse, pathFromState, withoutCredentials, type ContractCase } from './contract-case.ts';

const { decimal, like, regex } = MatchersV3;

const CUSTOMER_ID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const E164 = '^\\+[1-9][0-9]{7,14}$';

const customer = {
  name: like('Maria Souza'),
  phoneNumber: regex(E164, '+5511987654321'),
  email: like('maria.souza@example.com'),
  document: { type: 'Cpf', number: like('52998224725'), country: like('BR') },
  billingAddress: like({
    street: 'Rua Augusta',
    number: '1500',
    apartment: '42',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    postalCode: '01304-001',
    longitude: decimal(-46.6577),
    latitude: decimal(-23.5558),
  }),
};

const upsertCustomer: ContractCase = {
  operationId: 'upsertCustomer',
  description: 'a request to update a customer',
  states: [{ name: 'a customer {customerId} exists', params: { customerId: CUSTOMER_ID } }],
  request: {
    method: 'PUT',
    path: pathFromState('/v1/customers/${customerId}', `/v1/customers/${CUSTOMER_ID}`),
    auth: 'bearer',
    body: customer,
  },
  response: { status: 204 },
  call: (client, body) => client.upsertCustomer(CUSTOMER_ID, body),
};

export const customersCases: ContractCase[] = [
  upsertCustomer,
  withoutCredentials(upsertCustomer, 'a request to update a customer without credentials'),
  {
    ...upsertCustomer,
    description: 'a request to upsert a customer without a name',
    request: { ...upsertCustomer.request, body: { email: like('maria.souza@example.com') } },
    response: errorListResponse(400, 'InvalidRequest', 'body.name', 'body.name is required'),
  },
  {
    ...upsertCustomer,
    description: 'a request to upsert a customer whose e-mail is not an address',
    request: {
      ...upsertCustomer.request,
      body: { name: like('Maria Souza'), email: like('maria.souza-at-example.com') },
    },
    response: errorListResponse(422, 'RuleViolated', 'body.email', 'body.email must match format "email"'),
  },
];
