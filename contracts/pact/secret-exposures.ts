/**
 * The answers of a verification that exposed the run's token or key, put on the interactions that
 * got them: "The token must not be exposed in public code, logs or API responses." (Authentication,
 * rule 5) is checked on every answer the verifier receives, whatever the pact expects of it.
 */
import { quoteStatedRule, STATED_RULES } from '../../verdict/index.ts';
import { type Contract } from '../../contract/index.ts';
import type { PactInteraction } from './pact-files.ts';
import type { SecretExposure } from './verify-protocol.ts';

/** What a result says of an exposure: what happened and the sentence it breaks. */
export function exposureMessage(exposure: SecretExposure): string {
  return `the ${exposure.status} answer to ${exposure.method} ${exposure.url.split('?')[0] ?? exposure.url} carries the run's token or key in ${exposure.where.replace(/^its /, '')} (shown nowhere); ${quoteStatedRule(STATED_RULES.tokenNotExposed)}`;
}

/**
 * The interactions each exposure belongs to, by description: those of the same operation whose
 * request has the same path and whose response the same status, else the same status, else those
 * that send credentials. The rest (no local interaction of that operation) are returned apart.
 */
export function exposuresByInteraction(
  exposures: readonly SecretExposure[],
  interactions: readonly PactInteraction[],
  contract: Contract,
): { placed: Map<string, SecretExposure>; unplaced: SecretExposure[] } {
  const placed = new Map<string, SecretExposure>();
  const unplaced: SecretExposure[] = [];
  const operationOf = (method: string, path: string) => contract.match(method, path)?.operation.id;
  for (const exposure of exposures) {
    const path = exposure.url.split('?')[0] ?? exposure.url;
    const operation = operationOf(exposure.method, path);
    const same = interactions.filter(
      (i) => i.request.method === exposure.method && operationOf(i.request.method, i.request.path) === operation,
    );
    const byStatus = same.filter((i) => i.response.status === exposure.status);
    const exact = byStatus.filter((i) => i.request.path === path);
    const withCredentials = same.filter((i) =>
      Object.keys(i.request.headers ?? {}).some((h) => h.toLowerCase() === 'authorization'),
    );
    const chosen = exact.length ? exact : byStatus.length ? byStatus : withCredentials;
    if (operation === undefined || chosen.length === 0) unplaced.push(exposure);
    for (const interaction of chosen)
      if (!placed.has(interaction.description)) placed.set(interaction.description, exposure);
  }
  return { placed, unplaced };
}
