/**
 * Types of the platform's operations, derived from the types openapi-typescript generates from the
 * OpenAPI document (contract/generated/platform-api.ts, `npm run generate`): editing the document and
 * regenerating changes them, so code written against them follows the contract at compile time.
 */
import type { components, operations } from './generated/platform-api.ts';

/** Every operationId of the document. */
export type OperationId = keyof operations;

/** The path parameters of an operation, by name (an empty object when it has none). */
export type PathParamsOf<Id extends OperationId> = operations[Id]['parameters'] extends { path: infer P }
  ? P
  : Record<never, never>;

/**
 * The request body of an operation, never when it takes none. Every media type an operation accepts
 * carries the same schema in this document (receiveAppEvent's is application/json-patch+json).
 */
export type RequestBodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: infer C } }
  ? C[keyof C]
  : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204;
type SuccessResponseOf<Id extends OperationId> = operations[Id]['responses'][SuccessStatus &
  keyof operations[Id]['responses']];

/** The body an operation answers on success (its JSON content), undefined when the success has none. */
export type SuccessBodyOf<Id extends OperationId> =
  SuccessResponseOf<Id> extends { content: { 'application/json': infer B } } ? B : undefined;

/** The name of every schema of `components.schemas`. */
export type SchemaName = keyof components['schemas'];

/** The type of one named schema of the document. */
export type Schema<Name extends SchemaName> = components['schemas'][Name];
