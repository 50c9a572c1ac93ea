/**
 * Before a run touches a target: its URL must parse (else a usage error), and its host must answer
 * (a refused connection, a name that does not resolve or a host that stays silent stops the run
 * within seconds, naming it). Every command that reaches a target calls `checkTarget` once.
 */
import { displayUrl } from '../report/index.ts';
import { DEFAULT_TIMEOUT_MS, RequestTimeoutError, send } from '../client/http-client.ts';

/** A target, profile or credential the user gave that cannot be used: the CLI exits 2 with its message. */
export class TargetUsageError extends Error {
  override name = 'TargetUsageError';
}

/**
 * The target's base URL without trailing slashes; throws TargetUsageError when it is not an http(s)
 * URL, or carries a query, a fragment or credentials (`user:password@`, which the HTTP client would
 * not send anyway). Every URL a user gives for a target or a states endpoint is judged here, by a
 * flag or in a profile alike; a refusal quotes the URL with its credentials redacted (`displayUrl`).
 */
export function parseTargetUrl(text: string, what = 'the target'): string {
  const shown = displayUrl(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetUsageError(`${what} "${shown}" is not a URL; give one like https://staging.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetUsageError(`${what} "${shown}" is not an http or https URL`);
  if (url.username || url.password)
    throw new TargetUsageError(
      `${what} "${shown}" carries credentials, which are never sent from a URL; give a token with --token or in a profile's credentials`,
    );
  if (url.search || url.hash)
    throw new TargetUsageError(`${what} "${shown}" has a query or fragment; give the base URL only`);
  return text.replace(/\/+$/, '');
}

/** How long the reachability probe waits for any answer. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Parses `text` and sends one request to it; any HTTP answer means the target is up. Throws
 * TargetUsageError naming the target when the connection is refused, the name does not resolve
 * or nothing answers within a few seconds.
 */
export async function checkTarget(text: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string> {
  const url = parseTargetUrl(text);
  try {
    await send({ method: 'GET', url: `${url}/`, timeoutMs: Math.min(timeoutMs, PROBE_TIMEOUT_MS) });
  } catch (error) {
    throw new TargetUsageError(`cannot reach the target ${url}: ${describeNetworkError(error, url)}`);
  }
  return url;
}

function describeNetworkError(error: unknown, url: string): string {
  if (error instanceof RequestTimeoutError) return `it did not answer (${error.message})`;
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  const host = new URL(url).host;
  if (code === 'ECONNREFUSED') return `the connection to ${host} was refused (is it running?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host name ${new URL(url).hostname} does not resolve`;
  if (code === 'ECONNRESET') return `${host} closed the connection`;
  return error instanceof Error ? `${error.message}${code ? ` (${code})` : ''}` : String(error);
}
