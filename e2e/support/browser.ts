import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
