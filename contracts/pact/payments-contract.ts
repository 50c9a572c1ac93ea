/** Consumer tests of the payments family: the provider update and the merchant upsert. */
import { MatchersV3 } from '@pact-foundation/pact';
import { errorListResponse, pathFromState, withoutCredentials, type ContractCase } from './contract-case.ts';

const { eachLike, fromProviderState, integer, like, regex } = MatchersV3;

const MERCHANT_ID = '3f9a6c1e-2b7d-4e8a-9c5f-1d2e3f4a5b6c';
const PROVIDER_ID = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const MISSING_PROVIDER_ID = '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a';
const OTHER_PROVIDER_NAME = 'Stone';

const providerPath = (providerId: string) => `/v1/merchants/${MERCHANT_ID}/providers/${providerId}`;
const providerPathFromState = (providerId: string) =>
  pathFromState('/v1/merchants/${merchantId}/providers/${providerId}', providerPath(providerId));
const providerExists = [
  {
    name: 'a merchant {merchantId} with provider {providerId} exists',
    params: { merchantId: MERCHANT_ID, providerId: PROVIDER_ID },
  },
];

const updateProvider: ContractCase = {
  operationId: 'updateMerchantProvider',
  description: 'a request to update a provider of a merchant',
  states: providerExists,
  request: {
    method: 'PUT',
    path: providerPathFromState(PROVIDER_ID),
    auth: 'bearer',
    body: {
      name: like('Cielo Loja Centro'),
      priority: integer(1),
      methods: eachLike('Pix'),
      acquirer: like({ merchantId: '1000293847', brands: ['Visa', 'Mastercard'] }),
    },
  },
  response: { status: 204 },
  call: (client, body) => client.updateMerchantProvider(MERCHANT_ID, PROVIDER_ID, body),
};

const upsertMerchant: ContractCase = {
  operationId: 'upsertMerchant',
  description: 'a request to update a merchant',
  states: [{ name: 'a merchant {merchantId} exists', params: { merchantId: MERCHANT_ID } }],
  request: {
    method: 'PUT',
    path: pathFromState('/v1/merchants/${merchantId}', `/v1/merchants/${MERCHANT_ID}`),
    auth: 'bearer',
    body: { categoryCode: regex('^[0-9]{4}$', '5983') },
  },
  response: { status: 204 },
  call: (client, body) => client.upsertMerchant(MERCHANT_ID, body),
};

export const paymentsCases: ContractCase[] = [
  updateProvider,
  withoutCredentials(updateProvider, 'a request to update a provider of a merchant without credentials'),
  {
    ...updateProvider,
    description: 'a request to update a provider that does not exist',
    states: [
      {
        name: 'no provider {providerId} exists for merchant {merchantId}',
        params: { merchantId: MERCHANT_ID, providerId: MISSING_PROVIDER_ID },
      },
    ],
    request: {
      ...updateProvider.request,
      path: providerPathFromState(MISSING_PROVIDER_ID),
      body: { name: like('Cielo') },
    },
    response: errorListResponse(
      404,
      'ProviderNotFound',
      'path.merchantProviderId',
      'No provider with the given identifier exists for this merchant.',
    ),
    call: (client, body) => client.updateMerchantProvider(MERCHANT_ID, MISSING_PROVIDER_ID, body),
  },
  {
    ...updateProvider,
    description: 'a request to rename a provider to the name of another provider of the merchant',
    states: [
      {
        name: 'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists',
        params: { merchantId: MERCHANT_ID, providerId: PROVIDER_ID, otherName: OTHER_PROVIDER_NAME },
      },
    ],
    request: { ...updateProvider.request, body: { name: fromProviderState('${otherName}', OTHER_PROVIDER_NAME) } },
    response: errorListResponse(
      409,
      'ProviderNameTaken',
      'body.name',
      'Another provider of this merchant already has this name.',
    ),
  },
  {
    ...updateProvider,
    description: 'a request to update a provider with a property outside MerchantProviderUpdate',
    request: { ...updateProvider.request, body: { name: like('Cielo'), nickname: like('cielo-centro') } },
    response: errorListResponse(400, 'InvalidRequest', 'body.nickname', 'body.nickname is not a known property'),
  },
  {
    ...updateProvider,
    description: 'a request to give a provider a negative priority',
    request: { ...updateProvider.request, body: { priority: integer(-1) } },
    response: errorListResponse(422, 'RuleViolated', 'body.priority', 'body.priority must be >= 0'),
  },
  upsertMerchant,
  withoutCredentials(upsertMerchant, 'a request to update a merchant without credentials'),
  {
    ...upsertMerchant,
    description: 'a request to upsert a merchant without its category code',
    request: { ...upsertMerchant.request, body: {} },
    response: errorListResponse(400, 'InvalidRequest', 'body.categoryCode', 'body.categoryCode is required'),
  },
  {
    ...upsertMerchant,
    description: 'a request to upsert a merchant with a category code that is not four digits',
    request: { ...upsertMerchant.request, body: { categoryCode: like('59A3') } },
    response: errorListResponse(
      422,
      'RuleViolated',
      'body.categoryCode',
      'body.categoryCode must match pattern "^[0-9]{4}$"',
    ),
  },
];
