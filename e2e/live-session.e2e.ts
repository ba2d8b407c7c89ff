import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@atende/kit/testing';
import { eventually, type TestPlatform } from '@atende/standalone/testing';
import { newContext } from './support/browser.js';
import { contactWrites } from './support/inbound.js';
import { loginThroughPage } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The live connection outlasts what ends a socket: the server's side (its token expiring, the user
 * changing: the socket is cut and must come back as the user now is) and the network's. The page refreshes
 * its token, connects again and reads again what it missed, by itself; nobody reloads it.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

/** A company whose attendant Ana serves the one queue of a WhatsApp connection. */
async function desk() {
  const company = await platform.createCompany();
  const admin = company.admin;
  const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Recepção', color: '#1677ff', greetingMessage: '' } });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  const ana = await platform.createUser(admin, { name: 'Ana', queueIds: [queue.body.id] });
  const connection = makeConnection({ id: 7100 + company.companyId, companyId: company.companyId, name: 'WhatsApp Recepção', queueIds: [queue.body.id] });
  await platform.publish('channels.connection.updated', company.companyId, { connection });
  const writes = (n: number) =>
    contactWrites(platform, company.companyId, { connectionId: connection.id, number: `55119876543${String(n).padStart(2, '0')}`, name: `Paciente ${n}`, wid: `e2e-live-${company.companyId}-${n}`, body: `Olá ${n}` });
  const pendingTicket = () => eventually(async () => (await platform.request('GET', '/api/tickets?status=pending', { token: admin.token })).body.tickets[0] as { id: number } | undefined, 10_000);
  return { admin, adminLogin: { email: company.email, password: company.password }, ana, writes, pendingTicket };
}

async function openPending(page: Page, email: string, password: string): Promise<void> {
  await loginThroughPage(page, email, password);
  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Pendentes/ }).click();
}

describe('live connection', () => {
  it('an attendant made admin keeps receiving tickets live after the server ends the socket', async () => {
    const { admin, ana, writes, pendingTicket } = await desk();
    const page = await (await newContext(browser, platform.url)).newPage();
    await openPending(page, ana.email, ana.password);
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
    await writes(1);
    const ticket = await pendingTicket();
    await page.locator(`[data-testid="ticket-item-${ticket.id}"]`).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets/);
    await page.context().close();
  });

  it('a ticket that arrived while the connection was down shows once it is back', async () => {
    const { ana, writes, pendingTicket } = await desk();
    const context = await newContext(browser, platform.url);
    // The page's live connection passes through here, so that the test can drop it; the network then
    // refuses new connections until it is back.
    const open: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      ws.connectToServer();
      open.push(ws);
    });
    const page = await context.newPage();
    await openPending(page, ana.email, ana.password);
    await eventually(() => open.length > 0);
    await page.waitForTimeout(500);

    await context.setOffline(true);
    for (const ws of open.splice(0)) await ws.close();
    await writes(2);
    const ticket = await pendingTicket();
    const item = page.locator(`[data-testid="ticket-item-${ticket.id}"]`);
    // Its event went out while the page was offline.
    await page.waitForTimeout(1_000);
    expect(await item.count()).toBe(0);

    await context.setOffline(false);
    await item.waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('the kanban board reads again what it missed while the connection was down', async () => {
    const { adminLogin, writes, pendingTicket } = await desk();
    const context = await newContext(browser, platform.url);
    const open: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      ws.connectToServer();
      open.push(ws);
    });
    const page = await context.newPage();
    await loginThroughPage(page, adminLogin.email, adminLogin.password);
    await page.goto('/Kanban');
    await page.getByTestId('kanban-board').waitFor();
    await eventually(() => open.length > 0);
    await page.waitForTimeout(500);

    await context.setOffline(true);
    for (const ws of open.splice(0)) await ws.close();
    await writes(3);
    const ticket = await pendingTicket();
    const card = page.getByTestId(`kanban-card-${ticket.id}`);
    await page.waitForTimeout(1_000);
    expect(await card.count()).toBe(0);

    await context.setOffline(false);
    await card.waitFor({ timeout: 15_000 });
    await context.close();
  });
});
