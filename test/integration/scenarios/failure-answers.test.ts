/**
 * What a failed check shows, against a deployment that is not the simulator (a proxy that hides
 * `/__sim`): the answer's status, headers and first KiB of body, redacted, in the console, HTML and
 * JUnit of `scenarios run` and of conform's scenario rules; and a suite's own expectation that nothing
 * backs reads as "the suite expected …", which fails `scenarios run` but not conform.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../../client/index.ts';
import {
  conformHtmlReport,
  conformJunitSuites,
  countVerdicts,
  coverageOf,
  formatConformReport,
  passes,
  renderMarkdownSummary,
  RULE_SOURCES,
  type ConformReport,
} from '../../../conform/index.ts';
import { scenarioRules } from '../../../conform/scenario-rules.ts';
import { renderHtmlReport, renderJunit, SHOWN_BODY_CHARS, shownAnswer } from '../../../report/index.ts';
import {
  formatSuite,
  formatSummary,
  runScenarios,
  scenarioHtmlReport,
  toJunitSuites,
  type ScenarioReport,
} from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';

let simulator: RunningSimulator;
let deployment: Deployment;
let token = '';
let productId = '';
const dir = mkdtempSync(join(tmpdir(), 'failure-answers-'));

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startHiddenAdminDeployment(simulator.url);
  const admin = createAdminClient({ baseUrl: simulator.url });
  token = (await admin.mintToken({ scopes: ALL_SCOPES })).accessToken;
  const { collections } = await admin.getState();
  productId = (collections.products as { id: string }[])[0]?.id ?? '';
});
afterAll(async () => {
  await deployment.close();
  await simulator.close();
});

/** A QA engineer's suite: a typo in a path, a header nothing promises, and a value the platform got wrong. */
function writeSuite(name: string, steps: unknown[]): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, JSON.stringify({ name, steps }));
  return file;
}

const read = (expect: Record<string, unknown>, name: string) => ({
  name,
  request: { method: 'GET', path: `/v1/products/${productId}` },
  expect: { status: 200, ...expect },
});

const run = (file: string): Promise<ScenarioReport> => runScenarios({ target: deployment.url, token, paths: [file] });

function conformReportOf(report: ScenarioReport): ConformReport {
  const rules = scenarioRules(report);
  const totals = countVerdicts(rules);
  const bySource = (source: string) => countVerdicts(rules.filter((r) => r.source === source));
  return {
    target: deployment.url,
    simulator: false,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    strict: false,
    seed: 1,
    fuzzRuns: 0,
    checkers: [{ source: 'scenarios', durationMs: report.durationMs, summary: 'one suite' }],
    rules,
    totals,
    totalsBySource: Object.fromEntries(RULE_SOURCES.map((s) => [s, bySource(s)])) as ConformReport['totalsBySource'],
    notices: [],
    coverage: coverageOf(rules, 0),
    passed: passes(totals, false),
  };
}

describe('a failed check against a deployment', () => {
  it("shows the answer's status, headers and first KiB of body in the console, HTML and JUnit", async () => {
    const report = await run(
      writeSuite('wrong name', [read({ json: [{ path: '$.data.name', equals: 'Not the name' }] }, 'reads the name')]),
    );
    const [suite] = report.suites;
    const step = suite?.steps[0];
    expect(step?.checks.find((c) => !c.passed)).toMatchObject({ basis: 'documented' });
    const console = formatSuite(suite!);
    expect(console).toMatch(/FAILURE getProduct: \$\.data\.name equals "Not the name"/);
    expect(console).toContain('      answer:\n        HTTP 200\n');
    expect(console).toMatch(/\n {8}content-type: application\/json/);
    expect(console).toContain(`"id":"${productId}"`);
    const junit = renderJunit(toJunitSuites(report));
    expect(junit).toContain('answer:');
    expect(junit).toContain('HTTP 200');
    expect(junit).toContain(`&quot;id&quot;:&quot;${productId}&quot;`);
    const html = renderHtmlReport(scenarioHtmlReport(report), [token]);
    expect(html).toMatch(/<dt>response<\/dt><dd><pre>HTTP 200\n[^<]*content-type: application\/json/);
    // Conform's scenario rules carry the same answer into its console, HTML and JUnit.
    const conform = conformReportOf(report);
    expect(formatConformReport(conform)).toMatch(
      / {4}answer: {3}HTTP 200\n( {14}\S.*\n)* {14}content-type: application\/json/,
    );
    expect(renderHtmlReport(conformHtmlReport(conform), [token])).toMatch(/<pre>HTTP 200\n[^<]*content-type:/);
    expect(renderJunit(conformJunitSuites(conform))).toContain('answer:   HTTP 200');
    for (const text of [console, junit, html, formatConformReport(conform)]) expect(text).not.toContain(token);
  });

  it('shows the first KiB of a long body, redacted, and says how much more there was', () => {
    const long = `${'x'.repeat(600)} ${token} ${'y'.repeat(2000)}`;
    const answer = shownAnswer(
      { status: 400, headers: { 'content-type': 'text/plain', 'set-cookie': 'session=abc' }, text: long },
      [token],
    );
    expect(answer).toMatch(/^HTTP 400\ncontent-type: text\/plain\nset-cookie: <redacted>\n\n/);
    const body = answer.split('\n\n')[1] ?? '';
    expect(body.split('\n')[0]?.length).toBeLessThanOrEqual(SHOWN_BODY_CHARS);
    expect(body).toMatch(/\n… \(\d+ more characters\)$/);
    expect(answer).toContain('<redacted>');
    expect(answer).not.toContain(token);
  });
});

