/**
 * The inventory's entries for "Resources and their fields" and "States and transitions": each body's
 * rows (a field and its type), with what the section states around them. See contract/description-inventory.ts.
 */
import {
  ALL_OPERATIONS,
  DOCUMENT,
  notShown,
  propertyPlace,
  schemaPlace,
  testable,
  untestable,
  type InventoryEntry,
  type InventoryOperation,
} from './description-entry.ts';

const S = 'Resources and their fields';

/** A row of a body's table: the field's name and type, marked on the property (or its `$ref`'s parent and target). */
const row = (
  schema: string,
  name: string,
  quote: string,
  operations: readonly InventoryOperation[],
  ref?: string,
): InventoryEntry =>
  testable(
    `resources.${schema}.${name}`,
    S,
    quote,
    'field',
    operations,
    ref ? [schemaPlace(schema), schemaPlace(ref)] : [propertyPlace(schema, name)],
  );

const PROVIDER: InventoryOperation[] = ['updateMerchantProvider'];
const CUSTOMER: InventoryOperation[] = ['upsertCustomer'];
const ADDRESS: InventoryOperation[] = ['upsertConsumerAddress'];
const AREA: InventoryOperation[] = ['updateCoverageArea'];
const DEVICE: InventoryOperation[] = ['registerDealerDevice'];
const USER: InventoryOperation[] = ['upsertUser'];
const PROFILE: InventoryOperation[] = ['getUserProfile'];
const CATEGORY: InventoryOperation[] = ['updateCategory'];
const BRAND: InventoryOperation[] = ['createBrand'];
const PRODUCT: InventoryOperation[] = ['getProduct'];
const PROVIDER_FIELDS = ['name', 'priority', 'methods', 'credentials', 'acquirer'];
const CREDENTIALS_ROW =
  '| credentials | free-form object | provider credentials. Its keys depend on the provider kind. The keys shown are `type`, `sellerId`, `clientApiKey`, `clientSecret`. Values are secrets and are given as <PROVIDER_CREDENTIAL>. |';
const DEVICE_TOKEN_ROW = '| tokenPush | string | push-notification token, a secret, given as <PUSH_TOKEN> |';
const MENSAGEM_ROW = '| mensagem | any JSON value, may be null |';
const LABEL = 'a label naming the table below it; each row of that table is an entry';

