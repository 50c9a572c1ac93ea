/** What the simulator keeps about a request while it is served, for the journal and the log line. */
import type { FastifyRequest } from 'fastify';
import type { Operation, ValidationIssue } from '../contract/index.ts';
import type { TokenClaims } from './auth.ts';
import type { Refusal } from './refusal.ts';
import type { Tenant } from './store/tenants.ts';

export interface RequestState {
  op: Operation | undefined;
  /** The request is for the admin API, not the platform's. */
  admin: boolean;
  tenant: Tenant | undefined;
  started: number;
  /** Its journal entry is written (before the answer, or after one sent raw). */
  journaled: boolean;
  claims: TokenClaims | undefined;
  /** The status was asked for (Prefer, fault rule), not earned; logs and journal say so. */
  simulated: boolean;
  /** The request and response bodies as sent, for the journal. */
  requestText: string | undefined;
  responseText: string | undefined;
  /** Secret values the request carried (its token or key), redacted wherever the request is shown. */
  secrets: string[];
  /** The validation issues of a refused request, and the rule that refused it, for the journal. */
  issues?: ValidationIssue[];
  refusal?: Refusal;
}

declare module 'fastify' {
  interface FastifyRequest {
    sim: RequestState;
  }
  interface FastifyContextConfig {
    operation?: Operation;
    admin?: boolean;
    /** The admin API operation a route serves (contract/admin-api.openapi.yaml). */
    adminOperationId?: string;
  }
}

/** The request's path, without its query. */
export function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** Milliseconds since `started` (a `performance.now()`), to two decimals: a request's duration. */
export function millisecondsSince(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
