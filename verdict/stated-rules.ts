/**
 * Rules the platform's description states in so many words, each with its sentence, quoted
 * verbatim (`contract/platform-description.md` holds the description): the one place a checker takes
 * the wording of a documented rule from, so that every FAILURE of it quotes the same sentence.
 */
import { acceptsMediaType, inventoryEntry, mediaTypeOf } from '../contract/index.ts';

export interface StatedRule {
  id: string;
  /** The description's section, and the rule's number in it when its rules are numbered (`Endpoints, rule 5`). */
  section: string;
  /** The inventory entry it rests on (contract/description-inventory.ts). */
  entry: string;
  /** The sentence (or the table row), verbatim: the entry's quote or a verbatim part of it. */
  sentence: string;
  /** The operations a rule about requests speaks of (the upserts, the provider update's closed body). */
  operationIds?: readonly string[];
  /** The status it states for an operation, when it states one for a single operation. */
  answer?: { operationId: string; status: number };
  /** The answers whose body shape it states: of these operations, their errors (4xx and 5xx) or their success. */
  shape?: {
    operationIds: readonly string[];
    answers: 'errors' | 'success' | readonly number[];
    /** The fields that tell this error shape from the other two the description states. */
    fields?: readonly string[];
  };
  /** The media types it states an operation's body is accepted as (`application/*+json`: any such type). */
  mediaTypes?: { operationId: string; types: readonly string[] };
}

/** The operations the description gives the error list (its Errors table), as the inventory's entry lists them. */
const ERROR_LIST_OPERATIONS = ((): readonly string[] => {
  const entry = inventoryEntry('errors.errorList');
  if (entry?.class !== 'testable') throw new Error('the inventory has no testable entry errors.errorList');
  return entry.operations;
})();

/** A row of the Endpoints table, for the success status it states (its inventory entry `endpoints.<operationId>.success`). */
const successRow = (id: string, operationId: string, status: number, row: string): StatedRule => ({
  id,
  entry: `endpoints.${operationId}.success`,
  section: 'Endpoints',
  sentence: row,
  answer: { operationId, status },
});

