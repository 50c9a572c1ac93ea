/**
 * What every checker reports of a rule it checked, and the one function that turns it into a
 * verdict. A scenario step's check, a fuzz finding and a verified pact interaction each carry a
 * `RuleOutcome`: whether the rule held and, from `verdict/rule-basis.ts`, whether it is documented
 * (quoting the description) or assumed (with the spec's reason). No checker or report decides
 * FAILURE or DIVERGENCE itself.
 */
import type { RuleBasis } from './rule-basis.ts';

export interface RuleOutcome extends RuleBasis {
  passed: boolean;
}

/** pass, FAILURE (a documented rule broken), DIVERGENCE (an assumed rule broken), or skipped with a reason. */
export type Verdict = 'pass' | 'FAILURE' | 'DIVERGENCE' | 'skipped';
export const VERDICTS: readonly Verdict[] = ['pass', 'FAILURE', 'DIVERGENCE', 'skipped'];

export function verdictOf(outcome: RuleOutcome): 'pass' | 'FAILURE' | 'DIVERGENCE' {
  if (outcome.passed) return 'pass';
  return outcome.basis === 'documented' ? 'FAILURE' : 'DIVERGENCE';
}

/** Whether a verdict fails a run: a FAILURE always, a DIVERGENCE under `--strict`. */
export const verdictFails = (verdict: Verdict, strict: boolean): boolean =>
  verdict === 'FAILURE' || (verdict === 'DIVERGENCE' && strict);

export const failsRun = (outcome: RuleOutcome, strict: boolean): boolean => verdictFails(verdictOf(outcome), strict);

/** A broken rule's outcome on a basis (an assumption's reason, or the note of a documented rule). */
export const brokenOn = (basis: RuleBasis): RuleOutcome => ({ ...basis, passed: false });

/**
 * A rule of the run itself broken (a suite sets up, a step or a checker runs to the end, the run ends
 * by its deadline): the rules it left unchecked cannot pass, so it fails the run.
 */
export const RUN_BROKEN: RuleOutcome = brokenOn({ basis: 'documented' });

/** The spec's reason when the outcome rests on an assumption; undefined for a documented rule. */
export const assumptionOf = (outcome: RuleBasis): string | undefined =>
  outcome.basis === 'assumed' ? (outcome.reason ?? '') : undefined;
