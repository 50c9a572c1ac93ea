/**
 * What a target profile leaves unchecked: for every profile key it lacks, the scenario steps, Pact
 * interactions and fuzz rules that a run against a deployment would skip for want of it. Read from
 * the suites, the committed pacts and the spec, without reaching any target.
 */
import { PACTS_DIR, readPactFiles } from '../contracts/pact/index.ts';
import { DEFAULT_SUITES_DIR, loadSuites } from '../scenarios/index.ts';
import type { ClaimsSpec, Contract } from '../contract/index.ts';
import { BOUND_PARAMS, HARNESS_STATES, missingForState, type TargetProfile } from '../target/index.ts';

export interface ProfileGap {
  /** The profile key, as `profile check` names it: `fixtures.productId`, `credentials.expiredToken`. */
  key: string;
  /** What stays unchecked without it, one line per checker. */
  unchecked: string[];
  /** How many rules (steps, interactions, fuzz rules) that is. */
  rules: number;
}

interface Need {
  key: string;
  checker: 'scenarios' | 'pact' | 'fuzz';
  what: string;
  rules: number;
}

const CLAIM_PARAMS: Record<string, string> = {
  dealerId: 'dealerId',
  merchantId: 'merchantId',
  consumerId: 'consumerId',
  sub: 'userId',
};

/** The profile key a step's token needs on a deployment, if any. */
function tokenKey(claims: ClaimsSpec | undefined, scopes: string[] | undefined, needed: string[]): string | undefined {
  if (claims?.expiresInSeconds !== undefined && Number(claims.expiresInSeconds) <= 0) return 'credentials.expiredToken';
  const claim = Object.keys(CLAIM_PARAMS).find(
    (c) => (claims as Record<string, unknown> | undefined)?.[c] !== undefined,
  );
  if (claim) {
    const value = String((claims as Record<string, unknown>)[claim]);
    return `credentials.bound.${CLAIM_PARAMS[claim] ?? claim}${value === '{{uuid}}' ? '.otherToken' : ''}`;
  }
  if (scopes && !needed.every((s) => scopes.includes(s))) return 'credentials.tokenWithoutPermission';
  return undefined;
}

/** Every profile key each check needs on a deployment (states through fixtures, tokens per role). */
function needsOf(contract: Contract): Need[] {
  const needs: Need[] = [];
  const noFixtures = {};
  for (const { spec } of loadSuites([DEFAULT_SUITES_DIR])) {
    const stateKeys = new Set<string>();
    for (const state of spec.setup ?? []) {
      if (HARNESS_STATES.includes(state.state)) continue;
      const key = missingForState(
        noFixtures,
        state.state,
        Object.fromEntries(Object.entries(state.params ?? {}).map(([k, v]) => [k, String(v)])),
      );
      if (key) stateKeys.add(key.split(' ')[0] ?? key);
    }
    for (const key of stateKeys)
      needs.push({ key, checker: 'scenarios', what: `suite "${spec.name}"`, rules: spec.steps.length });
    const suiteClaims = spec.auth?.profile === 'simulator' ? spec.auth.claims : undefined;
    for (const step of spec.steps) {
      const auth = typeof step.request.auth === 'object' ? step.request.auth : undefined;
      const operation = contract.match(
        step.request.method,
        step.request.path.replace(/\{\{[^}]+\}\}/g, 'x'),
      )?.operation;
      if (!auth && (step.request.auth === 'none' || step.request.auth === 'apiKey' || !suiteClaims)) continue;
      const key = tokenKey(auth?.claims ?? suiteClaims, auth?.scopes, operation?.security.scopes ?? []);
      if (key && !stateKeys.size)
        needs.push({ key, checker: 'scenarios', what: `step "${step.name}" of "${spec.name}"`, rules: 1 });
    }
  }
  for (const { pact } of readPactFiles(PACTS_DIR)) {
    for (const interaction of pact.interactions) {
      const key = (interaction.providerStates ?? [])
        .filter((s) => !HARNESS_STATES.includes(s.name))
        .map((s) =>
          missingForState(
            noFixtures,
            s.name,
            Object.fromEntries(Object.entries(s.params ?? {}).map(([k, v]) => [k, String(v)])),
          ),
        )
        .find((k) => k !== undefined);
      if (key) needs.push({ key, checker: 'pact', what: `interaction "${interaction.description}"`, rules: 1 });
    }
  }
  for (const op of contract.operations.filter((o) => o.security.scheme === 'bearer')) {
    needs.push({
      key: 'credentials.expiredToken',
      checker: 'fuzz',
      what: `${op.id} auth cases with an expired token`,
      rules: 1,
    });
    if (op.security.scopes.length > 0)
      needs.push({
        key: 'credentials.tokenWithoutPermission',
        checker: 'fuzz',
        what: `${op.id} auth cases without the permission`,
        rules: 1,
      });
  }
  needs.push({ key: 'fixtures.productId', checker: 'fuzz', what: 'sequence category-product', rules: 1 });
  needs.push({ key: 'fixtures.dealerId', checker: 'fuzz', what: 'sequence coverage-area', rules: 1 });
  needs.push({ key: 'fixtures.deletableCoverageAreaIds', checker: 'fuzz', what: 'sequence coverage-area', rules: 1 });
  return needs;
}