export const STATED_RULES = {
  /** Endpoints, rule 5. */
  unknownProvider404: {
    id: 'unknownProvider404',
    entry: 'endpoints.rule5',
    section: 'Endpoints, rule 5',
    sentence: 'The provider update answers 404 when no provider with the given identifier exists.',
    answer: { operationId: 'updateMerchantProvider', status: 404 },
  },
  // The rows of the Endpoints table that state an operation's success status.
  providerUpdate204: successRow(
    'providerUpdate204',
    'updateMerchantProvider',
    204,
    '| updateMerchantProvider: update an existing provider of a merchant | PUT | /v1/merchants/{merchantId}/providers/{merchantProviderId} (both uuid) | MerchantProviderUpdate | 204 | none |',
  ),
  customerUpsert204: successRow(
    'customerUpsert204',
    'upsertCustomer',
    204,
    '| Update or create a customer | PUT | /v1/customers/{customerId} | Customer | 204 | none |',
  ),
  addressUpsert200: successRow(
    'addressUpsert200',
    'upsertConsumerAddress',
    200,
    '| Upsert a consumer address | PUT | /v1/consumers/{consumerId}/addresses | ConsumerAddress (also accepted as `text/json` and `application/*+json`) | 200 | no body shape stated |',
  ),
  coverageAreaUpdate204: successRow(
    'coverageAreaUpdate204',
    'updateCoverageArea',
    204,
    '| Update a dealer coverage area | PUT | /v1/dealers/{dealerId}/coverage-areas/{coverageAreaId} | CoverageArea | 204 | none |',
  ),
  deviceRegistration204: successRow(
    'deviceRegistration204',
    'registerDealerDevice',
    204,
    '| Register the device linked to a dealer user | PUT | /v1/dealers/users/{userId}/devices | Device | 204 | none |',
  ),
  categoryUpdate204: successRow(
    'categoryUpdate204',
    'updateCategory',
    204,
    '| Update a category | PUT | /v1/categories/{categoryId} | Category | 204 | none |',
  ),
  /** Endpoints, rule 4. */
  closedProviderBody: {
    id: 'closedProviderBody',
    entry: 'endpoints.rule4',
    section: 'Endpoints, rule 4',
    sentence: 'The provider update body rejects properties outside MerchantProviderUpdate.',
    operationIds: ['updateMerchantProvider'],
  },
  /** Endpoints, rule 6. */
  upsertCreates: {
    id: 'upsertCreates',
    entry: 'endpoints.rule6',
    section: 'Endpoints, rule 6',
    sentence: 'Customer, merchant and consumer address operations are upserts: they update the record or create it.',
    operationIds: ['upsertCustomer', 'upsertMerchant', 'upsertConsumerAddress'],
  },
  /** Authentication, rule 6. */
  unauthenticated401: {
    id: 'unauthenticated401',
    entry: 'authentication.rule6',
    section: 'Authentication, rule 6',
    sentence: 'When the token is missing, invalid or expired, the response is 401.',
  },
  /** Events. */
  problemDetailsOnIntake: {
    id: 'problemDetailsOnIntake',
    entry: 'events.problemDetails',
    section: 'Events',
    sentence: 'Failures return the problem-details error shape.',
    shape: { operationIds: ['receiveAppEvent'], answers: 'errors', fields: ['title', 'status', 'detail', 'instance'] },
  },
  /** Resources and their fields, Product. */
  productDataWrapper: {
    id: 'productDataWrapper',
    entry: 'resources.Product.dataWrapper',
    section: 'Resources and their fields',
    sentence: 'The response is wrapped in an object with a single property `data`, holding:',
    shape: { operationIds: ['getProduct'], answers: 'success' },
  },
  /** Endpoints, the brand creation's row. */
  brandCreatedData: {
    id: 'brandCreatedData',
    entry: 'endpoints.createBrand.successBody',
    section: 'Endpoints',
    sentence: 'object with `data` holding `id` (uuid) of the new brand',
    shape: { operationIds: ['createBrand'], answers: 'success' },
  },
  /** Errors, the provider update's table. */
  providerUpdateEmpty401: {
    id: 'providerUpdateEmpty401',
    entry: 'errors.updateMerchantProvider.401',
    section: 'Errors',
    sentence: '| 401 | user not authenticated, token expired or invalid | empty JSON |',
    shape: { operationIds: ['updateMerchantProvider'], answers: [401] },
  },
  providerUpdateEmpty403: {
    id: 'providerUpdateEmpty403',
    entry: 'errors.updateMerchantProvider.403',
    section: 'Errors',
    sentence: '| 403 | user lacks the required permissions | empty JSON |',
    shape: { operationIds: ['updateMerchantProvider'], answers: [403] },
  },
  /** Errors, the shapes' table. */
  failureObject: {
    id: 'failureObject',
    entry: 'errors.failureObject',
    section: 'Errors',
    sentence:
      '| Failure object | `code` (string), `description` (string), `type` (string; the value `Failure` is shown), `numericType` (integer), `metadata` (object) | user upsert, user profile read |',
    shape: {
      operationIds: ['upsertUser', 'getUserProfile'],
      answers: 'errors',
      fields: ['code', 'description', 'numericType', 'metadata'],
    },
  },
  errorList: {
    id: 'errorList',
    entry: 'errors.errorList',
    section: 'Errors',
    sentence:
      '| Error list | `errors`: array of objects with `code` (string), `target` (string), `message` (string); all nullable | provider update, customer upsert, merchant upsert, coverage area update and delete, device registration, category update, brand creation, product read |',
    shape: { operationIds: ERROR_LIST_OPERATIONS, answers: 'errors', fields: ['errors'] },
  },
  /** Endpoints, the address upsert's row. */
  addressMediaTypes: {
    id: 'addressMediaTypes',
    entry: 'endpoints.upsertConsumerAddress.mediaTypes',
    section: 'Endpoints',
    sentence: 'ConsumerAddress (also accepted as `text/json` and `application/*+json`)',
    mediaTypes: {
      operationId: 'upsertConsumerAddress',
      types: ['application/json', 'text/json', 'application/*+json'],
    },
  },
  /** Events. */
  eventMediaType: {
    id: 'eventMediaType',
    entry: 'events.mediaType',
    section: 'Events',
    sentence:
      'The body is AppEvent (`idMensagem`, `nomeEvento`, `mensagem`) with media type `application/json-patch+json`.',
    mediaTypes: { operationId: 'receiveAppEvent', types: ['application/json-patch+json'] },
  },
  /** Authentication, rule 5. */
  tokenNotExposed: {
    id: 'tokenNotExposed',
    entry: 'authentication.rule5',
    section: 'Authentication, rule 5',
    sentence: 'The token must not be exposed in public code, logs or API responses.',
  },
  /** Authentication, rule 7. */
  permission403: {
    id: 'permission403',
    entry: 'authentication.rule7',
    section: 'Authentication, rule 7',
    sentence: 'When the token is valid but lacks permission for the resource, the response is 403.',
  },
} as const satisfies Record<string, StatedRule>;

