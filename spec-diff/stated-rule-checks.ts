/**
 * `gas-harness spec rules`: each rule the description states in so many words (verdict/stated-rules.ts)
 * with the checks that test it: the committed scenario steps and pact interactions whose call can
 * break it (read offline, as `spec diff` reads them), and the fuzz checks that judge it on every
 * operation they reach. A stated rule that nothing tests is named.
 */
import { DEFAULT_SUITES_DIR } from '../scenarios/index.ts';
import { loadContract, type Contract } from '../contract/index.ts';
import { speaksOf, statedMediaType, STATED_RULES, type StatedRule } from '../verdict/index.ts';
import { pactCalls, stepCalls, type ContractCall } from './contract-calls.ts';

export interface StatedRuleChecks {
  rule: StatedRule;
  steps: string[];
  interactions: string[];
  fuzz: string[];
}

/** The fuzz checks and sequences that judge each stated rule (fuzz/checks.ts, fuzz/sequence-*.ts). */
const FUZZ_CHECKS: Partial<Record<keyof typeof STATED_RULES, string[]>> = {
  unknownProvider404: ['sequence unknown-provider'],
  tokenNotExposed: ['no_secret_echoed'],
  unauthenticated401: ['auth_enforced (no, wrong and expired tokens)'],
  upsertCreates: ['positive_data_accepted'],
  closedProviderBody: ['negative_data_rejected'],
  providerUpdate204: ['status_documented'],
  customerUpsert204: ['status_documented'],
  addressUpsert200: ['status_documented'],
  coverageAreaUpdate204: ['status_documented'],
  deviceRegistration204: ['status_documented'],
  categoryUpdate204: ['status_documented'],
};
const SHAPE_CHECK = 'body_matches_documented_shape';

/** Whether a call's expected answer can break the rule. */
function exercises(rule: StatedRule, call: ContractCall, contract: Contract): boolean {
  const op = contract.match(call.method, call.path)?.operation;
  if (!op) return false;
  const expects = (test: (status: number) => boolean) => call.statuses.some(test);
  switch (rule.id) {
    // Every answer is watched for the run's credentials.
    case 'tokenNotExposed':
      return true;
    case 'unauthenticated401':
      return expects((s) => s === 401);
    case 'permission403':
      return expects((s) => s === 403);
    case 'upsertCreates':
      return speaksOf(rule, op.id) && expects((s) => s < 300);
    case 'closedProviderBody': {
      const known = Object.keys((op.requestBody?.schema.properties as object | undefined) ?? {});
      const body = call.body;
      return (
        speaksOf(rule, op.id) &&
        typeof body === 'object' &&
        body !== null &&
        Object.keys(body).some((key) => !known.includes(key))
      );
    }
  }
  if (rule.answer) return op.id === rule.answer.operationId && expects((s) => s === rule.answer?.status);
  if (rule.mediaTypes) {
    const sent = call.sendsBody ? (call.mediaType ?? op.requestBody?.mediaTypes[0]) : undefined;
    return sent !== undefined && statedMediaType(op.id, sent) === rule && expects((s) => s < 300);
  }
  const shape = rule.shape;
  if (!shape?.operationIds.includes(op.id)) return false;
  const { answers } = shape;
  return expects((s) =>
    answers === 'errors' ? s >= 400 : answers === 'success' ? s >= 200 && s < 300 : answers.includes(s),
  );
}

/** Each stated rule with what tests it, from the committed pacts and the given (default) suites. */
export async function statedRuleChecks(suites: string[] = [DEFAULT_SUITES_DIR]): Promise<StatedRuleChecks[]> {
  const contract = await loadContract();
  const calls = [...pactCalls(), ...stepCalls(suites)];
  return Object.entries(STATED_RULES as Record<string, StatedRule>).map(([id, rule]) => {
    const testing = calls.filter((call) => exercises(rule, call, contract));
    return {
      rule,
      steps: testing.filter((c) => c.source === 'step').map((c) => c.name),
      interactions: testing.filter((c) => c.source === 'pact').map((c) => c.name),
      fuzz: FUZZ_CHECKS[id as keyof typeof STATED_RULES] ?? (rule.shape ? [SHAPE_CHECK] : []),
    };
  });
}

export const untested = (checks: StatedRuleChecks[]): StatedRuleChecks[] =>
  checks.filter((c) => c.steps.length + c.interactions.length + c.fuzz.length === 0);

/** The listing: a rule a paragraph, its sentence quoted, then what tests it; the untested named last. */
export function formatStatedRuleChecks(checks: StatedRuleChecks[]): string {
  const lines: string[] = [];
  for (const { rule, steps, interactions, fuzz } of checks) {
    lines.push(`${rule.section}: "${rule.sentence}"`);
    lines.push(`  scenario steps: ${steps.length}${steps.length ? ` (${shortList(steps)})` : ''}`);
    lines.push(
      `  pact interactions: ${interactions.length}${interactions.length ? ` (${shortList(interactions)})` : ''}`,
    );
    lines.push(`  fuzz: ${fuzz.join(', ') || 'none'}`);
    lines.push('');
  }
  const none = untested(checks);
  lines.push(
    none.length === 0
      ? `${checks.length} stated rules, every one tested.`
      : `${checks.length} stated rules; no check tests: ${none.map((c) => `${c.rule.section} "${c.rule.sentence}"`).join('; ')}`,
  );
  return `${lines.join('\n')}\n`;
}

function shortList(names: string[]): string {
  const shown = names.slice(0, 3).map((n) => `"${n}"`);
  return names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : shown.join(', ');
}
