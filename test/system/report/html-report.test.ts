import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conform, conformHtmlReport, writeConformReports, type ConformReport } from '../../../conform/index.ts';
import { renderHtmlReport } from '../../../report/index.ts';
import { projectFile } from '../../../project-files.ts';
import { useBrokenTargets } from '../../support/broken-targets-fixture.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';
import { BROWSER_MISSING, launchBrowser, UPDATE_SCREENSHOTS } from '../../support/browser.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const KEY = 'partner-api-key-123456';

function sampleReport(): ConformReport {
  const counts = { pass: 1, FAILURE: 1, DIVERGENCE: 1, skipped: 1 };
  return {
    target: 'https://api.example',
    simulator: false,
    startedAt: '2026-11-23T10:00:00.000Z',
    durationMs: 4200,
    strict: false,
    seed: 7,
    fuzzRuns: 5,
    checkers: [{ source: 'fuzz', durationMs: 4000, summary: '40 cases' }],
    rules: [
      {
        source: 'fuzz',
        operationId: 'getProduct',
        rule: 'fuzz check not_a_server_error',
        verdict: 'FAILURE',
        basis: 'documented',
        expected: 'no 5xx',
        got: 'answered 500 <script>alert(1)</script>',
        where: `seed 1, path 0\ncurl -i -X GET 'https://api.example/v1/products/x' -H 'Authorization: Bearer ${TOKEN}' -H 'x-key: ${KEY}'`,
      },
      {
        source: 'scenarios',
        operationId: 'upsertCustomer',
        rule: 'scenario "rejects a bad e-mail"',
        verdict: 'DIVERGENCE',
        basis: 'assumed',
        why: 'the split between 400 and 422',
        expected: 'answers 422',
        got: 'got 400',
        where: 'scenarios/suites/customers.yaml:12',
      },
      { source: 'pact', operationId: 'getProduct', rule: 'pact interaction "a read"', verdict: 'pass' },
      {
        source: 'pact',
        operationId: 'upsertUser',
        rule: 'pact interaction "a user"',
        verdict: 'skipped',
        skipReason: 'needs a provider state',
      },
    ],
    totals: counts,
    totalsBySource: {
      scenarios: { pass: 0, FAILURE: 0, DIVERGENCE: 1, skipped: 0 },
      pact: { pass: 1, FAILURE: 0, DIVERGENCE: 0, skipped: 1 },
      fuzz: { pass: 0, FAILURE: 1, DIVERGENCE: 0, skipped: 0 },
    },
    notices: ['the target is not a simulator'],
    coverage: {
      known: 4,
      checked: 3,
      percent: 75,
      minimum: 90,
      skipped: [{ reason: 'needs a provider state', rules: 1 }],
    },
    passed: false,
  };
}

