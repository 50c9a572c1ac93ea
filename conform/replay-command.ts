/**
 * The replay lines of a conformance run, the same in every report (console, Markdown, HTML): the
 * command that runs the whole run again (its target or profile, seed, fuzz runs, filters, suites,
 * strictness, minimum coverage, baseline), and per rule the command that runs its checker again with the same target
 * and filter. Each runs as printed: arguments are shell-quoted, no secret is written (a profile, or
 * `--token "$GAS_TOKEN"` when the run was given a token on the command line).
 */
import { harnessCommand } from '../report/index.ts';
import { DEFAULT_MIN_COVERAGE, type ConformReport, type ConformRule } from './conform-report.ts';

/** How the run reached its target, as arguments: its profile file, else its URL (and a token placeholder). */
function targetArguments(report: ConformReport): string[] {
  if (report.profile) return ['--profile', report.profile];
  if (report.simulator && !report.tokenGiven) return [];
  return ['--target', report.target, ...(report.tokenGiven ? ['--token', '$GAS_TOKEN'] : [])];
}

/** A replay line with a `$GAS_TOKEN` placeholder keeps it unquoted, for the shell to expand. */
const command = (args: string[]) => harnessCommand(args).replace("'$GAS_TOKEN'", '"$GAS_TOKEN"');

/** The command that runs this conformance run again. */
export function conformReplay(report: ConformReport): string {
  return command([
    'conform',
    ...targetArguments(report),
    ...['--seed', String(report.seed), '--fuzz-runs', String(report.fuzzRuns)],
    ...(report.operations ? ['--operations', report.operations.join(',')] : []),
    ...(report.checks ? ['--checks', report.checks.join(',')] : []),
    ...(report.suites?.length ? ['--suites', ...report.suites] : []),
    ...(report.strict ? ['--strict'] : []),
    ...(report.coverage.minimum !== DEFAULT_MIN_COVERAGE ? ['--min-coverage', String(report.coverage.minimum)] : []),
    ...(report.baseline ? ['--baseline', report.baseline.file] : []),
  ]);
}

/** The command that checks one rule again: its scenario file, the pact verification, or its fuzz operation. */
export function ruleReplay(rule: ConformRule, report: ConformReport): string | undefined {
  const target = targetArguments(report);
  const operations = rule.operationId ? ['--operations', rule.operationId] : [];
  if (rule.source === 'scenarios' && rule.where)
    return command(['scenarios', 'run', rule.where.replace(/:\d+$/, ''), ...target, ...operations]);
  if (rule.source === 'pact') return command(['contracts', 'verify', ...target]);
  const runSeed = /run seed (-?\d+)/.exec(rule.where ?? '')?.[1];
  return command([
    'fuzz',
    ...target,
    ...['--seed', runSeed ?? String(report.seed), '--runs', String(report.fuzzRuns)],
    ...operations,
  ]);
}
