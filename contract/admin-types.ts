/**
 * The simulator's admin API (`/__sim`) as types, from contract/admin-api.openapi.yaml through the generated
 * contract/generated/admin-api.ts: the simulator that serves it and the client that calls it share them,
 * so neither imports the other and a change to the document reaches both at compile time.
 */
import type { components, operations } from './generated/admin-api.ts';

type AdminSchemas = components['schemas'];

export type AdminOperationId = keyof operations;

/** The JSON body an admin operation takes; never for one that takes none. */
export type AdminRequestBody<Id extends AdminOperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON body an admin operation answers on success (200 or 201); undefined for a 204. */
export type AdminResponseBody<Id extends AdminOperationId> = operations[Id]['responses'] extends infer Responses
  ? Responses extends { 200: { content: { 'application/json': infer Body } } }
    ? Body
    : Responses extends { 201: { content: { 'application/json': infer Body } } }
      ? Body
      : undefined
  : never;

/** What `POST /__sim/tokens` takes: the scopes and bindings of a simulator access token. */
export type TokenRequest = AdminSchemas['TokenRequest'];
export type MintedToken = AdminResponseBody<'mintToken'>;
export type AdminHealth = AdminResponseBody<'getHealth'>;
export type AdminOperationSummary = AdminSchemas['OperationSummary'];
/** A tenant's state as `GET /__sim/state` answers it and `PUT`/`PATCH /__sim/state` take it. */
export type AdminSnapshot = AdminSchemas['Snapshot'];
export type AdminRecord = AdminSchemas['StoredRecord'];
export type AdminCollectionName = keyof AdminSnapshot['collections'];
export type AdminJournalEntry = AdminSchemas['JournalEntry'];
export type AdminFaultRule = AdminSchemas['FaultRule'];
export type AdminFaultConfig = AdminSchemas['FaultConfig'];
export type ProviderStateRequest = AdminRequestBody<'setProviderState'>;
/** The values a provider state used (ids), by parameter name. */
export type ProviderStateValues = AdminResponseBody<'setProviderState'>;
export type AdminCounter = AdminResponseBody<'listCounters'>['counters'][number];
/** The filters of `GET /__sim/requests`. */
export type AdminJournalQuery = Omit<NonNullable<operations['listRequests']['parameters']['query']>, 'tenant'>;
