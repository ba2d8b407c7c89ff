import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '@atende/kit/testing';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext } from './support/browser.js';
import { loginThroughPage, logoutThroughMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * A conversation's files are opened only by users of the company: the page shows them through its session's
 * media cookie (an <img> sends no Authorization header); the same link is refused without a session, to
 * another company's users, and once the user logged out.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

describe('media of a conversation', () => {
  it("an image sent on a ticket shows in the attendant's page; its link opens for nobody outside the company's sessions", async () => {
    const company = await platform.createCompany();
    const queue = await platform.request('POST', '/api/queue', { token: company.admin.token, body: { name: 'Recepção', color: '#1677ff', greetingMessage: '' } });
    const ana = await platform.createUser(company.admin, { name: 'Ana', queueIds: [queue.body.id] });
    const contact = await platform.request('POST', '/api/contacts', { token: company.admin.token, body: { name: 'Joana Prado', number: '5511955551234' } });
    const ticket = await platform.request('POST', '/api/tickets', { token: ana.session.token, body: { contactId: contact.body.id, queueId: queue.body.id, status: 'open' } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const form = new FormData();
    form.append('body', 'Segue o raio-x');
    form.append('medias', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'raio-x.png');
    const sent = await platform.request('POST', `/api/messages/${ticket.body.id}`, { token: ana.session.token, body: form });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const mediaUrl: string = sent.body.message.mediaUrl;

    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, ana.email, ana.password);
    await page.goto(`/tickets/${ticket.body.uuid}`);
    const image = page.getByRole('img', { name: 'raio-x.png' });
    await image.waitFor({ timeout: 15_000 });
    const loaded = () =>
      image.evaluate((img) => {
        const element = img as unknown as { complete: boolean; naturalWidth: number };
        return element.complete && element.naturalWidth > 0;
      });
    await until(page, async () => (await loaded()) === true, 'the image to load');
    expect((await context.request.get(mediaUrl)).status()).toBe(200);

    // Holding the link is not enough: no session, another company's, or this one after logging out.
    const stranger = await newContext(browser, platform.url);
    expect((await stranger.request.get(mediaUrl)).status()).toBe(401);
    const other = await platform.createCompany();
    expect((await stranger.request.get(mediaUrl, { headers: { authorization: `Bearer ${other.admin.token}` } })).status()).toBe(403);
    await logoutThroughMenu(page);
    expect((await context.request.get(mediaUrl)).status()).toBe(401);
    await stranger.close();
    await context.close();
  });
});
