/**
 * The inventory's entries for "Endpoints": its sentences, each row of its table (path and method,
 * the body taken, the success status or body, and what the row leaves not shown) and its rules.
 * See contract/description-inventory.ts.
 */
import {
  ALL_OPERATIONS,
  DOCUMENT,
  notShown,
  OPERATION_PATHS,
  operationPlace,
  parameterPlace,
  schemaPlace,
  testable,
  untestable,
  type InventoryEntry,
  type InventoryOperation,
} from './description-entry.ts';

const S = 'Endpoints';

/** What one row of the Endpoints table states. */
interface Row {
  operation: InventoryOperation;
  row: string;
  /** The body it takes, when it names one (marked on the request body). */
  body?: boolean;
  /** The success status it states (marked on that response), with no body ("none") or the address's unstated one. */
  status?: string;
  /** A part of the row saying what it does not show. */
  notShown?: string;
}

const ROWS: Row[] = [
  {
    operation: 'updateMerchantProvider',
    row: '| updateMerchantProvider: update an existing provider of a merchant | PUT | /v1/merchants/{merchantId}/providers/{merchantProviderId} (both uuid) | MerchantProviderUpdate | 204 | none |',
    body: true,
    status: '204',
  },
  {
    operation: 'upsertCustomer',
    row: '| Update or create a customer | PUT | /v1/customers/{customerId} | Customer | 204 | none |',
    body: true,
    status: '204',
  },
  {
    operation: 'upsertConsumerAddress',
    row: '| Upsert a consumer address | PUT | /v1/consumers/{consumerId}/addresses | ConsumerAddress (also accepted as `text/json` and `application/*+json`) | 200 | no body shape stated |',
    body: true,
    status: '200',
    notShown: 'no body shape stated',
  },
  {
    operation: 'updateCoverageArea',
    row: '| Update a dealer coverage area | PUT | /v1/dealers/{dealerId}/coverage-areas/{coverageAreaId} | CoverageArea | 204 | none |',
    body: true,
    status: '204',
  },
  {
    operation: 'deleteCoverageArea',
    row: '| Delete a dealer coverage area | DELETE | /v1/dealers/{dealerId}/coverage-areas/{coverageAreaId} | none | not shown (status and body) | not shown |',
    notShown:
      '| Delete a dealer coverage area | DELETE | /v1/dealers/{dealerId}/coverage-areas/{coverageAreaId} | none | not shown (status and body) | not shown |',
  },
  {
    operation: 'registerDealerDevice',
    row: '| Register the device linked to a dealer user | PUT | /v1/dealers/users/{userId}/devices | Device | 204 | none |',
    body: true,
    status: '204',
  },
  {
    operation: 'updateOrderEta',
    row: '| Update a dealer order delivery estimate | PUT | /v1/dealers/{dealerId}/orders/{orderId}/eta | OrderEta | not shown (status and body) | not shown |',
    body: true,
    notShown:
      '| Update a dealer order delivery estimate | PUT | /v1/dealers/{dealerId}/orders/{orderId}/eta | OrderEta | not shown (status and body) | not shown |',
  },
  {
    operation: 'upsertUser',
    row: '| Upsert a user | PUT | /v1/users | User | not shown (status and body) | not shown |',
    body: true,
    notShown: '| Upsert a user | PUT | /v1/users | User | not shown (status and body) | not shown |',
  },
  {
    operation: 'getUserProfile',
    row: '| Read a user profile | GET | /v1/users/{userId}/profile | none | not shown (status) | UserProfile |',
    notShown: '| Read a user profile | GET | /v1/users/{userId}/profile | none | not shown (status) | UserProfile |',
  },
  {
    operation: 'updateCategory',
    row: '| Update a category | PUT | /v1/categories/{categoryId} | Category | 204 | none |',
    body: true,
    status: '204',
  },
  {
    operation: 'createBrand',
    row: '| Create a product brand | POST | /v1/brands | Brand | not shown (status) | object with `data` holding `id` (uuid) of the new brand |',
    body: true,
    notShown:
      '| Create a product brand | POST | /v1/brands | Brand | not shown (status) | object with `data` holding `id` (uuid) of the new brand |',
  },
  {
    operation: 'getProduct',
    row: '| Read a product by identifier | GET | /v1/products/{productId} | none | not shown (status) | Product |',
    notShown: '| Read a product by identifier | GET | /v1/products/{productId} | none | not shown (status) | Product |',
  },
  {
    operation: 'upsertMerchant',
    row: '| Update or create a merchant | PUT | /v1/merchants/{merchantId} | Merchant | not shown (status and body) | not shown |',
    body: true,
    notShown:
      '| Update or create a merchant | PUT | /v1/merchants/{merchantId} | Merchant | not shown (status and body) | not shown |',
  },
  {
    operation: 'incrementOrderCounter',
    row: '| Increment a consumer order counter | POST | /v1/consumers/orders/counter | OrderCounterRequest | not shown (status and body) | not shown |',
    body: true,
    notShown:
      '| Increment a consumer order counter | POST | /v1/consumers/orders/counter | OrderCounterRequest | not shown (status and body) | not shown |',
  },
  {
    operation: 'receiveAppEvent',
    row: '| Receive an application event | POST | /Integration/app-events | AppEvent, media type `application/json-patch+json` | not shown (status and body) | not shown |',
    body: true,
    notShown:
      '| Receive an application event | POST | /Integration/app-events | AppEvent, media type `application/json-patch+json` | not shown (status and body) | not shown |',
  },
];

