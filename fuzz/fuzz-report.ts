/** The result of a fuzz run: what ran, what failed (or diverged from an assumption), and how fast. */
import { deadlineMessage, type DeadlineStop } from '../client/index.ts';
import { type JunitCase, type JunitSuite } from '../report/index.ts';
import { assumptionOf, failsRun, verdictOf, type RuleOutcome } from '../verdict/index.ts';
import { CHECK_NAMES, type SelectableCheck } from './checks.ts';
import type { SentRequest } from './fuzz-case.ts';

/**
 * A shrunk counterexample: the rule it broke (`RuleOutcome`: assumed with the spec's reason, a
 * divergence that fails the run only with `strict`; or documented, with what it rests on when there
 * is more to say, a 5xx's note or a stated sentence), and how to replay it.
 */
export interface FuzzFailure extends RuleOutcome {
  operationId: string;
  check: SelectableCheck;
  message: string;
  /** `positive`, `negative`, `auth`, or `sequence <name>`. */
  source: string;
  /** What the shrunk case did (`missing_required body.name`) or the sequence's commands. */
  description: string;
  /** fast-check's seed and path of the shrunk counterexample. */
  seed: number;
  path: string;
  shrinks: number;
  /** The run's seed: `gas-harness fuzz --seed <runSeed> --operations <operationId>` finds it again. */
  runSeed: number;
  /** The last request of the counterexample, secrets redacted. */
  request: SentRequest;
  status?: number;
  /** A curl command that sends that request (token redacted). */
  curl: string;
  /** The scenario file that replays it, when `out` was given. */
  scenarioFile?: string;
}

export interface OperationSummary {
  operationId: string;
  /** Cases generated per kind (first pass of each property). */
  cases: { positive: number; negative: number; auth: number };
  /** Kinds that could not run, with the reason. */
  skipped: string[];
  /** Time spent fuzzing the operation, shrinking included. */
  durationMs?: number;
}

export interface SequenceSummary {
  name: string;
  rule: string;
  runs: number;
  skipped?: string;
  /** Time spent running the sequence. */
  durationMs?: number;
}

export interface FuzzReport {
  target: string;
  simulator: boolean;
  seed: number;
  runs: number;
  strict: boolean;
  checks: SelectableCheck[];
  operations: OperationSummary[];
  sequences: SequenceSummary[];
  /** Failures and divergences, each shrunk. */
  failures: FuzzFailure[];
  /** Notes about how the run judged (for instance what a non-simulator target may answer). */
  notes: string[];
  /** Requests sent as cases or sequence runs, shrinking included. */
  executions: number;
  durationMs: number;
  casesPerSecond: number;
  /** Present when the run stopped at its deadline (`--deadline`) with operations or sequences not finished. */
  stoppedAtDeadline?: DeadlineStop;
  /** False when a failure (or, with `strict`, a divergence) was found, or the run stopped at its deadline. */
  ok: boolean;
}

/** JUnit: one suite per operation with a case per check, and one suite of sequences. */
export function fuzzJunitSuites(report: FuzzReport): JunitSuite[] {
  const verdict = (found: FuzzFailure[]): Pick<JunitCase, 'failure' | 'skipped'> => {
    const hard = found.filter((f) => failsRun(f, report.strict));
    if (hard.length)
      return {
        failure: { message: hard.map((f) => f.message).join('; '), details: hard.map(describeFailure).join('\n\n') },
      };
    if (found.length)
      return {
        skipped: `divergence from an assumed rule: ${found.map((f) => `${f.message} (${f.reason ?? ''})`).join('; ')}`,
      };
    return {};
  };
  const operationChecks = CHECK_NAMES.filter((c) => report.checks.includes(c));
  const suites: JunitSuite[] = report.operations.map((op) => ({
    name: `fuzz ${op.operationId}`,
    cases: operationChecks.map((check) => ({
      name: check,
      classname: `fuzz.${op.operationId}`,
      // Every check judges the same requests, so the operation's time is shared among them: the
      // suite's time is the real one.
      timeMs: (op.durationMs ?? 0) / operationChecks.length,
      ...verdict(
        report.failures.filter(
          (f) => f.operationId === op.operationId && f.check === check && !f.source.startsWith('sequence'),
        ),
      ),
    })),
  }));
  if (report.sequences.length) {
    suites.push({
      name: 'fuzz sequences',
      cases: report.sequences.map((s) => ({
        name: s.name,
        classname: 'fuzz.sequences',
        timeMs: s.durationMs ?? 0,
        ...(s.skipped
          ? { skipped: s.skipped }
          : verdict(report.failures.filter((f) => f.source === `sequence ${s.name}`))),
      })),
    });
  }
  if (report.stoppedAtDeadline)
    suites.push({
      name: 'fuzz deadline',
      cases: [
        {
          name: 'the run ends within its deadline',
          classname: 'fuzz.deadline',
          timeMs: 0,
          failure: { message: deadlineMessage(report.stoppedAtDeadline) },
        },
      ],
    });
  return suites;
}

/**
 * A finding's verdict, as every report gives it: judged where it was found (`judgedBasis`: on a 5xx
 * answer never a divergence), with what it rests on.
 */
export function findingVerdict(f: FuzzFailure): {
  verdict: 'pass' | 'FAILURE' | 'DIVERGENCE';
  basis: 'documented' | 'assumed';
  why?: string;
} {
  return { verdict: verdictOf(f), basis: f.basis, ...(f.reason ? { why: f.reason } : {}) };
}

/** A failure as the console and JUnit show it. */
export function describeFailure(f: FuzzFailure): string {
  const lines = [
    `${findingVerdict(f).verdict} ${f.operationId} ${f.check}: ${f.message}`,
    `  case: ${f.source}: ${f.description}`,
    ...(assumptionOf(f) !== undefined ? [`  assumed: ${f.reason ?? ''}`] : []),
    `  seed ${f.seed}, path ${f.path} (${f.shrinks} shrinks); run seed ${f.runSeed}`,
    `  ${f.curl}`,
    ...(f.scenarioFile ? [`  scenario: ${f.scenarioFile}`] : []),
  ];
  return lines.join('\n');
}
