/** Renders an error in the shape the seed assigns to the operation's family. */
import type { ErrorShape } from '../spec/index.ts';
import type { SimulatorError } from './error-catalogue.ts';

/** ErrorOr's error types, the vocabulary of the failure object's `type` and `numericType`. */
const FAILURE_TYPES: Record<number, [string, number]> = {
  400: ['Validation', 2], 401: ['Unauthorized', 5], 403: ['Forbidden', 6], 404: ['NotFound', 4],
  409: ['Conflict', 3], 422: ['Validation', 2], 500: ['Unexpected', 1],
};

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict',
  413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 500: 'Internal Server Error',
  502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export interface RenderedError {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

export function renderError(shape: ErrorShape, error: SimulatorError, instance: string): RenderedError {
  // 401 and 403 are the empty JSON object, except where failures are problem details (the event intake).
  if ((error.status === 401 || error.status === 403) && shape !== 'problem') return { status: error.status, contentType: 'application/json', body: {} };
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
