import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * Auto-responses as an admin uses them (spec 002 §2): a rule created in the dialog shows in the Manage
 * table, and a message typed in the Test tab finds it with its response and a high-confidence chip.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running), { env: { CHANNELS_RUN_SESSIONS: 'false' } }, 120_000);

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

describe('auto-responses', () => {
  it('admin creates a rule and the tester finds it for a message', async () => {
    const company = await platform.createCompany();
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);

    await openFromMenu(page, page.getByTestId('app-menu').getByText('Respostas automáticas'), /\/auto-response$/);
    await page.getByText('Nenhuma auto-resposta cadastrada').waitFor();

    // The dialog refuses a rule without keyword and response.
    await page.getByRole('button', { name: 'Nova auto-resposta' }).click();
    const form = dialog(page, 'Nova auto-resposta');
    await form.getByLabel('Nome', { exact: true }).fill('Horário de atendimento');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Preencha todos os campos obrigatórios').first().waitFor();

    const keywords = form.getByRole('combobox', { name: 'Palavras-chave' });
    await keywords.fill('horário');
    await keywords.press('Enter');
    await keywords.fill('funcionamento');
    await keywords.press('Enter');
    await form.getByLabel('Resposta', { exact: true }).fill('Atendemos de segunda a sexta, das 8h às 18h.');
    await form.getByLabel('Prioridade').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Alta' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: 'Horário de atendimento' });
    await row.waitFor();
    await row.getByText('horário', { exact: true }).waitFor();
    await row.getByText('funcionamento', { exact: true }).waitFor();
    await row.getByText('Alta', { exact: true }).waitFor();
    const saved = await platform.request('GET', '/api/auto-responses', { token: company.admin.token });
    expect(saved.body.autoResponses).toEqual([
      expect.objectContaining({ name: 'Horário de atendimento', keywords: ['horário', 'funcionamento'], priority: 5, isActive: true, response: 'Atendemos de segunda a sexta, das 8h às 18h.' }),
    ]);

    // The tester: accents and case do not matter; nothing is counted.
    await page.getByRole('tab', { name: 'Testar' }).click();
    await page.getByLabel('Mensagem do contato').fill('Qual o HORARIO de vocês?');
    await page.getByRole('button', { name: /^(send )?Testar$/ }).click();
    const result = page.getByTestId('auto-response-test-result');
    await result.getByText('Encontrou uma auto-resposta').waitFor();
    await result.getByText('Horário de atendimento').waitFor();
    await result.getByText('Atendemos de segunda a sexta, das 8h às 18h.').waitFor();
    await result.getByText('Confiança: Alta (100%)').waitFor();
    await screenshot(page, 'auto-responses-test');

    await page.getByLabel('Mensagem do contato').fill('Bom dia!');
    await page.getByRole('button', { name: /^(send )?Testar$/ }).click();
    await result.getByText('Nenhuma auto-resposta para esta mensagem').waitFor();
    const after = await platform.request('GET', '/api/auto-responses', { token: company.admin.token });
    expect(after.body.autoResponses[0]).toMatchObject({ usageCount: 0, lastUsed: null });
    await context.close();
  });
});
