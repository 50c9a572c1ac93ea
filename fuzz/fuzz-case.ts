/** What the fuzzers generate and send: one test case for one operation, and the request it becomes. */
import type { HttpMethod } from '../contract/index.ts';

export type CaseKind = 'positive' | 'negative' | 'auth';

/** How a case authenticates: with the operation's valid credentials, or one of the auth negatives. */
export type AuthVariant =
  | 'valid'
  | 'no_token'
  | 'malformed_token'
  | 'bad_signature'
  | 'alg_none'
  | 'expired'
  | 'missing_scope'
  | 'api_key_for_bearer'
  | 'bearer_for_api_key'
  | 'wrong_api_key';

export interface FuzzCase {
  kind: CaseKind;
  operationId: string;
  /** Path parameter values as generated (not yet URL-encoded). */
  pathParams: Record<string, string>;
  /** A JSON body, serialized when sent. */
  body?: unknown;
  /** A body sent exactly as written (malformed JSON, a JSON text under a wrong media type). */
  rawBody?: string;
  /** The Content-Type of the body. */
  mediaType?: string;
  auth: AuthVariant;
  /** What the case does: `positive`, `missing_required body.name`, `auth expired`. */
  description: string;
  /** The statuses the simulator answers for this case. */
  expected: number[];
  /** The spec's reason when the case is negative only because of an `x-assumed` rule. */
  assumed?: string;
}

/** A request as sent, for reports, curl commands and scenario files. */
export interface SentRequest {
  method: HttpMethod;
  /** The URL-encoded path, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  mediaType?: string;
}

/** Fills an OpenAPI path template with URL-encoded parameter values. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
