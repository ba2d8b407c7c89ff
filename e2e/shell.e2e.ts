import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@atende/kit/testing';
import { eventually, type TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { contactWrites } from './support/inbound.js';
import { loginThroughPage } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The shell and the desk as spec 000 §2/§4 and 001 §2 describe them: the landing after login, the top
 * bar's pinned tickets and notification bell, the contact's tags on the ticket screen, and the
 * connections and messages API pages.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

describe('shell and desk', () => {
  it('login lands on /tickets; a pinned ticket shows in the top bar and opens it; the contact gets a tag typed on the ticket', async () => {
    const company = await platform.createCompany();
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Recepção', color: '#2266aa', greetingMessage: '' } });
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Joana Prado', number: '5511955554444' } });
    const ticket = await platform.request('POST', '/api/tickets', {
      token: admin.token,
      body: { contactId: contact.body.id, queueId: queue.body.id, status: 'open', userId: company.admin.user.id },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);

    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.waitForURL((url) => url.pathname === '/tickets');

    // Pinned from the conversation: the avatar shows in the top bar at once and leads back to the ticket.
    await page.goto(`/tickets/${ticket.body.uuid}`);
    await page.getByRole('button', { name: 'Fixar atendimento' }).first().click();
    const avatar = page.getByTestId(`pinned-ticket-${ticket.body.id}`);
    await avatar.waitFor();
    await page.goto('/contacts');
    await page.getByTestId(`pinned-ticket-${ticket.body.id}`).click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.body.uuid}$`));

    // The contact's tags under the header: a typed name under 3 characters is refused, a longer one is created.
    const tags = page.getByTestId('contact-tags');
    await tags.locator('input').click();
    await page.keyboard.type('ab');
    await page.keyboard.press('Enter');
    await page.getByText('Tag muito curta!').waitFor();
    await page.keyboard.type('Implante');
    await page.keyboard.press('Enter');
    await eventually(async () =>
      ((await platform.request('GET', `/api/contactTags/${contact.body.id}`, { token: admin.token })).body as { name: string }[]).some((t) => t.name === 'Implante'),
    );
    await tags.getByText('Implante').waitFor();
    await screenshot(page, 'shell-pinned-and-tags');

    // Unpinned: the avatar goes.
    await page.getByRole('button', { name: 'Desafixar atendimento' }).first().click();
    await avatar.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the notification bell counts a new message for the attendant, keeps it after a reload, and opens the ticket', async () => {
    const company = await platform.createCompany();
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Atendimento', color: '#1677ff', greetingMessage: '' } });
    const ana = await platform.createUser(company.admin, { name: 'Ana', queueIds: [queue.body.id] });
    const connection = makeConnection({
      id: 9000 + company.companyId,
      companyId: company.companyId,
      name: 'WhatsApp Recepção',
      number: '5511900000001',
      queueIds: [queue.body.id],
    });
    await platform.publish('channels.connection.updated', company.companyId, { connection });
    expect((await platform.request('PUT', '/api/settings/showNotificationPending', { token: admin.token, body: { value: 'true' } })).status).toBe(200);

    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, ana.email, ana.password);
    await page.getByTestId('notifications-bell').waitFor();
    expect(await page.getByTestId('notifications-bell-count').count()).toBe(0);

    await contactWrites(platform, company.companyId, {
      connectionId: connection.id,
      number: '5511987650000',
      name: 'Carla Paciente',
      wid: `e2e-bell-${company.companyId}`,
      body: 'Posso remarcar minha consulta?',
    });
    const ticket = await eventually(async () => (await platform.request('GET', '/api/tickets?status=pending', { token: admin.token })).body.tickets[0], 10_000);
    await page.getByTestId('notifications-bell-count').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });

    // After a reload the bell starts from the tickets with unread messages.
    await page.reload();
    await page.getByTestId('notifications-bell-count').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('notifications-bell').click();
    const item = page.getByTestId('notifications-bell-item');
    await item.getByText('Carla Paciente').waitFor();
    await item.getByText('Posso remarcar minha consulta?').waitFor();
    await screenshot(page, 'shell-notifications-bell');
    await item.click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await page.getByTestId('notifications-bell-count').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("refuses the super user's pages with the spec text and redirects; the 403 screen links to /tickets; contacts show the phone mask", async () => {
    const company = await platform.createCompany();
    const contact = await platform.request('POST', '/api/contacts', { token: company.admin.token, body: { name: 'Rita Mendes', number: '5511999990001' } });
    expect(contact.status).toBe(201);
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);

    // Spec 001 §8: the companies page's refusal, then / after 1 s (/allConnections: /tickets, spec 001 §2).
    for (const [path, landing] of [
      ['/allConnections', '/tickets'],
      ['/announcements', '/'],
    ] as const) {
      await page.goto(path);
      await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first().waitFor();
      await page.waitForURL((url) => url.pathname === landing);
    }

    // Spec 000 §5: Brazil numbers of 12 or 13 digits with the phone mask.
    await page.goto('/contacts');
    await page.getByRole('cell', { name: '+55 (11) 99999-0001', exact: true }).waitFor();
    await page.context().close();

    // Spec 000 §2: an attendant without the dashboard gets 'Oops! Acesso Negado!' with a 'Voltar' link to /tickets.
    const attendant = await platform.createUser(company.admin, { profile: 'user' });
    const second = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(second, attendant.email, attendant.password);
    await second.goto('/');
    await second.getByText('Oops! Acesso Negado!').waitFor();
    const back = second.getByRole('link', { name: 'Voltar' });
    expect(await back.getAttribute('href')).toBe('/tickets');
    await back.click();
    await second.waitForURL((url) => url.pathname === '/tickets');
    await second.context().close();
  });

  it('the connections page offers to call support; the messages API page has a text and a media test form', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto('/connections');
    await page.getByRole('button', { name: 'Chamar suporte' }).waitFor();

    await page.goto('/messages-api');
    const text = page.getByTestId('messages-api-text-test');
    const media = page.getByTestId('messages-api-media-test');
    await text.getByText('Enviar mensagem de texto').waitFor();
    await media.getByText('Enviar mensagem com mídia').waitFor();
    // The media test needs its file.
    await media.getByLabel('Token').fill('not-a-token');
    await media.getByLabel('Número').fill('5511999990000');
    await media.getByLabel('Legenda').fill('Segue o documento');
    await media.getByRole('button', { name: 'Enviar' }).click();
    await media.getByText('Escolha o arquivo a enviar').waitFor();
    // The text test is sent; an unknown token is refused and the answer shows.
    await text.getByLabel('Token').fill('not-a-token');
    await text.getByLabel('Número').fill('5511999990000');
    await text.getByLabel('Mensagem').fill('Olá!');
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('A mensagem foi recusada').waitFor();
    await page.context().close();
  });
});
