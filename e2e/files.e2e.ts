import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * File lists as an admin builds them (spec 002 §2 "Files"): a list with one file made in the dialog
 * (saved, then its file uploaded) and shown in the list with 1 file.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running), { env: { CHANNELS_RUN_SESSIONS: 'false' } }, 120_000);

/** The open antd dialog with this title. */
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('file lists', () => {
  it('admin creates a file list with one file and sees it listed with 1 file', async () => {
    const company = await platform.createCompany();
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, company.email, company.password);

    await openFromMenu(page, page.getByTestId('app-menu').getByText('Lista de arquivos'), /\/files$/);
    await page.getByRole('button', { name: 'Nova lista' }).click();
    const form = dialog(page, 'Nova lista de arquivos');
    await form.getByLabel('Nome', { exact: true }).fill('Ta');
    await form.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await form.getByText('nome muito curto').waitFor();
    await form.getByText('Obrigatório').waitFor();

    await form.getByLabel('Nome', { exact: true }).fill('Tabela de preços');
    await form.getByLabel('Mensagem').fill('Segue nossa tabela de preços');
    await form.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await form.locator('input[type="file"]').setInputFiles({ name: 'Preços 2025.pdf', mimeType: 'application/pdf', buffer: pdf() });
    expect(await form.getByLabel('Nome do arquivo 1').inputValue()).toBe('Preços 2025');
    await form.getByText('Preços 2025.pdf').waitFor();
    await screenshot(page, 'files-dialog');
    await form.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await form.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Tabela de preços', exact: true }) });
    await row.waitFor();
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await screenshot(page, 'files');

    const stored = await platform.request('GET', '/api/files', { token: company.admin.token });
    expect(stored.body).toMatchObject({ count: 1, hasMore: false });
    expect(stored.body.files[0]).toMatchObject({ name: 'Tabela de preços', message: 'Segue nossa tabela de preços' });
    expect(stored.body.files[0].options).toEqual([
      expect.objectContaining({ name: 'Preços 2025', mediaType: 'application/pdf', path: expect.stringMatching(/\/file-lists\/.+\.pdf\?/) }),
    ]);
    await page.context().close();
  }, 120_000);
});
