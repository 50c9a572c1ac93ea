/**
 * A target profile's credentials by value, for `record --target URL --profile FILE`: a credential a
 * recorded request carries is written as the role the profile gives that very value (its token, its
 * token without permission, its expired token, its API key, a bound token or a bound `otherToken`),
 * never guessed from the token's claims. A credential the profile does not hold becomes a placeholder,
 * `{{env.GAS_RECORDED_CREDENTIAL_N}}`, announced once through `onUnknown`: its value is never written.
 */

/** The path parameters a bound token binds (client/'s BoundParam: report/ sits below client/). */
const BOUND_PARAMS = ['dealerId', 'merchantId', 'consumerId', 'userId'] as const;
type BoundParam = (typeof BOUND_PARAMS)[number];

/** A run's credentials, as client/'s RunCredentials holds them. */
export interface ProfileCredentials {
  token?: string;
  tokenWithoutPermission?: string;
  expiredToken?: string;
  apiKey?: string;
  bound: Partial<Record<BoundParam, { id: string; token: string; otherToken?: string }>>;
}

export type CredentialRole =
  | { role: 'token' | 'tokenWithoutPermission' | 'expiredToken' | 'apiKey' }
  /** A bound token: `other` for the profile's `otherToken`, bound to another resource than `id`. */
  | { role: 'bound'; param: BoundParam; id: string; other: boolean }
  /** A credential the profile does not hold, and the environment variable that stands for it. */
  | { role: 'unknown'; variable: string };

export interface CredentialRoles {
  /** True when a profile gave the credentials: every credential is then written by value, never by its claims. */
  readonly fromProfile: boolean;
  /** The role of an Authorization header's value (with or without its `Bearer` word); `where` names the request in the warning. */
  roleOf(authorization: string, where: string): CredentialRole;
}

/** The prefix of the environment variables that stand for credentials the profile does not hold. */
export const PLACEHOLDER_PREFIX = 'GAS_RECORDED_CREDENTIAL_';

/**
 * The roles of a profile's credentials' values (none without a profile: then only placeholders);
 * `onUnknown` hears each credential the profile does not hold, once.
 */
export function credentialRoles(
  credentials: ProfileCredentials | undefined,
  onUnknown: (variable: string, where: string) => void = () => undefined,
): CredentialRoles {
  const roles = new Map<string, CredentialRole>();
  // The first role given to a value wins: the main token before the special ones.
  const add = (value: string | undefined, role: CredentialRole) => {
    if (value && !roles.has(value)) roles.set(value, role);
  };
  add(credentials?.token, { role: 'token' });
  add(credentials?.apiKey, { role: 'apiKey' });
  add(credentials?.tokenWithoutPermission, { role: 'tokenWithoutPermission' });
  add(credentials?.expiredToken, { role: 'expiredToken' });
  for (const param of BOUND_PARAMS) {
    const bound = credentials?.bound[param];
    if (!bound) continue;
    add(bound.token, { role: 'bound', param, id: bound.id, other: false });
    add(bound.otherToken, { role: 'bound', param, id: bound.id, other: true });
  }
  const unknown = new Map<string, CredentialRole>();
  return {
    fromProfile: credentials !== undefined,
    roleOf(authorization, where) {
      const value = authorization.trim();
      const token = /^Bearer\s+(\S+)$/i.exec(value)?.[1];
      const known = roles.get(value) ?? (token !== undefined ? roles.get(token) : undefined);
      if (known) return known;
      let placeholder = unknown.get(value);
      if (!placeholder) {
        placeholder = { role: 'unknown', variable: `${PLACEHOLDER_PREFIX}${unknown.size + 1}` };
        unknown.set(value, placeholder);
        onUnknown(placeholder.variable, where);
      }
      return placeholder;
    },
  };
}
