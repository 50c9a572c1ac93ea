/**
 * The simulator's authentication service and checks: mints HS256 access tokens, verifies bearer
 * tokens (401) and the API key, and enforces scopes and resource bindings (403).
 */
import { timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import type { Operation, TokenRequest } from '../contract/index.ts';
import { SimulatorError } from './error-catalogue.ts';

/** The claims of a simulator access token. */
export interface TokenClaims {
  sub?: string;
  tid?: string;
  scope?: string;
  dealer_id?: string;
  merchant_id?: string;
  consumer_id?: string;
  user_type?: string;
  exp?: number;
}

/** Which path parameter a claim binds a token to. */
const BINDINGS: [param: string, claim: keyof TokenClaims][] = [
  ['dealerId', 'dealer_id'],
  ['merchantId', 'merchant_id'],
  ['consumerId', 'consumer_id'],
  ['userId', 'sub'],
];

const TOKEN_CACHE_LIMIT = 2_000;

/** `Bearer <jwt>`: the scheme name in any case and any run of spaces before the token (RFC 9110, 11.4). */
const BEARER_JWT = /^bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;

const STRING_CLAIMS = ['sub', 'tid', 'scope', 'dealer_id', 'merchant_id', 'consumer_id', 'user_type'] as const;

/** True when every claim the simulator reads has the type it expects (a signed token may still hold anything). */
function hasClaimTypes(claims: Record<string, unknown>): claims is TokenClaims & Record<string, unknown> {
  return (
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp) &&
    STRING_CLAIMS.every((name) => claims[name] === undefined || typeof claims[name] === 'string')
  );
}

export class Authenticator {
  private readonly key: Uint8Array;
  private readonly apiKey: Buffer;
  /** Verified tokens, so a client reusing its token pays for the signature check once. */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(secret: string, apiKey: string) {
    this.key = new TextEncoder().encode(secret);
    this.apiKey = Buffer.from(apiKey);
  }

  async mint(request: TokenRequest): Promise<{ accessToken: string; expiresIn: number }> {
    const expiresIn = request.expiresInSeconds ?? 3600;
    const claims: TokenClaims = {
      scope: request.scopes.join(' '),
      ...(request.tenant ? { tid: request.tenant } : {}),
      ...(request.dealerId ? { dealer_id: request.dealerId } : {}),
      ...(request.merchantId ? { merchant_id: request.merchantId } : {}),
      ...(request.consumerId ? { consumer_id: request.consumerId } : {}),
      ...(request.userType ? { user_type: request.userType } : {}),
    };
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn);
    if (request.sub) jwt.setSubject(request.sub);
    return { accessToken: await jwt.sign(this.key), expiresIn };
  }

  /** Authenticates a request for an operation; returns the token's claims (none for the API key). */
  async authenticate(
    op: Operation,
    authorization: string | undefined,
    params: Record<string, string>,
  ): Promise<TokenClaims | undefined> {
    if (op.security.scheme === 'apiKey') {
      if (!authorization || !this.isApiKey(authorization)) throw new SimulatorError('Unauthenticated');
      return undefined;
    }
    const match = BEARER_JWT.exec(authorization ?? '');
    if (!match?.[1]) throw new SimulatorError('Unauthenticated');
    const claims = await this.verify(match[1]);
    const scopes = (claims.scope ?? '').split(' ');
    if (!op.security.scopes.every((s) => scopes.includes(s)))
      throw new SimulatorError('Forbidden', { message: `The token lacks the scope ${op.security.scopes.join(' ')}.` });
    for (const [param, claim] of BINDINGS) {
      const bound = claims[claim];
      if (param in params && typeof bound === 'string' && bound !== params[param]) {
        throw new SimulatorError('Forbidden', {
          target: `path.${param}`,
          message: `The token is bound to another ${param.replace(/Id$/, '')}.`,
        });
      }
    }
    return claims;
  }

  /** Reads the tenant claim of a token without trusting it (the operation's own check verifies it). */
  async tenantOf(authorization: string | undefined): Promise<string | undefined> {
    const token = BEARER_JWT.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    try {
      return (await this.verify(token)).tid;
    } catch {
      return undefined;
    }
  }

  private async verify(token: string): Promise<TokenClaims> {
    const cached = this.verified.get(token);
    if (cached) {
      if ((cached.exp ?? 0) * 1000 > Date.now()) return cached;
      this.verified.delete(token);
      throw new SimulatorError('Unauthenticated', { message: 'The token has expired.' });
    }
    let payload: Record<string, unknown>;
    try {
      // Only HS256 is accepted, so `alg: none` and other algorithms fail here.
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
    } catch {
      throw new SimulatorError('Unauthenticated');
    }
    // A token signed with the secret but holding a claim of the wrong type is not a valid token.
    if (!hasClaimTypes(payload))
      throw new SimulatorError('Unauthenticated', { message: 'The token has a claim of the wrong type.' });
    const claims: TokenClaims = payload;
    if (this.verified.size >= TOKEN_CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  private isApiKey(value: string): boolean {
    const given = Buffer.from(value);
    return given.length === this.apiKey.length && timingSafeEqual(given, this.apiKey);
  }
}
