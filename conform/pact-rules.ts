/**
 * The Pact part of a conformance run: which committed interactions can run against the target,
 * and one rule per interaction, classified documented or assumed from the spec.
 *
 * How an interaction is classified. Its rule is "this request, in this provider state, gets this
 * status with these headers and this body". The operation is the one its method and path call; its
 * expected status is looked up in the operations table, and each mismatch the verifier reports is
 * judged on its own:
 * - a wrong status (`expected S but was A`) is judged like a scenario's status rule (statusBasis):
 *   an answer of 5xx is always documented; otherwise the rule is assumed when the spec assumes the
 *   status for the operation (`assumed`), assumes what triggers it (`assumedCondition`), or, for a
 *   400/422, when every validation issue of the interaction's own request that leads to that status
 *   is an `x-assumed` schema rule, and for a 403 when the permission model is assumed;
 * - a wrong header is assumed when the spec marks that response header `x-assumed` (headerBasis);
 * - a wrong body is assumed when the status is an assumption, when its body is (`assumedBody`), or
 *   when its whole schema is `x-assumed` (schemaBasis).
 * The interaction is a FAILURE when any of its mismatches breaks a documented rule, else a
 * DIVERGENCE carrying the first assumption's reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACTS_DIR, readPactFiles, type PactInteraction } from '../contracts/pact/pact-files.ts';
import type { VerifyPactsReport } from '../contracts/pact/verify-pacts.ts';
import { headerBasis, schemaBasis, statusBasis, type RuleBasis } from '../spec/index.ts';
import type { Contract, ValidationIssue } from '../spec/index.ts';
import { brokenVerdict, type ConformRule } from './conform-report.ts';

export interface PactPlan {
  /** Pact files to verify; empty when no interaction can run. */
  pactFiles: string[];
  /** Every interaction planned, by description. */
  interactions: Map<string, PactInteraction>;
  /** Interactions that cannot run on this target, with the reason. */
  skipped: ConformRule[];
  cleanup(): void;
}

/**
 * Plans the verification of the committed pacts. A target that is not a simulator, given no states
 * URL, cannot set up provider states: the interactions that need one are skipped with that reason,
 * and the others are verified from a copy of the pact that holds only them.
 */
