import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';
import { createAdminClient } from '../../../client/index.ts';
import { createSimulator, type Simulator } from '../../../simulator/index.ts';
import { DEMO } from '../../support/sim-harness.ts';
import { BROWSER_MISSING, launchBrowser, UPDATE_SCREENSHOTS } from '../../support/browser.ts';

/** A partner's web app on an origin of its own, calling the simulator from the browser. */
const APP_PAGE = '<!doctype html><title>partner app</title><h1>partner app</h1>';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

interface AppAnswer {
  status: number;
  body: string;
  error?: string;
}

/** Sends a request from the app page, through the browser's CORS checks. */
function sendFromApp(
  app: Page,
  url: string,
  init: { method: string; token?: string; body?: unknown },
): Promise<AppAnswer> {
  return app.evaluate(
    async ({ url, init }) => {
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (init.token) headers.authorization = `Bearer ${init.token}`;
        const response = await fetch(url, {
          method: init.method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { status: 0, body: '', error: String(error) };
      }
    },
    { url, init },
  );
}

describe.skipIf(BROWSER_MISSING)('the console in a real browser', () => {
  let simulator: Simulator;
  let simulatorUrl: string;
  let appServer: Server;
  let appUrl: string;
  let browser: Browser;
  let consolePage: Page;
  let app: Page;
  let token: string;
  const customer = (id: string) => `${simulatorUrl}/v1/customers/${id}`;

  beforeAll(async () => {
    simulator = await createSimulator();
    simulatorUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
    appServer = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(APP_PAGE),
    );
    appUrl = await listen(appServer);
    browser = await launchBrowser();
    // A context each, so each page is the front tab of its own window: a background tab's animation
    // frames are throttled, and Playwright waits on them before every click.
    consolePage = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    app = await browser.newPage();
    await consolePage.goto(`${simulatorUrl}/__sim/ui`);
    await app.goto(appUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => appServer?.close(resolve));
    await simulator?.close();
  });

  it('mints a token in the console that the app then uses', async () => {
    await consolePage.click('nav button[data-view="tokens"]');
    await consolePage.check('#token-scopes input[value="customers:write"]');
    await consolePage.fill('#token-lifetime', '600');
    await consolePage.click('#token-form button[type="submit"]');
    await consolePage.waitForSelector('#token-result:not([hidden])');
    token = await consolePage.inputValue('#token-value');
    expect(token).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await consolePage.textContent('#token-expires')).toBe('600');

    const accepted = await sendFromApp(app, customer('from-the-browser'), {
      method: 'PUT',
      token,
      body: { name: 'Bar do Zé', email: 'ze@example.com' },
    });
    expect(accepted).toEqual({ status: 204, body: '' });
  }, 60_000);

  it('shows a request refused through CORS in the live journal, with its rule and a curl without the token', async () => {
    await consolePage.click('nav button[data-view="journal"]');
    const refused = await sendFromApp(app, customer('c-42'), {
      method: 'PUT',
      token,
      body: { name: 'Bar do Zé', email: 'not-an-email' },
    });
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).errors[0].target).toBe('body.email');

    // Appears without a reload: the page polls the journal.
    const row = consolePage.locator('#journal tbody tr', { hasText: '/v1/customers/c-42' });
    await row.waitFor();
    expect(await row.textContent()).toContain('422');
    await consolePage.fill('#filter-status', '4xx');
    expect(await consolePage.locator('#journal tbody tr').count()).toBe(1);
    await row.click();
    const rule = await consolePage.textContent('#entry-rule');
    expect(rule).toContain('RuleViolated');
    expect(rule).toContain('body.email');
    expect(rule).toMatch(/basis\s*assumed/);
    const curl = await consolePage.textContent('#entry-curl');
    expect(curl).toContain(`curl -i -X PUT '${simulatorUrl}/v1/customers/c-42'`);
    expect(curl).toContain('"Authorization: Bearer $TOKEN"');
    expect(curl).toContain('not-an-email');
    expect(curl).not.toContain(token);
    expect(await consolePage.textContent('#entry')).not.toContain(token);
    await consolePage.fill('#filter-status', '');
    if (UPDATE_SCREENSHOTS) await consolePage.screenshot({ path: projectFile('docs', 'console.png'), fullPage: true });
  }, 60_000);

  it('adds a fault rule that the next request fails with, and removes it', async () => {
    await consolePage.click('nav button[data-view="faults"]');
    await consolePage.selectOption('#fault-operation', 'upsertCustomer');
    await consolePage.selectOption('#fault-kind', 'status');
    await consolePage.fill('#fault-value', '503');
    await consolePage.click('#fault-form button[type="submit"]');
    await consolePage.locator('#faults tbody tr', { hasText: 'answer 503' }).waitFor();

    const failed = await sendFromApp(app, customer('c-43'), { method: 'PUT', token, body: { name: 'Bar do Zé' } });
    expect(failed.status).toBe(503);

    await consolePage.click('nav button[data-view="journal"]');
    const row = consolePage.locator('#journal tbody tr', { hasText: '/v1/customers/c-43' });
    await row.waitFor();
    expect(await row.textContent()).toContain('503 (simulated)');

    await consolePage.click('nav button[data-view="faults"]');
    await consolePage.click('#faults tbody tr button');
    await consolePage.locator('#faults tbody tr', { hasText: 'No fault rules' }).waitFor();
    expect(
      (await sendFromApp(app, customer('c-43'), { method: 'PUT', token, body: { name: 'Bar do Zé' } })).status,
    ).toBe(204);
  }, 60_000);

  it('browses the state per collection, downloads and uploads a snapshot, and resets it', async () => {
    await consolePage.click('nav button[data-view="state"]');
    await consolePage.click('#collections li:has-text("customers")');
    await consolePage.waitForFunction(() =>
      document.querySelector('#records')?.textContent?.includes('from-the-browser'),
    );

    const [download] = await Promise.all([consolePage.waitForEvent('download'), consolePage.click('#download-state')]);
    const snapshot = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      version: number;
      collections: Record<string, { id?: string }[]>;
    };
    expect(snapshot.version).toBe(1);
    expect(snapshot.collections.customers?.some((c) => c.id === 'from-the-browser')).toBe(true);

    snapshot.collections.customers = [{ ...snapshot.collections.customers?.[0], id: 'uploaded-customer' }];
    await consolePage.setInputFiles('#upload-state', {
      name: 'edited.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(snapshot)),
    });
    await consolePage.locator('#state-message', { hasText: 'edited.json loaded' }).waitFor();
    await consolePage.click('#collections li:has-text("customers")');
    await consolePage.waitForFunction(() =>
      document.querySelector('#records')?.textContent?.includes('uploaded-customer'),
    );
    expect(await consolePage.textContent('#records')).not.toContain('from-the-browser');

    await consolePage.click('#reset-data');
    await consolePage.locator('#state-message', { hasText: 'reset' }).waitFor();
    expect(await consolePage.textContent('#records')).not.toContain('uploaded-customer');
  }, 60_000);
});

