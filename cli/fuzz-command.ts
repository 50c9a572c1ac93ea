/**
 * `gas-harness fuzz`: property-based fuzzing from the spec against a target, or against a simulator
 * started in-process when no --target is given. Exit 0 pass, 1 failure (or divergence with --strict).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  createProgressLine,
  describeFailure,
  fuzz,
  fuzzHtmlReport,
  fuzzJunitSuites,
  seedFromEnvironment,
  SELECTABLE_CHECKS,
  type FuzzReport,
} from '../fuzz/index.ts';
import { fuzzRules, skippedByReason } from '../conform/index.ts';
import { deadlineMessage } from '../client/index.ts';
import { redactSecrets, renderJunit, terminalText, writeHtmlReport } from '../report/index.ts';
import { failsRun } from '../verdict/index.ts';
import {
  addTargetOptions,
  deadlineAt,
  exitIfStoppedAtDeadline,
  integer,
  ownSimulatorFor,
  positiveInteger,
  targetRunOptions,
  type TargetFlags,
} from './option-parsers.ts';

interface FuzzCommandOptions extends TargetFlags {
  operations?: string[];
  runs: number;
  seed?: number;
  checks?: string[];
  strict?: boolean;
  junit?: string;
  html?: string;
  out: string;
  concurrency: number;
}

export function registerFuzzCommand(program: Command): void {
  const command = program
    .command('fuzz')
    .description(
      'fuzz every operation with data generated from the spec (positive, negative, auth) and stateful sequences',
    );
  addTargetOptions(command)
    .option('--operations <ids...>', 'operationIds to fuzz (default: all)')
    .option(
      '--runs <n>',
      'cases per operation and kind (positive, negative, auth), and runs per sequence',
      positiveInteger,
      100,
    )
    .option('--seed <seed>', 'seed of the run (default: FUZZ_SEED, else random)', integer)
    .option('--checks <names...>', `checks to run (default: all): ${SELECTABLE_CHECKS.join(', ')}`)
    .option('--strict', 'divergences from assumed rules fail the run too')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--html <file>', 'write a self-contained HTML report')
    .option('--out <dir>', 'directory for the scenario files that replay failures', 'fuzz-failures')
    .option('--concurrency <n>', 'operations fuzzed at once', positiveInteger, 4)
    .action(async (options: FuzzCommandOptions) => {
      process.exitCode = await runFuzzCommand(options);
    });
}

async function runFuzzCommand(options: FuzzCommandOptions): Promise<number> {
  const given = [options.token, options.apiKey].filter((s): s is string => !!s);
  // What the target answered is quoted: its control characters are shown, never sent to the terminal.
  const print = (text: string) => process.stdout.write(`${terminalText(redactSecrets(text, given))}\n`);
  // Read before a simulator starts: a bad FUZZ_SEED must not leave one running.
  const seed = options.seed ?? seedFromEnvironment() ?? Math.floor(Math.random() * 2 ** 31);
  const stopAt = deadlineAt(options);
  const simulator = await ownSimulatorFor(options);
  print(`gas-harness fuzz: seed ${seed} (replay with --seed ${seed} or FUZZ_SEED=${seed})`);
  const progress = createProgressLine(process.stderr);
  let report: FuzzReport;
  try {
    report = await fuzz({
      ...targetRunOptions(options, simulator?.url),
      seed,
      runs: options.runs,
      out: options.out,
      concurrency: options.concurrency,
      strict: options.strict ?? false,
      ...(options.operations ? { operations: options.operations } : {}),
      ...(options.checks ? { checks: options.checks } : {}),
      onProgress: (done, total) => progress.update(done, total),
      deadlineAt: stopAt,
    });
  } finally {
    progress.finish();
    await simulator?.close();
  }
  for (const failure of report.failures) print(`\n${describeFailure(failure)}`);
  print('');
  for (const op of report.operations) {
    const skipped = op.skipped.length ? `; skipped ${op.skipped.join('; ')}` : '';
    print(
      `${op.operationId}: ${op.cases.positive} positive, ${op.cases.negative} negative, ${op.cases.auth} auth cases${skipped}`,
    );
  }
  for (const s of report.sequences) print(`sequence ${s.name}: ${s.skipped ?? `${s.runs} runs`}`);
  for (const note of report.notes) print(`note: ${note}`);
  const rules = fuzzRules(report);
  const checked = rules.filter((r) => r.verdict !== 'skipped').length;
  print(
    `coverage: ${checked} of ${rules.length} fuzz rules checked${
      checked === rules.length
        ? ''
        : `; skipped: ${skippedByReason(rules)
            .map(([reason, group]) => `${group.length}× ${reason.replace(/^fuzz: /, '')}`)
            .join('; ')}`
    }`,
  );
  const failures = report.failures.filter((f) => failsRun(f, false)).length;
  const divergences = report.failures.length - failures;
  print(
    `${report.executions} cases in ${(report.durationMs / 1000).toFixed(1)} s: ${report.casesPerSecond.toFixed(0)} cases/second`,
  );
  print(
    `${failures} failure(s), ${divergences} divergence(s)${divergences && !report.strict ? ' (not failing the run; --strict to fail)' : ''}; seed ${report.seed}`,
  );
  if (report.stoppedAtDeadline) print(`FAIL: ${deadlineMessage(report.stoppedAtDeadline)}`);
  if (options.junit) {
    mkdirSync(dirname(options.junit), { recursive: true });
    writeFileSync(options.junit, redactSecrets(renderJunit(fuzzJunitSuites(report)), given));
    print(`wrote ${options.junit}`);
  }
  if (options.html) print(`wrote ${writeHtmlReport(options.html, fuzzHtmlReport(report), given)}`);
  return exitIfStoppedAtDeadline(report.ok ? 0 : 1, report.stoppedAtDeadline !== undefined);
}
