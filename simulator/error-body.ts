/** Renders an error in the shape the seed assigns to the operation's family. */
import type { ErrorShape, Operation } from '../contract/index.ts';
import type { SimulatorError } from './error-catalogue.ts';

/** ErrorOr's error types, the vocabulary of the failure object's `type` and `numericType`. */
const FAILURE_TYPES: Record<number, [string, number]> = {
  400: ['Validation', 2],
  401: ['Unauthorized', 5],
  403: ['Forbidden', 6],
  404: ['NotFound', 4],
  409: ['Conflict', 3],
  422: ['Validation', 2],
  500: ['Unexpected', 1],
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface RenderedError {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** The body an error answer takes: an error shape, or the empty JSON object of a 401 or 403. */
export type ErrorBodyShape = ErrorShape | 'empty';

/**
 * The shape the spec documents for this status of the operation (the user operations' 403 is a
 * failure object, the others' the empty object); a status it does not list takes the operation's
 * error shape, 401 and 403 the empty object. Without an operation (the admin API, an unknown path),
 * the error list.
 */
export function errorShapeFor(operation: Operation | undefined, status: number): ErrorBodyShape {
  const documented = operation?.responses.get(status)?.shape;
  if (documented === 'empty' || documented === 'errorList' || documented === 'failure' || documented === 'problem')
    return documented;
  if (status === 401 || status === 403) return operation?.errorShape === 'problem' ? 'problem' : 'empty';
  return operation?.errorShape ?? 'errorList';
}

export function renderError(shape: ErrorBodyShape, error: SimulatorError, instance: string): RenderedError {
  if (shape === 'empty') return { status: error.status, contentType: 'application/json', body: {} };
  if (shape === 'failure') {
    const [type, numericType] = FAILURE_TYPES[error.status] ?? ['Failure', 0];
    return {
      status: error.status,
      contentType: 'application/json',
      body: {
        code: error.code,
        description: error.details.map((d) => d.message).join(' '),
        type,
        numericType,
        metadata: { target: error.target, errors: error.details.map(({ target, message }) => ({ target, message })) },
      },
    };
  }
  if (shape === 'problem') {
    return {
      status: error.status,
      contentType: 'application/problem+json',
      body: {
        type: `https://www.rfc-editor.org/rfc/rfc9110#status.${error.status}`,
        title: REASONS[error.status] ?? 'Error',
        status: error.status,
        detail: error.details.map((d) => d.message).join(' '),
        instance,
        code: error.code,
        target: error.target,
      },
    };
  }
  return { status: error.status, contentType: 'application/json', body: { errors: error.details } };
}
