/**
 * `gas-harness conform`: the scenario suites, the Pact verification and a fuzz budget against one
 * target (or a simulator started in-process), in one report. Exit 0 clean, 1 on a FAILURE (or a
 * DIVERGENCE with --strict), 2 on a usage error.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import {
  conform,
  DEFAULT_FUZZ_RUNS,
  DEFAULT_MIN_COVERAGE,
  formatConformReport,
  RULE_SOURCES,
  writeBaseline,
  writeConformReports,
  type ConformReport,
} from '../conform/index.ts';
import { redactSecrets } from '../report/index.ts';
import { TargetUsageError } from '../target/index.ts';
import {
  addTargetOptions,
  deadlineAt,
  exitIfStoppedAtDeadline,
  integer,
  ownSimulatorFor,
  percent,
  positiveInteger,
  targetRunOptions,
  type TargetFlags,
} from './option-parsers.ts';
import { createTerminal } from './terminal.ts';

interface ConformFlags extends TargetFlags {
  strict?: boolean;
  report?: string;
  fuzzRuns: number;
  seed?: number;
  suites?: string[];
  minCoverage: number;
  operations?: string[];
  checks?: string[];
  baseline?: string;
  updateBaseline?: string;
}

export function registerConformCommand(program: Command): void {
  const command = program
    .command('conform')
    .description(
      'check a deployment against the contract: scenario suites, Pact verification and fuzzing, one report (FAILURE: a documented rule broken; DIVERGENCE: an assumed one)',
    );
  addTargetOptions(command, { statesUrl: true })
    .option('--strict', 'divergences from assumed rules fail the run too')
    .option(
      '--report <dir>',
      'write conform.md, conform.junit.xml and conform.json (and fuzz-failures/) into this directory',
    )
    .option(
      '--fuzz-runs <n>',
      'fuzz cases per operation and kind, and runs per sequence',
      positiveInteger,
      DEFAULT_FUZZ_RUNS,
    )
    .option('--seed <seed>', 'seed of the fuzz run (default: FUZZ_SEED, else random)', integer)
    .option('--suites <paths...>', 'scenario folders or files run besides the default suites (e.g. recorded ones)')
    .option(
      '--min-coverage <percent>',
      `fail the run when fewer of the known rules were checked (default ${DEFAULT_MIN_COVERAGE})`,
      percent,
      DEFAULT_MIN_COVERAGE,
    )
    .option(
      '--operations <ids...>',
      'only these operationIds (comma or space separated): their scenario steps, pact interactions and fuzz operations',
    )
    .option('--checks <names...>', `only these checkers (comma or space separated): ${RULE_SOURCES.join(', ')}`)
    .option(
      '--baseline <file>',
      'accept the FAILUREs and DIVERGENCEs this file lists (reported apart); only new ones fail the run',
    )
    .option(
      '--update-baseline <file>',
      "write the run's FAILUREs and DIVERGENCEs to this file by rule id, keeping the reasons it already has",
    )
    .action(async (flags: ConformFlags) => {
      process.exitCode = await runConform(flags);
    });
}

async function runConform(flags: ConformFlags): Promise<number> {
  const given = [flags.token, flags.apiKey].filter((s): s is string => !!s);
  const terminal = createTerminal();
  const print = (text: string) => terminal.line(redactSecrets(text, given));
  const stopAt = deadlineAt(flags);
  const simulator = await ownSimulatorFor(flags);
  let report: ConformReport;
  try {
    report = await conform({
      ...targetRunOptions(flags, simulator?.url),
      fuzzRuns: flags.fuzzRuns,
      strict: flags.strict === true,
      minCoverage: flags.minCoverage,
      deadlineAt: stopAt,
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.suites?.length ? { suites: flags.suites } : {}),
      ...(flags.operations ? { operations: flags.operations } : {}),
      ...(flags.checks ? { checks: flags.checks } : {}),
      ...(flags.baseline !== undefined ? { baseline: flags.baseline } : {}),
      ...(flags.report ? { fuzzOut: join(flags.report, 'fuzz-failures') } : {}),
      // "<checker>: running" opens a stage (a live line on a terminal); the rest are results.
      onProgress: (message) => (message.endsWith(': running') ? terminal.stage(`conform: ${message}`) : print(message)),
    });
  } catch (error) {
    if (!(error instanceof TargetUsageError)) throw error;
    process.stderr.write(`gas-harness: ${redactSecrets(error.message, given)}\n`);
    return 2;
  } finally {
    terminal.finish();
    await simulator?.close();
  }
  print('');
  print(formatConformReport(report));
  if (flags.report) for (const file of writeConformReports(report, flags.report, given)) print(`wrote ${file}`);
  if (flags.updateBaseline !== undefined)
    print(`wrote ${flags.updateBaseline}: ${writeBaseline(report, flags.updateBaseline)} entries (edit each reason)`);
  return exitIfStoppedAtDeadline(report.passed ? 0 : 1, report.stoppedAtDeadline !== undefined);
}