/** Whether the profile gives `key` (a dotted path into it; an empty list gives nothing). */
function has(profile: TargetProfile, key: string): boolean {
  let node: unknown = profile;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node !== undefined && !(Array.isArray(node) && node.length === 0);
}

/** The keys the profile lacks that some check needs, each with what it leaves unchecked; largest first. */
export function profileGaps(profile: TargetProfile, contract: Contract): ProfileGap[] {
  const byKey = new Map<string, Need[]>();
  for (const need of needsOf(contract)) {
    // Without its bound token, a bound entry's otherToken is not what is missing: the entry is.
    const bound = /^(credentials\.bound\.\w+)\.otherToken$/.exec(need.key)?.[1];
    const key = bound && !has(profile, bound) ? bound : need.key;
    if (!has(profile, key)) byKey.set(key, [...(byKey.get(key) ?? []), need]);
  }
  return [...byKey.entries()]
    .map(([key, needs]): ProfileGap => ({
      key,
      rules: needs.reduce((n, need) => n + need.rules, 0),
      unchecked: (['scenarios', 'pact', 'fuzz'] as const).flatMap((checker) => {
        const mine = needs.filter((n) => n.checker === checker);
        if (mine.length === 0) return [];
        const rules = mine.reduce((n, need) => n + need.rules, 0);
        const listed = mine
          .slice(0, 3)
          .map((n) => n.what)
          .join('; ');
        return [
          `${checker}: ${rules} ${checker === 'pact' ? 'interaction' : checker === 'fuzz' ? 'rule' : 'step'}${rules === 1 ? '' : 's'} (${listed}${mine.length > 3 ? `; and ${mine.length - 3} more` : ''})`,
        ];
      }),
    }))
    .sort((a, b) => b.rules - a.rules);
}

/** Every key a profile can give, for the template and docs/conform.md. */
export const PROFILE_KEYS = [
  'target',
  'timeoutSeconds',
  'credentials.token',
  'credentials.tokenWithoutPermission',
  'credentials.expiredToken',
  'credentials.apiKey',
  ...BOUND_PARAMS.flatMap((p) => [`credentials.bound.${p}`, `credentials.bound.${p}.otherToken`]),
  'fixtures.merchantId',
  'fixtures.merchantProviderId',
  'fixtures.otherMerchantProviderId',
  'fixtures.dealerId',
  'fixtures.coverageAreaId',
  'fixtures.deletableCoverageAreaIds',
  'fixtures.categoryId',
  'fixtures.productId',
  'statesUrl',
] as const;
