/**
 * `conform`: checks one target (a deployment, or a simulator) against the contract by running the
 * default scenario suites, the verification of the committed pacts and a fuzz budget against it,
 * one after the other, and classifies every rule they checked in one redacted report.
 */
import { fuzz, seedFromEnvironment as fuzzSeedFromEnvironment } from '../fuzz/index.ts';
import { verifyPacts } from '../contracts/pact/index.ts';
import { DEFAULT_SUITES_DIR, loadSuites, runScenarios, ScenarioFileError } from '../scenarios/index.ts';
import { loadContract, selectedOperationIds } from '../contract/index.ts';
import { RUN_BROKEN } from '../verdict/index.ts';
import { newFixtureLedger, resolveTarget, TargetUsageError, type TargetRunOptions } from '../target/index.ts';
import { deadlineMessage, type DeadlineStop } from '../client/index.ts';
import {
  countVerdicts,
  coverageOf,
  DEFAULT_MIN_COVERAGE,
  judgedRule,
  passes,
  RULE_SOURCES,
  selectedChecks,
  type CheckerRun,
  type ConformReport,
  type ConformRule,
  type RuleSource,
  type VerdictCounts,
} from './conform-report.ts';
import { applyBaseline, BaselineFileError, readBaseline, type BaselineEntry } from './baseline.ts';
import { fuzzRules, fuzzSummary } from './fuzz-rules.ts';
import { pactRules } from './pact-rules.ts';
import { redactStrings } from '../report/index.ts';
import { scenarioRules, scenarioSummary } from './scenario-rules.ts';

/** Fuzz cases per operation and kind unless told otherwise. */
export const DEFAULT_FUZZ_RUNS = 25;

export interface ConformOptions extends TargetRunOptions {
  /** Divergences from assumed rules fail the run too. */
  strict?: boolean;
  /** Fuzz cases per operation and kind, and runs per sequence (default 25). */
  fuzzRuns?: number;
  /** The fuzz run's seed (default FUZZ_SEED, else random; the report shows it). */
  seed?: number;
  /** The least percent of the known rules the run must check (default 90). */
  minCoverage?: number;
  /** Directory for the scenario files that replay fuzz failures (none written when absent). */
  fuzzOut?: string;
  /** Scenario files or folders run besides the default suites (recorded suites: `gas-harness record`). */
  suites?: string[];
  /** Only these operations: scenario steps, pact interactions and fuzz operations of them (`--operations`). */
  operations?: string[];
  /** A baseline file (`--baseline`): the broken rules it lists are accepted; only what is new fails the run. */
  baseline?: string;
  /** Only these checkers (`--checks scenarios,pact,fuzz`; default all). */
  checks?: string[];
  /** Called with a line as each checker starts and ends. */
  onProgress?(message: string): void;
  /**
   * When the run stops with what it has (a `Date.now()` time): the checker running then stops, the
   * ones after it do not start, and the report fails saying so.
   */
  deadlineAt?: number;
}

/** A misuse of `conform` (bad option, missing credentials): the CLI exits 2. */
export class ConformUsageError extends TargetUsageError {
  override name = 'ConformUsageError';
}

interface CheckerOutcome {
  rules: ConformRule[];
  summary: string;
  notices?: string[];
  /** The checker stopped at the run's deadline. */
  stopped?: DeadlineStop;
}

/**
 * Runs the three checkers against `options.target` and returns the classified, redacted report.
 * Never throws for a broken rule; throws ConformUsageError for a misuse.
 */
