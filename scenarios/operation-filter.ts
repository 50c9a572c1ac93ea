/**
 * `scenarios run --operations` (and `conform --operations`): which steps of a suite a run keeps. A
 * step is kept when its request maps to one of the operations; a step of another operation still
 * runs, unreported, when a kept step needs what it captures or reads back what it wrote (it is
 * that step's set-up); a suite with no kept step does not run at all.
 */
import type { OperationMatcher } from '../contract/index.ts';
import { stepsAfter, type LoadedSuite } from './load-suites.ts';
import { referencedVariables } from './template.ts';

export interface StepSelection {
  /** Indexes of the steps reported. */
  kept: ReadonlySet<number>;
  /** Indexes of the steps run only as set-up of kept ones, not reported. */
  support: ReadonlySet<number>;
}

/** The operation a step's request calls, read from its templated path (`{{id}}` stands for any value). */
export const stepOperation = (match: OperationMatcher, method: string, path: string): string | undefined =>
  match(method, path.split('?')[0] ?? path)?.operation.id;

/** Every step kept when no filter is given. */
export function selectSteps(
  suite: LoadedSuite,
  match: OperationMatcher,
  operations: ReadonlySet<string> | undefined,
): StepSelection {
  const steps = suite.spec.steps;
  const all = new Set(steps.keys());
  if (!operations) return { kept: all, support: new Set() };
  const kept = new Set(
    [...all].filter((i) => {
      const step = steps[i];
      const id = step && stepOperation(match, step.request.method, step.request.path);
      return id !== undefined && operations.has(id);
    }),
  );
  // Walk back from the kept steps: what they need is run first, as their set-up.
  const support = new Set<number>();
  const needed = (i: number): void => {
    const step = steps[i];
    if (!step) return;
    const uses = new Set(referencedVariables(JSON.stringify([step.request, step.expect ?? {}])));
    const after = new Set(stepsAfter(step));
    for (let j = i - 1; j >= 0; j--) {
      const earlier = steps[j];
      if (!earlier || kept.has(j) || support.has(j)) continue;
      const captures = Object.keys(earlier.capture ?? {});
      if (after.has(earlier.name) || captures.some((name) => uses.has(name))) {
        support.add(j);
        needed(j);
      }
    }
  };
  for (const i of kept) needed(i);
  return { kept, support };
}
