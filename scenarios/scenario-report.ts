/** The result of a scenario run: suites, their steps and every rule each step checked. */
import type { DeadlineStop } from '../client/index.ts';
import { verdictFails, verdictOf } from '../verdict/index.ts';
import type { CheckResult } from './check-expectations.ts';

export type { CheckResult } from './check-expectations.ts';
export type Outcome = 'passed' | 'failed' | 'skipped';

export interface StepResult {
  name: string;
  /** The line of the step in its file. */
  line: number;
  method: string;
  /** The path as sent (variables rendered). */
  path: string;
  /** The spec operation the request hit; absent for the admin API or an unknown route. */
  operationId?: string;
  outcome: Outcome;
  /** The response status, when a response came. */
  status?: number;
  durationMs: number;
  checks: CheckResult[];
  skipReason?: string;
  /** The rules a skipped step plans (plannedStepRules): each is known, none checked. */
  planned?: string[];
  /** Why the step could not be run to the end (a template, the network). */
  error?: string;
  /** When a check failed: the answer's status, headers and first KiB of body, redacted (report/shown-answer.ts). */
  answer?: string;
}

export interface SuiteResult {
  name: string;
  file: string;
  outcome: Outcome;
  /** The simulator tenant the suite ran in. */
  tenant?: string;
  durationMs: number;
  steps: StepResult[];
  skipReason?: string;
  error?: string;
}

export interface ScenarioSummary {
  suites: Record<Outcome, number>;
  steps: Record<Outcome, number>;
  /** Failed checks whose rule the platform's description documents. */
  documentedFailures: number;
  /** Failed checks whose rule the spec assumes. */
  assumedFailures: number;
  /** Failed checks of the suite's own: expectations no statement of the description backs and no `x-assumed` mark describes. */
  suiteFailures: number;
}

export interface ScenarioReport {
  target: string;
  simulator: boolean;
  startedAt: string;
  durationMs: number;
  suites: SuiteResult[];
  summary: ScenarioSummary;
  /** Steps run of steps known, and the skipped ones grouped by reason. */
  coverage: StepCoverage;
  /** Present when the run stopped at its deadline (`--deadline`) with steps not run. */
  stoppedAtDeadline?: DeadlineStop;
  /** Divergences from assumed rules fail the run too (`--strict`); false when absent. */
  strict?: boolean;
  /**
   * True when no suite fails the run (suiteFailsRun: a FAILURE, an error, a DIVERGENCE with strict),
   * at least one step ran and the run did not stop at its deadline.
   */
  passed: boolean;
}

export interface StepCoverage {
  known: number;
  ran: number;
  percent: number;
  skipped: { reason: string; steps: number }[];
}

export function stepCoverage(suites: SuiteResult[]): StepCoverage {
  const steps = suites.flatMap((s) => s.steps);
  const ran = steps.filter((s) => s.outcome !== 'skipped').length;
  const reasons = new Map<string, number>();
  for (const step of steps)
    if (step.outcome === 'skipped')
      reasons.set(step.skipReason ?? 'skipped', (reasons.get(step.skipReason ?? 'skipped') ?? 0) + 1);
  return {
    known: steps.length,
    ran,
    percent: steps.length === 0 ? 0 : Math.floor((ran / steps.length) * 1000) / 10,
    skipped: [...reasons.entries()].sort((a, b) => b[1] - a[1]).map(([reason, count]) => ({ reason, steps: count })),
  };
}

export function summarize(suites: SuiteResult[]): ScenarioSummary {
  const count = <T extends { outcome: Outcome }>(items: T[]): Record<Outcome, number> => ({
    passed: items.filter((i) => i.outcome === 'passed').length,
    failed: items.filter((i) => i.outcome === 'failed').length,
    skipped: items.filter((i) => i.outcome === 'skipped').length,
  });
  const failedChecks = suites
    .flatMap((s) => s.steps)
    .flatMap((s) => s.checks)
    .filter((c) => !c.passed);
  return {
    suites: count(suites),
    steps: count(suites.flatMap((s) => s.steps)),
    documentedFailures: failedChecks.filter((c) => c.basis === 'documented').length,
    assumedFailures: failedChecks.filter((c) => c.basis === 'assumed').length,
    suiteFailures: failedChecks.filter((c) => c.basis === 'suite').length,
  };
}

/**
 * Whether a step fails the run: it could not run to the end, or one of its checks breaks a rule
 * the one exit policy (`verdictFails`, shared with `conform` and `fuzz`) fails on: a FAILURE, or a
 * DIVERGENCE with `--strict`.
 */
export const stepFailsRun = (step: StepResult, strict: boolean): boolean =>
  step.error !== undefined || step.checks.some((c) => !c.passed && verdictFails(verdictOf(c), strict, 'suites'));

/** Whether a suite fails the run: it could not set up, or one of its steps fails it. */
export const suiteFailsRun = (suite: SuiteResult, strict: boolean): boolean =>
  suite.error !== undefined || suite.steps.some((s) => stepFailsRun(s, strict));
