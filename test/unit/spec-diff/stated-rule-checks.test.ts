import { describe, expect, it } from 'vitest';
import { DESCRIPTION_INVENTORY } from '../../../contract/index.ts';
import {
  formatSpecRules,
  formatSpecRulesJson,
  formatStatedRuleChecks,
  statedRuleChecks,
  untested,
} from '../../../spec-diff/stated-rule-checks.ts';
import { STATED_RULES, type StatedRule } from '../../../verdict/index.ts';

const countOf = (cls: string) => DESCRIPTION_INVENTORY.filter((e) => e.class === cls).length;

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

  it('prints every inventory entry, a line each, and its counts: testable and tested, not yet tested, untestable, not shown', async () => {
    const checks = await statedRuleChecks();
    const text = formatSpecRules(checks);
    for (const entry of DESCRIPTION_INVENTORY) expect(text).toContain(`  ${entry.id} (${entry.section}) [`);
    expect(text).toContain(
      '  endpoints.rule5 (Endpoints, rule 5) [testable, status, tested]: "The provider update answers 404 when no provider with the given identifier exists."',
    );
    expect(text).toContain(
      '  limits.notShown (Limits) [not shown]: "Rate limits, pagination, payload size limits and time-outs: not shown."',
    );
    expect(text).toMatch(
      / {2}resources\.bodiesJson \(Resources and their fields\) \[testable, media-type, not yet tested\]/,
    );
    const testable = countOf('testable');
    expect(text).toMatch(
      new RegExp(
        `21 stated rules, every one tested\\.\\nInventory: ${DESCRIPTION_INVENTORY.length} entries: ${testable} testable ` +
          `\\(21 tested, ${testable - 21} not yet tested\\), ${countOf('untestable')} untestable, ${countOf('not-shown')} not shown\\.\\n$`,
      ),
    );
  });

  it('counts an entry whose only stated rule nothing tests as not yet tested', async () => {
    const checks = (await statedRuleChecks()).map((c) =>
      c.rule.id === 'permission403' ? { ...c, steps: [], interactions: [], fuzz: [] } : c,
    );
    const text = formatSpecRules(checks);
    expect(text).toContain('  authentication.rule7 (Authentication, rule 7) [testable, auth, not yet tested]');
    expect(text).toMatch(/\(20 tested, \d+ not yet tested\)/);
  });

  it('gives the inventory, its counts and the stated rules with their checks as JSON', async () => {
    const json = JSON.parse(formatSpecRulesJson(await statedRuleChecks())) as {
      counts: Record<string, number>;
      entries: { id: string; class: string; statedRules: string[]; tested: boolean }[];
      statedRules: { id: string; entry: string; steps: string[] }[];
    };
    expect(json.counts).toEqual({
      entries: DESCRIPTION_INVENTORY.length,
      testable: countOf('testable'),
      tested: 21,
      untested: countOf('testable') - 21,
      untestable: countOf('untestable'),
      notShown: countOf('not-shown'),
    });
    expect(json.entries).toHaveLength(DESCRIPTION_INVENTORY.length);
    expect(json.entries.find((e) => e.id === 'endpoints.rule5')).toMatchObject({
      class: 'testable',
      statedRules: ['unknownProvider404'],
      tested: true,
    });
    expect(json.statedRules.find((r) => r.id === 'unknownProvider404')?.entry).toBe('endpoints.rule5');
  });
});
