/**
 * Property-based fuzzing of the Gas Ordering Platform API from its OpenAPI document: the
 * programmatic API behind `gas-harness fuzz` (and `gas-harness conform`).
 */
import { failsRun } from '../verdict/index.ts';
import { loadContract, selectedOperationIds, type Operation } from '../contract/index.ts';
import {
  connectTarget,
  newFixtureLedger,
  resolveTarget,
  type FixtureLedger,
  type ResolvedTarget,
  type TargetRunOptions,
  type TargetSession,
} from '../target/index.ts';
import { runPool } from '../client/index.ts';
import { runDeadline, type DeadlineStop } from '../client/index.ts';
import { parseChecks, STATEFUL_CHECK, type SelectableCheck } from './checks.ts';
import type { FuzzFailure, FuzzReport, OperationSummary, SequenceSummary } from './fuzz-report.ts';
import { fuzzOperation } from './operation-fuzzer.ts';
import { fuzzSequence, SEQUENCES } from './sequence-fuzzer.ts';

export { CHECK_NAMES, SELECTABLE_CHECKS, STATEFUL_CHECK, type CheckName, type SelectableCheck } from './checks.ts';
export { describeFailure, findingVerdict, fuzzJunitSuites, type FuzzFailure, type FuzzReport } from './fuzz-report.ts';
export { fuzzHtmlReport } from './fuzz-html.ts';
export { arbitraryFromSchema } from './schema-arbitrary.ts';
export { listMutations } from './schema-mutations.ts';
export { createProgressLine, type ProgressLine } from './progress-line.ts';

export interface FuzzOptions extends TargetRunOptions {
  /** The target already resolved (conform resolves it once for every checker); wins over the rest. */
  resolved?: ResolvedTarget;
  /** What the run has used up of the profile's one-time fixtures, when shared with other checkers. */
  ledger?: FixtureLedger;
  /** operationIds to fuzz (default: all). */
  operations?: string[];
  /** Cases per property: per operation and kind (positive, negative, auth), and sequence runs. Default 100. */
  runs?: number;
  /** The run's seed; default FUZZ_SEED, else random. */
  seed?: number;
  /** Checks to run (default: all); `stateful_sequences` selects the model-based sequences. */
  checks?: readonly string[];
  /** Divergences from assumed rules fail the run too. */
  strict?: boolean;
  /** Directory for the scenario files of failures (none written when absent). */
  out?: string;
  /** Operations fuzzed at once (default 4). */
  concurrency?: number;
  /** Called after every generated case, with the count done and the planned total. */
  onProgress?(done: number, total: number): void;
  /**
   * When the run stops with what it has (a `Date.now()` time): operations and sequences not finished
   * by then are left out of the report, which says how many and fails.
   */
  deadlineAt?: number;
}

