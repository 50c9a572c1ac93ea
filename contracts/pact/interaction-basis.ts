/**
 * Whether the rules a Pact interaction's mismatches break are documented or assumed, judged from the
 * verifier's structured mismatches against the spec (verdict/rule-basis.ts):
 * - a wrong status is judged like a scenario's status rule (statusBasis): a 5xx is always
 *   documented; otherwise it is assumed when the spec assumes the status (`assumed`), what triggers it
 *   (`assumedCondition`; for a 400/422, every validation issue of the interaction's own request that
 *   leads to it being `x-assumed`; for a 403, the permission model), or where the description leaves
 *   open which requests are refused and how;
 * - a wrong header is assumed when the spec marks that response header `x-assumed` (headerBasis);
 * - a wrong body is assumed when its body is (`assumedBody`), when its whole schema is `x-assumed`
 *   (schemaBasis), or when a key it lacks is one whose presence is assumed (jsonPathBasis); a shape
 *   the description states (the event intake's problem details, the product's `data`) is documented
 *   even on a status the spec assumes, and quotes the description.
 * The interaction breaks a documented rule when any of its mismatches does. An answer that carried
 * the run's token or key (the verification watches every answer) breaks the stated rule "The token
 * must not be exposed in public code, logs or API responses.", whatever else matched.
 */
import {
  brokenOn,
  headerBasis,
  jsonPathBasis,
  schemaBasis,
  statedBasis,
  STATED_RULES,
  statusBasis,
  type RuleBasis,
  type RuleOutcome,
} from '../../verdict/index.ts';
import { type Contract, type ValidationIssue } from '../../contract/index.ts';
import type { PactInteraction } from './pact-files.ts';
import type { PactMismatch } from './pact-mismatch.ts';

const MISSING_KEYS = /Actual map is missing the following keys: (.+)$/;

export function interactionBasis(
  contract: Contract,
  interaction: PactInteraction,
  mismatches: readonly PactMismatch[],
): RuleBasis {
  const called = contract.match(interaction.request.method, interaction.request.path);
  const expected = interaction.response.status;
  if (!called)
    return {
      basis: 'documented',
      reason: `${interaction.request.method} ${interaction.request.path} calls no operation of the spec`,
    };
  const { operation: op, params } = called;
  const wrongStatus = mismatches.find((m) => m.kind === 'status');
  if (wrongStatus || mismatches.length === 0) {
    const issues: ValidationIssue[] = [
      ...contract.validators.params(op.id, params),
      ...requestBodyIssues(contract, op.id, interaction),
    ];
    const contentType = Object.entries(interaction.request.headers ?? {}).find(
      ([name]) => name.toLowerCase() === 'content-type',
    )?.[1];
    const sent = Array.isArray(contentType) ? contentType[0] : contentType;
    return statusBasis(op, expected, wrongStatus?.actual ?? expected, issues, undefined, sent);
  }
  const response = op.responses.get(expected);
  const bases = mismatches.map((mismatch): RuleBasis => {
    if (mismatch.kind === 'header') return headerBasis(contract.document, op, expected, mismatch.name);
    // A key the answer lacks: documented only where the description makes it present.
    const missing = mismatch.kind === 'body' ? MISSING_KEYS.exec(mismatch.text) : null;
    if (mismatch.kind === 'body' && missing) {
      const keys = (missing[1] ?? '').split(/,\s*/);
      const bases = keys.map((key) => jsonPathBasis(response, `${mismatch.path}.${key}`, true));
      return bases.find((b) => b.basis === 'documented') ?? bases[0] ?? schemaBasis(response, []);
    }
    // A body is judged by its own basis: a shape the description states stays documented on an assumed status.
    return schemaBasis(response, []);
  });
  return bases.find((b) => b.basis === 'documented') ?? bases[0] ?? { basis: 'documented' };
}

/** A verified interaction's outcome; one not in a local pact (a broker's) is judged documented. */
export function interactionOutcome(
  contract: Contract,
  interaction: PactInteraction | undefined,
  verified: { passed: boolean; details: readonly PactMismatch[]; exposedSecret?: string },
): RuleOutcome {
  if (verified.exposedSecret) return brokenOn(statedBasis(STATED_RULES.tokenNotExposed));
  const basis = interaction
    ? interactionBasis(contract, interaction, verified.passed ? [] : verified.details)
    : { basis: 'documented' as const };
  return { ...basis, passed: verified.passed };
}

function requestBodyIssues(contract: Contract, operationId: string, interaction: PactInteraction): ValidationIssue[] {
  const body = interaction.request.body;
  if (!body || body.content === undefined) return [];
  let value: unknown = body.content;
  if (typeof value === 'string' && !body.encoded) {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return contract.validators.body(operationId, value);
}
