/** Types of the operations table that `loadContract` derives from the OpenAPI document. */

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** The error body family the seed assigns to an operation. */
export type ErrorShape = 'errorList' | 'failure' | 'problem';

/** What a response's body is, by status. */
export type ResponseShape = ErrorShape | 'empty' | 'body' | 'none';

export interface ResponseSpec {
  /** The operation that answers it. */
  operationId: string;
  status: number;
  description: string;
  shape: ResponseShape;
  mediaType?: string;
  schema?: JsonSchema;
  /** The reason the spec gives when this status is an assumption; absent when the seed states it. */
  assumed?: string;
  /** The reason the spec gives when the status is documented but what triggers it is assumed. */
  assumedCondition?: string;
  /** The reason the spec gives when the status is documented but its body shape is assumed. */
  assumedBody?: string;
  /** The reason the spec gives when the body's shape is documented but its media type is assumed. */
  assumedMediaType?: string;
}

export interface ParameterSpec {
  name: string;
  schema: JsonSchema;
}

export interface RequestBodySpec {
  required: boolean;
  mediaTypes: string[];
  schema: JsonSchema;
}

export interface SecuritySpec {
  scheme: 'bearer' | 'apiKey';
  scopes: string[];
  assumed?: string;
}

export interface Operation {
  id: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/products/{productId}`. */
  path: string;
  summary: string;
  pathParams: ParameterSpec[];
  requestBody?: RequestBodySpec;
  responses: Map<number, ResponseSpec>;
  security: SecuritySpec;
  errorShape: ErrorShape;
  /** The status the operation answers on success. */
  successStatus: number;
}

export interface Assumption {
  /** operationId, or `components/<kind>/<name>` for a shared element. */
  operation: string;
  element: string;
  choice: string;
  why: string;
  pointer: string;
}