/** Fuzzes the target; resolves to the report (it never throws for a failed check, only for misuse). */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const contract = await loadContract();
  const checks = parseChecks(options.checks);
  const selected = new Set<SelectableCheck>(checks);
  const runs = options.runs ?? 100;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a positive integer, not ${runs}`);
  const runSeed = options.seed ?? seedFromEnvironment() ?? Math.floor(Math.random() * 2 ** 31);
  const operations = selectOperations(contract.operations, options.operations);
  const target = options.resolved ?? (await resolveTarget(options));
  const { url } = target;
  const connect = () => connectTarget(target);
  const probe = connect();
  const sequences = selected.has(STATEFUL_CHECK)
    ? SEQUENCES.filter((s) => s.operations.every((id) => operations.some((op) => op.id === id)))
    : [];
  const total = (operations.length * 3 + sequences.length) * runs;
  let done = 0;
  const onCase = (count = 1) => {
    done += count;
    if (count > 0) options.onProgress?.(done, total);
  };
  const seedFor = (name: string) => deriveSeed(runSeed, name);
  const common = {
    contract,
    runs,
    runSeed,
    seedFor,
    checks: selected,
    onCase,
    ledger: options.ledger ?? newFixtureLedger(),
    ...(options.out ? { out: options.out } : {}),
  };

  const failures: FuzzFailure[] = [];
  const summaries: OperationSummary[] = [];
  const sequenceSummaries: SequenceSummary[] = [];
  let executions = 0;
  const deadline = runDeadline(options.deadlineAt);
  let over = false;
  let finished = 0;
  // A job that ends after the run stopped at its deadline is not in the report, already made.
  const keep = (result: { failures: FuzzFailure[]; executions: number }, add: () => void) => {
    if (over) return;
    add();
    failures.push(...result.failures);
    executions += result.executions;
    finished++;
  };
  const jobs: (() => Promise<void>)[] = [
    ...operations.map((op) => async () => {
      const began = performance.now();
      const result = await fuzzOperation({ ...common, op, session: sessionFor(probe, connect) });
      keep(result, () => summaries.push({ ...result.summary, durationMs: performance.now() - began }));
    }),
    ...sequences.map((definition) => async () => {
      const began = performance.now();
      const result = await fuzzSequence(definition, { ...common, session: sessionFor(probe, connect) });
      keep(result, () => sequenceSummaries.push({ ...result.summary, durationMs: performance.now() - began }));
    }),
  ];
  // Jobs on a simulator reset their tenant: in a tenant the run's token names, they take turns.
  const pool = runPool(jobs, probe.sharedTenant ? 1 : (options.concurrency ?? 4), (job) =>
    over || deadline.passed() ? Promise.resolve() : job(),
  );
  // A target that stops answering holds a job for a time-out per case: the deadline does not wait for it.
  await Promise.race([pool, deadline.reached]);
  over = true;
  deadline.cancel();
  const stoppedAtDeadline: DeadlineStop | undefined =
    finished < jobs.length
      ? {
          afterMs: Math.round(performance.now() - started),
          notRun: jobs.length - finished,
          unit: 'fuzz operations and sequences',
        }
      : undefined;

  const order = new Map(operations.map((op, i) => [op.id, i]));
  summaries.sort((a, b) => (order.get(a.operationId) ?? 0) - (order.get(b.operationId) ?? 0));
  sequenceSummaries.sort((a, b) => a.name.localeCompare(b.name));
  failures.sort(
    (a, b) => (order.get(a.operationId) ?? 0) - (order.get(b.operationId) ?? 0) || a.check.localeCompare(b.check),
  );
  const strict = options.strict ?? false;
  const durationMs = performance.now() - started;
  return {
    target: url,
    simulator: probe.simulator,
    seed: runSeed,
    runs,
    strict,
    checks,
    operations: summaries,
    sequences: sequenceSummaries,
    failures,
    notes: probe.simulator
      ? [
          'positive cases ran on an empty simulator tenant with the resources their path names created first (provider state "the resources named in {path} exist")',
        ]
      : [
          'the target is not a simulator: resources named by generated ids may not exist, so a documented 404 (or 409 conflict) answer to valid data is accepted, not reported',
        ],
    executions,
    durationMs,
    casesPerSecond: executions / (durationMs / 1000),
    ...(stoppedAtDeadline ? { stoppedAtDeadline } : {}),
    ok: !stoppedAtDeadline && !failures.some((f) => failsRun(f, strict)),
  };
}

/** A simulator gets a fresh session (tenant) per job, so jobs may reset their tenant; others share one. */
function sessionFor(probe: TargetSession, connect: () => TargetSession): TargetSession {
  return probe.simulator && !probe.sharedTenant ? connect() : probe;
}

function selectOperations(all: Operation[], ids: string[] | undefined): Operation[] {
  const wanted = selectedOperationIds(all, ids);
  return wanted ? all.filter((op) => wanted.includes(op.id)) : all;
}

/** The seed FUZZ_SEED fixes (CI sets it), if any: the one place it is read. */
export function seedFromEnvironment(): number | undefined {
  const raw = process.env.FUZZ_SEED;
  if (raw === undefined || raw === '') return undefined;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${raw}`);
  return seed;
}

/** A property's seed from the run's seed and the property's name (FNV-1a), so properties differ yet replay. */
export function deriveSeed(runSeed: number, name: string): number {
  let hash = 0x811c9dc5 ^ (runSeed | 0);
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash | 0;
}
