/**
 * The Pact part of a conformance run: one rule per committed interaction, classified documented or
 * assumed from the spec.
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
 * - a wrong body is assumed when its body is (`assumedBody`), when its whole schema is `x-assumed`
 *   (schemaBasis), or when a key it lacks is one whose presence is assumed (jsonPathBasis); a shape
 *   the description states (the event intake's problem details, the product's `data`) is documented
 *   even on a status the spec assumes, and quotes the description.
 * The interaction is a FAILURE when any of its mismatches breaks a documented rule, else a
 * DIVERGENCE carrying the first assumption's reason. An answer that carried the run's token or key
 * (the verification watches every answer) is a FAILURE quoting "The token must not be exposed in
 * public code, logs or API responses.", whatever else matched.
 */
import { PACTS_DIR, readPactFiles, type PactInteraction, type VerifyPactsReport } from '../contracts/pact/index.ts';
import {
  headerBasis,
  jsonPathBasis,
  schemaBasis,
  statedBasis,
  STATED_RULES,
  statusBasis,
  type Contract,
  type RuleBasis,
  type ValidationIssue,
} from '../spec/index.ts';
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
        ? interactionBasis(contract, interaction, result.mismatches)
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

const STATUS_MISMATCH = /expected (\d{3}) but was (\d{3})/i;
const HEADER_MISMATCH = /header '([^']+)'/i;
const MISSING_KEYS = /^(\$\S*) -> Actual map is missing the following keys: (.+)$/;

/** Whether the rules an interaction's mismatches break are documented or assumed (see the header). */
export function interactionBasis(contract: Contract, interaction: PactInteraction, mismatches: string[]): RuleBasis {
  const called = contract.match(interaction.request.method, interaction.request.path);
  const expected = interaction.response.status;
  if (!called)
    return {
      basis: 'documented',
      reason: `${interaction.request.method} ${interaction.request.path} calls no operation of the spec`,
    };
  const { operation: op, params } = called;
  const wrongStatus = mismatches.map((m) => STATUS_MISMATCH.exec(m)).find((m) => m !== null);
  const issues = (): ValidationIssue[] => [
    ...contract.validators.params(op.id, params),
    ...requestBodyIssues(contract, op.id, interaction),
  ];
  if (wrongStatus || mismatches.length === 0)
    return statusBasis(op, expected, Number(wrongStatus?.[2] ?? expected), issues());
  const response = op.responses.get(expected);
  const bases = mismatches.map((mismatch): RuleBasis => {
    const header = HEADER_MISMATCH.exec(mismatch)?.[1];
    if (header) return headerBasis(contract.document, op, expected, header);
    // A body is judged by its own basis: a shape the description states stays documented on an assumed status.
    // A key the answer lacks: documented only where the description makes it present.
    const missing = MISSING_KEYS.exec(mismatch);
    if (missing) {
      const bases = (missing[2] ?? '')
        .split(/,\s*/)
        .map((key) => jsonPathBasis(response, `${missing[1] ?? '$'}.${key}`, true));
      return bases.find((b) => b.basis === 'documented') ?? bases[0] ?? schemaBasis(response, []);
    }
    return schemaBasis(response, []);
  });
  return bases.find((b) => b.basis === 'documented') ?? bases[0] ?? { basis: 'documented' };
}

function requestBodyIssues(contract: Contract, operationId: string, interaction: PactInteraction): ValidationIssue[] {
  const body = interaction.request.body;
  if (!body || body.content === undefined) return [];
  let value: unknown = body.content;
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
