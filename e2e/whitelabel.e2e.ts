import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '@atende/kit/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, logoutThroughMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/** The super user brands the platform (spec 001 §2 Whitelabel tab): the login page shows it to visitors. */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

describe('whitelabel', () => {
  it('the super user sets the system name and the light logo; the login page shows both', async () => {
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Whitelabel' }).click();
    await page.getByLabel('Nome do sistema').fill('Clínica Sorriso');
    await page.getByLabel('Nome do sistema').press('Enter');
    await page.getByText('Operação atualizada com sucesso.').first().waitFor();
    await page
      .getByRole('button', { name: 'Enviar Logotipo (tema claro)' })
      .locator('xpath=ancestor::span[1]')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
    await page.getByRole('img', { name: 'Logotipo (tema claro)' }).waitFor();
    await screenshot(page, 'whitelabel-tab');
    const stored = (await platform.request('GET', '/api/public-settings/appLogoLight')).body as string;
    expect(stored).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect((await platform.request('GET', '/api/public-settings/appName')).body).toBe('Clínica Sorriso');

    await logoutThroughMenu(page);
    await until(page, async () => (await page.locator(`img[src="/public/${stored}"]`).count()) === 1, 'the new logo on the login page');
    expect(await page.locator(`img[src="/public/${stored}"]`).getAttribute('alt')).toBe('Clínica Sorriso');
    await screenshot(page, 'whitelabel-login');
    await page.context().close();
  });
});
