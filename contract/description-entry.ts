/**
 * One entry of the description's inventory (contract/description-inventory.ts): a sentence or table
 * row of `contract/platform-description.md`, quoted verbatim, with what it states. The constructors
 * and the helpers that write the spec places an entry governs (JSON pointers into
 * `contract/gas-platform.openapi.yaml`) live here, so the data files stay data.
 */
import { pointerOf } from './json-pointer.ts';

/** What a testable statement is about. */
export type StatementKind =
  | 'field' // a field and its type
  | 'nullability'
  | 'required' // a stated required or optional
  | 'closed-body' // properties outside the body are refused
  | 'media-type'
  | 'status'
  | 'error-shape' // an error body's shape and the operations that use it
  | 'binding' // the body an operation takes or answers with
  | 'auth'
  | 'upsert'
  | 'secret'
  | 'path'
  | 'version-prefix';

interface EntryBase {
  /** Stable: stated rules, `x-stated` marks and reports name the entry by it. */
  id: string;
  /** The description's `##` section (the document's title before the first), and `, rule N` for a numbered rule. */
  section: string;
  /** The sentence or table row, or a verbatim part of a row, exactly as the description writes it. */
  quote: string;
}

/** A statement a request can test. */
export interface TestableEntry extends EntryBase {
  class: 'testable';
  kind: StatementKind;
  /** The operations it speaks of (operationIds). */
  operations: readonly string[];
  /** The spec places it governs (JSON pointers); each carries `x-stated` with this entry's id. */
  places: readonly string[];
}

/** The description says it does not show this. */
export interface NotShownEntry extends EntryBase {
  class: 'not-shown';
}

/** A sentence that states nothing a request can test. */
export interface UntestableEntry extends EntryBase {
  class: 'untestable';
  why: string;
}

export type InventoryEntry = TestableEntry | NotShownEntry | UntestableEntry;
export type EntryClass = InventoryEntry['class'];

export const testable = (
  id: string,
  section: string,
  quote: string,
  kind: StatementKind,
  operations: readonly string[],
  places: readonly string[],
): TestableEntry => ({ id, section, quote, class: 'testable', kind, operations, places });

export const notShown = (id: string, section: string, quote: string): NotShownEntry => ({
  id,
  section,
  quote,
  class: 'not-shown',
});

export const untestable = (id: string, section: string, quote: string, why: string): UntestableEntry => ({
  id,
  section,
  quote,
  class: 'untestable',
  why,
});

/**
 * Where each operation of the Endpoints table stands in the spec (its path and method), as the
 * table states them; the inventory's test finds each with its operationId.
 */
export const OPERATION_PATHS = {
  updateMerchantProvider: ['/v1/merchants/{merchantId}/providers/{merchantProviderId}', 'put'],
  upsertCustomer: ['/v1/customers/{customerId}', 'put'],
  upsertConsumerAddress: ['/v1/consumers/{consumerId}/addresses', 'put'],
  updateCoverageArea: ['/v1/dealers/{dealerId}/coverage-areas/{coverageAreaId}', 'put'],
  deleteCoverageArea: ['/v1/dealers/{dealerId}/coverage-areas/{coverageAreaId}', 'delete'],
  registerDealerDevice: ['/v1/dealers/users/{userId}/devices', 'put'],
  updateOrderEta: ['/v1/dealers/{dealerId}/orders/{orderId}/eta', 'put'],
  upsertUser: ['/v1/users', 'put'],
  getUserProfile: ['/v1/users/{userId}/profile', 'get'],
  updateCategory: ['/v1/categories/{categoryId}', 'put'],
  createBrand: ['/v1/brands', 'post'],
  getProduct: ['/v1/products/{productId}', 'get'],
  upsertMerchant: ['/v1/merchants/{merchantId}', 'put'],
  incrementOrderCounter: ['/v1/consumers/orders/counter', 'post'],
  receiveAppEvent: ['/Integration/app-events', 'post'],
} as const satisfies Record<string, readonly [string, string]>;

export type InventoryOperation = keyof typeof OPERATION_PATHS;
export const ALL_OPERATIONS = Object.keys(OPERATION_PATHS) as InventoryOperation[];

/*
 * Places. A place is an object of the spec that is not a `$ref` (dereferencing a `$ref` with a sibling
 * makes a copy, which would break the identity of shared schemas), and never a key inside a map of
 * statuses, properties, media types or paths. So a field given by a `$ref` is marked on its parent
 * schema and on the schema it refers to, and a status given by a `$ref` response on its operation.
 */

/** The whole document: a statement about every operation and body. */
export const DOCUMENT = '';
/** An operation object, or a place inside it. */
export const operationPlace = (operationId: InventoryOperation, ...keys: string[]): string =>
  pointerOf(['paths', ...OPERATION_PATHS[operationId], ...keys]);
/** A component schema, or a place inside it. */
export const schemaPlace = (name: string, ...keys: string[]): string =>
  pointerOf(['components', 'schemas', name, ...keys]);
/** A property of a component schema. */
export const propertyPlace = (schema: string, property: string): string => schemaPlace(schema, 'properties', property);
export const responsePlace = (name: string): string => pointerOf(['components', 'responses', name]);
export const parameterPlace = (name: string): string => pointerOf(['components', 'parameters', name]);
export const securitySchemePlace = (name: string): string => pointerOf(['components', 'securitySchemes', name]);
