/**
 * A connection to one resolved target (a gas-harness simulator or a real deployment) and the
 * credentials to call it: tokens minted by the simulator, or the run's own (flags or profile).
 * On a simulator every request, minted token and state change goes to one tenant: the one the
 * run's token names (`tid`) when it is bound to one, else a fresh tenant per session.
 */
import { DEV_API_KEY, type TokenRequest } from '../contract/index.ts';
import { createAdminClient, type AdminClient } from '../client/admin-client.ts';
import type { ResolvedTarget } from './resolve-target.ts';
import type { BoundParam } from './target-profile.ts';

/** Claims a simulator token can carry (`POST /__sim/tokens`), as the admin API document gives them. */
export type TokenClaims = TokenRequest;

/** A special token a rule needs: one without the permission, an expired one, or one bound to a resource. */
export type TokenNeed =
  | { kind: 'withoutPermission'; scopes: string[] }
  | { kind: 'expired'; scopes: string[] }
  /** Bound to `id` for `param`; `pathId` is the id the request's path names (another id than it means "another resource"). */
  | { kind: 'bound'; param: BoundParam; id: string; pathId?: string; scopes: string[] };

/** A token the run cannot get, with the profile key that would give it. */
export interface Unavailable {
  unavailable: string;
}

export interface TargetSession {
  url: string;
  /** True when the target answers the simulator's admin API. */
  simulator: boolean;
  /** The simulator's admin API, acting on the session's tenant; undefined on a deployment. */
  admin: AdminClient | undefined;
  tenant: string | undefined;
  /** True when the run's token names the tenant: the session must not reset it (others share it). */
  sharedTenant: boolean;
  timeoutMs: number;
  /** The most bytes of one answer read (see ResolvedTarget). */
  maxAnswerBytes: number;
  target: ResolvedTarget;
  /** The value of the Authorization header for an operation's security scheme. */
  authorization(scheme: 'bearer' | 'apiKey', scopes: string[]): Promise<string>;
  /** A special token (see TokenNeed): minted on a simulator, else from the run's credentials. */
  tokenFor(need: TokenNeed): Promise<string | Unavailable>;
  /** Mints a token with the given claims; only a simulator can. */
  mintToken(claims: TokenClaims): Promise<string>;
  /** Headers every request to this target carries (the simulator tenant). */
  headers(): Record<string, string>;
  /** Every secret value this session has handed out, for redaction of reports. */
  secrets(): string[];
}

export function connectTarget(target: ResolvedTarget, options: { tenant?: string } = {}): TargetSession {
  const { url, simulator, credentials } = target;
  const tenant = simulator
    ? (target.tokenTenant ??
      options.tenant ??
      `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`)
    : undefined;
  const handedOut = new Set<string>(target.secrets);
  const apiKey = credentials.apiKey ?? process.env.GAS_API_KEY ?? DEV_API_KEY;
  handedOut.add(apiKey);
  const minted = new Map<string, Promise<string>>();
  const admin = simulator
    ? createAdminClient({
        baseUrl: url,
        timeoutMs: target.timeoutMs,
        maxAnswerBytes: target.maxAnswerBytes,
        ...(tenant ? { tenant } : {}),
      })
    : undefined;

  const mintToken = async (claims: TokenClaims): Promise<string> => {
    if (!admin) throw new Error(`${url} is not a gas-harness simulator; it cannot mint tokens`);
    const { accessToken } = await admin.mintToken(claims);
    handedOut.add(accessToken);
    return accessToken;
  };
  const mintOnce = (claims: TokenClaims): Promise<string> => {
    const key = JSON.stringify(claims);
    let token = minted.get(key);
    if (!token) {
      token = mintToken(claims);
      minted.set(key, token);
    }
    return token;
  };

  return {
    url,
    simulator,
    admin,
    tenant,
    sharedTenant: simulator && target.tokenTenant !== undefined,
    timeoutMs: target.timeoutMs,
    maxAnswerBytes: target.maxAnswerBytes,
    target,
    async authorization(scheme, scopes) {
      if (scheme === 'apiKey') return apiKey;
      if (credentials.token) return `Bearer ${credentials.token}`;
      return `Bearer ${await mintOnce({ scopes })}`;
    },
    async tokenFor(need) {
      if (simulator) {
        if (need.kind === 'withoutPermission') return mintOnce({ scopes: need.scopes });
        if (need.kind === 'expired') return mintOnce({ scopes: need.scopes, expiresInSeconds: -120 });
        return mintOnce({ scopes: need.scopes, [need.param]: need.id });
      }
      if (need.kind === 'withoutPermission')
        return credentials.tokenWithoutPermission ?? { unavailable: 'credentials.tokenWithoutPermission' };
      if (need.kind === 'expired') return credentials.expiredToken ?? { unavailable: 'credentials.expiredToken' };
      const bound = credentials.bound[need.param];
      if (!bound) return { unavailable: `credentials.bound.${need.param}` };
      // The bound token serves for its own id, and for "another resource than the path names";
      // `otherToken` serves for the latter when the path names the bound one.
      if (bound.id === need.id) return bound.token;
      const another = need.pathId !== undefined && need.id !== need.pathId;
      if (another && bound.id !== need.pathId) return bound.token;
      if (another) return bound.otherToken ?? { unavailable: `credentials.bound.${need.param}.otherToken` };
      // The id is left out: scenarios often bind to a fresh {{uuid}}, and a report must read the same run after run.
      return { unavailable: `credentials.bound.${need.param} (a token bound to the ${need.param} the step names)` };
    },
    mintToken,
    headers: (): Record<string, string> => (simulator && tenant ? { 'x-sim-tenant': tenant } : {}),
    secrets: () => [...handedOut],
  };
}
