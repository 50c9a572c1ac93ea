/**
 * Runs one fast-check property until every selected check holds: when a check fails, the shrunk
 * counterexample is kept with its seed and path, that check is set aside, and the property runs
 * again with the same seed for the others; so each operation reports each failing check once. A
 * divergence (a broken assumed rule) only sets aside that check's divergences, so it never hides a
 * failure of a documented rule behind it.
 */
import fc from 'fast-check';
import { RequestTimeoutError } from '../client/index.ts';
import type { CheckFailure, SelectableCheck } from './checks.ts';

/** Thrown inside a property when a check fails. */
export class CheckFailureError extends Error {
  constructor(readonly failure: CheckFailure) {
    super(`${failure.check}: ${failure.message}`);
  }
}

export interface Finding<T, R> {
  value: T;
  /** What the execution of the shrunk counterexample recorded (its exchanges). */
  record: R | undefined;
  failure: CheckFailure;
  /** fast-check's seed and path of the shrunk counterexample: `fc.check(..., { seed, path })` replays it. */
  seed: number;
  path: string;
  shrinks: number;
}

/** What executing one value gave: the failures of the active checks, and a record for the report. */
export interface Outcome<R> {
  failures: CheckFailure[];
  record?: R;
}

export interface HuntOptions<T, R> {
  arbitrary: fc.Arbitrary<T>;
  seed: number;
  numRuns: number;
  checks: ReadonlySet<SelectableCheck>;
  /** Runs one value; returns the failures that `judge` still wants. */
  execute(value: T, judge: Judge): Promise<Outcome<R>>;
  /** Called for every execution of the first pass (not shrinking), for progress. */
  onCase?(): void;
}

/** Which checks still run, and which failures are still news. */
export interface Judge {
  active: ReadonlySet<SelectableCheck>;
  wants: (failure: CheckFailure) => boolean;
}

export interface HuntResult<T, R> {
  findings: Finding<T, R>[];
  /** Values executed, shrinking and re-runs included. */
  executions: number;
}

export async function hunt<T, R>(options: HuntOptions<T, R>): Promise<HuntResult<T, R>> {
  const active = new Set(options.checks);
  const divergent = new Set<SelectableCheck>();
  const judge: Judge = {
    active,
    wants: (f) => active.has(f.check) && !(f.basis === 'assumed' && divergent.has(f.check)),
  };
  const findings: Finding<T, R>[] = [];
  // Shrinking moves to each smaller value that still fails, so the last failing execution is the counterexample's.
  let lastFailing: R | undefined;
  let executions = 0;
  let firstPass = true;
  while (active.size > 0) {
    let generated = 0;
    const property = fc.asyncProperty(options.arbitrary, async (value) => {
      executions++;
      if (firstPass && generated < options.numRuns) {
        generated++;
        options.onCase?.();
      }
      let outcome: Outcome<R>;
      try {
        outcome = await options.execute(value, judge);
      } catch (error) {
        if (!isTransportError(error)) throw error;
        outcome = {
          failures: active.has('not_a_server_error')
            ? [
                {
                  check: 'not_a_server_error',
                  message: `the request failed: ${(error as Error).message}`,
                  passed: false,
                  basis: 'documented',
                },
              ]
            : [],
        };
      }
      const [first] = outcome.failures.filter(judge.wants);
      if (first) {
        lastFailing = outcome.record;
        throw new CheckFailureError(first);
      }
    });
    const details = await fc.check(property, { seed: options.seed, numRuns: options.numRuns });
    firstPass = false;
    if (!details.failed) break;
    if (!(details.errorInstance instanceof CheckFailureError) || details.counterexample === null) {
      throw details.errorInstance instanceof Error
        ? details.errorInstance
        : new Error(`the property stopped: ${String(details.errorInstance)}`);
    }
    const { failure } = details.errorInstance;
    findings.push({
      value: details.counterexample[0],
      record: lastFailing,
      failure,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
    });
    if (failure.basis === 'assumed') divergent.add(failure.check);
    else active.delete(failure.check);
  }
  return { findings, executions };
}

/** Errors of the connection itself (reset, refused, no answer in time): the target's failure, not ours. */
function isTransportError(error: unknown): boolean {
  if (error instanceof RequestTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('UND_ERR') || ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code))
  );
}
