/**
 * The overall deadline of a run (`--deadline`): a run against a deployment that stops answering
 * must still end in time for its CI job, with what it has. The runners wait on `reached` beside their
 * work, stop starting new work once it has passed, and say in every report that they stopped, and
 * how much did not run, in the same words.
 */

/** The deadline of a run unless told otherwise: it fits a CI job. */
export const DEFAULT_DEADLINE_MS = 30 * 60_000;

/** How a run that stopped at its deadline says so in its report. */
export interface DeadlineStop {
  /** How long the run had run when it stopped (ms). */
  afterMs: number;
  /** How many of the run's units (steps, cases, interactions) did not run or did not finish. */
  notRun: number;
  /** What those units are: "scenario steps", "fuzz operations and sequences", "pact interactions". */
  unit: string;
}

export interface RunDeadline {
  /** Resolves when the deadline passes (never, without one). */
  readonly reached: Promise<void>;
  /** The deadline has passed. */
  passed(): boolean;
  /** Stops the clock (the run ended first). Its timer never keeps a process alive either way. */
  cancel(): void;
}

/** A clock for the deadline `deadlineAt` (a `Date.now()` time); one that never passes when undefined. */
export function runDeadline(deadlineAt: number | undefined): RunDeadline {
  if (deadlineAt === undefined) return { reached: new Promise(() => undefined), passed: () => false, cancel: () => {} };
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadlineAt - Date.now()));
    // The clock only watches the work: a run whose work is over (or failed) must not wait for it.
    timer.unref();
  });
  return {
    reached,
    passed: () => Date.now() >= deadlineAt,
    cancel: () => clearTimeout(timer),
  };
}

const duration = (ms: number) => (ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);

/** The sentence every output uses: "stopped at the deadline after 30.0 min; 12 scenario steps not run (…)". */
export function deadlineMessage(stop: DeadlineStop): string {
  return `stopped at the deadline after ${duration(stop.afterMs)}; ${stop.notRun} ${stop.unit} not run (raise it with --deadline)`;
}
