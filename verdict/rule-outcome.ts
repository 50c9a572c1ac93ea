/**
 * What every checker reports of a rule it checked, and the one function that turns it into a
 * verdict. A scenario step's check, a fuzz finding and a verified pact interaction each carry a
 * `RuleOutcome`: whether the rule held and, from `verdict/rule-basis.ts`, whether it is documented
 * (quoting the description), assumed (with the spec's reason), or the suite's own (an expectation of
 * a suite's author that no statement of the description backs and no `x-assumed` mark describes).
 * No checker or report decides FAILURE, DIVERGENCE or SUITE itself.
 */
import type { RuleBasis } from './rule-basis.ts';

export interface RuleOutcome extends RuleBasis {
  passed: boolean;
}

/**
 * pass, FAILURE (a documented rule broken), DIVERGENCE (an assumed rule broken), SUITE (the suite
 * expected what nothing backs: its author's mistake, not the platform's), or skipped with a reason.
 */
export type Verdict = 'pass' | 'FAILURE' | 'DIVERGENCE' | 'SUITE' | 'skipped';
export const VERDICTS: readonly Verdict[] = ['pass', 'FAILURE', 'DIVERGENCE', 'SUITE', 'skipped'];

export function verdictOf(outcome: RuleOutcome): 'pass' | 'FAILURE' | 'DIVERGENCE' | 'SUITE' {
  if (outcome.passed) return 'pass';
  if (outcome.basis === 'suite') return 'SUITE';
  return outcome.basis === 'documented' ? 'FAILURE' : 'DIVERGENCE';
}

/** What a run judges: `conform` the platform; `scenarios run` the suites it was given as well. */
export type RunJudges = 'platform' | 'suites';

/**
 * Whether a verdict fails a run: a FAILURE always, a DIVERGENCE under `--strict`, and the suite's own
 * expectation where the run judges suites (`scenarios run`: the author's suite is wrong); `conform`
 * judges the platform and reports the suite's expectations apart, without failing on them.
 */
export const verdictFails = (verdict: Verdict, strict: boolean, judges: RunJudges = 'platform'): boolean =>
  verdict === 'FAILURE' || (verdict === 'DIVERGENCE' && strict) || (verdict === 'SUITE' && judges === 'suites');

export const failsRun = (outcome: RuleOutcome, strict: boolean, judges: RunJudges = 'platform'): boolean =>
  verdictFails(verdictOf(outcome), strict, judges);

/** The words a report puts before a rule the suite expected on its own: "the suite expected …". */
export const SUITE_EXPECTED = 'the suite expected';

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
