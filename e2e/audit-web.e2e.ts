import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@atende/kit/testing';
import { eventually, type TestPlatform } from '@atende/standalone/testing';
import { newContext } from './support/browser.js';
import { contactWrites } from './support/inbound.js';
import { loginThroughPage, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * Findings of the web audit, checked in the browser: /TagsKanban gated like /Kanban, /allConnections
 * sending others to /tickets, WhatsApp formatting in bubbles and list previews, and a plan read that
 * survives the rate limit.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

describe('web audit fixes', () => {
  it('/TagsKanban is refused like /Kanban when the plan has no Kanban', async () => {
    const company = await platform.createCompany({ plan: { useKanban: false } });
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    for (const path of ['/Kanban', '/TagsKanban']) {
      await page.goto(path);
      await page.getByText(NO_PERMISSION).first().waitFor();
      await page.waitForURL((url) => url.pathname === '/');
    }
    expect(await page.getByRole('button', { name: 'Adicionar tag' }).count()).toBe(0);
    await page.context().close();
  });

  it('/allConnections sends an attendant to /tickets with the no-permission toast', async () => {
    const company = await platform.createCompany();
    const attendant = await platform.createUser(company.admin, { profile: 'user' });
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, attendant.email, attendant.password);
    await page.goto('/allConnections');
    await page.getByText(NO_PERMISSION).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/tickets');
    // Said once (the page re-rendering while it waits does not say it again).
    expect(await page.getByText(NO_PERMISSION).count()).toBe(1);
    // Landed on a page the attendant may see: no second refusal.
    await page.getByText('Oops! Acesso Negado!').waitFor({ state: 'detached' });
    await page.getByTestId('message-input').or(page.locator('[data-testid^="ticket-item-"]')).or(page.getByRole('tab').first()).first().waitFor();
    await page.context().close();
  });

  it("shows WhatsApp's bold and italic in the bubble and no markers in the list preview", async () => {
    const company = await platform.createCompany();
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Atendimento', color: '#1677ff', greetingMessage: '' } });
    const connection = makeConnection({ id: 9500 + company.companyId, companyId: company.companyId, name: 'WhatsApp', number: '5511900000009', queueIds: [queue.body.id] });
    await platform.publish('channels.connection.updated', company.companyId, { connection });
    const attendant = await platform.createUser(company.admin, { name: 'Ana', queueIds: [queue.body.id] });
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, attendant.email, attendant.password);

    // The contact writes a signed-looking message (sent again while no ticket shows: the same wid is one message).
    const inbound = () =>
      contactWrites(platform, company.companyId, {
        connectionId: connection.id,
        number: '5511987650009',
        name: 'Paula Formatada',
        wid: `e2e-format-${company.companyId}`,
        body: '*Atendente Web:*\nOlá, _tudo bem_?',
      });
    const ticket = await eventually(async () => {
      await inbound();
      return (await platform.request('GET', '/api/tickets?status=pending', { token: admin.token })).body.tickets[0];
    }, 30_000);

    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Pendentes/ }).click();
    const item = page.locator(`[data-testid="ticket-item-${ticket.id}"]`);
    await item.getByText(/Atendente Web:/).waitFor();
    expect(await item.textContent()).not.toContain('*');

    await item.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}`));
    const bubble = page.locator('[data-testid^="message-"]').filter({ hasText: 'Atendente Web:' }).first();
    await bubble.locator('strong', { hasText: 'Atendente Web:' }).waitFor();
    await bubble.locator('em', { hasText: 'tudo bem' }).waitFor();
    expect(await bubble.textContent()).not.toContain('*Atendente');
    await page.context().close();
  });

  it('reads the plan again after the rate limit instead of hiding the plan-gated menu entries', async () => {
    const company = await platform.createCompany();
    const context = await newContext(browser, platform.url);
    let refused = 0;
    await context.route('**/api/companies/listPlan/**', async (route) => {
      if (refused < 2) {
        refused++;
        await route.fulfill({
          status: 429,
          headers: { 'retry-after': '1' },
          contentType: 'application/json',
          body: JSON.stringify({ error: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests' }),
        });
      } else await route.continue();
    });
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);
    const kanbanEntry = page.locator('.ant-menu').getByText('Kanban', { exact: true });
    await until(page, async () => (await kanbanEntry.count()) > 0, 'the Kanban menu entry', 15_000);
    expect(refused).toBe(2);
    await context.close();
  });

  it('Escape closes the dialog on screen (an open list inside it first), also while other dialogs stay mounted closed', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto('/tickets');
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Novo atendimento' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // With the contact list open, Escape closes the list, then the dialog.
    await page.getByRole('button', { name: 'Novo atendimento' }).click();
    await dialog.waitFor();
    const contact = dialog.getByRole('combobox', { name: 'Contato' });
    await contact.click();
    // Escape as a person presses it: once the list has opened (an Escape within its opening animation
    // can be undone by the open still settling), and again once the select says the list is closed.
    await page.locator('.ant-select-dropdown:visible:not([class*="-appear"])').waitFor();
    await page.keyboard.press('Escape');
    await until(page, async () => (await contact.getAttribute('aria-expanded')) === 'false', 'the contact list closed');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('a message to the contact is scheduled from the conversation (the schedule dialog with the contact chosen)', async () => {
    const company = await platform.createCompany();
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Recepção', color: '#1677ff', greetingMessage: '' } });
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Joana Prado', number: '5511955557777' } });
    const ticket = await platform.request('POST', '/api/tickets', { token: admin.token, body: { contactId: contact.body.id, queueId: queue.body.id, status: 'open' } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto(`/tickets/${ticket.body.uuid}`);
    await page.getByTestId('message-input').waitFor();
    await page.getByRole('button', { name: 'Anexar' }).click();
    await page.getByRole('menuitem', { name: 'Agendar mensagem' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Joana Prado').first().waitFor();
    await dialog.locator('#schedule-form_body').fill('Lembrete: sua consulta é amanhã às 10h');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const schedules = await platform.request('GET', `/api/schedules?contactId=${contact.body.id}`, { token: company.admin.token });
    expect(schedules.body.schedules).toEqual([expect.objectContaining({ body: 'Lembrete: sua consulta é amanhã às 10h', contactId: contact.body.id, status: 'PENDENTE' })]);
    await page.context().close();
  });
});

