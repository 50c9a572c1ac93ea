/**
 * The one credentials resolver: turns `--token`, `--token-command`, `--api-key` and a profile's
 * `credentials` into the secrets of a run. Every command that reaches a target uses it, with one
 * time limit for commands and one error message naming the key that failed.
 */
import { execSync } from 'node:child_process';
import { TargetUsageError } from './target-check.ts';
import { BOUND_PARAMS, type BoundParam, type SecretSource, type TargetProfile } from './target-profile.ts';

/** How long a credential command may run. */
export const CREDENTIAL_COMMAND_TIMEOUT_MS = 10_000;

export interface CredentialFlags {
  token?: string;
  tokenCommand?: string;
  apiKey?: string;
}

export interface RunCredentials {
  /** A token with every permission (`--token`, `--token-command`, `credentials.token`). */
  token?: string;
  /** A valid token without the operations' permissions, for the 403 rules. */
  tokenWithoutPermission?: string;
  /** A token that has expired, for the 401 rules on expiry. */
  expiredToken?: string;
  /** The order counter's raw API key. */
  apiKey?: string;
  /** Tokens bound to one resource, by the path parameter they bind. */
  bound: Partial<Record<BoundParam, { id: string; token: string; otherToken?: string }>>;
}

/** Every secret value of these credentials, for redaction. */
export function credentialSecrets(credentials: RunCredentials): string[] {
  return [
    credentials.token,
    credentials.tokenWithoutPermission,
    credentials.expiredToken,
    credentials.apiKey,
    ...Object.values(credentials.bound).flatMap((b) => [b?.token, b?.otherToken]),
  ].filter((s): s is string => typeof s === 'string' && s !== '');
}

/** Reads one secret; `key` names it in the error (`--token-command`, `credentials.bound.dealerId.token`). */
export function resolveSecret(source: SecretSource, key: string): string {
  const fail = (why: string): never => {
    throw new TargetUsageError(`cannot get the credential ${key}: ${why}`);
  };
  let value: string;
  if ('value' in source) value = source.value;
  else if ('env' in source)
    value = process.env[source.env] ?? fail(`the environment variable ${source.env} is not set`);
  else {
    try {
      value = execSync(source.command, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: CREDENTIAL_COMMAND_TIMEOUT_MS,
      }).trim();
    } catch (error) {
      const { status, signal } = error as { status?: number | null; signal?: string | null };
      value = fail(
        signal
          ? `its command did not finish within ${CREDENTIAL_COMMAND_TIMEOUT_MS / 1000} s`
          : `its command failed (exit ${String(status ?? 'unknown')})`,
      );
    }
  }
  return value.trim() || fail('it is empty');
}

/** The run's credentials: flags win over the profile; an absent key stays absent. */
export function resolveCredentials(flags: CredentialFlags, profile?: TargetProfile): RunCredentials {
  if (flags.token && flags.tokenCommand) throw new TargetUsageError('give --token or --token-command, not both');
  const given = profile?.credentials ?? {};
  const token = flags.token
    ? resolveSecret({ value: flags.token }, '--token')
    : flags.tokenCommand
      ? resolveSecret({ command: flags.tokenCommand }, '--token-command')
      : given.token
        ? resolveSecret(given.token, 'credentials.token')
        : undefined;
  const apiKey = flags.apiKey
    ? resolveSecret({ value: flags.apiKey }, '--api-key')
    : given.apiKey
      ? resolveSecret(given.apiKey, 'credentials.apiKey')
      : undefined;
  const bound: RunCredentials['bound'] = {};
  for (const param of BOUND_PARAMS) {
    const entry = given.bound?.[param];
    if (!entry) continue;
    bound[param] = {
      id: entry.id,
      token: resolveSecret(entry.token, `credentials.bound.${param}.token`),
      ...(entry.otherToken
        ? { otherToken: resolveSecret(entry.otherToken, `credentials.bound.${param}.otherToken`) }
        : {}),
    };
  }
  return {
    ...(token ? { token } : {}),
    ...(given.tokenWithoutPermission
      ? { tokenWithoutPermission: resolveSecret(given.tokenWithoutPermission, 'credentials.tokenWithoutPermission') }
      : {}),
    ...(given.expiredToken ? { expiredToken: resolveSecret(given.expiredToken, 'credentials.expiredToken') } : {}),
    ...(apiKey ? { apiKey } : {}),
    bound,
  };
}

/** The simulator tenant a token is bound to: its `tid` claim, read without verifying the token. */
export function tenantOfToken(token: string | undefined): string | undefined {
  const payload = token?.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { tid?: unknown };
    return typeof claims.tid === 'string' && claims.tid !== '' ? claims.tid : undefined;
  } catch {
    return undefined;
  }
}
