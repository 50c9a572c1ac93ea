/**
 * Everything a run needs to know about its target, resolved once before anything runs: the URL
 * (checked and reached), whether it is a gas-harness simulator, the credentials, the fixtures and
 * states URL of a profile, and the request time-out; the main credentials tried once (a refused one
 * stops the run). Every command that reaches a target starts here.
 */
import { createAdminClient } from '../client/admin-client.ts';
import { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT_MS } from '../client/http-client.ts';
import { checkMainCredentials } from './credential-check.ts';
import { credentialSecrets, resolveCredentials, tenantOfToken, type RunCredentials } from './credentials.ts';
import { checkTarget, parseTargetUrl, TargetUsageError } from './target-check.ts';
import { loadTargetProfile, type TargetFixtures, type TargetProfile } from './target-profile.ts';

export interface TargetRunOptions {
  /** The base URL of the target; wins over the profile's `target`. */
  target?: string;
  /** A profile file, or one already read. */
  profile?: string | TargetProfile;
  token?: string;
  tokenCommand?: string;
  apiKey?: string;
  /** A Pact provider-states endpoint; wins over the profile's `statesUrl`. */
  statesUrl?: string;
  /** Each request's time limit in ms (default: the profile's timeoutSeconds, else 10 s). */
  timeoutMs?: number;
  /** The most bytes of one answer a checker reads (default 8 MiB); a longer answer fails its check. */
  maxAnswerBytes?: number;
}

export interface ResolvedTarget {
  url: string;
  /** True when the target answers the simulator's admin API. */
  simulator: boolean;
  credentials: RunCredentials;
  /** Records that exist on the deployment and that the API cannot create (from the profile). */
  fixtures: TargetFixtures;
  statesUrl?: string;
  timeoutMs: number;
  /** The most bytes of one answer a checker reads. */
  maxAnswerBytes: number;
  /** The simulator tenant the run's token is bound to (its `tid`), when it is. */
  tokenTenant?: string;
  /** True when a profile described the target. */
  profiled: boolean;
  /** Every secret of the run, for redaction. */
  secrets: string[];
}

/** Resolves and reaches the target; throws TargetUsageError (the CLI exits 2) when it cannot be used. */
export async function resolveTarget(options: TargetRunOptions): Promise<ResolvedTarget> {
  const profile = typeof options.profile === 'string' ? loadTargetProfile(options.profile) : options.profile;
  const text = options.target ?? profile?.target;
  if (!text) throw new TargetUsageError('no target: give --target URL or a profile with `target`');
  const url = parseTargetUrl(text);
  const statesText = options.statesUrl ?? profile?.statesUrl;
  const statesUrl = statesText ? parseTargetUrl(statesText, 'the states URL') : undefined;
  const timeoutMs =
    options.timeoutMs ?? (profile?.timeoutSeconds !== undefined ? profile.timeoutSeconds * 1000 : DEFAULT_TIMEOUT_MS);
  if (!(timeoutMs > 0))
    throw new TargetUsageError(`the time-out must be a positive number of seconds, not ${timeoutMs / 1000}`);
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  if (!(Number.isInteger(maxAnswerBytes) && maxAnswerBytes > 0))
    throw new TargetUsageError(`the answer limit must be a positive number of bytes, not ${maxAnswerBytes}`);
  const credentials = resolveCredentials(options, profile);
  await checkTarget(url, timeoutMs);
  const simulator = await isSimulator(url, timeoutMs);
  if (!simulator && !credentials.token) {
    throw new TargetUsageError(
      `${url} is not a gas-harness simulator: give a bearer token with --token, --token-command or credentials.token in a profile`,
    );
  }
  const secrets = credentialSecrets(credentials);
  // A refused credential stops the run here, before any checker reports the refusals as the platform's.
  await checkMainCredentials({
    url,
    timeoutMs,
    ...(credentials.token ? { token: credentials.token } : {}),
    tokenKey: options.token ? '--token' : options.tokenCommand ? '--token-command' : 'credentials.token',
    ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
    apiKeyKey: options.apiKey ? '--api-key' : 'credentials.apiKey',
    ...(profile?.fixtures?.productId ? { productId: profile.fixtures.productId } : {}),
    ...(credentials.bound.userId ? { userId: credentials.bound.userId.id } : {}),
    secrets,
  });
  const tokenTenant = simulator ? tenantOfToken(credentials.token) : undefined;
  return {
    url,
    simulator,
    credentials,
    fixtures: profile?.fixtures ?? {},
    ...(statesUrl ? { statesUrl } : {}),
    timeoutMs,
    maxAnswerBytes,
    ...(tokenTenant ? { tokenTenant } : {}),
    profiled: profile !== undefined,
    secrets,
  };
}

export async function isSimulator(url: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const health = await createAdminClient({ baseUrl: url, timeoutMs: Math.min(timeoutMs, 5_000) }).getHealth();
    return health.simulator === 'gas-harness';
  } catch {
    return false;
  }
}