describe.skipIf(BROWSER_MISSING)('the console of a simulator with an admin key', () => {
  it('asks for the key, names the header, and works once it is given', async () => {
    const simulator = await createSimulator({ adminKey: 'console-key-0123', apiKey: 'counter-key-0123' });
    const url = await simulator.listen({ host: '127.0.0.1', port: 0 });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/__sim/ui/`);
      await page.waitForSelector('#admin-key-form:not([hidden])');
      expect(await page.textContent('#admin-key-form')).toContain('X-Sim-Admin-Key');
      await page.fill('#admin-key', 'wrong-key');
      await page.click('#admin-key-form button');
      await page.locator('#admin-key-error', { hasText: 'does not match' }).waitFor();
      await page.fill('#admin-key', 'console-key-0123');
      await page.click('#admin-key-form button');
      await page.locator('#connection', { hasText: 'live' }).waitFor();
      expect(await page.inputValue('#admin-key')).toBe('');
      await page.click('nav button[data-view="state"]');
      await page.locator('#collections li', { hasText: 'products' }).waitFor();
    } finally {
      await browser.close();
      await simulator.close();
    }
  }, 60_000);
});

describe.skipIf(BROWSER_MISSING)('the admin API and the console against other pages', () => {
  let simulator: Simulator;
  let simulatorUrl: string;
  let appServer: Server;
  let appUrl: string;
  let browser: Browser;
  let app: Page;
  const productsOf = async (tenant: string) =>
    (await createAdminClient({ baseUrl: simulatorUrl, tenant }).getState()).collections.products?.length ?? 0;

  beforeAll(async () => {
    simulator = await createSimulator();
    simulatorUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
    appServer = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(APP_PAGE),
    );
    appUrl = await listen(appServer);
    // A name its owner points at this machine, as DNS rebinding does once the page is loaded.
    browser = await launchBrowser(['--host-resolver-rules=MAP rebound.example 127.0.0.1']);
    app = await browser.newPage();
    await app.goto(appUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => appServer?.close(resolve));
    await simulator?.close();
  });

  it("keeps another page's form POST and no-cors POST from emptying a tenant", async () => {
    const reset = `${simulatorUrl}/__sim/reset?empty=true&tenant=victim`;
    await app.evaluate((action) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = action;
      document.body.append(form);
      form.submit();
    }, reset);
    await app.waitForURL(reset);
    expect(await app.textContent('body')).toContain('AdminOriginRefused');
    await app.goto(appUrl);
    const beacon = await app.evaluate(
      async (url) => (await fetch(url, { method: 'POST', mode: 'no-cors' })).type,
      `${simulatorUrl}/__sim/reset?empty=true&tenant=victim`,
    );
    expect(beacon).toBe('opaque');
    expect(await productsOf('victim')).toBeGreaterThan(0);
  }, 60_000);

  it('lets no other page read the admin API through a percent-encoded path', async () => {
    const read = await app.evaluate(async (url) => {
      try {
        return String((await fetch(url)).status);
      } catch (error) {
        return String(error);
      }
    }, `${simulatorUrl}/%5F%5Fsim/requests`);
    expect(read).toMatch(/TypeError/);
  }, 60_000);

  it('answers a page under a re-pointed name 421, so it never gets the console or the admin API', async () => {
    const port = new URL(simulatorUrl).port;
    const answer = await app.goto(`http://rebound.example:${port}/__sim/ui/`);
    expect(answer?.status()).toBe(421);
    expect(await app.textContent('body')).toContain('HostNotAllowed');
    await app.goto(appUrl);
  }, 60_000);

  it('shows a request that nothing refused with no stray text in its detail', async () => {
    const { accessToken } = await createAdminClient({ baseUrl: simulatorUrl }).mintToken({ scopes: ['catalog:read'] });
    expect(
      (
        await fetch(`${simulatorUrl}/v1/products/${DEMO.productP13}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).status,
    ).toBe(200);
    const consolePage = await browser.newPage();
    await consolePage.goto(`${simulatorUrl}/__sim/ui/`);
    const row = consolePage.locator('#journal tbody tr', { hasText: `/v1/products/${DEMO.productP13}` });
    await row.waitFor();
    await row.click();
    await consolePage.locator('#entry h2', { hasText: '→ 200' }).waitFor();
    expect(await consolePage.locator('#entry-rule').count()).toBe(0);
    expect(await consolePage.textContent('#entry')).not.toContain('undefined');
  }, 60_000);
});