describe('HTML reports', () => {
  it('renders one self-contained page: verdict, totals, coverage, then each broken rule with basis and replay, secrets removed', () => {
    const html = renderHtmlReport(conformHtmlReport(sampleReport()), [KEY]);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|\bsrc=|url\(|@import|https?:\/\/[^'"\s<]*\.(css|js)/);
    expect(html).toContain('<span class="verdict failed">FAILED</span>');
    expect(html).toMatch(/<b>1<\/b>FAILURE/);
    expect(html).toContain('3 of 4 known rules checked (75%)');
    expect(html).toContain('only skipped rules for upsertUser');
    expect(html).toContain('<b>documented</b>');
    expect(html).toContain('<b>assumed</b> — the split between 400 and 422');
    expect(html).toContain('curl -i -X GET &#39;https://api.example/v1/products/x&#39;');
    expect(html).toContain(
      'npx gas-harness scenarios run scenarios/suites/customers.yaml --target https://api.example',
    );
    expect(html).toContain('answered 500 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain(KEY);
    expect(html).toContain('Bearer &lt;redacted&gt;');
  });

  it('renders the fuzz and scenario reports too', async () => {
    const { fuzzHtmlReport } = await import('../../../fuzz/index.ts');
    const { scenarioHtmlReport } = await import('../../../scenarios/index.ts');
    const fuzzPage = renderHtmlReport(
      fuzzHtmlReport({
        target: 'http://t',
        simulator: true,
        seed: 3,
        runs: 10,
        strict: false,
        checks: ['not_a_server_error'],
        executions: 30,
        durationMs: 1000,
        casesPerSecond: 30,
        ok: false,
        notes: [],
        operations: [
          { operationId: 'getProduct', cases: { positive: 10, negative: 10, auth: 10 }, skipped: [], durationMs: 900 },
        ],
        sequences: [],
        failures: [
          {
            operationId: 'getProduct',
            check: 'not_a_server_error',
            message: 'answered 500',
            passed: false,
            basis: 'documented',
            source: 'positive',
            description: 'valid request',
            seed: 9,
            path: '0:1',
            shrinks: 2,
            runSeed: 3,
            request: { method: 'GET', path: '/v1/products/x', headers: { authorization: `Bearer ${TOKEN}` } },
            status: 500,
            curl: "curl -i 'http://t/v1/products/x'",
          },
        ],
      }),
    );
    expect(fuzzPage).toContain('<span class="verdict failed">FAILED</span>');
    expect(fuzzPage).toContain('GET /v1/products/x');
    expect(fuzzPage).toContain('npx gas-harness fuzz --target http://t --seed 3 --operations getProduct');
    expect(fuzzPage).not.toContain(TOKEN);
    const scenarioPage = renderHtmlReport(
      scenarioHtmlReport({
        target: 'http://t',
        simulator: true,
        startedAt: '2026-11-23T10:00:00.000Z',
        durationMs: 50,
        passed: false,
        summary: {
          suites: { passed: 0, failed: 1, skipped: 0 },
          steps: { passed: 0, failed: 1, skipped: 0 },
          documentedFailures: 1,
          assumedFailures: 0,
        },
        coverage: { known: 1, ran: 1, percent: 100, skipped: [] },
        suites: [
          {
            name: 'products',
            file: '/x/products.yaml',
            outcome: 'failed',
            durationMs: 50,
            steps: [
              {
                name: 'reads',
                line: 4,
                method: 'GET',
                path: '/v1/products/p',
                operationId: 'getProduct',
                outcome: 'failed',
                status: 500,
                durationMs: 3,
                checks: [{ rule: 'getProduct answers 200', passed: false, actual: 'got 500', basis: 'documented' }],
              },
            ],
          },
        ],
      }),
    );
    expect(scenarioPage).toContain('getProduct answers 200');
    expect(scenarioPage).toContain('GET /v1/products/p');
    expect(scenarioPage).toContain('/x/products.yaml:4');
  });
});

const fixture = useBrokenTargets('gas-html-report-');

describe.skipIf(BROWSER_MISSING)('the conform HTML report in a real browser', () => {
  it("shows a real run's failures against a broken target, each with its rule, basis and replay", async () => {
    const target = await fixture.broken('getProduct', 'serverError');
    const report = await conform({ target: target.url, fuzzRuns: 3, seed: PROPERTY_SEED });
    writeConformReports(report, fixture.out);
    const file = join(fixture.out, 'conform.html');
    expect(readFileSync(file, 'utf8')).not.toMatch(/eyJ[\w-]+\.eyJ/);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      // Offline: any request the page made would fail and be counted.
      const requests: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('file:')) requests.push(request.url());
      });
      await page.goto(`file://${file}`);
      expect(await page.textContent('h1')).toContain('FAILED');
      const failure = page.locator('#op-getProduct details.broken').first();
      expect(await failure.isVisible()).toBe(true);
      const text = await failure.textContent();
      expect(text).toContain('FAILURE');
      expect(text).toMatch(/basis\s*documented/);
      expect(await page.locator('#op-getProduct details.broken', { hasText: 'curl ' }).count()).toBeGreaterThan(0);
      expect(requests).toEqual([]);
      if (UPDATE_SCREENSHOTS) await page.screenshot({ path: projectFile('docs', 'conform-report.png') });
    } finally {
      await browser.close();
    }
  }, 120_000);
});