/**
 * The stated rule that gives this answer of `operationId` its body shape, when the description
 * states it (a rule naming the very status comes before one naming all errors).
 */
export function statedShape(operationId: string, status: number): StatedRule | undefined {
  const rules = Object.values(STATED_RULES as Record<string, StatedRule>).filter((rule) =>
    rule.shape?.operationIds.includes(operationId),
  );
  return (
    rules.find((r) => Array.isArray(r.shape?.answers) && r.shape.answers.includes(status)) ??
    rules.find((r) =>
      r.shape?.answers === 'errors' ? status >= 400 : r.shape?.answers === 'success' && status >= 200 && status < 300,
    )
  );
}

/**
 * The stated shape this answer breaks by having another: a body with none of the fields that tell its
 * stated error shape apart, and some of another stated shape's (problem details where the error list
 * is stated). Which fields an error body requires is not shown; which of the three shapes an
 * operation uses is, except for a 401 or 403: the provider update, an error-list operation, answers
 * those with empty JSON, so another operation's 401 and 403 bodies are open.
 */
export function otherStatedShape(operationId: string, status: number, body: unknown): StatedRule | undefined {
  if (status === 401 || status === 403) return undefined;
  const stated = statedShape(operationId, status);
  const own = stated?.shape?.fields;
  if (!own || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const has = (fields: readonly string[]) => fields.some((field) => Object.hasOwn(body, field));
  if (has(own)) return undefined;
  const others = Object.values(STATED_RULES as Record<string, StatedRule>).filter((r) => r !== stated);
  return others.some((r) => r.shape?.fields && has(r.shape.fields)) ? stated : undefined;
}

/** The stated rule under which `operationId` accepts a body sent as `mediaType`, when the description states one. */
export function statedMediaType(operationId: string, mediaType: string): StatedRule | undefined {
  const sent = mediaTypeOf(mediaType);
  return Object.values(STATED_RULES as Record<string, StatedRule>).find(
    (rule) => rule.mediaTypes?.operationId === operationId && acceptsMediaType(rule.mediaTypes.types, sent),
  );
}

/** Whether a rule about requests speaks of this operation (its `operationIds`). */
export function speaksOf(rule: StatedRule, operationId: string): boolean {
  return rule.operationIds?.includes(operationId) === true;
}

/** How a report quotes a stated rule: `documented: "…" (Endpoints, rule 5)`. */
export function quoteStatedRule(rule: StatedRule): string {
  return `documented: "${rule.sentence}" (${rule.section})`;
}

/** The stated rule that gives `operationId` its `status`, when the description states one in so many words. */
export function statedAnswer(operationId: string, status: number): StatedRule | undefined {
  return Object.values(STATED_RULES as Record<string, StatedRule>).find(
    (rule) => rule.answer?.operationId === operationId && rule.answer.status === status,
  );
}
