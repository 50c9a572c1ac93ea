import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import type { SuiteSpec } from '../../../contract/index.ts';
import { BROWSER_MISSING, launchBrowser } from '../../support/browser.ts';
import { runPartnerJourney } from '../../support/partner-journey.ts';

describe.skipIf(BROWSER_MISSING)("the console's save as suite", () => {
  let simulator: RunningSimulator;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
    ({ token } = await runPartnerJourney(simulator.url, simulator.url, 'default'));
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(`${simulator.url}/__sim/ui/`);
    await page.click('nav button[data-view="journal"]');
    await page.locator('#journal tbody tr').nth(3).waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await simulator?.close();
  });

  /** Clicks "save as suite" and reads the file the browser downloads. */
  async function save(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-suite')]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  }

  it('downloads the requests the journal shows as a suite, with captures and no token', async () => {
    const { name, text } = await save();
    expect(name).toBe('gas-sim-default-suite.yaml');
    const suite = parse(text) as SuiteSpec;
    expect(suite.steps.map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
    expect(suite.steps[0]?.capture).toEqual({ brandId: '$.data.id' });
    expect(text).not.toContain(token);
  }, 30_000);

  it("keeps to the journal's current filter", async () => {
    await page.fill('#filter-status', '4xx');
    expect(await page.locator('#journal tbody tr').count()).toBe(1);
    const suite = parse((await save()).text) as SuiteSpec;
    expect(suite.steps.map((s) => [s.request.method, s.expect?.status])).toEqual([['POST', 409]]);
  }, 30_000);

  it('says so when the filter shows nothing', async () => {
    await page.fill('#filter-status', '5xx');
    await page.click('#save-suite');
    await expect.poll(() => page.textContent('#journal-count')).toContain('nothing to save');
  }, 30_000);
});
