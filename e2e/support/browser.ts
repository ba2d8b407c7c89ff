import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const resultsDir = fileURLToPath(new URL('../../test-results', import.meta.url));

/** Debian's Chromium, headless, with nothing that would reach the network on its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A fresh browser profile (own storage and cookies), as a second computer would be. */
export async function newContext(browser: Browser, baseURL: string, options: { locale?: string; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: options.locale ?? 'pt-BR', colorScheme: options.colorScheme ?? 'light', viewport: { width: 1366, height: 820 } });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Clicks `target` until `until` holds (it waits at most the time it is given, and throws when it did not
 * hold). Under a loaded CI a click can land while the page re-renders the button (mouse down on one node,
 * up on its replacement) and nothing happens, as a user would click again; only for clicks that are
 * harmless to repeat (opening a dialog, confirming, submitting a form that shows a validation message).
 */
export async function clickUntil(target: Locator, until: (timeoutMs: number) => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await target.click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await until(Math.max(1, Math.min(5_000, deadline - Date.now())));
      return;
    } catch (err) {
      if (Date.now() >= deadline) throw err;
    }
  }
}
