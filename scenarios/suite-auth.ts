/**
 * A suite's credentials: its auth profile turned into a plan (a static token, or tokens minted by
 * the simulator), and each step's Authorization header under that plan.
 */
import { execSync } from 'node:child_process';
import type { Operation } from '../spec/index.ts';
import type { TargetSession, TokenClaims } from '../target/index.ts';
import type { AuthProfile, ClaimsSpec, StepAuth } from './scenario-types.ts';
import { renderText, renderValue, type Variables } from './template.ts';

export type SuiteAuthPlan =
  | { kind: 'static'; token: string }
  | { kind: 'mint'; scopes?: string[]; claims?: ClaimsSpec }
  | { kind: 'skip'; reason: string };

/** A step that cannot run on this target, with the reason. */
export class StepSkip {
  constructor(readonly reason: string) {}
}

/**
 * How a suite authenticates: a token given to the run wins, then the suite's static token or
 * token command; a simulator profile mints tokens, which only a simulator can.
 */
export function planSuiteAuth(profile: AuthProfile | undefined, runToken: string | undefined, simulator: boolean, url: string, vars: Variables): SuiteAuthPlan {
  if (runToken) return { kind: 'static', token: runToken };
  const chosen = profile ?? { profile: 'simulator' };
  if (chosen.profile === 'static') return { kind: 'static', token: renderText(chosen.token, vars) };
  if (chosen.profile === 'command') {
    let token: string;
    try {
      token = execSync(renderText(chosen.command, vars), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }).trim();
    } catch (error) {
      throw new Error(`the suite's token command failed (exit ${String((error as { status?: number }).status ?? 'unknown')})`);
    }
    if (!token) throw new Error('the suite\'s token command printed no token');
    return { kind: 'static', token };
  }
  if (!simulator) return { kind: 'skip', reason: `mints its tokens from a gas-harness simulator and ${url} is not one; give --token or --token-command` };
  return { kind: 'mint', ...(chosen.scopes ? { scopes: chosen.scopes } : {}), ...(chosen.claims ? { claims: chosen.claims } : {}) };
}

/**
 * The simulator tenant a given token is bound to (its `tid` claim, read without verification): on a
 * simulator the token's tenant wins over the header, so the suite's set-up must go there too.
 */
export function tenantOfToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { tid?: unknown };
    return typeof claims.tid === 'string' ? claims.tid : undefined;
  } catch {
    return undefined;
  }
}

/** Produces each step's Authorization value; minted tokens are cached per scopes and claims. */
export function createStepAuthorizer(session: TargetSession, plan: SuiteAuthPlan) {
  const minted = new Map<string, Promise<string>>();
  const mint = (scopes: string[], claims: ClaimsSpec | undefined, vars: Variables): Promise<string> => {
    const rendered = (claims ? renderValue(claims, vars) : {}) as Record<string, unknown>;
    const tokenClaims: TokenClaims = { scopes };
    for (const key of ['sub', 'dealerId', 'merchantId', 'consumerId', 'userType'] as const) {
      if (rendered[key] !== undefined) tokenClaims[key] = String(rendered[key]);
    }
    if (rendered.expiresInSeconds !== undefined) tokenClaims.expiresInSeconds = Number(rendered.expiresInSeconds);
    const key = JSON.stringify(tokenClaims);
    let token = minted.get(key);
    if (!token) {
      token = session.mintToken(tokenClaims);
      minted.set(key, token);
    }
    return token;
  };

  /** The Authorization value for a step, undefined for none, or a StepSkip when this target cannot give it. */
  return async (auth: StepAuth | undefined, operation: Operation | undefined, vars: Variables): Promise<string | undefined | StepSkip> => {
    const chosen = auth ?? 'default';
    if (chosen === 'none') return undefined;
    if (chosen === 'apiKey' || (chosen === 'default' && operation?.security.scheme === 'apiKey')) return session.authorization('apiKey', []);
    const scopes = (typeof chosen === 'object' ? chosen.scopes : undefined) ?? (plan.kind === 'mint' ? plan.scopes : undefined) ?? operation?.security.scopes ?? [];
    if (typeof chosen === 'object') {
      if (!session.simulator) return new StepSkip(`needs a token minted by a simulator (scopes: ${scopes.join(' ') || 'none'}), and ${session.url} is not one`);
      return `Bearer ${await mint(scopes, chosen.claims ?? (plan.kind === 'mint' ? plan.claims : undefined), vars)}`;
    }
    if (plan.kind === 'static') return `Bearer ${plan.token}`;
    if (plan.kind === 'skip') return new StepSkip(plan.reason);
    return `Bearer ${await mint(scopes, plan.claims, vars)}`;
  };
}

export type StepAuthorizer = ReturnType<typeof createStepAuthorizer>;
