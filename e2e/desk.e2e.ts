import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/** Desk screens an admin uses besides the inbox: contact import, the kanban board and the to-do list. */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

async function contactsSheet(rows: number, bad: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(['Nome', 'Número', 'E-mail']);
  for (let i = 0; i < rows; i++) {
    // The first `bad` rows have no name: counted as ignored, never a failure of the whole file.
    sheet.addRow([i < bad ? '' : `Paciente ${i}`, `5511${String(900000000 + i)}`, i % 3 === 0 ? `p${i}@example.com` : '']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('desk screens', () => {
  it('imports a 500-row spreadsheet of contacts, bad rows counted as ignored, a recognised column taken back', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto('/contacts/import');
    await page.locator('input[type="file"]').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await contactsSheet(500, 12) });
    // The E-mail column was recognised by its header; taken back with "Não importar", the e-mails stay out.
    await page.getByLabel('E-mail', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Não importar' }).click();
    await page.getByRole('button', { name: 'Importar contatos' }).click();
    await page.getByText('Importação concluída').first().waitFor({ timeout: 60_000 });
    const count = await platform.request('GET', '/api/contacts?pageNumber=1', { token: company.admin.token });
    expect(count.body.count).toBe(488);
    const withEmail = await platform.request('GET', `/api/contacts?pageNumber=1&searchParam=${encodeURIComponent('Paciente 12')}`, { token: company.admin.token });
    expect(withEmail.body.contacts.find((c: { name: string }) => c.name === 'Paciente 12')).toMatchObject({ email: '' });
    await page.getByText(/488 criados, 12 ignorados/).waitFor();
    await page.context().close();
  });

  it('a legacy .xls gets the mapping and the row checkboxes; the header checkbox clears and selects every row of the sheet', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto('/contacts/import');
    const xls = readFileSync(new URL('../services/kit/src/fixtures/contacts-500.xls', import.meta.url));
    await page.locator('input[type="file"]').setInputFiles({ name: 'contatos.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
    await page.getByText('500 de 500 linhas selecionadas').waitFor();
    await page.getByLabel('E-mail', { exact: true }).waitFor();
    const all = page.getByRole('checkbox', { name: 'Selecionar todas as linhas da planilha' });
    await all.click();
    await page.getByText('0 de 500 linhas selecionadas').waitFor();
    await page.getByRole('button', { name: 'Importar contatos' }).click();
    await page.getByText('Nenhum contato selecionado').waitFor();
    await all.click();
    await page.getByText('500 de 500 linhas selecionadas').waitFor();
    await page.getByRole('button', { name: 'Importar contatos' }).click();
    await page.getByText('Importação concluída').first().waitFor({ timeout: 60_000 });
    // Rows i % 50 in 1..5 are bad (name, number, short number, e-mail, a number repeated): 50 ignored.
    await page.getByText(/450 criados, 50 ignorados/).waitFor();
    await page.context().close();
  });

  it('an attendant the company hides numbers from edits a contact: the masked number shown, the stored one kept', async () => {
    const company = await platform.createCompany();
    const admin = company.admin;
    for (const [key, value] of [['enableLGPD', 'enabled'], ['lgpdHideNumber', 'enabled']]) {
      expect((await platform.request('PUT', `/api/settings/${key}`, { token: admin.token, body: { value } })).status).toBe(200);
    }
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Ana Lima', number: '5511966661155' } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const ana = await platform.createUser(admin, { name: 'Atendente Ana' });
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, ana.email, ana.password);
    await page.goto('/contacts');
    const row = page.getByRole('row').filter({ hasText: 'Ana Lima' });
    await row.getByText('5511966****55').waitFor();
    await row.getByRole('button', { name: /Editar/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Editar contato' });
    await expect.poll(() => dialog.getByLabel('Número').inputValue()).toBe('5511966****55');
    await dialog.getByLabel('Nome', { exact: true }).fill('Ana Lima Souza');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Ana Lima Souza' }).waitFor();
    const stored = await platform.request('GET', `/api/contacts/${contact.body.id}`, { token: admin.token });
    expect(stored.body).toMatchObject({ name: 'Ana Lima Souza', number: '5511966661155' });
    await page.context().close();
  });

  it('moves a ticket to a kanban lane by drag and drop, kept after a reload', async () => {
    const company = await platform.createCompany();
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const lane = await platform.request('POST', '/api/tags', { token: admin.token, body: { name: 'Negociação', kanban: 1 } });
    expect(lane.status, JSON.stringify(lane.body)).toBe(201);
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Comercial', color: '#336699' } });
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'João', number: '5511977776666' } });
    const ticket = await platform.request('POST', '/api/tickets', { token: admin.token, body: { contactId: contact.body.id, queueId: queue.body.id, status: 'open', userId: company.admin.user.id } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);

    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await page.goto('/Kanban');
    const card = `[data-testid="kanban-card-${ticket.body.id}"]`;
    const target = `[data-testid="kanban-lane-${lane.body.id}"]`;
    await page.locator(`[data-testid="kanban-lane-0"] ${card}`).waitFor();
    await page.dragAndDrop(card, target);
    await page.locator(`${target} ${card}`).waitFor();
    await page.reload();
    await page.locator(`${target} ${card}`).waitFor();
    await screenshot(page, 'kanban');
    const tags = await platform.request('GET', `/api/tickets/${ticket.body.id}`, { token: admin.token });
    expect(tags.body.tags.map((t: { id: number }) => t.id)).toEqual([lane.body.id]);
    await page.context().close();
  });

  it('keeps the to-do list in the browser: add (blank refused), edit, kept after a reload, remove', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Tarefas'), /\/todolist$/);
    const input = page.getByPlaceholder('Nova tarefa');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Digite o texto da tarefa').waitFor();
    await input.fill('Confirmar consultas de amanhã');
    await input.press('Enter');
    await page.getByText('Confirmar consultas de amanhã').waitFor();
    await page.getByRole('button', { name: 'Editar' }).click();
    await input.fill('Confirmar consultas de sexta');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.reload();
    await page.getByText('Confirmar consultas de sexta').waitFor();
    expect(await page.getByText('Confirmar consultas de amanhã').count()).toBe(0);
    await screenshot(page, 'todolist');
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Nenhuma tarefa').waitFor();
    await page.context().close();
  });
});
