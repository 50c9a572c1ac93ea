/**
 * Parsers of CLI options (a bad value is a usage error that names the option), and the target
 * options every command that reaches a target shares.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { TargetRunOptions } from '../target/index.ts';
import { displayUrl } from '../report/index.ts';
import { DEFAULT_DEADLINE_MS } from '../client/index.ts';
import type { RunningSimulator } from '../simulator/index.ts';

export function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('must be an integer');
  return n;
}

export function positiveInteger(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}

/** A positive number of seconds, as milliseconds. */
export function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a positive number of seconds');
  return Math.round(n * 1000);
}

/** A positive number (a fraction allowed). */
export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a positive number');
  return n;
}

/** A duration such as `90s`, `20m`, `1.5h` (a bare number is seconds), as milliseconds. */
export function duration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|min|h)?$/.exec(value.trim());
  const n = Number(match?.[1]);
  if (!match || !(n > 0)) throw new InvalidArgumentError('must be a positive duration such as 90s, 20m or 1h');
  const unit = { s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  return Math.round(n * unit);
}

/** A percent from 0 to 100. */
export function percent(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('must be a percent from 0 to 100');
  return n;
}

/** The options every command that reaches a target takes, as given on the command line. */
export interface TargetFlags {
  target?: string;
  profile?: string;
  token?: string;
  tokenCommand?: string;
  apiKey?: string;
  statesUrl?: string;
  timeout?: number;
  maxAnswerMb?: number;
  /** The run's overall deadline (ms from its start). */
  deadline: number;
}

/** Adds the target options (target, profile, credentials, time-out) to a command. */
export function addTargetOptions(command: Command, options: { statesUrl?: boolean } = {}): Command {
  command
    .option(
      '--target <url>',
      "base URL of the target (default: the profile's target, else a simulator started in-process)",
    )
    .option(
      '--profile <file>',
      'target profile (YAML): target, credentials per role, fixtures, states URL; see `gas-harness profile init`',
    )
    .addOption(
      new Option(
        '--token <token>',
        'bearer token with every permission (needed unless the target is a simulator or the profile gives one)',
      ).conflicts('tokenCommand'),
    )
    .option('--token-command <command>', 'shell command that prints that bearer token (run once)')
    .option(
      '--api-key <key>',
      "raw API key of the order counter (default: the profile's, GAS_API_KEY, then the simulator's development key)",
    )
    .option(
      '--timeout <seconds>',
      "time limit of each request (default: the profile's timeoutSeconds, else 10)",
      seconds,
    )
    .option(
      '--max-answer-mb <mb>',
      'the most of one answer read, in MiB; a longer answer fails its check (default 8)',
      positiveNumber,
    )
    .option(
      '--deadline <duration>',
      `the whole run's time limit (e.g. 90s, 20m, 1h): at it the run stops with what it has, says so and exits 1 (default ${DEFAULT_DEADLINE_MS / 60_000}m)`,
      duration,
      DEFAULT_DEADLINE_MS,
    );
  if (options.statesUrl)
    command.option(
      '--states-url <url>',
      'a Pact provider-states endpoint of the target (default on a simulator: its own)',
    );
  return command;
}

/** The flags as the programmatic API takes them (only those given). */
export function targetRunOptions(flags: TargetFlags, simulatorUrl?: string): TargetRunOptions {
  const target = flags.target ?? simulatorUrl;
  return {
    ...(target ? { target } : {}),
    ...(flags.profile ? { profile: flags.profile } : {}),
    ...(flags.token ? { token: flags.token } : {}),
    ...(flags.tokenCommand ? { tokenCommand: flags.tokenCommand } : {}),
    ...(flags.apiKey ? { apiKey: flags.apiKey } : {}),
    ...(flags.statesUrl ? { statesUrl: flags.statesUrl } : {}),
    ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}),
    ...(flags.maxAnswerMb !== undefined ? { maxAnswerBytes: Math.round(flags.maxAnswerMb * 1024 * 1024) } : {}),
  };
}

/** What a run's progress line names as its target: the in-process simulator only when it is the one run against. */
export function describeTarget(flags: TargetFlags, simulator: RunningSimulator | undefined): string {
  if (simulator) return 'the in-process simulator';
  // Shown before the URL is checked: credentials in it must not reach the console.
  return flags.target ? displayUrl(flags.target) : `the target of profile ${flags.profile ?? ''}`;
}

/** The time (`Date.now()`) at which a run started now stops: its `--deadline` from now. */
export const deadlineAt = (flags: TargetFlags): number => Date.now() + flags.deadline;

/**
 * Ends a command that stopped at its deadline: requests it abandoned to a target that does not answer
 * would keep the process alive up to their own time-outs, so it exits now, its output written.
 */
export function exitIfStoppedAtDeadline(code: number, stopped: boolean): number {
  if (stopped) process.exit(code);
  return code;
}

/**
 * The simulator a command starts in this process when the flags name no target (neither a target
 * nor a profile), reached over HTTP like any target; none otherwise. The caller closes it.
 */
export async function ownSimulatorFor(flags: TargetFlags): Promise<RunningSimulator | undefined> {
  if (flags.target !== undefined || flags.profile !== undefined) return undefined;
  // Loaded only when needed: a command against a deployment never loads the simulator.
  const { startSimulator } = await import('../simulator/index.ts');
  return startSimulator({ port: 0, host: '127.0.0.1' });
}
