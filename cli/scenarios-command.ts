/**
 * `gas-harness scenarios run`: replays YAML scenario suites against a target, or against a
 * simulator started in-process when no --target is given. Exit 0 pass (a DIVERGENCE passes unless
 * --strict, the policy conform shares), 1 fail, 2 usage or file error.
 */
import type { Command } from 'commander';
import { redactSecrets, renderJunit, writeFileSafely, writeHtmlReport } from '../report/index.ts';
import {
  DEFAULT_SUITES_DIR,
  formatSuite,
  formatSummary,
  loadSuites,
  runScenarios,
  ScenarioFileError,
  scenarioHtmlReport,
  toJunitSuites,
} from '../scenarios/index.ts';
import {
  addTargetOptions,
  deadlineAt,
  describeTarget,
  exitIfStoppedAtDeadline,
  ownSimulatorFor,
  positiveInteger,
  targetRunOptions,
  type TargetFlags,
} from './option-parsers.ts';
import { createTerminal } from './terminal.ts';
import { loadContract, selectedOperationIds, UnknownOperationError } from '../contract/index.ts';

interface RunOptions extends TargetFlags {
  concurrency?: number;
  strict?: boolean;
  operations?: string[];
  filter?: string;
  junit?: string;
  json?: string;
  html?: string;
}

export function registerScenariosCommand(program: Command): void {
  const scenarios = program.command('scenarios').description('replayable YAML scenario suites');
  const run = scenarios
    .command('run')
    .description('run scenario suites (default: scenarios/suites/) against a target or an in-process simulator')
    .argument('[paths...]', 'scenario files or directories');
  addTargetOptions(run)
    .option('--concurrency <n>', 'suites run at once (default 4 on a simulator, 1 on a deployment)', positiveInteger)
    .option('--filter <text>', 'only suites whose name or file contains this text')
    .option(
      '--operations <ids...>',
      'only steps whose request maps to one of these operationIds (comma or space separated; default: all)',
    )
    .option('--strict', 'divergences from assumed rules fail the run too (as in conform)')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--json <file>', 'write a JSON report')
    .option('--html <file>', 'write a self-contained HTML report')
    .action(async (paths: string[], options: RunOptions) => {
      process.exitCode = await runCommand(paths, options);
    });
}

async function runCommand(paths: string[], options: RunOptions): Promise<number> {
  let suiteCount: number;
  let operations: string[] | undefined;
  try {
    // An unknown operation id is a usage error, named with the allowed ones, before anything runs.
    operations = selectedOperationIds((await loadContract()).operations, options.operations);
    // A bad file is reported before a simulator is started or a request is sent.
    const filter = options.filter?.toLowerCase();
    suiteCount = loadSuites(paths.length ? paths : [DEFAULT_SUITES_DIR]).filter(
      (s) => !filter || s.spec.name.toLowerCase().includes(filter) || s.file.toLowerCase().includes(filter),
    ).length;
  } catch (error) {
    if (!(error instanceof ScenarioFileError) && !(error instanceof UnknownOperationError)) throw error;
    for (const line of error.message.split('\n')) process.stderr.write(`gas-harness: ${line}\n`);
    return 2;
  }
  // The deadline counts from the command's start: starting the simulator is part of the run.
  const stopAt = deadlineAt(options);
  const simulator = await ownSimulatorFor(options);
  const given = [options.token, options.apiKey].filter((s): s is string => !!s);
  const terminal = createTerminal();
  const print = (text: string) => terminal.line(redactSecrets(text, given));
  let suitesDone = 0;
  terminal.stage(`scenarios: running ${suiteCount} suite(s) against ${describeTarget(options, simulator)}`);
  try {
    const report = await runScenarios({
      ...targetRunOptions(options, simulator?.url),
      paths,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.filter ? { filter: options.filter } : {}),
      ...(operations ? { operations } : {}),
      strict: options.strict === true,
      deadlineAt: stopAt,
      onSuite: (suite) => {
        print(formatSuite(suite));
        terminal.count(++suitesDone, suiteCount, 'suites');
      },
    }).finally(() => terminal.finish());
    if (report.suites.length === 0) {
      const by = [
        ...(options.filter ? [`--filter ${options.filter}`] : []),
        ...(operations ? [`--operations ${operations.join(',')}`] : []),
      ];
      process.stderr.write(`gas-harness: no scenario suite matches ${by.join(' and ')}\n`);
      return 2;
    }
    print(formatSummary(report));
    const write = (file: string, text: string) => {
      writeFileSafely(file, redactSecrets(text, given));
      print(`wrote ${file}`);
    };
    if (options.junit) write(options.junit, renderJunit(toJunitSuites(report)));
    if (options.json) write(options.json, `${JSON.stringify(report, null, 2)}\n`);
    if (options.html) print(`wrote ${writeHtmlReport(options.html, scenarioHtmlReport(report), given)}`);
    return exitIfStoppedAtDeadline(report.passed ? 0 : 1, report.stoppedAtDeadline !== undefined);
  } finally {
    await simulator?.close();
  }
}
