import type { Browser, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The console's service worker and manifest on the built console (spec 000 §2): the worker is registered at
 * the site root after sign-in, keeps the page and the hashed assets but never the API, the console keeps
 * loading its data with the worker in control, and without connectivity the page still opens from the kept
 * shell and logs that it runs offline.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

const OFFLINE_LOG = 'No internet connection found. App is running in offline mode.';

describe('service worker and manifest', () => {
  it('manifest with the frontend version; the worker is served as JavaScript that is always revalidated', async () => {
    const manifest = await fetch(`${platform.url}/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json/);
    expect(await manifest.json()).toMatchObject({ name: 'Atende', short_name: 'Atende', start_url: '/', display: 'standalone', version: '2.0.4-v3' });

    const worker = await fetch(`${platform.url}/service-worker.js`, { headers: { 'Service-Worker': 'script' } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('after sign-in a worker is active at the site root, the API goes past it and a screen loads its data', async () => {
    const company = await platform.createCompany();
    const contact = await platform.request('POST', '/api/contacts', { token: company.admin.token, body: { name: 'Rita Worker', number: '5511944443333' } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);

    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const answers: Response[] = [];
    page.on('response', (response) => answers.push(response));

    await loginThroughPage(page, company.email, company.password);
    await page.waitForURL((url) => url.pathname === '/tickets');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.json');

    // In the page (these files have no DOM types): the registration the page is under, once it is ready.
    const ready = await page.evaluate<{ scope: string; active?: string; script?: string }>(`(async () => {
      const timeout = new Promise((_resolve, reject) => setTimeout(() => reject(new Error('no service worker became ready in 20 s')), 20000));
      const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
      return { scope: registration.scope, active: registration.active && registration.active.state, script: registration.active && registration.active.scriptURL };
    })()`);
    expect(ready).toEqual({ scope: `${platform.url}/`, active: expect.stringMatching(/^activat(ing|ed)$/), script: `${platform.url}/service-worker.js` });
    // It takes over the open page at once (clients.claim), no reload needed.
    await until(page, () => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), 'the worker to control the page', 15_000);

    // Opened again under the worker: the page and the assets come through it, every API call goes past it, and
    // the contacts screen lists what the API holds.
    answers.length = 0;
    await page.goto('/contacts');
    await page.getByRole('row').filter({ hasText: 'Rita Worker' }).waitFor({ timeout: 15_000 });
    const api = answers.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
    expect(api.every((r) => r.status() < 500)).toBe(true);
    const shell = answers.find((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === '/contacts');
    expect(shell?.fromServiceWorker()).toBe(true);
    await screenshot(page, 'service-worker-contacts');

    // What the worker keeps: the page and hashed assets of this version, nothing of the API.
    const kept = await page.evaluate<{ names: string[]; urls: string[] }>(`(async () => {
      const names = await caches.keys();
      const urls = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return { names, urls };
    })()`);
    expect(kept.names).toEqual(['atende-console-2.0.4-v3']);
    expect(kept.urls).toContain('/index.html');
    expect(kept.urls.filter((path) => path !== '/index.html' && !path.startsWith('/assets/'))).toEqual([]);
    expect(logs).not.toContain(OFFLINE_LOG);

    // Without connectivity the console's page still opens from the kept shell, and says it runs offline.
    await context.setOffline(true);
    await page.reload();
    await until(page, async () => logs.includes(OFFLINE_LOG), 'the offline log', 15_000);
    expect(await page.title()).toBe('Atende');
    await context.setOffline(false);
    await context.close();
  });
});
