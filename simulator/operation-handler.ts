/**
 * What a resource handler receives and returns: business logic only, on an already checked request.
 * Path parameters, bodies and success bodies are typed from the OpenAPI document (contract/operation-types.ts),
 * and the table of handlers names every operation, so a missing or unknown operation is a compile error.
 */
import type { OperationId, PathParamsOf, RequestBodyOf, SuccessBodyOf } from '../contract/index.ts';
import type { TokenClaims } from './auth.ts';
import type { RecordStore } from './store/record-store.ts';

export interface OperationContext<Id extends OperationId> {
  params: PathParamsOf<Id>;
  /** The body, already parsed and valid against the operation's schema (never for an operation without one). */
  body: RequestBodyOf<Id>;
  claims: TokenClaims | undefined;
  store: RecordStore;
}

/** Resolves to the success body, or undefined for a success without one; raises SimulatorError otherwise. */
export type OperationHandler<Id extends OperationId> = (ctx: OperationContext<Id>) => Promise<SuccessBodyOf<Id>>;

/** One handler per operation of the document. */
export type OperationHandlers = { [Id in OperationId]: OperationHandler<Id> };

/** A handler as the routes call it: they know the operation only at run time, by its id. */
export type UncheckedHandler = (ctx: {
  params: Record<string, string>;
  body: unknown;
  claims: TokenClaims | undefined;
  store: RecordStore;
}) => Promise<unknown>;

/**
 * The handler of the operation with this id, undefined when the table has none. The routes call it
 * only with parameters and a body that passed the operation's schemas, which is what its types say.
 */
export function handlerFor(handlers: OperationHandlers, id: string): UncheckedHandler | undefined {
  return Object.hasOwn(handlers, id) ? (handlers[id as OperationId] as UncheckedHandler) : undefined;
}
