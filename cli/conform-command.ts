/**
 * `gas-harness conform`: the scenario suites, the Pact verification and a fuzz budget against one
 * target (or a simulator started in-process), in one report. Exit 0 clean, 1 on a FAILURE (or a
 * DIVERGENCE with --strict), 2 on a usage error.
 */
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import { conform, ConformUsageError, DEFAULT_FUZZ_RUNS, formatConformReport, redactText, writeConformReports, type ConformReport } from '../conform/index.ts';
import { integer, positiveInteger } from './option-parsers.ts';
import { createTerminal } from './terminal.ts';

interface ConformFlags {
  target?: string;
  token?: string;
  tokenCommand?: string;
  apiKey?: string;
  strict?: boolean;
  report?: string;
  fuzzRuns: number;
  seed?: number;
  statesUrl?: string;
}

export function registerConformCommand(program: Command): void {
  program
    .command('conform')
    .description('check a deployment against the contract: scenario suites, Pact verification and fuzzing, one report (FAILURE: a documented rule broken; DIVERGENCE: an assumed one)')
    .option('--target <url>', 'base URL of the deployment (default: a simulator started in-process)')
    .addOption(new Option('--token <token>', 'bearer token for every checker (needed unless the target is a simulator)').conflicts('tokenCommand'))
    .option('--token-command <command>', 'shell command that prints the bearer token (run once)')
    .option('--api-key <key>', 'raw API key of the order counter (default: GAS_API_KEY, then the simulator\'s development key)')
    .option('--strict', 'divergences from assumed rules fail the run too')
    .option('--report <dir>', 'write conform.md, conform.junit.xml and conform.json (and fuzz-failures/) into this directory')
    .option('--fuzz-runs <n>', 'fuzz cases per operation and kind, and runs per sequence', positiveInteger, DEFAULT_FUZZ_RUNS)
    .option('--seed <seed>', 'seed of the fuzz run (default: FUZZ_SEED, else random)', integer)
    .option('--states-url <url>', 'where the pacts\' provider state changes go on a target that is not a simulator')
    .action(async (flags: ConformFlags) => {
      process.exitCode = await runConform(flags);
    });
}

async function runConform(flags: ConformFlags): Promise<number> {
  const given = [flags.token, flags.apiKey].filter((s): s is string => !!s);
  const terminal = createTerminal();
  const print = (text: string) => terminal.line(terminal.paint(redactText(text, given)));
  const simulator = flags.target ? undefined : await (await import('../simulator/index.ts')).startSimulator({ port: 0, host: '127.0.0.1' });
  let report: ConformReport;
  try {
    report = await conform({
      target: flags.target ?? simulator?.url ?? '',
      fuzzRuns: flags.fuzzRuns,
      strict: flags.strict === true,
      ...(flags.token ? { token: flags.token } : {}),
      ...(flags.tokenCommand ? { tokenCommand: flags.tokenCommand } : {}),
      ...(flags.apiKey ? { apiKey: flags.apiKey } : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.statesUrl ? { statesUrl: flags.statesUrl } : {}),
      ...(flags.report ? { fuzzOut: join(flags.report, 'fuzz-failures') } : {}),
      // "<checker>: running" opens a stage (a live line on a terminal); the rest are results.
      onProgress: (message) => (message.endsWith(': running') ? terminal.stage(`conform: ${message}`) : print(message)),
    });
  } catch (error) {
    if (!(error instanceof ConformUsageError)) throw error;
    process.stderr.write(`gas-harness: ${redactText(error.message, given)}\n`);
    return 2;
  } finally {
    terminal.finish();
    await simulator?.close();
  }
  print('');
  print(formatConformReport(report));
  if (flags.report) for (const file of writeConformReports(report, flags.report, given)) print(`wrote ${file}`);
  return report.passed ? 0 : 1;
}
