import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@atende/kit/testing';
import { eventually, type TestPlatform } from '@atende/standalone/testing';
import { newContext } from './support/browser.js';
import { contactWrites } from './support/inbound.js';
import { loginThroughPage } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The live connection outlasts what ends a socket on the server's side: its token expiring, or the user
 * changing (the socket is cut and must come back as the user now is). The page refreshes its token and
 * connects again by itself; nobody reloads it.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

describe('live connection', () => {
  it('an attendant made admin keeps receiving tickets live after the server ends the socket', async () => {
    const company = await platform.createCompany();
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Recepção', color: '#1677ff', greetingMessage: '' } });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const ana = await platform.createUser(admin, { name: 'Ana', queueIds: [queue.body.id] });
    const connection = makeConnection({ id: 7100 + company.companyId, companyId: company.companyId, name: 'WhatsApp Recepção', queueIds: [queue.body.id] });
    await platform.publish('channels.connection.updated', company.companyId, { connection });

    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, ana.email, ana.password);
    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Pendentes/ }).click();

    const menu = page.getByTestId('app-menu');
    await menu.waitFor();
    expect(await menu.getByText('Usuários', { exact: true }).count()).toBe(0);

    // The admin makes Ana an admin: the realtime service ends her socket (it was admitted as a user). The
    // page signs in again on its own: the token it gets says admin, and so does the menu, without a reload.
    const promoted = await platform.request('PUT', `/api/users/${ana.user.id}`, { token: admin.token, body: { profile: 'admin' } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    await menu.getByText('Usuários', { exact: true }).waitFor({ timeout: 15_000 });

    // A contact writes once the socket is back (it connects right after that refresh): the ticket shows live.
    await page.waitForTimeout(1_500);
    await contactWrites(platform, company.companyId, { connectionId: connection.id, number: '5511987654300', name: 'Paciente', wid: `e2e-live-${company.companyId}-1`, body: 'Olá' });
    const ticket = await eventually(async () => (await platform.request('GET', '/api/tickets?status=pending', { token: admin.token })).body.tickets[0], 10_000);
    await page.locator(`[data-testid="ticket-item-${ticket.id}"]`).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets/);
    await page.context().close();
  });
});
