/**
 * Fail fast on credentials: before any checker runs, the run's main token is tried on one read and
 * the order counter's key on the counter. A 401 is a credential the deployment refuses: the run stops
 * there (exit 2) naming the credential by its key, never its value, and the answer, instead of
 * reporting every rule as the platform's FAILURE minutes later. Every command that checks a target
 * gets it through `resolveTarget`; `profile check --online` uses the same probes for every entry.
 */
import { randomUUID } from 'node:crypto';
import { excerpt } from '../report/index.ts';
import { send, type HttpResponse } from '../client/index.ts';
import { TargetUsageError } from './target-check.ts';

/** How long a credential probe waits; a probe that gets no answer judges nothing. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * The reads a bearer token is tried on: a product and a user's profile (the profile's ids, else ids
 * nothing has). Two, so that one read the deployment breaks (a 500 before its auth) hides nothing.
 */
export const tokenProbePaths = (ids: { productId?: string; userId?: string }): string[] => [
  `/v1/products/${encodeURIComponent(ids.productId ?? randomUUID())}`,
  `/v1/users/${encodeURIComponent(ids.userId ?? randomUUID())}/profile`,
];

/** The order counter: tried with an empty body, which no deployment counts (its ids are missing). */
export const COUNTER_PATH = '/v1/consumers/orders/counter';

export interface CredentialProbe {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The Authorization header's value. */
  authorization: string;
  body?: unknown;
}

/** What one probe got: the answer, or why there is none. */
export type ProbeAnswer = { status: number; text: string } | { error: string };

/** Sends one probe; a network error or a time-out is an answer of its own, never thrown. */
export async function sendProbe(url: string, probe: CredentialProbe, timeoutMs: number): Promise<ProbeAnswer> {
  try {
    const answer: HttpResponse = await send({
      method: probe.method,
      url: `${url}${probe.path}`,
      headers: { authorization: probe.authorization },
      ...(probe.body !== undefined ? { body: probe.body } : {}),
      timeoutMs: Math.min(timeoutMs, PROBE_TIMEOUT_MS),
    });
    return { status: answer.status, text: answer.text };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** "GET /v1/products/… answered 401: {…}", with every secret of the run removed. */
export function describeProbe(probe: CredentialProbe, answer: ProbeAnswer, secrets: readonly string[]): string {
  const what = `${probe.method} ${probe.path}`;
  if ('error' in answer) return `${what} got no answer (${excerpt(answer.error, 200, secrets)})`;
  const body = answer.text.trim() ? `: ${excerpt(answer.text.trim(), 200, secrets)}` : ' (no body)';
  return `${what} answered ${answer.status}${body}`;
}

export interface MainCredentials {
  url: string;
  timeoutMs: number;
  token?: string;
  /** Where the token came from: `--token`, `--token-command` or `credentials.token`. */
  tokenKey: string;
  apiKey?: string;
  /** Where the key came from: `--api-key` or `credentials.apiKey`. */
  apiKeyKey: string;
  /** A product that exists (`fixtures.productId`) and a user (`credentials.bound.userId.id`), read with the token. */
  productId?: string;
  userId?: string;
  secrets: readonly string[];
}

/**
 * Tries the main token on the reads and the API key on the counter; throws TargetUsageError (the
 * CLI exits 2) naming the first one the target answers 401. Any other answer, or none, passes: it
 * is the checkers' to judge.
 */
export async function checkMainCredentials(given: MainCredentials): Promise<void> {
  const probes: [string, CredentialProbe][] = [];
  const ids = {
    ...(given.productId ? { productId: given.productId } : {}),
    ...(given.userId ? { userId: given.userId } : {}),
  };
  if (given.token)
    for (const path of tokenProbePaths(ids))
      probes.push([given.tokenKey, { method: 'GET', path, authorization: `Bearer ${given.token}` }]);
  if (given.apiKey)
    probes.push([given.apiKeyKey, { method: 'POST', path: COUNTER_PATH, authorization: given.apiKey, body: {} }]);
  const answers = await Promise.all(probes.map(([, probe]) => sendProbe(given.url, probe, given.timeoutMs)));
  for (const [i, [key, probe]] of probes.entries()) {
    const answer = answers[i];
    if (answer && 'status' in answer && answer.status === 401)
      throw new TargetUsageError(
        `the target refuses the credential ${key}: ${describeProbe(probe, answer, given.secrets)}; give a valid one (nothing was checked)`,
      );
  }
}
