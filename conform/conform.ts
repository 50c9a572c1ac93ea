/**
 * `conform`: checks one target (a deployment, or a simulator) against the contract by running the
 * default scenario suites, the verification of the committed pacts and a fuzz budget against it,
 * one after the other, and classifies every rule they checked in one redacted report.
 */
import { execSync } from 'node:child_process';
import { fuzz } from '../contracts/fuzz/index.ts';
import { verifyPacts } from '../contracts/pact/index.ts';
import { runScenarios } from '../scenarios/index.ts';
import { loadContract } from '../spec/index.ts';
import { connectTarget } from '../target/index.ts';
import {
  countVerdicts, passes, RULE_SOURCES, type CheckerRun, type ConformReport, type ConformRule, type RuleSource, type VerdictCounts,
} from './conform-report.ts';
import { fuzzRules, fuzzSummary } from './fuzz-rules.ts';
import { pactRules, planPactRun } from './pact-rules.ts';
import { redactDeep } from './redact-report.ts';
import { scenarioRules, scenarioSummary } from './scenario-rules.ts';

/** Fuzz cases per operation and kind (positive, negative, auth) unless told otherwise. */
export const DEFAULT_FUZZ_RUNS = 25;

export interface ConformOptions {
  /** The base URL of the target: a deployment, or a gas-harness simulator. */
  target: string;
  /** A bearer token for every checker (required unless the target is a simulator). */
  token?: string;
  /** A shell command whose standard output is that token; run once. */
  tokenCommand?: string;
  /** The order counter's raw API key (default: GAS_API_KEY, then the simulator's development key). */
  apiKey?: string;
  /** Divergences from assumed rules fail the run too. */
  strict?: boolean;
  /** Fuzz cases per operation and kind, and runs per sequence (default 25). */
  fuzzRuns?: number;
  /** The fuzz run's seed (default FUZZ_SEED, else random; the report shows it). */
  seed?: number;
  /** Where the pacts' provider state changes go on a target that is not a simulator. */
  statesUrl?: string;
  /** Directory for the scenario files that replay fuzz failures (none written when absent). */
  fuzzOut?: string;
  /** Called with a line as each checker starts and ends. */
  onProgress?(message: string): void;
}

/** A misuse of `conform` (bad option, missing credentials): the CLI exits 2. */
export class ConformUsageError extends Error {
  override name = 'ConformUsageError';
}

interface CheckerOutcome {
  rules: ConformRule[];
  summary: string;
  notices?: string[];
}

/**
 * Runs the three checkers against `options.target` and returns the classified, redacted report.
 * Never throws for a broken rule; throws ConformUsageError for a misuse.
 */
export async function conform(options: ConformOptions): Promise<ConformReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const fuzzRuns = options.fuzzRuns ?? DEFAULT_FUZZ_RUNS;
  if (!Number.isInteger(fuzzRuns) || fuzzRuns < 1) throw new ConformUsageError(`fuzz runs must be a positive integer, not ${fuzzRuns}`);
  if (options.token && options.tokenCommand) throw new ConformUsageError('give a token or a token command, not both');
  const url = options.target.replace(/\/+$/, '');
  const token = options.token ?? (options.tokenCommand ? runTokenCommand(options.tokenCommand) : undefined);
  const credentials = { ...(token ? { token } : {}), ...(options.apiKey ? { apiKey: options.apiKey } : {}) };
  const session = await connectTarget({ url, ...credentials });
  if (!session.simulator && !token) {
    throw new ConformUsageError(`${url} is not a gas-harness simulator: give a bearer token with --token or --token-command`);
  }
  const seed = options.seed ?? seedFromEnvironment() ?? Math.floor(Math.random() * 2 ** 31);
  const secrets = () => [...session.secrets(), ...(token ? [token] : []), ...(options.apiKey ? [options.apiKey] : [])];
  const contract = await loadContract();
  const progress = (message: string) => options.onProgress?.(message);

  const rules: ConformRule[] = [];
  const checkers: CheckerRun[] = [];
  const notices: string[] = [];
  const run = async (source: RuleSource, check: () => Promise<CheckerOutcome>): Promise<void> => {
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
        rules: [{ source, rule: `${source} run`, verdict: 'FAILURE', basis: 'documented', expected: 'the checker runs against the target', got: message }],
      };
    }
    const durationMs = Math.round(performance.now() - began);
    rules.push(...outcome.rules);
    notices.push(...(outcome.notices ?? []).map((n) => `${source}: ${n}`));
    checkers.push({ source, durationMs, summary: outcome.summary });
    const counts = countVerdicts(outcome.rules);
    progress(`${source}: ${outcome.summary}; ${counts.pass} pass, ${counts.FAILURE} FAILURE, ${counts.DIVERGENCE} DIVERGENCE, ${counts.skipped} skipped in ${(durationMs / 1000).toFixed(1)} s`);
  };

  await run('scenarios', async () => {
    const report = await runScenarios({ target: url, ...credentials });
    return { rules: scenarioRules(report), summary: scenarioSummary(report) };
  });

  await run('pact', async () => {
    const plan = planPactRun(contract, session.simulator || options.statesUrl !== undefined);
    try {
      const skippedNote = plan.skipped.length ? [`${plan.skipped.length} interactions need provider states this target cannot set up (give --states-url): skipped`] : [];
      if (plan.pactFiles.length === 0) return { rules: plan.skipped, summary: `0 interactions verified, ${plan.skipped.length} skipped`, notices: skippedNote };
      const report = await verifyPacts({ target: url, ...credentials, ...(options.statesUrl ? { statesUrl: options.statesUrl } : {}), pactFiles: plan.pactFiles });
      const verified = pactRules(contract, plan, report);
      return {
        rules: [...plan.skipped, ...verified],
        summary: `${report.results.length} interactions verified${plan.skipped.length ? `, ${plan.skipped.length} skipped` : ''}${report.tenant ? ` (tenant ${report.tenant})` : ''}`,
        notices: [...skippedNote, ...report.notices],
      };
    } finally {
      plan.cleanup();
    }
  });

  await run('fuzz', async () => {
    const report = await fuzz({ target: url, ...credentials, runs: fuzzRuns, seed, strict: false, ...(options.fuzzOut ? { out: options.fuzzOut } : {}) });
    return { rules: fuzzRules(report), summary: fuzzSummary(report), notices: report.notes };
  });

  const totals = countVerdicts(rules);
  const totalsBySource = Object.fromEntries(RULE_SOURCES.map((s) => [s, countVerdicts(rules.filter((r) => r.source === s))])) as Record<RuleSource, VerdictCounts>;
  const strict = options.strict ?? false;
  return redactDeep<ConformReport>({
    target: url,
    simulator: session.simulator,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    strict,
    seed,
    fuzzRuns,
    checkers,
    rules,
    totals,
    totalsBySource,
    notices,
    passed: passes(totals, strict),
  }, secrets());
}

function runTokenCommand(command: string): string {
  let token: string;
  try {
    token = execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }).trim();
  } catch (error) {
    throw new ConformUsageError(`the token command failed (exit ${String((error as { status?: number }).status ?? 'unknown')})`);
  }
  if (!token) throw new ConformUsageError('the token command printed no token');
  return token;
}

function seedFromEnvironment(): number | undefined {
  const raw = process.env.FUZZ_SEED;
  if (raw === undefined || raw === '') return undefined;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new ConformUsageError(`FUZZ_SEED must be an integer, not ${raw}`);
  return seed;
}
