/**
 * The credential of a recorded request as a role, never as a value: a token the operation accepts is
 * the suite's own (`auth` left out), one without the operation's scope is `{ scopes }` (the profile's
 * tokenWithoutPermission), one bound to a dealer, merchant, consumer or user is `{ claims }` (its
 * bound token), an expired one is `{ claims: { expiresInSeconds: -60 } }` (its expiredToken), the
 * order counter's key is its apiKey, and a credential the target refused as invalid is replayed as
 * the literal `<redacted>`, which every target refuses too.
 */
import { decodeJwt } from 'jose';
import type { ClaimsSpec, Operation, StepAuth } from '../contract/index.ts';
import { REDACTED } from '../report/redact.ts';
import type { RecordedExchange } from './recorded-exchange.ts';

/** How a recorded step authenticates: the step's `auth`, or a header that stands for a refused credential. */
export type RecordedAuth = { auth?: StepAuth; refusedCredential?: true };

/** Path parameters a token's claim binds, as the scenario format names the claim. */
const BINDINGS = [
  ['dealer_id', 'dealerId', 'dealerId'],
  ['merchant_id', 'merchantId', 'merchantId'],
  ['consumer_id', 'consumerId', 'consumerId'],
  ['sub', 'sub', 'userId'],
] as const;

const EXPIRED: StepAuth = { claims: { expiresInSeconds: -60 } };

/** The role of a recorded request's credential; `valueOf` turns a bound id into its capture reference. */
export function recordedAuth(
  exchange: RecordedExchange,
  operation: Operation | undefined,
  valueOf: (id: string) => string,
): RecordedAuth {
  const authorization = exchange.headers.authorization;
  if (authorization === undefined || authorization === '') return operation ? { auth: 'none' } : {};
  if (!operation) return {};
  if (operation.security.scheme === 'apiKey') return exchange.status === 401 ? { refusedCredential: true } : {};
  const claims = claimsOf(authorization);
  if (claims) return roleOfClaims(claims, exchange, operation, valueOf);
  // A journal's token is redacted: the refusal says which role it had.
  const refusal = exchange.refusal;
  if (exchange.status === 401)
    return /expired/i.test(refusal?.message ?? '') ? { auth: EXPIRED } : { refusedCredential: true };
  if (exchange.status === 403) {
    const param = refusal?.target.startsWith('path.') ? refusal.target.slice('path.'.length) : undefined;
    const binding = BINDINGS.find(([, , p]) => p === param);
    // Bound to another resource than the path names: any fresh id is another one.
    if (binding) return { auth: { claims: { [binding[1]]: '{{uuid}}' } } };
    return { auth: { scopes: [] } };
  }
  return {};
}

function roleOfClaims(
  claims: Record<string, unknown>,
  exchange: RecordedExchange,
  operation: Operation,
  valueOf: (id: string) => string,
): RecordedAuth {
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  if (exp !== undefined && exp <= (exchange.time ?? Date.now())) return { auth: EXPIRED };
  const bound: ClaimsSpec = {};
  const params = new Set(operation.pathParams.map((p) => p.name));
  for (const [claim, name, param] of BINDINGS) {
    const value = claims[claim];
    if (typeof value === 'string' && params.has(param)) bound[name] = valueOf(value);
  }
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  const lacksScope = !operation.security.scopes.every((s) => scopes.includes(s));
  if (exchange.status === 401 && !lacksScope && Object.keys(bound).length === 0) return { refusedCredential: true };
  const auth: StepAuth = {
    ...(lacksScope ? { scopes } : {}),
    ...(Object.keys(bound).length > 0 ? { claims: bound } : {}),
  };
  return Object.keys(auth).length > 0 ? { auth } : {};
}

/** A bearer JWT's claims, read without verifying (the recorder holds no key); undefined for anything else. */
function claimsOf(authorization: string): Record<string, unknown> | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token || token.includes(REDACTED)) return undefined;
  try {
    return decodeJwt(token) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