export const RESOURCE_ENTRIES: InventoryEntry[] = [
  testable('resources.bodiesJson', S, 'All bodies are JSON.', 'media-type', ALL_OPERATIONS, [DOCUMENT]),
  testable('resources.uuidFields', S, 'Identifier fields typed uuid are UUID strings.', 'field', ALL_OPERATIONS, [
    DOCUMENT,
  ]),
  testable(
    'resources.wireNames',
    S,
    'Every field is listed with its name exactly as it appears on the wire.',
    'field',
    ALL_OPERATIONS,
    [DOCUMENT],
  ),
  // MerchantProviderUpdate
  testable(
    'resources.MerchantProviderUpdate.optional',
    S,
    'All fields are optional and nullable.',
    'required',
    PROVIDER,
    [schemaPlace('MerchantProviderUpdate')],
  ),
  testable(
    'resources.MerchantProviderUpdate.nullable',
    S,
    'All fields are optional and nullable.',
    'nullability',
    PROVIDER,
    PROVIDER_FIELDS.map((field) => propertyPlace('MerchantProviderUpdate', field)),
  ),
  testable(
    'resources.MerchantProviderUpdate.closed',
    S,
    'Unknown properties are not allowed.',
    'closed-body',
    PROVIDER,
    [schemaPlace('MerchantProviderUpdate')],
  ),
  row('MerchantProviderUpdate', 'name', '| name | string | provider name |', PROVIDER),
  row('MerchantProviderUpdate', 'priority', '| priority | integer (int32) | provider priority |', PROVIDER),
  row(
    'MerchantProviderUpdate',
    'methods',
    '| methods | array of string | payment methods enabled for the provider |',
    PROVIDER,
  ),
  row('MerchantProviderUpdate', 'credentials', CREDENTIALS_ROW, PROVIDER),
  testable(
    'resources.MerchantProviderUpdate.credentials.secret',
    S,
    'Values are secrets and are given as <PROVIDER_CREDENTIAL>.',
    'secret',
    PROVIDER,
    [propertyPlace('MerchantProviderUpdate', 'credentials')],
  ),
  row(
    'MerchantProviderUpdate',
    'acquirer',
    '| acquirer | free-form object | acquirer settings. The keys shown are `merchantId` (string) and `brands` (array of string). |',
    PROVIDER,
  ),
  // Merchant
  row('Merchant', 'categoryCode', '| categoryCode | string |', ['upsertMerchant']),
  // Customer
  row('Customer', 'name', '| name | string | customer name |', CUSTOMER),
  row(
    'Customer',
    'phoneNumber',
    '| phoneNumber | string | telephone number in international form |',
    CUSTOMER,
    'PhoneNumber',
  ),
  row('Customer', 'email', '| email | string | e-mail address |', CUSTOMER, 'Email'),
  row('Customer', 'document', '| document | object | see Document |', CUSTOMER, 'Document'),
  row('Customer', 'billingAddress', '| billingAddress | object | see BillingAddress |', CUSTOMER, 'BillingAddress'),
  untestable('resources.Document.label', S, 'Document:', LABEL),
  row('Document', 'type', '| type | string (a value such as `Cpf` is used) |', CUSTOMER),
  row('Document', 'number', '| number | string |', CUSTOMER),
  row('Document', 'country', '| country | string (country code) |', CUSTOMER, 'CountryCode'),
  untestable('resources.BillingAddress.label', S, 'BillingAddress:', LABEL),
  ...['street', 'number', 'apartment', 'neighborhood', 'city', 'state', 'postalCode'].map((name) =>
    row('BillingAddress', name, `| ${name} | string |`, CUSTOMER),
  ),
  row('BillingAddress', 'country', '| country | string (country code) |', CUSTOMER, 'CountryCode'),
  row('BillingAddress', 'longitude', '| longitude | number (decimal degrees) |', CUSTOMER, 'Longitude'),
  row('BillingAddress', 'latitude', '| latitude | number (decimal degrees) |', CUSTOMER, 'Latitude'),
  // ConsumerAddress
  row('ConsumerAddress', 'id', '| id | string, uuid |', ADDRESS),
  ...['zip', 'number', 'street', 'complement', 'district', 'city', 'state'].map((name) =>
    row('ConsumerAddress', name, `| ${name} | string |`, ADDRESS),
  ),
  row('ConsumerAddress', 'country', '| country | string |', ADDRESS, 'CountryCode'),
  row('ConsumerAddress', 'latitude', '| latitude | number |', ADDRESS, 'Latitude'),
  row('ConsumerAddress', 'longitude', '| longitude | number |', ADDRESS, 'Longitude'),
  // CoverageArea
  row('CoverageArea', 'coverageAreaId', '| coverageAreaId | string, uuid |', AREA),
  row('CoverageArea', 'dealerId', '| dealerId | string, uuid |', AREA),
  row('CoverageArea', 'name', '| name | string |', AREA),
  // Device
  row('Device', 'deviceId', '| deviceId | string | device identifier |', DEVICE),
  row('Device', 'name', '| name | string | device or client name |', DEVICE),
  row('Device', 'tokenPush', DEVICE_TOKEN_ROW, DEVICE),
  testable(
    'resources.Device.tokenPush.secret',
    S,
    'push-notification token, a secret, given as <PUSH_TOKEN>',
    'secret',
    DEVICE,
    [propertyPlace('Device', 'tokenPush')],
  ),
  row('Device', 'appVersion', '| appVersion | string | application version |', DEVICE),
  // User
  row('User', 'id', '| id | string, uuid |', USER),
  row('User', 'name', '| name | string |', USER),
  row('User', 'email', '| email | string |', USER, 'Email'),
  row('User', 'cellPhone', '| cellPhone | string |', USER, 'PhoneNumber'),
  row('User', 'cpf', '| cpf | string (national person tax number) |', USER),
  // UserProfile
  row('UserProfile', 'id', '| id | string, uuid |', PROFILE),
  ...['name', 'userName', 'email', 'phoneNumber', 'userType', 'cpf'].map((name) =>
    row('UserProfile', name, `| ${name} | string |`, PROFILE),
  ),
  ...['emailConfirmed', 'phoneNumberConfirmed', 'twoFactorEnabled', 'passwordChangePending'].map((name) =>
    row('UserProfile', name, `| ${name} | boolean |`, PROFILE),
  ),
  // Category, Brand
  row('Category', 'categoryId', '| categoryId | string, uuid |', CATEGORY),
  row('Category', 'name', '| name | string |', CATEGORY),
  row('Category', 'description', '| description | string |', CATEGORY),
  row('Brand', 'name', '| name | string |', BRAND),
  row('Brand', 'description', '| description | string |', BRAND),
  // Product
  testable(
    'resources.Product.dataWrapper',
    S,
    'The response is wrapped in an object with a single property `data`, holding:',
    'binding',
    PRODUCT,
    [schemaPlace('ProductResponse')],
  ),
  row('Product', 'id', '| id | string, uuid |', PRODUCT),
  row('Product', 'name', '| name | string |', PRODUCT),
  row('Product', 'description', '| description | string |', PRODUCT),
  row('Product', 'category', '| category | object with name (string), description (string), id (uuid) |', PRODUCT),
  row('Product', 'brand', '| brand | object with name (string), description (string), id (uuid) |', PRODUCT),
  row('Product', 'imageUrl', '| imageUrl | string |', PRODUCT),
  row('Product', 'enabled', '| enabled | boolean |', PRODUCT),
  row('Product', 'maximumOrderQuantity', '| maximumOrderQuantity | integer |', PRODUCT),
  row(
    'Product',
    'attributes',
    '| attributes | object of string-valued entries; the key `externalId` is shown |',
    PRODUCT,
  ),
  // OrderEta, OrderCounterRequest
  row('OrderEta', 'eta', '| eta | integer (unit is not stated by the interface) |', ['updateOrderEta']),
  row('OrderCounterRequest', 'consumerId', '| consumerId | string, uuid |', ['incrementOrderCounter']),
  row('OrderCounterRequest', 'orderId', '| orderId | string, uuid |', ['incrementOrderCounter']),
  // AppEvent
  row('AppEvent', 'idMensagem', '| idMensagem | string (message identifier) |', ['receiveAppEvent']),
  row('AppEvent', 'nomeEvento', '| nomeEvento | string (event name) |', ['receiveAppEvent']),
  row('AppEvent', 'mensagem', MENSAGEM_ROW, ['receiveAppEvent']),
  testable(
    'resources.AppEvent.mensagem.nullable',
    S,
    'any JSON value, may be null',
    'nullability',
    ['receiveAppEvent'],
    [propertyPlace('AppEvent', 'mensagem')],
  ),
  notShown(
    'resources.requiredNotShown',
    S,
    'Required status of fields in all bodies other than the provider update: not shown.',
  ),
  notShown(
    'resources.allowedValuesNotShown',
    S,
    'Allowed values of document.type, of the elements of methods, of userType and of the error field `type` of the second error shape: not shown.',
  ),
  notShown('resources.formatsNotShown', S, 'String formats and length bounds for all fields: not shown.'),
  // States and transitions
  testable(
    'states.enabled',
    'States and transitions',
    'The only state-like field is the boolean `enabled` on a product.',
    'field',
    PRODUCT,
    [propertyPlace('Product', 'enabled')],
  ),
  notShown('states.notShown', 'States and transitions', 'States and transitions: not shown.'),
];
