/**
 * The scenario runner's entry point: loads suites (files and directories), runs them against one
 * target with bounded parallelism, each in a fresh simulator tenant, and returns a redacted report.
 */
import { projectFile } from '../project-files.ts';
import { redactStrings } from '../report/index.ts';
import { runDeadline, type DeadlineStop } from '../client/index.ts';
import { loadContract, type Contract } from '../contract/index.ts';
import {
  newFixtureLedger,
  resolveTarget,
  type FixtureLedger,
  type ResolvedTarget,
  type TargetRunOptions,
} from '../target/index.ts';
import { runPool } from '../client/index.ts';
import { loadSuites, type LoadedSuite } from './load-suites.ts';

import { selectSteps } from './operation-filter.ts';
import { plannedStepRules } from './run-step.ts';
import { runSuite } from './run-suite.ts';
import { stepCoverage, suiteFailsRun, summarize, type ScenarioReport, type SuiteResult } from './scenario-report.ts';

/** The default suites shipped with the harness. */
export const DEFAULT_SUITES_DIR = projectFile('scenarios', 'suites');

export interface RunScenariosOptions extends TargetRunOptions {
  /** The target already resolved (conform resolves it once for every checker); wins over the rest. */
  resolved?: ResolvedTarget;
  /** What the run has used up of the profile's one-time fixtures, when shared with other checkers. */
  ledger?: FixtureLedger;
  /** Scenario files or directories; the default suites when empty. */
  paths?: string[];
  /** Suites run at once (default 4 on a simulator; 1 on a deployment, where suites share the fixtures). */
  concurrency?: number;
  /** Only suites whose name or file contains this text (case-insensitive). */
  filter?: string;
  /** Divergences from assumed rules fail the run too (default false: the exit policy conform uses). */
  strict?: boolean;
  /**
   * Only steps whose request maps to one of these operation ids; the others are skipped as filtered
   * out. Ids are checked against the contract (`checkOperationIds`) by the caller.
   */
  operations?: readonly string[];
  /** Called with each suite's result (redacted) as it finishes. */
  onSuite?: (suite: SuiteResult) => void;
  /**
   * When the run stops with what it has (a `Date.now()` time): no step starts after it, suites not
   * finished by then are reported as not run, and the report says it stopped.
   */
  deadlineAt?: number;
}

/** Why a step did not run when the run stopped at its deadline. */
export const NOT_RUN_AT_DEADLINE = 'not run: the run stopped at its deadline';

/**
 * Runs scenario suites against a target. Throws ScenarioFileError (every problem with its file and
 * line) before anything runs when a file is not a valid suite.
 */
export async function runScenarios(options: RunScenariosOptions): Promise<ScenarioReport> {
  const started = performance.now();
  const startedAtIso = new Date().toISOString();
  const filter = options.filter?.toLowerCase();
  const suites = loadSuites(options.paths?.length ? options.paths : [DEFAULT_SUITES_DIR]).filter(
    (s) => !filter || s.spec.name.toLowerCase().includes(filter) || s.file.toLowerCase().includes(filter),
  );
  const target = options.resolved ?? (await resolveTarget(options));
  const { url, simulator } = target;
  const secrets = new Set<string>(target.secrets);
  const contract = await loadContract();
  const operations = options.operations ? new Set(options.operations) : undefined;
  const ctx = {
    target,
    contract,
    match: contract.match,
    ledger: options.ledger ?? newFixtureLedger(),
    ...(operations ? { operations } : {}),
  };
  // With --operations, a suite none of whose steps calls one of them does not run.
  if (operations) {
    const keep = suites.filter((suite) => selectSteps(suite, contract.match, operations).kept.size > 0);
    suites.splice(0, suites.length, ...keep);
  }

  const deadline = runDeadline(options.deadlineAt);
  let over = false;
  const results: (SuiteResult | undefined)[] = new Array<SuiteResult | undefined>(suites.length);
  const pool = runPool(suites, options.concurrency ?? (simulator ? 4 : 1), async (suite, index) => {
    if (over || deadline.passed()) return;
    const run = await runSuite(suite, {
      ...ctx,
      stopped: () => over || deadline.passed(),
      stoppedReason: NOT_RUN_AT_DEADLINE,
    });
    for (const secret of run.secrets) secrets.add(secret);
    // A suite that ends after the run stopped at its deadline is not in the report, already made.
    if (over) return;
    const result = redactStrings(run.result, secrets);
    results[index] = result;
    options.onSuite?.(result);
  });
  // A target that stops answering holds a suite for a time-out per step: the deadline does not wait for it.
  await Promise.race([pool, deadline.reached]);
  over = true;
  deadline.cancel();

  const final = redactStrings(
    suites.map((suite, i) => results[i] ?? notRun(suite, contract)),
    secrets,
  );
  const notRunSteps = final.flatMap((s) => s.steps).filter((s) => s.skipReason === NOT_RUN_AT_DEADLINE).length;
  const stoppedAtDeadline: DeadlineStop | undefined =
    results.some((r) => r === undefined) || notRunSteps > 0
      ? {
          afterMs: Math.round(performance.now() - started),
          notRun: notRunSteps,
          unit: 'scenario steps',
        }
      : undefined;
  return {
    target: url,
    simulator,
    startedAt: startedAtIso,
    durationMs: Math.round(performance.now() - started),
    suites: final,
    summary: summarize(final),
    coverage: stepCoverage(final),
    ...(stoppedAtDeadline ? { stoppedAtDeadline } : {}),
    strict: options.strict ?? false,
    passed:
      !stoppedAtDeadline &&
      !final.some((s) => suiteFailsRun(s, options.strict ?? false)) &&
      final.some((s) => s.steps.some((step) => step.outcome !== 'skipped')),
  };
}

/** A suite the run did not finish before its deadline: every step not run, saying why. */
function notRun(suite: LoadedSuite, contract: Contract): SuiteResult {
  return {
    name: suite.spec.name,
    file: suite.file,
    outcome: 'skipped',
    durationMs: 0,
    skipReason: NOT_RUN_AT_DEADLINE,
    steps: suite.spec.steps.map((step, i) => ({
      name: step.name,
      line: suite.stepLines[i] ?? 0,
      method: step.request.method,
      path: step.request.path,
      outcome: 'skipped',
      durationMs: 0,
      checks: [],
      skipReason: NOT_RUN_AT_DEADLINE,
      planned: plannedStepRules(step, contract),
    })),
  };
}
