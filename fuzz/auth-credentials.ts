/**
 * The Authorization header of every auth variant for one operation: the valid credentials of the
 * target session, and the negatives (no token, malformed, bad signature, alg none, expired, missing
 * scope, an API key where a bearer token is needed and the reverse).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Operation } from '../contract/index.ts';
import type { TargetSession } from '../target/index.ts';
import type { AuthVariant } from './fuzz-case.ts';

export interface OperationCredentials {
  /** The variants this operation can be sent with, on this target (`valid` first). */
  variants: AuthVariant[];
  /** Variants that cannot be made on this target, with the reason. */
  unavailable: { variant: AuthVariant; reason: string }[];
  /** The header value of a variant; undefined means no Authorization header. */
  header(variant: AuthVariant): string | undefined;
  /** The status a variant must be answered with (401, or 403 for a missing scope). */
  expected(variant: AuthVariant): number;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Builds the headers of every variant up front (minting simulator tokens where needed). */
export async function prepareCredentials(session: TargetSession, op: Operation): Promise<OperationCredentials> {
  const headers = new Map<AuthVariant, string | undefined>();
  const unavailable: { variant: AuthVariant; reason: string }[] = [];
  const valid = await session.authorization(op.security.scheme, op.security.scopes);
  headers.set('valid', valid);
  headers.set('no_token', undefined);
  const apiKey = await session.authorization('apiKey', []);
  if (op.security.scheme === 'apiKey') {
    headers.set('wrong_api_key', `${apiKey}-wrong`);
    const bearer = session.simulator ? await session.authorization('bearer', ['payments:write']) : `Bearer ${apiKey}`;
    headers.set('bearer_for_api_key', bearer);
  } else {
    const token = valid.replace(/^Bearer\s+/, '');
    const payload = token.split('.')[1];
    headers.set('malformed_token', 'Bearer not-a-jwt');
    headers.set('api_key_for_bearer', apiKey);
    headers.set('bad_signature', `Bearer ${await badSignature(token, op.security.scopes, session.tenant)}`);
    const claims = payload
      ? payload
      : b64url({ scope: op.security.scopes.join(' '), exp: Math.floor(Date.now() / 1000) + 3600 });
    headers.set('alg_none', `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${claims}.`);
    const expired = await session.tokenFor({ kind: 'expired', scopes: op.security.scopes });
    if (typeof expired === 'string') headers.set('expired', `Bearer ${expired}`);
    else unavailable.push({ variant: 'expired', reason: `needs ${expired.unavailable} in the target profile` });
    if (op.security.scopes.length > 0) {
      const withoutScope = await session.tokenFor({ kind: 'withoutPermission', scopes: [] });
      if (typeof withoutScope === 'string') headers.set('missing_scope', `Bearer ${withoutScope}`);
      else
        unavailable.push({
          variant: 'missing_scope',
          reason: `needs ${withoutScope.unavailable} in the target profile`,
        });
    }
  }
  return {
    variants: [...headers.keys()],
    unavailable,
    header: (variant) => headers.get(variant),
    expected: (variant) => (variant === 'missing_scope' ? 403 : 401),
  };
}

/** The same token with its signature changed; a token signed with a random key when there is none. */
async function badSignature(token: string, scopes: string[], tenant: string | undefined): Promise<string> {
  const parts = token.split('.');
  if (parts.length === 3 && parts[2]) {
    const signature = parts[2];
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    return `${parts[0]}.${parts[1]}.${flipped}`;
  }
  return new SignJWT({ scope: scopes.join(' '), ...(tenant ? { tid: tenant } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(randomBytes(32));
}
