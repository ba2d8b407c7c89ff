import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@atende/kit/testing';
import { eventually, type TestPlatform } from '@atende/standalone/testing';
import { clickUntil, newContext, screenshot } from './support/browser.js';
import { contactWrites } from './support/inbound.js';
import { loginThroughPage } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The attendant inbox, live: two attendants of one queue and an admin in three browsers. A message
 * arrives on the bus exactly as the channels service publishes it (channels.message.received).
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

/** Counts the notification beeps a page plays (WebAudio oscillators started). */
const countBeeps = `(() => {
  window.__beeps = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__beeps++; return original.call(this); };
})()`;

async function openInbox(email: string, password: string): Promise<Page> {
  const context = await newContext(browser, platform.url);
  await context.addInitScript(countBeeps);
  const page = await context.newPage();
  await loginThroughPage(page, email, password);
  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Pendentes/ }).click();
  return page;
}

describe('attendant inbox', () => {
  it('inbound message → both attendants see it live; accept, transfer, resolve with farewell, reopen, note, pin, rating', async () => {
    const company = await platform.createCompany();
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Atendimento', color: '#1677ff', greetingMessage: '' } });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const ana = await platform.createUser(company.admin, { name: 'Ana', queueIds: [queue.body.id] });
    const bruno = await platform.createUser(company.admin, { name: 'Bruno', queueIds: [queue.body.id] });
    const connection = makeConnection({
      id: 7000 + company.companyId,
      companyId: company.companyId,
      name: 'WhatsApp Recepção',
      complationMessage: 'Obrigado pelo contato!',
      queueIds: [queue.body.id],
    });
    await platform.publish('channels.connection.updated', company.companyId, { connection });
    // Pending tickets notify (sound) only with this company setting (spec 000 §4 notification rule).
    expect((await platform.request('PUT', '/api/settings/showNotificationPending', { token: admin.token, body: { value: 'true' } })).status).toBe(200);

    const pageAna = await openInbox(ana.email, ana.password);
    const pageBruno = await openInbox(bruno.email, bruno.password);
    const pageAdmin = await openInbox(company.email, company.password);

    // Carla writes on WhatsApp: the event the channels service publishes.
    const carlaWrites = (wid: string, body: string) =>
      contactWrites(platform, company.companyId, { connectionId: connection.id, number: '5511987654321', name: 'Carla Paciente', wid: `e2e-${company.companyId}-${wid}`, body });
    const sentAt = Date.now();
    await carlaWrites('1', 'Olá, gostaria de agendar uma limpeza');
    const ticket = await eventually(async () => (await platform.request('GET', '/api/tickets?status=pending', { token: admin.token })).body.tickets[0], 10_000);
    const item = `[data-testid="ticket-item-${ticket.id}"]`;
    await Promise.all([pageAna.locator(item).waitFor({ timeout: 5_000 }), pageBruno.locator(item).waitFor({ timeout: 5_000 })]);
    const shownAfterMs = Date.now() - sentAt;
    await eventually(async () => (await pageAna.evaluate('window.__beeps')) as number > 0);
    await eventually(async () => (await pageBruno.evaluate('window.__beeps')) as number > 0);

    // Ana accepts: it leaves Bruno's pending tab.
    await pageAna.locator(item).getByRole('button', { name: 'Aceitar' }).click();
    await pageAna.waitForURL(new RegExp(`/tickets/${ticket.uuid}`));
    await pageBruno.locator(item).waitFor({ state: 'detached', timeout: 5_000 });
    await pageAna.getByTestId('message-input').waitFor();
    // The conversation's first message is on screen (the list item shows the same text once more).
    await pageAna.getByText('Olá, gostaria de agendar uma limpeza').nth(1).waitFor();
    await screenshot(pageAna, 'inbox-conversation-light');

    // Transfer to Bruno: it shows in his open tab.
    const transfer = pageAna.getByRole('dialog');
    await clickUntil(pageAna.getByRole('button', { name: 'Transferir' }).first(), (timeout) => transfer.getByLabel('Fila').waitFor({ timeout }));
    await transfer.getByLabel('Fila').click();
    await pageAna.keyboard.type('Atendimento');
    await pageAna.keyboard.press('Enter');
    await transfer.getByLabel('Usuário').click();
    await pageAna.keyboard.type('Bruno');
    await pageAna.keyboard.press('Enter');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await eventually(async () => (await platform.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token })).body.userId === bruno.user.id);
    await pageBruno.getByRole('tab', { name: /Abertos/ }).click();
    await pageBruno.locator(item).waitFor({ timeout: 5_000 });

    // Bruno resolves with the farewell, then reopens.
    await pageBruno.locator(item).click();
    await pageBruno.getByTestId('message-input').waitFor();
    await pageBruno.getByRole('button', { name: /Resolver/ }).first().click();
    await pageBruno.getByText('Resolver com despedida').click();
    await eventually(async () => (await platform.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token })).body.status === 'closed');
    await eventually(async () => {
      const messages = (await platform.request('GET', `/api/messages/${ticket.id}`, { token: admin.token })).body.messages as { body: string; fromMe: boolean }[];
      return messages.some((m) => m.fromMe && m.body.includes('Obrigado pelo contato!'));
    });
    await pageBruno.goto(`/tickets/${ticket.uuid}`);
    await pageBruno.getByRole('button', { name: 'Reabrir' }).first().click();
    await eventually(async () => (await platform.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token })).body.status === 'open');

    // Pinned; then a note on the contact: added, then deleted.
    await pageAdmin.goto(`/tickets/${ticket.uuid}`);
    await pageAdmin.getByRole('button', { name: 'Fixar atendimento' }).first().click();
    await eventually(async () => (await platform.request('GET', '/api/pin-tickets', { token: admin.token })).body.some?.((p: { ticketId: number }) => p.ticketId === ticket.id));
    await pageAdmin.getByRole('button', { name: 'Dados do contato' }).click();
    await pageAdmin.getByPlaceholder('Nova observação').fill('Prefere atendimento pela manhã');
    await pageAdmin.getByRole('button', { name: 'Adicionar' }).click();
    await pageAdmin.getByText('Prefere atendimento pela manhã').waitFor();
    const confirmDelete = pageAdmin.locator('.ant-modal-confirm').getByRole('button', { name: 'Excluir' });
    await clickUntil(pageAdmin.getByRole('button', { name: 'Excluir observação' }).first(), (timeout) => confirmDelete.waitFor({ timeout }));
    await clickUntil(confirmDelete, (timeout) => pageAdmin.getByText('Prefere atendimento pela manhã').waitFor({ state: 'detached', timeout }));
    await pageAdmin.locator('.ant-drawer-close').click();
    await pageAdmin.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    // Dark theme screenshot of the same conversation.
    await pageAdmin.getByTestId('theme-toggle').click();
    await pageAdmin.waitForTimeout(600); // let the colour transition finish
    await pageAdmin.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 }); // toasts gone
    await screenshot(pageAdmin, 'inbox-conversation-dark');

    // With ratings on, resolving asks whether to request one (required); the contact's '5' closes the ticket with it.
    expect((await platform.request('PUT', '/api/settings/userRating', { token: admin.token, body: { value: 'enabled' } })).status).toBe(200);
    await pageAdmin.getByRole('button', { name: /Resolver/ }).first().click();
    await pageAdmin.getByText('Resolver com despedida').click();
    const rating = pageAdmin.getByRole('dialog');
    await clickUntil(rating.getByRole('button', { name: 'Resolver' }), (timeout) => rating.getByText('Avaliação obrigatória').waitFor({ timeout }));
    await rating.getByText('Pedir ao contato uma avaliação de 1 a 5').click();
    await rating.getByRole('button', { name: 'Resolver' }).click();
    await eventually(async () => (await platform.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token })).body.status === 'nps');
    await carlaWrites('rate', '5');
    await eventually(async () => (await platform.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token })).body.userRating?.rate === 5);
    console.log(`inbound message shown in both inboxes after ${shownAfterMs} ms`);
    for (const page of [pageAna, pageBruno, pageAdmin]) await page.context().close();
  });
});
