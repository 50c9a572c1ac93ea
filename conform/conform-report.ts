/**
 * The result of a conformance run: every rule the three checkers (scenario suites, Pact
 * verification, fuzzing) checked against one target, each classified pass, FAILURE (a documented
 * rule broken), DIVERGENCE (an assumed rule broken) or skipped (with its reason).
 */
import { VERDICTS, verdictFails, verdictOf, type RuleOutcome, type Verdict } from '../verdict/index.ts';

export { VERDICTS, type Verdict } from '../verdict/index.ts';
export type RuleSource = 'scenarios' | 'pact' | 'fuzz';
export const RULE_SOURCES: readonly RuleSource[] = ['scenarios', 'pact', 'fuzz'];

/** The checkers `--checks` names (comma or space separated; default all); an unknown one is an error naming the allowed ones. */
export function selectedChecks(given: readonly string[] | undefined): RuleSource[] {
  const wanted = (given ?? []).flatMap((c) => c.split(/[\s,]+/)).filter(Boolean);
  if (wanted.length === 0) return [...RULE_SOURCES];
  const unknown = wanted.filter((c) => !(RULE_SOURCES as readonly string[]).includes(c));
  if (unknown.length)
    throw new Error(`unknown check ${unknown.join(', ')} (--checks); the checks are: ${RULE_SOURCES.join(', ')}`);
  return RULE_SOURCES.filter((s) => wanted.includes(s));
}

/** The verdicts of a broken rule, the ones a baseline can accept. */
/** What a baseline can accept: the platform's broken rules (a suite's own expectation is mended in the suite). */
export type BrokenVerdict = 'FAILURE' | 'DIVERGENCE';

/** One accepted rule of a baseline file. */
export interface BaselineEntry {
  id: string;
  verdict: BrokenVerdict;
  operationId?: string;
  rule: string;
  expected?: string;
  /** Why the team accepts it: written by hand. */
  reason: string;
}

/** What a baseline did to a run, in every report. */
export interface BaselineSummary {
  /** The baseline file as given. */
  file: string;
  /** Broken rules the baseline accepts (they do not fail the run). */
  accepted: number;
  /** Broken rules it does not list, by verdict: what is new. */
  new: { FAILURE: number; DIVERGENCE: number };
  /** Entries of the baseline the run did not see broken (fixed, renamed or not run). */
  gone: BaselineEntry[];
}

export interface ConformRule {
  /** The checker that checked the rule. */
  source: RuleSource;
  /** The spec operation the rule is about; absent for a rule of no single operation. */
  operationId?: string;
  /** The rule, named where it was checked: a scenario step, a pact interaction, a fuzz check. */
  rule: string;
  verdict: Verdict;
  /** Whether the platform's description documents the rule or the spec assumes it (`x-assumed`). */
  basis?: RuleOutcome['basis'];
  /** What the rule expects. */
  expected?: string;
  /** What the target did instead, for a FAILURE or a DIVERGENCE. */
  got?: string;
  /** The spec's reason for an assumed rule; for a documented one, a note when there is one. */
  why?: string;
  /** For a broken rule of a scenario step: the answer's status, headers and first KiB of body, redacted. */
  answer?: string;
  /** Where to find or replay it: a scenario file and line, a pact interaction, a fuzz seed and curl. */
  where?: string;
  /** Why a skipped rule was not checked. */
  skipReason?: string;
  /** How long checking it took, where the checker times single rules (scenario steps). */
  durationMs?: number;
  /** The rule's stable id (baseline.ts), on a broken rule of a run with a baseline. */
  id?: string;
  /** The baseline's reason, when the baseline accepts this broken rule: it does not fail the run. */
  accepted?: string;
}

/** How much of what the harness knows the run checked: rules checked of rules known, the skipped ones by reason. */
export interface Coverage {
  known: number;
  checked: number;
  /** checked / known, in percent (100 when nothing is known). */
  percent: number;
  /** The least percent the run must check (`--min-coverage`); below it the run fails. */
  minimum: number;
  skipped: { reason: string; rules: number }[];
}

/** The coverage `--min-coverage` applies to unless told otherwise. */
export const DEFAULT_MIN_COVERAGE = 90;

export type VerdictCounts = Record<Verdict, number>;