export async function conform(options: ConformOptions): Promise<ConformReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const fuzzRuns = options.fuzzRuns ?? DEFAULT_FUZZ_RUNS;
  if (!Number.isInteger(fuzzRuns) || fuzzRuns < 1)
    throw new ConformUsageError(`fuzz runs must be a positive integer, not ${fuzzRuns}`);
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  if (!(minCoverage >= 0 && minCoverage <= 100))
    throw new ConformUsageError(`the minimum coverage must be a percent from 0 to 100, not ${minCoverage}`);
  const seed = options.seed ?? seedFromEnvironment() ?? Math.floor(Math.random() * 2 ** 31);
  const contract = await loadContract();
  // The filters are checked before the target is reached: an unknown id or checker names the allowed ones.
  let operations: string[] | undefined;
  let checks: RuleSource[];
  try {
    operations = selectedOperationIds(contract.operations, options.operations);
    checks = selectedChecks(options.checks);
  } catch (error) {
    throw new ConformUsageError(error instanceof Error ? error.message : String(error));
  }
  // A bad baseline is a misuse, reported before the target is reached.
  let baseline: BaselineEntry[] | undefined;
  if (options.baseline !== undefined)
    try {
      baseline = readBaseline(options.baseline);
    } catch (error) {
      if (error instanceof BaselineFileError) throw new ConformUsageError(error.message);
      throw error;
    }
  // A bad suite file is a misuse, reported before the target is reached.
  if (options.suites?.length)
    try {
      loadSuites(options.suites);
    } catch (error) {
      if (error instanceof ScenarioFileError) throw new ConformUsageError(error.message);
      throw error;
    }
  // Resolved and reached once: a dead or mistyped target stops here, before any checker.
  const target = await resolveTarget(options);
  const url = target.url;
  const ledger = newFixtureLedger();
  const secrets = new Set(target.secrets);
  const progress = (message: string) => options.onProgress?.(message);

  const rules: ConformRule[] = [];
  const checkers: CheckerRun[] = [];
  const notices: string[] = [];
  const deadlineAt = options.deadlineAt;
  let stoppedAtDeadline: string | undefined;
  let deadlineBroken: ConformRule | undefined;
  const notStarted: RuleSource[] = [];
  const run = async (source: RuleSource, check: () => Promise<CheckerOutcome>): Promise<void> => {
    if (!checks.includes(source)) return;
    if (stoppedAtDeadline !== undefined || (deadlineAt !== undefined && Date.now() >= deadlineAt)) {
      notStarted.push(source);
      return;
    }
    progress(`${source}: running`);
    const began = performance.now();
    let outcome: CheckerOutcome;
    try {
      outcome = await check();
    } catch (error) {
      // A checker that cannot run leaves its rules unchecked: the run must not pass.
      const message = error instanceof Error ? error.message : String(error);
      outcome = {
        summary: `could not run: ${message}`,
        rules: [
          judgedRule(RUN_BROKEN, {
            source,
            rule: `${source} run`,
            expected: 'the checker runs against the target',
            got: message,
          }),
        ],
      };
    }
    const durationMs = Math.round(performance.now() - began);
    if (outcome.stopped) {
      stoppedAtDeadline = deadlineMessage({ ...outcome.stopped, afterMs: Math.round(performance.now() - started) });
      deadlineBroken = deadlineRule(source, stoppedAtDeadline);
      outcome.rules.push(deadlineBroken);
    }
    rules.push(...outcome.rules);
    notices.push(...(outcome.notices ?? []).map((n) => `${source}: ${n}`));
    checkers.push({ source, durationMs, summary: outcome.summary });
    const counts = countVerdicts(outcome.rules);
    progress(
      `${source}: ${outcome.summary}; ${counts.pass} pass, ${counts.FAILURE} FAILURE, ${counts.DIVERGENCE} DIVERGENCE, ${counts.skipped} skipped in ${(durationMs / 1000).toFixed(1)} s`,
    );
  };

  await run('scenarios', async () => {
    const paths = options.suites?.length ? [DEFAULT_SUITES_DIR, ...options.suites] : [];
    const report = await runScenarios({
      resolved: target,
      ledger,
      paths,
      ...(operations ? { operations } : {}),
      ...(deadlineAt ? { deadlineAt } : {}),
    });
    return {
      rules: scenarioRules(report),
      summary: scenarioSummary(report),
      ...(report.stoppedAtDeadline ? { stopped: report.stoppedAtDeadline } : {}),
    };
  });

  await run('pact', async () => {
    const report = await verifyPacts({
      resolved: target,
      ledger,
      ...(operations ? { operations } : {}),
      ...(deadlineAt ? { deadlineAt } : {}),
    });
    const skipped = report.results.filter((r) => r.skipped).length;
    return {
      rules: pactRules(contract, report, undefined, operations),
      summary: `${report.results.length - skipped} interactions verified${skipped ? `, ${skipped} skipped` : ''}${report.tenant ? ` (tenant ${report.tenant})` : ''}`,
      notices: report.notices,
      ...(report.stoppedAtDeadline ? { stopped: report.stoppedAtDeadline } : {}),
    };
  });

  await run('fuzz', async () => {
    const report = await fuzz({
      resolved: target,
      ledger,
      runs: fuzzRuns,
      seed,
      strict: false,
      ...(operations ? { operations } : {}),
      ...(options.fuzzOut ? { out: options.fuzzOut } : {}),
      ...(deadlineAt ? { deadlineAt } : {}),
    });
    return {
      rules: fuzzRules(report),
      summary: fuzzSummary(report),
      notices: report.notes,
      ...(report.stoppedAtDeadline ? { stopped: report.stoppedAtDeadline } : {}),
    };
  });

  if (notStarted.length) {
    stoppedAtDeadline = `${stoppedAtDeadline ?? `stopped at the deadline after ${((performance.now() - started) / 1000).toFixed(1)} s`}; checkers not started: ${notStarted.join(', ')}`;
    if (deadlineBroken) deadlineBroken.got = stoppedAtDeadline;
    else rules.push(deadlineRule(notStarted[0]!, stoppedAtDeadline));
  }
  if (stoppedAtDeadline) notices.unshift(stoppedAtDeadline);
  const totals = countVerdicts(rules);
  const totalsBySource = Object.fromEntries(
    RULE_SOURCES.map((s) => [s, countVerdicts(rules.filter((r) => r.source === s))]),
  ) as Record<RuleSource, VerdictCounts>;
  const strict = options.strict ?? false;
  const coverage = coverageOf(rules, minCoverage);
  const report: ConformReport = {
    target: url,
    simulator: target.simulator,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    strict,
    seed,
    fuzzRuns,
    ...(operations ? { operations } : {}),
    ...(checks.length < RULE_SOURCES.length ? { checks } : {}),
    ...(typeof options.profile === 'string' ? { profile: options.profile } : {}),
    ...(options.token || options.tokenCommand ? { tokenGiven: true } : {}),
    ...(options.suites?.length ? { suites: options.suites } : {}),
    checkers,
    rules,
    totals,
    totalsBySource,
    notices,
    coverage,
    ...(stoppedAtDeadline ? { stoppedAtDeadline } : {}),
    passed: passes(totals, strict) && coverage.percent >= coverage.minimum,
  };
  return redactStrings<ConformReport>(
    baseline && options.baseline !== undefined ? applyBaseline(report, options.baseline, baseline) : report,
    [...secrets],
  );
}

/** The rule a run that stopped at its deadline broke: it fails the run, whatever else passed. */
function deadlineRule(source: RuleSource, message: string): ConformRule {
  return judgedRule(RUN_BROKEN, {
    source,
    rule: 'the run ends within its deadline (--deadline)',
    expected: 'every checker finishes before the deadline',
    got: message,
  });
}

/** FUZZ_SEED as the fuzzer reads it; a bad one is a misuse of conform. */
function seedFromEnvironment(): number | undefined {
  try {
    return fuzzSeedFromEnvironment();
  } catch (error) {
    throw new ConformUsageError(error instanceof Error ? error.message : String(error));
  }
}
