/**
 * A connection to one target (a gas-harness simulator or a real deployment) and the credentials to
 * call it: tokens minted by the simulator, a static token, or a token command's output.
 */
import { execSync } from 'node:child_process';
import { DEV_API_KEY } from '../spec/index.ts';
import { send } from './http-client.ts';

export interface TargetOptions {
  url: string;
  /** A bearer token to send as it is. */
  token?: string;
  /** A shell command whose standard output is the bearer token. */
  tokenCommand?: string;
  /** The raw API key of the order counter. */
  apiKey?: string;
  /** The tenant to use on a simulator; a fresh one is made when absent. */
  tenant?: string;
}

/** Claims a simulator token can carry (`POST /__sim/tokens`). */
export interface TokenClaims {
  sub?: string;
  scopes: string[];
  tenant?: string;
  dealerId?: string;
  merchantId?: string;
  consumerId?: string;
  userType?: string;
  /** Lifetime in seconds; negative mints a token that is already expired. */
  expiresInSeconds?: number;
}

export interface TargetSession {
  url: string;
  /** True when the target answers the simulator's admin API. */
  simulator: boolean;
  tenant: string | undefined;
  /** The value of the Authorization header for an operation's security scheme. */
  authorization(scheme: 'bearer' | 'apiKey', scopes: string[]): Promise<string>;
  /** Mints a token with the given claims; only a simulator can. */
  mintToken(claims: TokenClaims): Promise<string>;
  /** Headers every request to this target carries (the simulator tenant). */
  headers(): Record<string, string>;
  /** Every secret value this session has handed out, for redaction of reports. */
  secrets(): string[];
}

export async function isSimulator(url: string): Promise<boolean> {
  try {
    const res = await send({ method: 'GET', url: `${url}/__sim/health`, timeoutMs: 5_000 });
    return res.status === 200 && (res.body as { simulator?: string } | undefined)?.simulator === 'gas-harness';
  } catch {
    return false;
  }
}

export async function connectTarget(options: TargetOptions): Promise<TargetSession> {
  const url = options.url.replace(/\/+$/, '');
  const simulator = await isSimulator(url);
  const tenant = simulator ? options.tenant ?? `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}` : options.tenant;
  const handedOut = new Set<string>();
  const apiKey = options.apiKey ?? process.env.GAS_API_KEY ?? DEV_API_KEY;
  handedOut.add(apiKey);
  let staticToken = options.token;
  if (!staticToken && options.tokenCommand) staticToken = execSync(options.tokenCommand, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  if (staticToken) handedOut.add(staticToken);
  const minted = new Map<string, string>();

  const mintToken = async (claims: TokenClaims): Promise<string> => {
    if (!simulator) throw new Error(`${url} is not a gas-harness simulator; give a token with --token or --token-command`);
    const res = await send({ method: 'POST', url: `${url}/__sim/tokens`, body: { tenant, ...claims }, headers: adminHeaders() });
    const token = (res.body as { accessToken?: string } | undefined)?.accessToken;
    if (res.status !== 201 || !token) throw new Error(`the simulator refused to mint a token (status ${res.status})`);
    handedOut.add(token);
    return token;
  };

  return {
    url,
    simulator,
    tenant,
    async authorization(scheme, scopes) {
      if (scheme === 'apiKey') return apiKey;
      if (staticToken) return `Bearer ${staticToken}`;
      const key = scopes.join(' ');
      let token = minted.get(key);
      if (!token) {
        token = await mintToken({ scopes });
        minted.set(key, token);
      }
      return `Bearer ${token}`;
    },
    mintToken,
    headers: (): Record<string, string> => (simulator && tenant ? { 'x-sim-tenant': tenant } : {}),
    secrets: () => [...handedOut],
  };
}

/** The admin key header, when the simulator was started with `--admin-key` (`GAS_SIM_ADMIN_KEY`). */
export function adminHeaders(): Record<string, string> {
  const key = process.env.GAS_SIM_ADMIN_KEY;
  return key ? { 'x-sim-admin-key': key } : {};
}
