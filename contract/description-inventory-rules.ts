/**
 * The inventory's entries for the description's opening, "What the service does", "Authentication",
 * "Events", "Errors", "Limits" and "Versioning". See contract/description-inventory.ts.
 */
import {
  ALL_OPERATIONS,
  notShown,
  operationPlace,
  responsePlace,
  schemaPlace,
  securitySchemePlace,
  testable,
  untestable,
  type InventoryEntry,
  type InventoryOperation,
} from './description-entry.ts';

const TITLE = 'Gas Ordering Platform API Specification';
const SERVICE = 'What the service does';
const AUTH = 'Authentication';
const EVENTS = 'Events';
const ERRORS = 'Errors';
const FAMILY = 'names a family of operations; the Endpoints table states each operation of it';

const BEARER_OPERATIONS = ALL_OPERATIONS.filter((op) => op !== 'incrementOrderCounter');
const UNAUTHORIZED = ['Unauthorized', 'UnauthorizedEmpty', 'ProblemUnauthorized'].map(responsePlace);
const FORBIDDEN = ['Forbidden', 'ForbiddenEmpty', 'ForbiddenFailure', 'ProblemForbidden'].map(responsePlace);
const ERROR_LIST_OPERATIONS: InventoryOperation[] = [
  'updateMerchantProvider',
  'upsertCustomer',
  'upsertMerchant',
  'updateCoverageArea',
  'deleteCoverageArea',
  'registerDealerDevice',
  'updateCategory',
  'createBrand',
  'getProduct',
];
const PROVIDER: InventoryOperation[] = ['updateMerchantProvider'];
const PROVIDER_OPERATION = [operationPlace('updateMerchantProvider')];
const ERROR_LIST_ROW =
  '| Error list | `errors`: array of objects with `code` (string), `target` (string), `message` (string); all nullable | provider update, customer upsert, merchant upsert, coverage area update and delete, device registration, category update, brand creation, product read |';

/** A row of the provider update's status table, marked on the operation (its error responses are `$ref`s). */
const providerStatus = (status: number, row: string, places: string[] = []): InventoryEntry =>
  testable(`errors.updateMerchantProvider.${status}`, ERRORS, row, 'status', PROVIDER, [
    ...PROVIDER_OPERATION,
    ...places,
  ]);

