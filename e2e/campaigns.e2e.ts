import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, logoutThroughMenu, openFromMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * Campaigns, contact lists and schedules as an admin uses them (spec 002 §2): a contact list with
 * one contact, a campaign on it shown in the table, and a schedule for a contact opened from
 * /schedules?contactId=. Sessions do not run (CHANNELS_RUN_SESSIONS=false): the connection exists
 * without a phone, which is all these screens need.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running), { env: { CHANNELS_RUN_SESSIONS: 'false' } }, 120_000);

/** The open antd dialog with this title. */
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

/** Picks an option of an antd Select found by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('campaigns, contact lists and schedules', () => {
  it('admin builds a contact list, a campaign on it, and a schedule for a contact', async () => {
    const company = await platform.createCompany({ plan: { useCampaigns: true, useSchedules: true } });
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const connection = await platform.request('POST', '/api/whatsapp', { token: admin.token, body: { name: 'Recepção' } });
    expect(connection.status).toBe(201);
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Maria Souza', number: '5511988887777' } });
    expect(contact.status).toBe(201);

    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);
    // The sign-in set the original product's flag that shows the campaign area (spec 000 §2).
    expect(await page.evaluate('localStorage.getItem("cshow")')).not.toBeNull();

    // Contact list, from the menu.
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Listas de contatos'), /\/contact-lists$/);
    await page.getByRole('button', { name: 'Nova lista' }).click();
    const listDialog = dialog(page, 'Nova lista de contatos');
    await listDialog.getByLabel('Nome').fill('C');
    await listDialog.getByRole('button', { name: 'Adicionar' }).click();
    await listDialog.getByText('Muito curto!').waitFor();
    await listDialog.getByLabel('Nome').fill('Clientes VIP');
    await listDialog.getByRole('button', { name: 'Adicionar' }).click();
    await listDialog.waitFor({ state: 'hidden' });
    const listRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Clientes VIP', exact: true }) });
    await listRow.waitFor();

    // One contact in it.
    await listRow.getByRole('button', { name: 'Contatos da lista Clientes VIP' }).click();
    await page.waitForURL(/\/contact-lists\/\d+\/contacts$/);
    const contactListId = Number(/contact-lists\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole('button', { name: 'Novo contato' }).click();
    const itemDialog = dialog(page, 'Novo contato');
    // The spec's texts (002 §5), as the contact form shows them.
    await itemDialog.getByRole('button', { name: 'Adicionar' }).click();
    await itemDialog.getByText('Required', { exact: true }).nth(1).waitFor();
    await itemDialog.getByLabel('Nome').fill('João Lima');
    await itemDialog.getByLabel('Número').fill('1234');
    await itemDialog.getByLabel('E-mail').fill('joao@');
    await itemDialog.getByRole('button', { name: 'Adicionar' }).click();
    await itemDialog.getByText('Too Short!', { exact: true }).waitFor();
    await itemDialog.getByText('Invalid email', { exact: true }).waitFor();
    await itemDialog.getByLabel('E-mail').fill('');
    await itemDialog.getByLabel('Número').fill('5511977776666');
    await itemDialog.getByRole('button', { name: 'Adicionar' }).click();
    await itemDialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'João Lima', exact: true }).waitFor();
    const items = await platform.request('GET', `/api/contact-list-items?contactListId=${contactListId}`, { token: admin.token });
    expect(items.body.contacts).toEqual([expect.objectContaining({ name: 'João Lima', number: '5511977776666' })]);

    // A campaign on that list.
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Campanhas', { exact: true }), /\/campaigns$/);
    await page.getByRole('button', { name: 'Nova campanha' }).click();
    const campaignDialog = dialog(page, 'Nova campanha');
    await campaignDialog.getByLabel('Nome').fill('R');
    await campaignDialog.getByRole('button', { name: 'Adicionar' }).click();
    await campaignDialog.getByText('Too Short!', { exact: true }).waitFor();
    await campaignDialog.getByLabel('Nome').fill('');
    await campaignDialog.getByText('Required', { exact: true }).first().waitFor();
    await campaignDialog.getByLabel('Nome').fill('Retorno de consultas');
    await choose(page, campaignDialog, 'Conexão', 'Recepção');
    await choose(page, campaignDialog, 'Lista de contatos', 'Clientes VIP');
    await campaignDialog.getByRole('textbox', { name: 'Mensagem 1', exact: true }).fill('Olá {nome}, sentimos sua falta!');
    await campaignDialog.getByRole('button', { name: 'Adicionar' }).click();
    await campaignDialog.waitFor({ state: 'hidden' });
    const campaignRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Retorno de consultas', exact: true }) });
    await campaignRow.waitFor();
    await campaignRow.getByText('Clientes VIP').waitFor();
    await campaignRow.getByText('Recepção').waitFor();
    await campaignRow.getByText('Inativa').waitFor();
    const campaigns = await platform.request('GET', '/api/campaigns', { token: admin.token });
    expect(campaigns.body.records).toEqual([
      expect.objectContaining({
        name: 'Retorno de consultas',
        status: 'INATIVA',
        contactListId,
        whatsappId: connection.body.id,
        message1: 'Olá {nome}, sentimos sua falta!',
        message2: null,
      }),
    ]);
    await screenshot(page, 'campaigns');

    // Its report, and back.
    await campaignRow.getByRole('button', { name: 'Relatório da campanha Retorno de consultas' }).click();
    await page.waitForURL(/\/campaign\/\d+\/report$/);
    await page
      .getByTestId('report-status-line')
      .getByText(/^\d+ de \d+ mensagens entregues$/)
      .waitFor();
    await page.getByTestId('report-contactList').getByText('Clientes VIP').waitFor();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL(/\/campaigns$/);

    // Settings: one custom variable saved.
    await page.getByRole('button', { name: 'Configurações' }).click();
    await page.waitForURL(/\/campaigns-config$/);
    // The interval choices of spec 002 §9: the longer pause is 0 or 40 to 200 seconds, after 0 (never) to 60 messages.
    await page.getByLabel('Intervalo de disparo maior', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^40 segundos$/ }).waitFor();
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^5 segundos$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByLabel('Intervalo maior após', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Não definido' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByLabel('Atalho').fill('clinica');
    await page.getByLabel('Conteúdo').fill('Sorriso Feliz');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();
    const settings = await platform.request('GET', '/api/campaign-settings', { token: admin.token });
    const variables = (settings.body as { key: string; value: unknown }[]).find((s) => s.key === 'variables')?.value;
    expect(typeof variables === 'string' ? JSON.parse(variables) : variables).toEqual([{ key: 'clinica', value: 'Sorriso Feliz' }]);

    // A schedule for the contact: ?contactId= opens the dialog with the contact chosen.
    await page.goto(`/schedules?contactId=${contact.body.id}`);
    const scheduleDialog = dialog(page, 'Agendamento');
    await scheduleDialog.waitFor();
    await until(page, async () => (await scheduleDialog.getByText('Maria Souza', { exact: false }).count()) > 0, 'contact prefilled');
    await scheduleDialog.getByRole('textbox', { name: 'Mensagem' }).fill('Oi');
    await scheduleDialog.getByRole('button', { name: 'Adicionar' }).click();
    await scheduleDialog.getByText('Mensagem muito curta').waitFor();
    await scheduleDialog.getByRole('textbox', { name: 'Mensagem' }).fill('Lembrete: sua consulta é amanhã às 9h.');
    // The connection is not required (spec 002 §5): the company's default one comes chosen, and without one
    // the server sends on that default all the same.
    await scheduleDialog.getByRole('tab', { name: 'Configurações' }).click();
    const connectionField = scheduleDialog.locator('.ant-form-item').filter({ has: page.getByText('Conexão', { exact: true }) });
    await connectionField.getByText('Recepção', { exact: true }).waitFor();
    await connectionField.hover();
    await connectionField.getByRole('button', { name: 'Clear' }).click();
    await connectionField.getByText('Recepção', { exact: true }).waitFor({ state: 'detached' });
    await scheduleDialog.getByRole('button', { name: 'Adicionar' }).click();
    await scheduleDialog.waitFor({ state: 'hidden' });
    // The calendar (spec 002 §2): the month shows the event with the contact's name; a double-click opens it.
    await page.getByRole('button', { name: 'Mês', exact: true, pressed: true }).waitFor();
    const event = page.getByTestId('schedule-event').filter({ hasText: 'Maria Souza' });
    await event.waitFor();
    await screenshot(page, 'schedules');
    await event.dblclick();
    const opened = dialog(page, 'Agendamento');
    await opened.getByText('Pendente').waitFor();
    await opened.getByRole('button', { name: 'Cancelar' }).click();
    await opened.waitFor({ state: 'hidden' });
    for (const view of ['Semana', 'Agendamentos', 'Dia']) await page.getByRole('button', { name: view, exact: true }).waitFor();
    // The agenda lists the next 30 days.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const scheduleRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Maria Souza', exact: true }) });
    await scheduleRow.waitFor();
    await scheduleRow.getByText('Pendente').waitFor();
    // A month without schedules says so (two months back: the grid's last week may reach into the next month).
    await page.getByRole('button', { name: 'Mês', exact: true }).click();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Não há agendamentos no período.').waitFor();
    await page.getByRole('button', { name: 'Hoje', exact: true }).click();
    await page.getByTestId('schedule-event').filter({ hasText: 'Maria Souza' }).waitFor();
    const schedules = await platform.request('GET', '/api/schedules', { token: admin.token });
    expect(schedules.body.schedules).toEqual([
      expect.objectContaining({
        contactId: contact.body.id,
        whatsappId: connection.body.id,
        body: 'Lembrete: sua consulta é amanhã às 9h.',
        sentAt: null,
        intervalo: 1,
        tipoDias: 4,
      }),
    ]);
    await context.close();

    // An attendant (profile user): schedules in the menu, no campaign entries, and the campaign screens refused.
    const attendant = await platform.createUser(company.admin, { profile: 'user' });
    const second = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(second, attendant.email, attendant.password);
    await second.getByTestId('app-menu').getByText('Agendamentos').waitFor();
    expect(await second.getByTestId('app-menu').getByText('Campanhas', { exact: true }).count()).toBe(0);
    expect(await second.getByTestId('app-menu').getByText('Listas de contatos').count()).toBe(0);
    await second.goto(`/contact-lists/${contactListId}/contacts`);
    await second.getByText('Oops! Acesso Negado!').waitFor();
    // A logout leaves the flag, as the original product did.
    await logoutThroughMenu(second);
    expect(await second.evaluate('localStorage.getItem("cshow")')).not.toBeNull();
    await second.context().close();
  }, 120_000);
});
