/**
 * The simulator's own secrets: the token secret and the order counter's API key it uses, and the
 * policy of a shared simulator (one given an admin key), which refuses the published development
 * values. Wherever a client made one of them show (a log line, an error message), it is scrubbed.
 */
import { randomBytes } from 'node:crypto';
import { mayHoldJwt, mayHoldSecret, redactSecrets } from '../report/index.ts';
import { DEV_API_KEY, DEV_JWT_SECRET } from '../contract/index.ts';
import type { SimulatorOptions } from './simulator-options.ts';

export interface ServerCredentials {
  /** HS256 secret of the access tokens. */
  secret: string;
  /** The order counter's raw API key. */
  apiKey: string;
  /** Token secret, API key and admin key: never in a log line, an error message or an admin response. */
  serverSecrets: string[];
  /** Text a client sent (a path, a tenant name) as it may be echoed: server secrets and JWT-shaped values redacted. */
  redactEchoedText: (text: string) => string;
}

/** The credentials to serve with; a shared simulator (admin key given) refuses the published ones. */
export function serverCredentials(
  options: Pick<SimulatorOptions, 'secret' | 'apiKey' | 'adminKey'>,
): ServerCredentials {
  const { secret, apiKey } = credentialsOf(options);
  const serverSecrets = [secret, apiKey, ...(options.adminKey ? [options.adminKey] : [])];
  const redactEchoedText = (text: string) =>
    mayHoldJwt(text) || mayHoldSecret(text, serverSecrets) ? redactSecrets(text, serverSecrets) : text;
  return { secret, apiKey, serverSecrets, redactEchoedText };
}

/** The token secret and API key to use; a shared simulator (admin key given) refuses the published ones. */
function credentialsOf(options: Pick<SimulatorOptions, 'secret' | 'apiKey' | 'adminKey'>): {
  secret: string;
  apiKey: string;
} {
  if (!options.adminKey) return { secret: options.secret ?? DEV_JWT_SECRET, apiKey: options.apiKey ?? DEV_API_KEY };
  if (options.secret === DEV_JWT_SECRET) {
    throw new Error(
      'refusing to start with an admin key while the token secret is the published development value: give another --secret (GAS_SIM_SECRET) or none, for a random one',
    );
  }
  if (options.apiKey === undefined || options.apiKey === DEV_API_KEY) {
    throw new Error(
      "refusing to start with an admin key while the order counter's API key is the published development value: give --api-key (GAS_SIM_API_KEY)",
    );
  }
  // Tokens are minted through the admin API, so nobody needs to know a secret that was not given.
  return { secret: options.secret ?? randomBytes(32).toString('base64url'), apiKey: options.apiKey };
}
