/**
 * The Fastify server's options: its logger (pino, one line per request), the body limit, the time
 * limits for clients that send slowly, how requests refused before any route sees them are answered
 * (error-handler.ts), and the router's limits.
 */
import type { Server } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyHttpOptions } from 'fastify';
import { pino, type Logger } from 'pino';
import { REDACTED } from '../report/index.ts';
import { SECRET_FIELDS, SECRET_HEADERS } from '../contract/index.ts';
import { answerClientError, sendError, toSimulatorError } from './error-handler.ts';
import type { SimulatorOptions } from './simulator-options.ts';

export const BODY_LIMIT = 1024 * 1024;
/** How long a client may take to send a request's headers, and the whole request, by default. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const BODY_TIMEOUT_MS = 30_000;

export interface ServerTimeouts {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/** The time limits given, or their defaults; refused unless whole milliseconds, the body's no shorter than the headers'. */
export function timeoutsOf(options: Pick<SimulatorOptions, 'headersTimeoutMs' | 'bodyTimeoutMs'>): ServerTimeouts {
  const headersTimeoutMs = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? Math.max(BODY_TIMEOUT_MS, headersTimeoutMs);
  for (const [name, value] of [
    ['headersTimeoutMs', headersTimeoutMs],
    ['bodyTimeoutMs', bodyTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a whole number of milliseconds above 0, not ${value}`);
  }
  if (bodyTimeoutMs < headersTimeoutMs)
    throw new Error(
      `the body timeout (${bodyTimeoutMs} ms) counts the headers too, so it cannot be shorter than the headers timeout (${headersTimeoutMs} ms)`,
    );
  return { headersTimeoutMs, bodyTimeoutMs };
}

/**
 * The fields of a log line that never show: every header and property the spec marks `x-secret`
 * (`contract/secret-fields.ts`), as a header of the request or of a `headers` object, and as a property
 * of a logged object down to two levels (a body, a body's record).
 */
export const LOG_REDACTION_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((header) => [
    `req.headers[${JSON.stringify(header)}]`,
    `headers[${JSON.stringify(header)}]`,
  ]),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** The simulator's logger: `silent` unless a level is given. */
export function simulatorLogger(options: Pick<SimulatorOptions, 'logLevel' | 'logStream'>): Logger {
  return pino(
    {
      level: options.logLevel ?? 'silent',
      // Nothing logs headers or bodies; these paths guard against a future line that would.
      redact: { paths: [...LOG_REDACTION_PATHS], censor: REDACTED },
    },
    options.logStream,
  );
}

export function serverOptions(logger: Logger, timeouts: ServerTimeouts): FastifyHttpOptions<Server> {
  const { headersTimeoutMs, bodyTimeoutMs } = timeouts;
  const logRequests = logger.isLevelEnabled('info');
  return {
    loggerInstance: logger as FastifyBaseLogger,
    // A child logger per request costs more than the rest of a product read; it is made only when
    // request lines are written.
    childLoggerFactory: (parent, bindings, options) => (logRequests ? parent.child(bindings, options) : parent),
    // One line per request is written on response (request-lifecycle.ts), with the operation id.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // A request whose headers or body arrive too slowly is answered 408 and its socket closed, freeing
    // what it had sent; the check runs often enough for short limits to hold.
    requestTimeout: bodyTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.floor(headersTimeoutMs / 4))),
    },
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    // Requests the router refuses before any route sees them get the same error shape.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, toSimulatorError(error, request));
    },
  };
}
