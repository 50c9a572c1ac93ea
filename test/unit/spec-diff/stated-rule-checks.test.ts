import { describe, expect, it } from 'vitest';
import { formatStatedRuleChecks, statedRuleChecks, untested } from '../../../spec-diff/stated-rule-checks.ts';
import { STATED_RULES, type StatedRule } from '../../../verdict/index.ts';

describe('gas-harness spec rules', () => {
  it('lists every stated rule, quoted, with the steps, interactions and fuzz checks that test it', async () => {
    const checks = await statedRuleChecks();
    const rules = Object.values(STATED_RULES as Record<string, StatedRule>);
    expect(checks.map((c) => c.rule.id)).toEqual(rules.map((r) => r.id));
    const text = formatStatedRuleChecks(checks);
    for (const rule of rules) expect(text).toContain(`"${rule.sentence}"`);
    expect(untested(checks)).toEqual([]);
    expect(text).toMatch(/21 stated rules, every one tested\.\n$/);
    const unknownProvider = checks.find((c) => c.rule.id === 'unknownProvider404');
    expect(unknownProvider?.steps).toEqual([
      'updateMerchantProvider: update a provider, and each way it refuses › answers 404 when no provider has that id',
    ]);
    expect(unknownProvider?.interactions).toEqual(['a request to update a provider that does not exist']);
    expect(unknownProvider?.fuzz).toEqual(['sequence unknown-provider']);
  });

  it('names a stated rule that nothing tests', async () => {
    const checks = await statedRuleChecks(['scenarios/suites/operations/get-product.yaml']);
    const bare = checks.map((c) =>
      c.rule.id === 'permission403' ? { ...c, steps: [], interactions: [], fuzz: [] } : c,
    );
    expect(formatStatedRuleChecks(bare)).toMatch(
      /no check tests: Authentication, rule 7 "When the token is valid but lacks permission for the resource, the response is 403\."\n$/,
    );
  });
});