describe("a suite's own expectation that nothing backs", () => {
  it('fails as "the suite expected …", apart from FAILURE and DIVERGENCE, and fails scenarios run', async () => {
    const report = await run(
      writeSuite('typos', [
        read({ json: [{ path: '$.data.idd', exists: true }] }, 'reads a field with a typo'),
        read({ headers: { 'x-catalog-version': { exists: true } } }, 'expects a header nothing promises'),
      ]),
    );
    const broken = report.suites[0]?.steps.flatMap((s) => s.checks.filter((c) => !c.passed)) ?? [];
    expect(broken.map((c) => c.basis)).toEqual(['suite', 'suite']);
    expect(report.summary).toMatchObject({ documentedFailures: 0, assumedFailures: 0, suiteFailures: 2 });
    expect(report.passed).toBe(false);
    const console = formatSuite(report.suites[0]!);
    expect(console).toContain(
      'the suite expected getProduct: $.data.idd exists: $.data.idd matched nothing [the description lists no field idd here ($.data.idd)]',
    );
    expect(console).toContain(
      "the suite expected getProduct: header x-catalog-version is present: no such header [neither the description nor the spec gives getProduct's 200 a header x-catalog-version]",
    );
    expect(console).not.toMatch(/FAILURE|DIVERGENCE/);
    expect(formatSummary(report)).toContain("0 documented (FAILURE), 0 assumed (DIVERGENCE), 2 the suite's own");
    expect(renderJunit(toJunitSuites(report))).toContain('the suite expected getProduct: $.data.idd exists');
    const html = renderHtmlReport(scenarioHtmlReport(report));
    expect(html).toContain('<span class="v-SUITE">the suite expected</span>');

    // Conform judges the platform: the suite's own expectations are reported apart and do not fail it.
    const conform = conformReportOf(report);
    expect(conform.totals).toMatchObject({ FAILURE: 0, DIVERGENCE: 0, SUITE: 2 });
    expect(conform.passed).toBe(true);
    const text = formatConformReport(conform);
    expect(text).toContain("THE SUITES' OWN EXPECTATIONS (no statement of the description backs them) (2)");
    expect(text).toContain('the suite expected getProduct — scenario "typos" step "reads a field with a typo"');
    expect(text).toContain('PASS: 0 FAILURE(s), 0 DIVERGENCE(s), 2 the suites expected on their own');
    expect(renderMarkdownSummary(conform)).toContain("### The suites' own expectations (2)");
    expect(renderHtmlReport(conformHtmlReport(conform))).toContain('the suite expected');
    const junit = renderJunit(conformJunitSuites(conform));
    expect(junit).toContain('<skipped message="the suite expected $.data.idd exists');
    expect(junit).not.toContain('<failure');
  });

  it('stays a FAILURE when the description states the field the suite reads', async () => {
    const report = await run(
      writeSuite('stated field', [read({ json: [{ path: '$.data.imageUrl', equals: 'nope' }] }, 'reads imageUrl')]),
    );
    const broken = report.suites[0]?.steps[0]?.checks.find((c) => !c.passed);
    expect(broken?.basis).toBe('documented');
  });
});
