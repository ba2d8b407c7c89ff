import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@atende/standalone/testing';
import { signWebhook, startFakeGraph, type FakeGraph } from '../services/channels/src/testing/fake-graph.js';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu, until } from './support/session.js';

/**
 * Facebook and Instagram connections as an admin adds them (spec 001 §2 new-connection menu, §7 POST
 * /facebook, §8 link toast): the menu's Facebook and Instagram items load Facebook's SDK (served here
 * by a stand-in answering connect.facebook.net, as the browser has no Internet), log in, and the page
 * and its Instagram account appear as connected connections; then a message Meta posts to the
 * webhook opens a Facebook ticket. The server talks to a local fake Graph API.
 */
let graph: FakeGraph;
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  graph = await startFakeGraph();
  platform = await startTestPlatform({
    env: { FACEBOOK_APP_ID: graph.appId, FACEBOOK_APP_SECRET: graph.appSecret, FACEBOOK_GRAPH_URL: graph.url, FACEBOOK_VERIFY_TOKEN: 'e2e-verify' },
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await graph?.close();
});

/** Facebook's SDK as the page sees it: FB.init and FB.login recorded on window.__fb, the login granted to `user`. */
const fakeSdk = (user: { id: string; token: string }) => `
  window.__fb = { init: [], login: [] };
  window.FB = {
    init: function (o) { window.__fb.init.push(o); },
    login: function (callback, o) {
      window.__fb.login.push(o);
      setTimeout(function () { callback({ status: 'connected', authResponse: { userID: '${user.id}', accessToken: '${user.token}' } }); }, 50);
    },
  };
  if (window.fbAsyncInit) window.fbAsyncInit();
`;

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('Facebook and Instagram connections', () => {
  it('admin links a page and its Instagram account through the Facebook login; a message to the page opens a ticket', async () => {
    const company = await platform.createCompany({ plan: { useWhatsapp: true, useFacebook: true, useInstagram: true } });
    const user = {
      id: '100200300',
      token: 'EAAG-short-lived',
      pages: [{ id: '400500600', name: 'Clínica Sorriso', token: 'page-token-e2e', instagram: { id: '178414000000001', username: 'clinica.sorriso', name: 'Clínica Sorriso' } }],
    };
    graph.users.push(user);
    graph.profiles.set('24681357902468135', { first_name: 'Maria', last_name: 'Souza', profile_pic: 'https://cdn.example/maria.jpg' });

    const context = await newContext(browser, platform.url);
    const sdkRequests: string[] = [];
    await context.route('https://connect.facebook.net/**', (route) => {
      sdkRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeSdk(user) });
    });
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Conexões'), /\/connections$/);
    await page.getByTestId('connections-title').getByText('Conexões (0)').waitFor();
    // Nothing of Facebook's is loaded with the screen.
    expect(sdkRequests).toEqual([]);

    // New connection → Facebook: the login, then the page as a connection.
    await page.getByRole('button', { name: /Nova conexão/ }).click();
    await page.getByRole('menuitem', { name: /Facebook/ }).click();
    await page.getByText('Conexão com o Facebook realizada com sucesso!').waitFor();
    const pageRow = rowOf(page, 'Clínica Sorriso');
    await pageRow.waitFor();
    await pageRow.getByRole('img', { name: 'Facebook' }).waitFor();
    await pageRow.getByTestId('connection-status').getByText('Conectado').waitFor({ timeout: 15_000 });
    expect(sdkRequests).toEqual(['https://connect.facebook.net/pt_BR/sdk.js']);
    const fb = await page.evaluate(() => (globalThis as unknown as { __fb: { init: unknown[]; login: { scope: string }[] } }).__fb);
    expect(fb.init).toEqual([expect.objectContaining({ appId: graph.appId, version: 'v9.0' })]);
    expect(fb.login[0]!.scope).toBe('public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement');
    expect(graph.subscriptions.get('400500600')).toContain('messages');

    // New connection → Instagram: the page's Instagram account.
    await page.getByRole('button', { name: /Nova conexão/ }).click();
    await page.getByRole('menuitem', { name: /Instagram/ }).click();
    await page.getByText('Conexão com o Instagram realizada com sucesso!').waitFor();
    const instaRow = rowOf(page, 'clinica.sorriso');
    await instaRow.getByTestId('connection-status').getByText('Conectado').waitFor({ timeout: 15_000 });
    await instaRow.getByRole('img', { name: 'Instagram' }).waitFor();
    const fbAfter = await page.evaluate(() => (globalThis as unknown as { __fb: { login: { scope: string }[] } }).__fb);
    expect(fbAfter.login[1]!.scope.split(',')).toEqual(expect.arrayContaining(['instagram_basic', 'instagram_manage_messages']));
    await page.getByTestId('connections-title').getByText('Conexões (2)').waitFor();
    await screenshot(page, 'facebook-connections');

    // Meta posts a message to the page's webhook (public, signed with the app secret): a Facebook ticket opens.
    const payload = JSON.stringify({
      object: 'page',
      entry: [{ id: '400500600', time: Date.now(), messaging: [{ sender: { id: '24681357902468135' }, recipient: { id: '400500600' }, timestamp: Date.now(), message: { mid: 'm.e2e.1', text: 'Quero marcar uma consulta' } }] }],
    });
    const unsigned = await platform.request('POST', '/api/facebook/webhook', { body: payload });
    expect(unsigned.status).toBe(401);
    const delivered = await platform.request('POST', '/api/facebook/webhook', { body: payload, headers: { 'x-hub-signature-256': signWebhook(payload, graph.appSecret) } });
    expect(delivered.status).toBe(200);
    let ticket: { channel?: string; contact?: { name?: string; number?: string } } | undefined;
    await until(
      page,
      async () => {
        const list = await platform.request('GET', '/api/tickets?status=pending&showAll=true', { token: company.admin.token });
        ticket = (list.body?.tickets as (typeof ticket)[] | undefined)?.find((t) => t?.contact?.number === '24681357902468135');
        return !!ticket;
      },
      'the Facebook ticket',
    );
    expect(ticket).toMatchObject({ channel: 'facebook', contact: { name: 'Maria Souza' } });
    await context.close();
  });
});
