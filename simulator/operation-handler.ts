/** What a resource handler receives and returns: business logic only, on an already checked request. */
import type { TokenClaims } from './auth.ts';
import type { RecordStore } from './record-store.ts';

export interface OperationContext<Body = unknown> {
  params: Record<string, string>;
  /** The body, already parsed and valid against the operation's schema. */
  body: Body;
  claims: TokenClaims | undefined;
  store: RecordStore;
}

/** Resolves to the success body, or undefined for a success without one; raises SimulatorError otherwise. */
export type OperationHandler = (ctx: OperationContext<never>) => Promise<unknown>;

export type HandlerTable = Record<string, OperationHandler>;