/** The entries of one row: its path and method, its body, its success, and what it does not show. */
function rowEntries({ operation, row, body, status, notShown: unshown }: Row): InventoryEntry[] {
  const id = `endpoints.${operation}`;
  return [
    testable(`${id}.path`, S, row, 'path', [operation], [operationPlace(operation)]),
    ...(body
      ? [testable(`${id}.body`, S, row, 'binding', [operation], [operationPlace(operation, 'requestBody')])]
      : []),
    ...(status
      ? [testable(`${id}.success`, S, row, 'status', [operation], [operationPlace(operation, 'responses', status)])]
      : []),
    ...(unshown ? [notShown(`${id}.notShown`, S, unshown)] : []),
  ];
}

const WITH_JSON_BODY = ROWS.filter((r) => r.body && r.operation !== 'receiveAppEvent').map((r) => r.operation);
const WITH_PATH_PARAMETERS = ['merchantId', 'merchantProviderId', 'customerId', 'consumerId', 'dealerId'];
const MORE_PATH_PARAMETERS = ['coverageAreaId', 'userId', 'orderId', 'categoryId', 'productId'];

export const ENDPOINT_ENTRIES: InventoryEntry[] = [
  testable('endpoints.baseUrl', S, 'All paths are relative to {base_url}.', 'path', ALL_OPERATIONS, [DOCUMENT]),
  testable(
    'endpoints.jsonBodies',
    S,
    'Bodies are `application/json` unless another media type is named.',
    'media-type',
    WITH_JSON_BODY,
    WITH_JSON_BODY.map((op) => operationPlace(op, 'requestBody', 'content', 'application/json')),
  ),
  testable(
    'endpoints.pathParameters',
    S,
    'Path parameters named in the table are part of the path.',
    'path',
    ALL_OPERATIONS.filter((op) => OPERATION_PATHS[op][0].includes('{')),
    [...WITH_PATH_PARAMETERS, ...MORE_PATH_PARAMETERS].map(parameterPlace),
  ),
  testable(
    'endpoints.credentials',
    S,
    'All operations require the credentials described under Authentication.',
    'auth',
    ALL_OPERATIONS,
    ALL_OPERATIONS.map((op) => operationPlace(op)),
  ),
  ...ROWS.flatMap(rowEntries),
  testable(
    'endpoints.updateMerchantProvider.uuidIds',
    S,
    '/v1/merchants/{merchantId}/providers/{merchantProviderId} (both uuid)',
    'field',
    ['updateMerchantProvider'],
    [parameterPlace('merchantId'), parameterPlace('merchantProviderId')],
  ),
  testable(
    'endpoints.upsertConsumerAddress.mediaTypes',
    S,
    'ConsumerAddress (also accepted as `text/json` and `application/*+json`)',
    'media-type',
    ['upsertConsumerAddress'],
    ['application/json', 'text/json', 'application/*+json'].map((type) =>
      operationPlace('upsertConsumerAddress', 'requestBody', 'content', type),
    ),
  ),
  testable(
    'endpoints.getUserProfile.successBody',
    S,
    '| Read a user profile | GET | /v1/users/{userId}/profile | none | not shown (status) | UserProfile |',
    'binding',
    ['getUserProfile'],
    [operationPlace('getUserProfile', 'responses', '200')],
  ),
  testable(
    'endpoints.createBrand.successBody',
    S,
    'object with `data` holding `id` (uuid) of the new brand',
    'binding',
    ['createBrand'],
    [operationPlace('createBrand', 'responses', '201'), schemaPlace('BrandCreated')],
  ),
  testable(
    'endpoints.getProduct.successBody',
    S,
    '| Read a product by identifier | GET | /v1/products/{productId} | none | not shown (status) | Product |',
    'binding',
    ['getProduct'],
    [operationPlace('getProduct', 'responses', '200')],
  ),
  testable(
    'endpoints.receiveAppEvent.mediaType',
    S,
    'AppEvent, media type `application/json-patch+json`',
    'media-type',
    ['receiveAppEvent'],
    [operationPlace('receiveAppEvent', 'requestBody', 'content', 'application/json-patch+json')],
  ),
  untestable(
    'endpoints.rulesLabel',
    S,
    'Rules:',
    'a label introducing the numbered rules below it; each rule is an entry',
  ),
  notShown('endpoints.rule1', `${S}, rule 1`, 'Which host serves which path: not shown.'),
  notShown(
    'endpoints.rule2',
    `${S}, rule 2`,
    'Format of path parameters other than merchantId and merchantProviderId: not shown.',
  ),
  notShown(
    'endpoints.rule3',
    `${S}, rule 3`,
    'The address, device and profile operations have query parameters; their names and types: not shown.',
  ),
  testable(
    'endpoints.rule4',
    `${S}, rule 4`,
    'The provider update body rejects properties outside MerchantProviderUpdate.',
    'closed-body',
    ['updateMerchantProvider'],
    [schemaPlace('MerchantProviderUpdate')],
  ),
  testable(
    'endpoints.rule5',
    `${S}, rule 5`,
    'The provider update answers 404 when no provider with the given identifier exists.',
    'status',
    ['updateMerchantProvider'],
    [operationPlace('updateMerchantProvider')],
  ),
  testable(
    'endpoints.rule6',
    `${S}, rule 6`,
    'Customer, merchant and consumer address operations are upserts: they update the record or create it.',
    'upsert',
    ['upsertCustomer', 'upsertMerchant', 'upsertConsumerAddress'],
    [operationPlace('upsertCustomer'), operationPlace('upsertMerchant'), operationPlace('upsertConsumerAddress')],
  ),
];
