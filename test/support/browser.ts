/**
 * The tests' real browser: Debian's Chromium driven by playwright-core (Playwright's own browser
 * download does not work here). Without Chromium the browser tests skip with a message, except
 * under CI (GAS_REQUIRE_BROWSER=1), where a missing browser is a failure.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.GAS_CHROMIUM ?? '/usr/bin/chromium';
export const BROWSER_MISSING = !existsSync(CHROMIUM_PATH);
const REQUIRED = process.env.GAS_REQUIRE_BROWSER === '1';

if (BROWSER_MISSING) {
  if (REQUIRED)
    throw new Error(`GAS_REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  console.warn(
    `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set GAS_CHROMIUM)`,
  );
}

/** Screenshots for docs/ are taken only when asked, so ordinary runs leave the tree clean. */
export const UPDATE_SCREENSHOTS = process.env.GAS_UPDATE_SCREENSHOTS === '1';

/** Chromium, headless; `extraArgs` for a test that needs more (a host resolver rule). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      ...extraArgs,
    ],
  });
}