export function planPactRun(contract: Contract, statesAvailable: boolean, location = PACTS_DIR): PactPlan {
  const pacts = readPactFiles(location);
  const interactions = new Map(pacts.flatMap(({ pact }) => pact.interactions.map((i) => [i.description, i] as const)));
  if (statesAvailable) return { pactFiles: [location], interactions, skipped: [], cleanup: () => undefined };

  const dir = mkdtempSync(join(tmpdir(), 'gas-conform-pacts-'));
  const skipped: ConformRule[] = [];
  const runnable = new Map<string, PactInteraction>();
  const pactFiles: string[] = [];
  for (const [index, { pact }] of pacts.entries()) {
    const kept = pact.interactions.filter((interaction) => {
      const states = (interaction.providerStates ?? []).map((s) => s.name);
      if (states.length === 0) {
        runnable.set(interaction.description, interaction);
        return true;
      }
      skipped.push({
        source: 'pact',
        ...operationOf(contract, interaction),
        rule: `pact interaction "${interaction.description}"`,
        verdict: 'skipped',
        expected: expectedOf(interaction),
        where: interaction.description,
        skipReason: 'needs a provider state (see expected), which only a gas-harness simulator or a states URL (--states-url) sets up',
      });
      return false;
    });
    if (kept.length === 0) continue;
    const file = join(dir, `pact-${index}.json`);
    writeFileSync(file, JSON.stringify({ ...pact, interactions: kept }));
    pactFiles.push(file);
  }
  return { pactFiles, interactions: runnable, skipped, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One rule per planned interaction; an interaction the verifier did not report is a FAILURE. */
export function pactRules(contract: Contract, plan: PactPlan, report: VerifyPactsReport): ConformRule[] {
  const rules: ConformRule[] = [];
  const reported = new Set<string>();
  for (const result of report.results) {
    reported.add(result.description);
    const interaction = plan.interactions.get(result.description);
    const base = {
      source: 'pact' as const,
      ...(result.operationId ? { operationId: result.operationId } : interaction ? operationOf(contract, interaction) : {}),
      rule: `pact interaction "${result.description}"`,
      ...(interaction ? { expected: expectedOf(interaction) } : {}),
      where: result.description,
    };
    if (result.passed) {
      rules.push({ ...base, verdict: 'pass', basis: interaction ? interactionBasis(contract, interaction, []).basis : 'documented' });
      continue;
    }
    const basis = interaction ? interactionBasis(contract, interaction, result.mismatches) : { basis: 'documented' as const };
    rules.push({
      ...base,
      verdict: brokenVerdict(basis.basis),
      basis: basis.basis,
      got: result.mismatches.join('; ') || 'failed',
      ...(basis.reason ? { why: basis.reason } : {}),
    });
  }
  for (const [description, interaction] of plan.interactions) {
    if (reported.has(description) || plan.pactFiles.length === 0) continue;
    rules.push({
      source: 'pact', ...operationOf(contract, interaction), rule: `pact interaction "${description}"`, verdict: 'FAILURE', basis: 'documented',
      expected: expectedOf(interaction), got: `the verifier reported no result for it${report.notices.length ? ` (${report.notices.join('; ')})` : ''}`, where: description,
    });
  }
  return rules;
}

const STATUS_MISMATCH = /expected (\d{3}) but was (\d{3})/i;
const HEADER_MISMATCH = /header '([^']+)'/i;

/** Whether the rules an interaction's mismatches break are documented or assumed (see the header). */
export function interactionBasis(contract: Contract, interaction: PactInteraction, mismatches: string[]): RuleBasis {
  const called = contract.match(interaction.request.method, interaction.request.path);
  const expected = interaction.response.status;
  if (!called) return { basis: 'documented', reason: `${interaction.request.method} ${interaction.request.path} calls no operation of the spec` };
  const { operation: op, params } = called;
  const wrongStatus = mismatches.map((m) => STATUS_MISMATCH.exec(m)).find((m) => m !== null);
  const issues = (): ValidationIssue[] => [...contract.validators.params(op.id, params), ...requestBodyIssues(contract, op.id, interaction)];
  if (wrongStatus || mismatches.length === 0) return statusBasis(op, expected, Number(wrongStatus?.[2] ?? expected), issues());
  const response = op.responses.get(expected);
  const bases = mismatches.map((mismatch): RuleBasis => {
    const header = HEADER_MISMATCH.exec(mismatch)?.[1];
    if (header) return headerBasis(contract.document, op, expected, header);
    if (response?.assumed) return { basis: 'assumed', reason: response.assumed };
    return schemaBasis(response, []);
  });
  return bases.find((b) => b.basis === 'documented') ?? bases[0] ?? { basis: 'documented' };
}

function requestBodyIssues(contract: Contract, operationId: string, interaction: PactInteraction): ValidationIssue[] {
  const body = interaction.request.body;
  if (!body || body.content === undefined) return [];
  let value = body.content;
  if (typeof value === 'string' && !body.encoded) {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return contract.validators.body(operationId, value);
}

function operationOf(contract: Contract, interaction: PactInteraction): { operationId?: string } {
  const id = contract.match(interaction.request.method, interaction.request.path)?.operation.id;
  return id ? { operationId: id } : {};
}

function expectedOf(interaction: PactInteraction): string {
  const states = (interaction.providerStates ?? []).map((s) => s.name);
  const given = states.length ? ` given "${states.join('", "')}"` : '';
  return `${interaction.request.method} ${interaction.request.path}${given} answers ${interaction.response.status} with the pact's headers and body`;
}
