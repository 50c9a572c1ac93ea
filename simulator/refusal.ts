/**
 * The rule behind an error answer, as the journal keeps it: the error's code, target and message,
 * and whether the platform's description documents the rule or the spec only assumes it
 * (`x-assumed*`, with the spec's reason). The console shows it beside the request.
 */
import type { Operation, ValidationIssue } from '../spec/index.ts';
import type { SimulatorError } from './error-catalogue.ts';

export interface Refusal {
  code: string;
  target: string;
  message: string;
  basis: 'documented' | 'assumed';
  /** The spec's reason for an assumed rule, or what made the answer (a fault rule, Prefer). */
  why?: string;
}

const NO_OPERATION =
  "The request matches no operation of the platform; the answer is the simulator's own, as any HTTP server would give it.";

/** The refusal an error answer stands for; `issues` are the request's validation issues, when it was validated. */
export function refusalOf(
  operation: Operation | undefined,
  error: SimulatorError,
  issues: readonly ValidationIssue[] | undefined,
): Refusal {
  const base = { code: error.code, target: error.target, message: error.message };
  if (!operation) return { ...base, basis: 'assumed', why: NO_OPERATION };
  const response = operation.responses.get(error.status);
  if (!response)
    return {
      ...base,
      basis: 'assumed',
      why: `${operation.id} does not list status ${error.status}; the simulator answers it as any HTTP server would.`,
    };
  let trigger: string | undefined;
  if (error.status === 403) trigger = operation.security.assumed;
  if ((error.status === 400 || error.status === 422) && issues && issues.length > 0) {
    const matching = issues.filter((issue) => issue.status === error.status);
    if (matching.length > 0 && matching.every((issue) => issue.assumed)) trigger = matching[0]?.assumed;
  }
  const reason = response.assumed ?? response.assumedCondition ?? trigger;
  return reason ? { ...base, basis: 'assumed', why: reason } : { ...base, basis: 'documented' };
}
