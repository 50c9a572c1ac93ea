/**
 * The credential of a recorded request as a role, never as a value: a token the operation accepts is
 * the suite's own (`auth` left out), one without the operation's scope is `{ scopes }` (the profile's
 * tokenWithoutPermission), one bound to a dealer, merchant, consumer or user is `{ claims }` (its
 * bound token), an expired one is `{ claims: { expiresInSeconds: -60 } }` (its expiredToken), the
 * order counter's key is its apiKey, and a credential the target refused as invalid is replayed as
 * the literal `<redacted>`, which every target refuses too. With a target profile (`record --profile`),
 * a credential's role is the one the profile gives its value (credential-roles.ts), and a token that is
 * not the simulator's (no `scope` claim) is never guessed from: both write a credential they cannot
 * place as an environment placeholder.
 */
import { decodeJwt } from 'jose';
import type { ClaimsSpec, Operation, StepAuth } from '../contract/index.ts';
import { REDACTED } from '../report/redact.ts';
import type { CredentialRole, CredentialRoles } from './credential-roles.ts';
import type { RecordedExchange } from './recorded-exchange.ts';

/**
 * How a recorded step authenticates: the step's `auth`, a header that stands for a refused credential,
 * or the Authorization header written out with a placeholder for a credential no role describes.
 */
export type RecordedAuth = { auth?: StepAuth; refusedCredential?: true; authorization?: string };

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
  roles?: CredentialRoles,
): RecordedAuth {
  const authorization = exchange.headers.authorization;
  if (authorization === undefined || authorization === '') return operation ? { auth: 'none' } : {};
  if (!operation) return {};
  const where = `${exchange.method} ${exchange.path}`;
  if (roles?.fromProfile) return authOfRole(roles.roleOf(authorization, where), authorization, operation, valueOf);
  if (operation.security.scheme === 'apiKey') return exchange.status === 401 ? { refusedCredential: true } : {};
  const claims = claimsOf(authorization);
  // Not a simulator's token: its claims say nothing of its role.
  if (claims && typeof claims.scope !== 'string' && roles)
    return authOfRole(roles.roleOf(authorization, where), authorization, operation, valueOf);
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

const CLAIM_OF_PARAM: Record<string, keyof ClaimsSpec> = {
  dealerId: 'dealerId',
  merchantId: 'merchantId',
  consumerId: 'consumerId',
  userId: 'sub',
};

/** The step auth that gets a role's credential from the replay's profile (or mints its like on a simulator). */
function authOfRole(
  role: CredentialRole,
  authorization: string,
  operation: Operation,
  valueOf: (id: string) => string,
): RecordedAuth {
  const apiKeyOperation = operation.security.scheme === 'apiKey';
  switch (role.role) {
    case 'token':
      // On the counter, a bearer token is asked for by scopes, which the main token holds.
      return apiKeyOperation ? { auth: { scopes: operation.security.scopes } } : {};
    case 'apiKey':
      return apiKeyOperation ? {} : { auth: 'apiKey' };
    case 'tokenWithoutPermission':
      return { auth: { scopes: [] } };
    case 'expiredToken':
      return { auth: EXPIRED };
    case 'bound': {
      const claim = CLAIM_OF_PARAM[role.param] ?? 'sub';
      // Another resource than the path names: any fresh id is another one.
      return { auth: { claims: { [claim]: role.other ? '{{uuid}}' : valueOf(role.id) } } };
    }
    case 'unknown': {
      const scheme = /^(Bearer)\s+/i.exec(authorization.trim())?.[1];
      return { authorization: `${scheme ? `${scheme} ` : ''}{{env.${role.variable}}}` };
    }
  }
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
