/**
 * The rule behind an error answer, as the journal keeps it: the error's code, target and message,
 * and whether the platform's description documents the rule or the spec only assumes it
 * (`x-assumed*`, with the spec's reason). The console shows it beside the request.
 */
import { statusBasis } from '../verdict/index.ts';
import { type Operation, type ValidationIssue } from '../contract/index.ts';
import type { SimulatorError } from './error-catalogue.ts';

export interface Refusal {
  code: string;
  target: string;
  message: string;
  basis: 'documented' | 'assumed';
  /** The spec's reason for an assumed rule, the description's sentence for a stated one, or what made the answer (a fault rule, Prefer). */
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
  // What the simulator was made to answer (a fault rule, Prefer) is said where the answer is made.
  if (error.status >= 500) {
    const reason = response.assumed ?? response.assumedCondition;
    return reason ? { ...base, basis: 'assumed', why: reason } : { ...base, basis: 'documented' };
  }
  // The one judgement of a status rule, as the checkers make it: a stated rule is quoted.
  const basis = statusBasis(operation, error.status, error.status, [...(issues ?? [])]);
  return { ...base, basis: basis.basis, ...(basis.reason ? { why: basis.reason } : {}) };
}
