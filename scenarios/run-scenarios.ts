/**
 * The scenario runner's entry point: loads suites (files and directories), runs them against one
 * target with bounded parallelism, each in a fresh simulator tenant, and returns a redacted report.
 */
import { execSync } from 'node:child_process';
import { projectFile } from '../project-files.ts';
import { redactSecrets } from '../report/index.ts';
import { loadContract } from '../spec/index.ts';
import { isSimulator } from '../target/index.ts';
import { loadSuites } from './load-suites.ts';

import { runSuite } from './run-suite.ts';
import { summarize, type ScenarioReport, type SuiteResult } from './scenario-report.ts';

/** The default suites shipped with the harness. */
export const DEFAULT_SUITES_DIR = projectFile('scenarios', 'suites');

export interface RunScenariosOptions {
  /** The base URL of the target: a gas-harness simulator or a deployment. */
  target: string;
  /** Scenario files or directories; the default suites when empty. */
  paths?: string[];
  /** A bearer token sent by every suite instead of its own auth profile. */
  token?: string;
  /** A shell command whose output is that token; run once. */
  tokenCommand?: string;
  /** The order counter's raw API key (default: GAS_API_KEY, then the simulator's development key). */
  apiKey?: string;
  /** Suites run at once (default 4). */
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
  const suites = loadSuites(options.paths?.length ? options.paths : [DEFAULT_SUITES_DIR])
    .filter((s) => !filter || s.spec.name.toLowerCase().includes(filter) || s.file.toLowerCase().includes(filter));
  const url = options.target.replace(/\/+$/, '');
  const token = options.token ?? (options.tokenCommand ? runTokenCommand(options.tokenCommand) : undefined);
  const secrets = new Set<string>([token, options.apiKey].filter((s): s is string => !!s));
  const contract = await loadContract();
  const simulator = await isSimulator(url);
  const ctx = {
    url,
    simulator,
    contract,
    match: contract.match,
    ...(token ? { token } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  };

  const results: SuiteResult[] = new Array<SuiteResult>(suites.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < suites.length) {
      const index = next++;
      const suite = suites[index];
      if (!suite) continue;
      const run = await runSuite(suite, ctx);
      for (const secret of run.secrets) secrets.add(secret);
      const result = redactDeep(run.result, secrets);
      results[index] = result;
      options.onSuite?.(result);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, suites.length || 1));
  await Promise.all(Array.from({ length: workers }, () => worker()));

  const final = redactDeep(results, secrets);
  return {
    target: url,
    simulator,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    suites: final,
    summary: summarize(final),
    passed: final.every((s) => s.outcome !== 'failed'),
  };
}

function runTokenCommand(command: string): string {
  let token: string;
  try {
    token = execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }).trim();
  } catch (error) {
    throw new Error(`the token command failed (exit ${String((error as { status?: number }).status ?? 'unknown')})`);
  }
  if (!token) throw new Error('the token command printed no token');
  return token;
}

/** A copy of a JSON value with every secret removed from its strings. */
function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? redactSecrets(v, list) : v)) as T;
}
