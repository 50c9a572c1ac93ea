import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conform, writeConformReports, type ConformRule } from '../../../conform/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { useBrokenTargets } from '../../support/broken-targets-fixture.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

const fixture = useBrokenTargets('gas-conform-broken-');

const withVerdict = (rules: ConformRule[], verdict: ConformRule['verdict']) =>
  rules.filter((r) => r.verdict === verdict);

describe('conform against a deliberately broken target', () => {
  it('reports a server error on getProduct as FAILUREs of documented rules from every checker, naming the operation and the rule', async () => {
    const target = await fixture.broken('getProduct', 'serverError');
    const report = await conform({ target: target.url, fuzzRuns: 5, seed: PROPERTY_SEED });
    expect(report.passed).toBe(false);
    const failures = withVerdict(report.rules, 'FAILURE');
    expect(new Set(failures.map((r) => r.operationId))).toEqual(new Set(['getProduct']));
    expect(failures.every((r) => r.basis === 'documented')).toBe(true);
    expect(failures).toContainEqual(
      expect.objectContaining({
        source: 'scenarios',
        rule: expect.stringContaining('reads the product'),
        expected: 'answers 200',
        got: expect.stringMatching(/^got 500/),
        where: expect.stringMatching(/get-product\.yaml:\d+$/),
      }),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({
        source: 'pact',
        rule: 'pact interaction "a request to read a product"',
        got: expect.stringContaining('expected 200 but was 500'),
      }),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({
        source: 'fuzz',
        rule: expect.stringMatching(/^fuzz check not_a_server_error/),
        got: expect.stringMatching(/answered 500/),
      }),
    );

    writeConformReports(report, join(fixture.out, 'server-error'));
    const markdown = readFileSync(join(fixture.out, 'server-error', 'conform.md'), 'utf8');
    expect(markdown).toMatch(/^## ❌ gas-harness conform: FAIL/);
    expect(markdown).toContain(`### FAILURES (${failures.length})`);
    expect(markdown).toMatch(
      /\| `getProduct` \| scenario "[^|]*reads the product[^|]*get-product\.yaml:\d+\) \| answers 200 \| `got 500/,
    );
    const junit = readFileSync(join(fixture.out, 'server-error', 'conform.junit.xml'), 'utf8');
    expect(junit).toContain(`failures="${failures.length}"`);
    expect(junit).toContain('<failure message="FAILURE getProduct: expected answers 200 — got 500');
  }, 60_000);

  it("reports a 400 where the spec assumes 422 as DIVERGENCEs with the spec's reason, which pass the run unless strict", async () => {
    const target = await fixture.broken('upsertCustomer', 'ruleBreakAs400');
    const report = await conform({ target: target.url, fuzzRuns: 3, seed: PROPERTY_SEED });
    const reason = (await loadContract()).operationsById.get('upsertCustomer')?.responses.get(422)?.assumed ?? '';
    expect(reason).not.toBe('');
    expect(withVerdict(report.rules, 'FAILURE')).toEqual([]);
    const divergences = withVerdict(report.rules, 'DIVERGENCE');
    expect(divergences.length).toBeGreaterThan(0);
    expect(new Set(divergences.map((r) => r.operationId))).toEqual(new Set(['upsertCustomer']));
    expect(divergences).toContainEqual(
      expect.objectContaining({
        source: 'scenarios',
        basis: 'assumed',
        rule: expect.stringContaining('e-mail that is not an address'),
        expected: 'answers 422',
        got: expect.stringMatching(/^got 400/),
        why: reason,
      }),
    );
    expect(divergences).toContainEqual(
      expect.objectContaining({
        source: 'pact',
        rule: 'pact interaction "a request to upsert a customer whose e-mail is not an address"',
        got: 'expected 422 but was 400',
        why: reason,
      }),
    );
    expect(report.passed).toBe(true);
    expect(report.strict).toBe(false);

    writeConformReports(report, join(fixture.out, 'rule-break'));
    const markdown = readFileSync(join(fixture.out, 'rule-break', 'conform.md'), 'utf8');
    expect(markdown).toMatch(/^## ✅ gas-harness conform: PASS/);
    expect(markdown).toContain(`### DIVERGENCES (${divergences.length})`);
    expect(markdown).toContain('| operation | rule | expected | got | why assumed |');
    expect(markdown).toContain(
      `| \`upsertCustomer\` | pact interaction "a request to upsert a customer whose e-mail is not an address" | PUT /v1/customers/`,
    );
    expect(markdown).toContain(`| \`expected 422 but was 400\` | ${reason} |`);
    // Without --strict JUnit shows a divergence as skipped, saying so.
    const junit = readFileSync(join(fixture.out, 'rule-break', 'conform.junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites tests="\d+" failures="0"/);
    expect(junit).toContain('<skipped message="DIVERGENCE upsertCustomer: expected answers 422 — got 400');
  }, 60_000);
});