export const RULE_ENTRIES: InventoryEntry[] = [
  untestable(
    'title.scope',
    TITLE,
    'This single document covers the whole interface: purpose, resources and fields, states, endpoints, authentication, events, errors, limits and versioning.',
    'says what the document covers, not how the service answers',
  ),
  // What the service does
  untestable(
    'service.summary',
    SERVICE,
    'The service is a set of JSON-over-HTTP APIs for a liquefied-gas ordering platform.',
    'a summary of the service; that bodies are JSON is stated under Resources and their fields',
  ),
  untestable('service.coverLabel', SERVICE, 'The operations stated here cover:', 'introduces the list below it'),
  ...[
    'customer records',
    'merchants and their payment providers',
    'consumer addresses',
    'dealer coverage areas',
    'dealer order delivery estimates',
    'devices linked to dealer users',
    'users and user profiles',
    'a product catalogue (categories, brands, products)',
    'a consumer order counter',
    'an integration endpoint that receives application events',
  ].map((item, i) => untestable(`service.covers${i + 1}`, SERVICE, item, FAMILY)),
  untestable(
    'service.paymentApi',
    SERVICE,
    'The payment API manages merchants, acquirers, providers and payment processing.',
    "describes the payment API's purpose; its operations beyond the Endpoints table are not shown",
  ),
  untestable(
    'service.otherApis',
    SERVICE,
    'A cart API, a checkout API and a composition API exist and use the same authentication scheme.',
    'no operation of these APIs is shown, so no request can reach one',
  ),
  notShown(
    'service.otherOperationsNotShown',
    SERVICE,
    'Operations of the payment API other than those in the Endpoints part, and all operations of the cart, checkout and composition APIs: not shown.',
  ),
  // Authentication
  testable(
    'authentication.rule1',
    `${AUTH}, rule 1`,
    'All operations use the header `Authorization`.',
    'auth',
    ALL_OPERATIONS,
    [securitySchemePlace('bearerAuth'), securitySchemePlace('apiKeyAuth')],
  ),
  testable(
    'authentication.rule2',
    `${AUTH}, rule 2`,
    'Scheme: HTTP Bearer with a JWT-format access token, sent as `Authorization: Bearer <ACCESS_TOKEN>`.',
    'auth',
    BEARER_OPERATIONS,
    [securitySchemePlace('bearerAuth')],
  ),
  untestable(
    'authentication.rule2.issuer',
    `${AUTH}, rule 2`,
    'The token is the `accessToken` issued by an authentication service.',
    "where a token comes from: the authentication service's address is not shown, so a run is given its tokens",
  ),
  untestable(
    'authentication.rule3.issuing',
    `${AUTH}, rule 3`,
    'Credentials are issued by contacting the operator of the platform or through its portal.',
    'how credentials are obtained, outside the interface',
  ),
  untestable(
    'authentication.rule3.environments',
    `${AUTH}, rule 3`,
    'A token is issued for development and production environments.',
    'which environments exist, outside the interface',
  ),
  testable(
    'authentication.rule4',
    `${AUTH}, rule 4`,
    'The consumer order counter operation is shown with the header `Authorization: <API_KEY>`, which is a key value without the Bearer scheme word.',
    'auth',
    ['incrementOrderCounter'],
    [securitySchemePlace('apiKeyAuth'), operationPlace('incrementOrderCounter')],
  ),
  testable(
    'authentication.rule5',
    `${AUTH}, rule 5`,
    'The token must not be exposed in public code, logs or API responses.',
    'secret',
    ALL_OPERATIONS,
    [securitySchemePlace('bearerAuth'), securitySchemePlace('apiKeyAuth')],
  ),
  testable(
    'authentication.rule6',
    `${AUTH}, rule 6`,
    'When the token is missing, invalid or expired, the response is 401.',
    'auth',
    ALL_OPERATIONS,
    UNAUTHORIZED,
  ),
  testable(
    'authentication.rule7',
    `${AUTH}, rule 7`,
    'When the token is valid but lacks permission for the resource, the response is 403.',
    'auth',
    BEARER_OPERATIONS,
    FORBIDDEN,
  ),
  notShown(
    'authentication.lifetimeNotShown',
    AUTH,
    'Token lifetime and the address of the authentication service: not shown.',
  ),
  // Events
  testable(
    'events.intake',
    EVENTS,
    'The service exposes one event intake endpoint: `POST /Integration/app-events`.',
    'path',
    ['receiveAppEvent'],
    [operationPlace('receiveAppEvent')],
  ),
  testable(
    'events.mediaType',
    EVENTS,
    'The body is AppEvent (`idMensagem`, `nomeEvento`, `mensagem`) with media type `application/json-patch+json`.',
    'media-type',
    ['receiveAppEvent'],
    [
      operationPlace('receiveAppEvent', 'requestBody', 'content', 'application/json-patch+json'),
      schemaPlace('AppEvent'),
    ],
  ),
  testable(
    'events.problemDetails',
    EVENTS,
    'Failures return the problem-details error shape.',
    'error-shape',
    ['receiveAppEvent'],
    [operationPlace('receiveAppEvent'), ...['Problem', 'ProblemUnauthorized', 'ProblemForbidden'].map(responsePlace)],
  ),
  notShown('events.valuesNotShown', EVENTS, 'Values of nomeEvento and the structure of mensagem: not shown.'),
  notShown(
    'events.webhooksNotShown',
    EVENTS,
    'Events emitted by the service to its clients (webhooks or similar): not shown.',
  ),
  // Errors
  untestable(
    'errors.threeShapes',
    ERRORS,
    'Three error body shapes exist.',
    'introduces the table below it; each shape is an entry of its row',
  ),
  testable('errors.errorList', ERRORS, ERROR_LIST_ROW, 'error-shape', ERROR_LIST_OPERATIONS, [
    schemaPlace('ErrorList'),
    responsePlace('ErrorList'),
    ...ERROR_LIST_OPERATIONS.map((op) => operationPlace(op)),
  ]),
  testable(
    'errors.errorList.nullable',
    ERRORS,
    '`errors`: array of objects with `code` (string), `target` (string), `message` (string); all nullable',
    'nullability',
    ERROR_LIST_OPERATIONS,
    ['code', 'target', 'message'].map((field) =>
      schemaPlace('ErrorList', 'properties', 'errors', 'items', 'properties', field),
    ),
  ),
  testable(
    'errors.failureObject',
    ERRORS,
    '| Failure object | `code` (string), `description` (string), `type` (string; the value `Failure` is shown), `numericType` (integer), `metadata` (object) | user upsert, user profile read |',
    'error-shape',
    ['upsertUser', 'getUserProfile'],
    [schemaPlace('Failure'), responsePlace('Failure'), operationPlace('upsertUser'), operationPlace('getUserProfile')],
  ),
  testable(
    'errors.problemDetails',
    ERRORS,
    '| Problem details | `type` (string), `title` (string), `status` (integer), `detail` (string), `instance` (string) | application event intake |',
    'error-shape',
    ['receiveAppEvent'],
    [schemaPlace('ProblemDetails'), responsePlace('Problem')],
  ),
  untestable(
    'errors.statusesLabel',
    ERRORS,
    'Statuses of the provider update:',
    'a label naming the table below it; each row of that table is an entry',
  ),
  providerStatus(400, '| 400 | a parameter is missing or incorrect | Error list |'),
  providerStatus(401, '| 401 | user not authenticated, token expired or invalid | empty JSON |', [
    responsePlace('Unauthorized'),
  ]),
  providerStatus(403, '| 403 | user lacks the required permissions | empty JSON |', [responsePlace('Forbidden')]),
  providerStatus(404, '| 404 | no provider with the given identifier | Error list |'),
  providerStatus(409, '| 409 | conflict with the current state of the resource | Error list |'),
  providerStatus(422, '| 422 | data violates validation rules | Error list |'),
  providerStatus(500, '| 500 | unexpected processing error | Error list |'),
  testable(
    'errors.401and403',
    ERRORS,
    'For all operations, 401 means missing or invalid token and 403 means valid token without permission.',
    'auth',
    ALL_OPERATIONS,
    [...UNAUTHORIZED, ...FORBIDDEN],
  ),
  notShown('errors.codesNotShown', ERRORS, 'Values of `code` and their meanings: not shown.'),
  notShown(
    'errors.statusesNotShown',
    ERRORS,
    'Numeric statuses of error responses for all operations other than the provider update, and error bodies of the address, delivery estimate and order counter operations: not shown.',
  ),
  // Limits, Versioning
  notShown('limits.notShown', 'Limits', 'Rate limits, pagination, payload size limits and time-outs: not shown.'),
  testable(
    'versioning.rule1',
    'Versioning, rule 1',
    'Operations of the main APIs carry the path prefix `/v1`.',
    'version-prefix',
    ALL_OPERATIONS.filter((op) => op !== 'receiveAppEvent'),
    ALL_OPERATIONS.filter((op) => op !== 'receiveAppEvent').map((op) => operationPlace(op)),
  ),
  untestable(
    'versioning.rule1.paymentVersion',
    'Versioning, rule 1',
    'The payment API declares its version as `v1`.',
    'a declaration no answer carries; the `/v1` prefix of its paths is the entry before',
  ),
  testable(
    'versioning.rule2',
    'Versioning, rule 2',
    'The event intake path `/Integration/app-events` carries no version prefix.',
    'version-prefix',
    ['receiveAppEvent'],
    [operationPlace('receiveAppEvent')],
  ),
  notShown('versioning.policyNotShown', 'Versioning', 'Deprecation and compatibility policy: not shown.'),
];
