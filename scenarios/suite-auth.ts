/**
 * A suite's credentials: its auth profile turned into a plan (the run's token, the suite's own
 * static token or command, or tokens minted by the simulator), and each step's Authorization
 * header under that plan. A step that needs a token the run cannot get (one without the
 * permission, an expired one, one bound to a resource) is skipped, naming the profile key.
 */
import {
  resolveSecret,
  type BoundParam,
  type TargetSession,
  type TokenClaims,
  type Unavailable,
} from '../target/index.ts';
import type { AuthProfile, ClaimsSpec, Operation, StepAuth } from '../contract/index.ts';
import type { TokenBinding } from '../verdict/index.ts';
import { renderText, renderValue, type Variables } from './template.ts';

export type SuiteAuthPlan =
  { kind: 'static'; token: string; claims?: ClaimsSpec } | { kind: 'mint'; scopes?: string[]; claims?: ClaimsSpec };

/** A step that cannot run on this target, with the reason. */
export class StepSkip {
  constructor(readonly reason: string) {}
}

/**
 * How a suite authenticates: the run's token wins, then the suite's static token or token command;
 * otherwise tokens are minted by the simulator. A suite whose profile binds its token (claims) keeps
 * those claims, so its default steps still get a bound token.
 */
export function planSuiteAuth(
  profile: AuthProfile | undefined,
  runToken: string | undefined,
  vars: Variables,
): SuiteAuthPlan {
  const chosen = profile ?? { profile: 'simulator' };
  const claims = chosen.profile === 'simulator' && chosen.claims ? { claims: chosen.claims } : {};
  if (runToken) return { kind: 'static', token: runToken, ...claims };
  if (chosen.profile === 'static') return { kind: 'static', token: renderText(chosen.token, vars) };
  if (chosen.profile === 'command')
    return {
      kind: 'static',
      token: resolveSecret({ command: renderText(chosen.command, vars) }, "the suite's token command"),
    };
  return { kind: 'mint', ...(chosen.scopes ? { scopes: chosen.scopes } : {}), ...claims };
}

/** The claims that bind a token to one resource, and the path parameter each binds (a user is the token's subject). */
const BINDING_CLAIMS: readonly (readonly [string, BoundParam])[] = [
  ['dealerId', 'dealerId'],
  ['merchantId', 'merchantId'],
  ['consumerId', 'consumerId'],
  ['sub', 'userId'],
];

/** Produces each step's Authorization value; minted tokens are cached per scopes and claims. */
export function createStepAuthorizer(session: TargetSession, plan: SuiteAuthPlan) {
  const minted = new Map<string, Promise<string>>();
  const unavailable = (need: Unavailable) => new StepSkip(`needs ${need.unavailable} in the target profile`);

  /** A token for these claims: minted on a simulator, else the profile's token for the role they describe. */
  const tokenFor = async (
    scopes: string[],
    claims: ClaimsSpec | undefined,
    operation: Operation | undefined,
    params: Record<string, string>,
    vars: Variables,
  ): Promise<string | StepSkip> => {
    const rendered = (claims ? renderValue(claims, vars) : {}) as Record<string, unknown>;
    const expiresIn = rendered.expiresInSeconds !== undefined ? Number(rendered.expiresInSeconds) : undefined;
    if (session.simulator) {
      const tokenClaims: TokenClaims = { scopes };
      for (const key of ['sub', 'dealerId', 'merchantId', 'consumerId', 'userType'] as const)
        if (rendered[key] !== undefined) tokenClaims[key] = String(rendered[key]);
      if (expiresIn !== undefined) tokenClaims.expiresInSeconds = expiresIn;
      const key = JSON.stringify(tokenClaims);
      let token = minted.get(key);
      if (!token) {
        token = session.mintToken(tokenClaims);
        minted.set(key, token);
      }
      return token;
    }
    const needed = operation?.security.scopes ?? [];
    let token: string | Unavailable;
    if (expiresIn !== undefined && expiresIn <= 0) token = await session.tokenFor({ kind: 'expired', scopes });
    else {
      const binding = BINDING_CLAIMS.find(([claim]) => rendered[claim] !== undefined);
      if (binding) {
        const [claim, param] = binding;
        token = await session.tokenFor({
          kind: 'bound',
          param,
          id: String(rendered[claim]),
          ...(params[param] !== undefined ? { pathId: params[param] } : {}),
          scopes,
        });
      } else if (!needed.every((s) => scopes.includes(s)))
        token = await session.tokenFor({ kind: 'withoutPermission', scopes });
      else token = session.target.credentials.token ?? { unavailable: 'credentials.token' };
    }
    return typeof token === 'string' ? token : unavailable(token);
  };
  const bearer = (token: string | StepSkip) => (typeof token === 'string' ? `Bearer ${token}` : token);

  /** The Authorization value for a step, undefined for none, or a StepSkip when this target cannot give it. */
  return async (
    auth: StepAuth | undefined,
    operation: Operation | undefined,
    params: Record<string, string>,
    vars: Variables,
  ): Promise<string | undefined | StepSkip> => {
    const chosen = auth ?? 'default';
    if (chosen === 'none') return undefined;
    if (chosen === 'apiKey' || (chosen === 'default' && operation?.security.scheme === 'apiKey'))
      return session.authorization('apiKey', []);
    const planScopes = plan.kind === 'mint' ? plan.scopes : undefined;
    const scopes =
      (typeof chosen === 'object' ? chosen.scopes : undefined) ?? planScopes ?? operation?.security.scopes ?? [];
    if (typeof chosen === 'object')
      return bearer(await tokenFor(scopes, chosen.claims ?? plan.claims, operation, params, vars));
    if (plan.claims) return bearer(await tokenFor(scopes, plan.claims, operation, params, vars));
    if (plan.kind === 'static') return `Bearer ${plan.token}`;
    return session.authorization('bearer', scopes);
  };
}

export type StepAuthorizer = ReturnType<typeof createStepAuthorizer>;

/**
 * Whether a step's token is bound to another resource than the request names: its claims bind it
 * (dealerId, merchantId, consumerId, or sub for a user) to an id other than the path's (a user's id
 * in the body where the path names none, as the upsert of a user takes it). On a deployment such a
 * step gets the profile's token bound to another resource, or is skipped; on a simulator a token
 * minted with those claims. Undefined for a step whose Authorization is written out, or no bearer.
 */
export function tokenBoundElsewhere(
  auth: StepAuth | undefined,
  plan: SuiteAuthPlan,
  params: Record<string, string>,
  body: unknown,
  vars: Variables,
): TokenBinding | undefined {
  const chosen = auth ?? 'default';
  if (chosen === 'none' || chosen === 'apiKey') return undefined;
  const claims = (typeof chosen === 'object' ? chosen.claims : undefined) ?? plan.claims;
  if (!claims) return undefined;
  let rendered: Record<string, unknown>;
  try {
    rendered = renderValue(claims, vars) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  for (const [claim, param] of BINDING_CLAIMS) {
    const bound = rendered[claim];
    if (bound === undefined) continue;
    const bodyId =
      param === 'userId' && typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    const named = params[param] ?? (typeof bodyId === 'string' ? bodyId : undefined);
    if (named !== undefined && String(bound) !== named) return { param };
  }
  return undefined;
}