export interface CheckerRun {
  source: RuleSource;
  durationMs: number;
  /** One line on what ran: suites, interactions, cases. */
  summary: string;
}

export interface ConformReport {
  target: string;
  /** True when the target is a gas-harness simulator (provider states and minted tokens available). */
  simulator: boolean;
  startedAt: string;
  durationMs: number;
  /** Divergences fail the run too. */
  strict: boolean;
  /** The fuzz run's seed (`--seed` replays it) and cases per operation and kind. */
  seed: number;
  fuzzRuns: number;
  /** The operations the run was narrowed to (`--operations`), when it was. */
  operations?: string[];
  /** The checkers the run was narrowed to (`--checks`), when it was. */
  checks?: RuleSource[];
  checkers: CheckerRun[];
  rules: ConformRule[];
  totals: VerdictCounts;
  totalsBySource: Record<RuleSource, VerdictCounts>;
  /** Run-level messages: how the run judged, what could not be set up. */
  notices: string[];
  coverage: Coverage;
  /** The profile file the run used, as given (replay lines name it). */
  profile?: string;
  /** True when the run's token came from the command line (replay lines ask for it as $GAS_TOKEN). */
  tokenGiven?: boolean;
  /** Scenario files or folders run besides the default suites (`--suites`). */
  suites?: string[];
  /** What a baseline (`--baseline FILE`) accepted, what is new and what it lists that the run did not see. */
  baseline?: BaselineSummary;
  /** How the run stopped at its deadline (`--deadline`), when it did: what did not run. */
  stoppedAtDeadline?: string;
  /** False on any FAILURE, with `strict` on any DIVERGENCE, and when coverage is below its minimum. */
  passed: boolean;
}

export function countVerdicts(rules: readonly ConformRule[]): VerdictCounts {
  const counts: VerdictCounts = { pass: 0, FAILURE: 0, DIVERGENCE: 0, SUITE: 0, skipped: 0 };
  for (const rule of rules) counts[rule.verdict]++;
  return counts;
}

/** Whether a run with these rules passes: no verdict the one exit policy (`verdictFails`) fails on. */
export function passes(totals: VerdictCounts, strict: boolean): boolean {
  return VERDICTS.every((verdict) => totals[verdict] === 0 || !verdictFails(verdict, strict));
}

/** A checker's outcome as a rule of the report: its verdict (verdictOf), basis, and what it rests on. */
export function judgedRule(
  outcome: RuleOutcome,
  rule: Omit<ConformRule, 'verdict' | 'basis' | 'why' | 'got'> & { got?: string },
): ConformRule {
  const { got, ...named } = rule;
  return {
    ...named,
    verdict: verdictOf(outcome),
    basis: outcome.basis,
    ...(!outcome.passed && got !== undefined ? { got } : {}),
    ...(outcome.reason ? { why: outcome.reason } : {}),
  };
}

/** Skipped rules grouped by their reason, largest group first. */
export function skippedByReason(rules: readonly ConformRule[]): [string, ConformRule[]][] {
  const groups = new Map<string, ConformRule[]>();
  for (const rule of rules.filter((r) => r.verdict === 'skipped')) {
    const reason = `${rule.source}: ${rule.skipReason ?? 'skipped'}`;
    groups.set(reason, [...(groups.get(reason) ?? []), rule]);
  }
  return [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
}

export function coverageOf(rules: readonly ConformRule[], minimum: number): Coverage {
  const known = rules.length;
  const checked = rules.filter((r) => r.verdict !== 'skipped').length;
  return {
    known,
    checked,
    percent: known === 0 ? 100 : Math.floor((checked / known) * 1000) / 10,
    minimum,
    skipped: skippedByReason(rules).map(([reason, group]) => ({ reason, rules: group.length })),
  };
}

/** One line: rules checked of known, and whether that meets the minimum. */
export function coverageLine(coverage: Coverage): string {
  const below =
    coverage.percent < coverage.minimum
      ? ` — below the minimum of ${coverage.minimum}% (--min-coverage): the run fails`
      : ` (minimum ${coverage.minimum}%)`;
  return `coverage: ${coverage.checked} of ${coverage.known} known rules checked (${coverage.percent}%), ${coverage.known - coverage.checked} skipped${below}`;
}
