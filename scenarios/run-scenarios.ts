/**
 * The scenario runner's entry point: loads suites (files and directories), runs them against one
 * target with bounded parallelism, each in a fresh simulator tenant, and returns a redacted report.
 */
import { projectFile } from '../project-files.ts';
import { redactSecrets } from '../report/index.ts';
import { loadContract } from '../spec/index.ts';
import {
  newFixtureLedger,
  resolveTarget,
  runPool,
  type FixtureLedger,
  type ResolvedTarget,
  type TargetRunOptions,
} from '../client/index.ts';
import { loadSuites } from './load-suites.ts';

import { runSuite } from './run-suite.ts';
import { stepCoverage, summarize, type ScenarioReport, type SuiteResult } from './scenario-report.ts';

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
  /** Called with each suite's result (redacted) as it finishes. */
  onSuite?: (suite: SuiteResult) => void;
}

/**
 * Runs scenario suites against a target. Throws ScenarioFileError (every problem with its file and
 * line) before anything runs when a file is not a valid suite.
 */
export async function runScenarios(options: RunScenariosOptions): Promise<ScenarioReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const filter = options.filter?.toLowerCase();
  const suites = loadSuites(options.paths?.length ? options.paths : [DEFAULT_SUITES_DIR]).filter(
    (s) => !filter || s.spec.name.toLowerCase().includes(filter) || s.file.toLowerCase().includes(filter),
  );
  const target = options.resolved ?? (await resolveTarget(options));
  const { url, simulator } = target;
  const secrets = new Set<string>(target.secrets);
  const contract = await loadContract();
  const ctx = { target, contract, match: contract.match, ledger: options.ledger ?? newFixtureLedger() };

  const results: SuiteResult[] = new Array<SuiteResult>(suites.length);
  await runPool(suites, options.concurrency ?? (simulator ? 4 : 1), async (suite, index) => {
    const run = await runSuite(suite, ctx);
    for (const secret of run.secrets) secrets.add(secret);
    const result = redactDeep(run.result, secrets);
    results[index] = result;
    options.onSuite?.(result);
  });

  const final = redactDeep(results, secrets);
  return {
    target: url,
    simulator,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    suites: final,
    summary: summarize(final),
    coverage: stepCoverage(final),
    passed:
      final.every((s) => s.outcome !== 'failed') &&
      final.some((s) => s.steps.some((step) => step.outcome !== 'skipped')),
  };
}

/** A copy of a JSON value with every secret removed from its strings. */
function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' ? redactSecrets(v, list) : v,
  ) as T;
}
