/**
 * The Pact part of a conformance run: one rule per committed interaction, classified documented or
 * assumed from the spec.
 *
 * Each interaction is judged from the verifier's structured mismatches by interactionBasis
 * (contracts/pact/interaction-basis.ts). The interaction is a FAILURE when any of its mismatches breaks a documented rule, else a
 * DIVERGENCE carrying the first assumption's reason. An answer that carried the run's token or key
 * (the verification watches every answer) is a FAILURE quoting "The token must not be exposed in
 * public code, logs or API responses.", whatever else matched.
 */
import {
  interactionBasis,
  PACTS_DIR,
  readPactFiles,
  type PactInteraction,
  type VerifyPactsReport,
} from '../contracts/pact/index.ts';
import { statedBasis, STATED_RULES, type Contract, type RuleBasis } from '../spec/index.ts';
import { brokenVerdict, type ConformRule } from './conform-report.ts';

/** One rule per committed interaction: verified (pass, FAILURE, DIVERGENCE), skipped with its reason, or missing from the verifier's report (FAILURE). */
export function pactRules(contract: Contract, report: VerifyPactsReport, location = PACTS_DIR): ConformRule[] {
  const interactions = new Map(
    readPactFiles(location).flatMap(({ pact }) => pact.interactions.map((i) => [i.description, i] as const)),
  );
  const rules: ConformRule[] = [];
  const reported = new Set<string>();
  for (const result of report.results) {
    reported.add(result.description);
    const interaction = interactions.get(result.description);
    const base = {
      source: 'pact' as const,
      ...(result.operationId
        ? { operationId: result.operationId }
        : interaction
          ? operationOf(contract, interaction)
          : {}),
      rule: `pact interaction "${result.description}"`,
      ...(interaction ? { expected: expectedOf(interaction) } : {}),
      where: result.description,
    };
    if (result.skipped) {
      rules.push({ ...base, verdict: 'skipped', skipReason: result.skipped });
      continue;
    }
    if (result.passed) {
      rules.push({
        ...base,
        verdict: 'pass',
        basis: interaction ? interactionBasis(contract, interaction, []).basis : 'documented',
      });
      continue;
    }
    // An answer that carried the run's token breaks a stated rule, whatever else it matched.
    const basis: RuleBasis = result.exposedSecret
      ? statedBasis(STATED_RULES.tokenNotExposed)
      : interaction
        ? interactionBasis(contract, interaction, result.details)
        : { basis: 'documented' as const };
    rules.push({
      ...base,
      verdict: brokenVerdict(basis.basis),
      basis: basis.basis,
      got: result.mismatches.join('; ') || 'failed',
      ...(basis.reason ? { why: basis.reason } : {}),
    });
  }
  for (const [description, interaction] of interactions) {
    if (reported.has(description)) continue;
    rules.push({
      source: 'pact',
      ...operationOf(contract, interaction),
      rule: `pact interaction "${description}"`,
      verdict: 'FAILURE',
      basis: 'documented',
      expected: expectedOf(interaction),
      got: `the verifier reported no result for it${report.notices.length ? ` (${report.notices.join('; ')})` : ''}`,
      where: description,
    });
  }
  return rules;
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
