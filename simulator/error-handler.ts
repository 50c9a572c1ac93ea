/**
 * How failures become answers. Every refusal and every bug is a SimulatorError (error-catalogue.ts),
 * rendered in the shape the request's operation answers with (error-body.ts): errors thrown by
 * handlers and hooks, what Fastify or its router refused, unknown routes, and requests the HTTP parser
 * gave up on, answered on the socket itself. A bug is logged as one and answered 500 `SimulatorBug`,
 * never in the guise of a status a client asked for.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorShapeFor, renderError } from './error-body.ts';
import { SimulatorError } from './error-catalogue.ts';
import { refusalOf } from './refusal.ts';
import { pathOf } from './request-state.ts';

/** Errors thrown while a request is served, and requests no route matches, answered through sendError. */
export function registerErrorHandler(app: FastifyInstance, redactEchoedText: (text: string) => string): void {
  app.setErrorHandler((error: FastifyError | SimulatorError, request, reply) =>
    sendError(request, reply, toSimulatorError(error, request)),
  );
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new SimulatorError('RouteNotFound', {
        message: `No operation answers ${request.method} ${redactEchoedText(pathOf(request))}.`,
      }),
    ),
  );
}

/** A request the HTTP parser refused or gave up on (too slow, headers too large, malformed): answered in the error-list shape, then closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const simError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new SimulatorError('RequestTimeout')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new SimulatorError('HeadersTooLarge')
        : new SimulatorError('InvalidRequest', { message: 'The request could not be read as HTTP.' });
  const rendered = renderError('errorList', simError, '');
  const body = JSON.stringify(rendered.body);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // A lingering close: destroying a socket whose request body is still unread makes the kernel
  // answer with a reset that discards the unsent answer, so the client saw ECONNRESET instead of
  // the 408. Ending sends the answer and then FIN; the client's own FIN, or the linger, closes it.
  socket.end(
    `HTTP/1.1 ${rendered.status} ${STATUS_CODES[rendered.status] ?? 'Error'}\r\nContent-Type: ${rendered.contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(linger));
}

/** How long a refused connection may stay open for the client to read the answer and close. */
const LINGER_MS = 2_000;

/** The catalogue's error for what Fastify threw or refused; anything it cannot name is a logged bug. */
export function toSimulatorError(error: FastifyError | SimulatorError, request: FastifyRequest): SimulatorError {
  if (error instanceof SimulatorError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SimulatorError('PayloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SimulatorError('UnsupportedMediaType');
    case 'FST_ERR_BAD_URL':
      return new SimulatorError('InvalidUrl');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new SimulatorError('PathTooLong');
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A request Fastify itself refused (bad content length, aborted body): the client's fault.
        return new SimulatorError('InvalidRequest', { message: 'The request could not be read.' });
      }
      request.log.error(
        { err: error, operationId: request.sim?.op?.id ?? null, code: 'SimulatorBug' },
        'simulator bug',
      );
      return new SimulatorError('SimulatorBug');
  }
}

/** Answers the error in the operation's error shape (admin requests and unknown routes: the error list), noting the refusal for the journal. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: SimulatorError): FastifyReply {
  const op = request.sim?.op;
  const rendered = renderError(
    errorShapeFor(request.sim?.admin ? undefined : op, error.status),
    error,
    pathOf(request),
  );
  if (error.status === 401)
    void reply.header(
      'www-authenticate',
      op?.security.scheme === 'apiKey' ? 'ApiKey header="Authorization"' : 'Bearer',
    );
  const text = JSON.stringify(rendered.body);
  if (request.sim) {
    request.sim.responseText = text;
    if (error.code === 'SimulatedStatus') request.sim.simulated = true;
    if (!request.sim.admin) request.sim.refusal = refusalOf(op, error, request.sim.issues);
  }
  return reply.code(rendered.status).type(rendered.contentType).send(text);
}
