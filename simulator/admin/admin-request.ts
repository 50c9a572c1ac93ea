/**
 * Reading an admin request: its JSON body, a snapshot checked whole before any of it is stored, and
 * the 400 `InvalidAdminRequest` (or `InvalidSnapshot`) that names what was wrong and where.
 */
import type { FastifyRequest } from 'fastify';
import type { Snapshot } from '../store/collections.ts';
import { SimulatorError } from '../error-catalogue.ts';
import { parseJsonBody } from '../json-body.ts';
import { snapshotProblems } from '../store/snapshot-schema.ts';

/** Refuses a body its schema rejected: 400, one detail per problem, the first as the message. */
export function invalidBody(errors: { instancePath: string; message?: string }[] | null | undefined): never {
  const details = (errors ?? []).map((e) => ({
    target: `body${e.instancePath.replace(/\//g, '.')}`,
    message: `body${e.instancePath.replace(/\//g, '.')} ${e.message ?? 'is invalid'}`,
  }));
  throw new SimulatorError('InvalidAdminRequest', {
    details,
    ...(details[0] ? { message: details[0].message, target: details[0].target } : {}),
  });
}

/** The request's body as JSON (`{}` when empty); refused as json-body.ts refuses a platform body that does not parse. */
export function jsonBody(request: FastifyRequest): unknown {
  const raw = request.body as Buffer | undefined;
  return raw && raw.length > 0 ? parseJsonBody(raw) : {};
}

/** The request's snapshot, or 400 naming every problem (the state is left as it was). */
export function validSnapshot(request: FastifyRequest): Snapshot {
  const snapshot = jsonBody(request);
  const problems = snapshotProblems(snapshot);
  if (problems.length > 0) {
    throw new SimulatorError('InvalidSnapshot', {
      details: problems.map((p) => ({ target: 'body', message: p })),
      message: problems.join('; '),
    });
  }
  return snapshot as Snapshot;
}

/** Refuses a query parameter: 400 naming it and what it must be. */
export function invalidQuery(name: string, what: string): never {
  throw new SimulatorError('InvalidAdminRequest', {
    target: `query.${name}`,
    message: `query.${name} must be ${what}.`,
  });
}
