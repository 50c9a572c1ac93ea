/**
 * The Pact part of a conformance run: one rule per committed interaction, classified documented or
 * assumed from the spec.
 *
 * Each interaction comes judged from the verifier's structured mismatches
 * (contracts/pact/interaction-basis.ts): a FAILURE when any of its mismatches breaks a documented
 * rule or its answer carried the run's token, else a DIVERGENCE carrying the first assumption's
 * reason.
 */
import {
  interactionOperationIn,
  PACTS_DIR,
  readPactFiles,
  type PactInteraction,
  type VerifyPactsReport,
} from '../contracts/pact/index.ts';
import { RUN_BROKEN } from '../verdict/index.ts';
import { type Contract } from '../contract/index.ts';
import { judgedRule, type ConformRule } from './conform-report.ts';

/** One rule per committed interaction: verified (pass, FAILURE, DIVERGENCE), skipped with its reason, or missing from the verifier's report (FAILURE). */
export function pactRules(
  contract: Contract,
  report: VerifyPactsReport,
  location = PACTS_DIR,
  operations?: readonly string[],
): ConformRule[] {
  const interactions = new Map(
    readPactFiles(location).flatMap(({ pact }) =>
      pact.interactions
        .filter((i) => !operations || interactionOperationIn(contract, i, operations))
        .map((i) => [i.description, i] as const),
    ),
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
    rules.push(judgedRule(result, { ...base, got: result.mismatches.join('; ') || 'failed' }));
  }
  for (const [description, interaction] of interactions) {
    if (reported.has(description)) continue;
    rules.push(
      judgedRule(RUN_BROKEN, {
        source: 'pact',
        ...operationOf(contract, interaction),
        rule: `pact interaction "${description}"`,
        expected: expectedOf(interaction),
        got: `the verifier reported no result for it${report.notices.length ? ` (${report.notices.join('; ')})` : ''}`,
        where: description,
      }),
    );
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
