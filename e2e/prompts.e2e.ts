import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * AI prompts as an admin uses them (spec 002 §2 "AI prompts", §5, §8): the prompt is added through
 * the screen (the queue is required: "Informe o setor"), listed with its queue and max tokens, chosen
 * in a connection's editor (spec 001 §2 integrations tab), then deleted after the confirmation titled
 * with its name (the connection stops using it).
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running), { env: { CHANNELS_RUN_SESSIONS: 'false' } }, 120_000);

/** The open antd dialog with this title. */
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

describe('AI prompts', () => {
  it('admin creates a prompt through the screen and sees it listed', async () => {
    const company = await platform.createCompany({ plan: { useOpenAi: true } });
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Recepção', color: '#1677ff' } });
    expect(queue.status).toBe(201);

    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);

    await openFromMenu(page, page.getByTestId('app-menu').getByText('Prompts IA'), /\/prompts$/);
    await page.getByRole('button', { name: 'Adicionar prompt' }).click();
    const form = dialog(page, 'Adicionar prompt');
    await form.getByLabel('Nome').fill('Assistente da recepção');
    await form.getByLabel('Chave da API').fill('sk-e2e-0123456789abcd');
    await form.locator('#prompt-form_prompt').fill('Você é a recepcionista da clínica. Responda com cordialidade.');
    // The key is masked until the eye is clicked.
    expect(await form.getByLabel('Chave da API').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await form.getByText('Informe o setor').waitFor();
    await form.getByLabel('Setor/Fila', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Recepção' }).first().click();
    await form.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await form.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Assistente da recepção', exact: true }) });
    await row.waitFor();
    await row.getByRole('cell', { name: 'Recepção', exact: true }).waitFor();
    await row.getByRole('cell', { name: '100', exact: true }).waitFor();
    const listed = await platform.request('GET', '/api/prompt', { token: admin.token });
    expect(listed.body).toMatchObject({ count: 1, hasMore: false });
    expect(listed.body.prompts[0]).toMatchObject({
      name: 'Assistente da recepção',
      queueId: queue.body.id,
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      apiKey: '••••••••abcd',
    });
    await screenshot(page, 'prompts');

    // The connection editor's integrations tab offers it.
    const connection = await platform.request('POST', '/api/whatsapp', { token: admin.token, body: { name: 'Clínica' } });
    expect(connection.status).toBe(201);
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Conexões'), /\/connections$/);
    await page.getByRole('button', { name: 'Editar conexão Clínica' }).click();
    const editor = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Geral' }) });
    await until(page, async () => (await editor.getByLabel('Nome', { exact: true }).inputValue()) === 'Clínica', 'stored name in the editor');
    await editor.getByRole('tab', { name: 'Integrações' }).click();
    await editor.getByLabel('Prompt', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Assistente da recepção' }).first().click();
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitFor({ state: 'hidden' });
    const promptId = listed.body.prompts[0].id;
    expect((await platform.request('GET', `/api/whatsapp/${connection.body.id}`, { token: admin.token })).body.promptId).toBe(promptId);
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Prompts IA'), /\/prompts$/);

    // Delete, after the confirmation titled with the prompt's name: the connection stops using it.
    await row.getByRole('button', { name: 'Excluir o prompt Assistente da recepção' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Excluir o prompt Assistente da recepção?' });
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/prompt/'), { timeout: 20_000 });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    const answer = await deleted;
    expect(answer.status(), await answer.text()).toBe(200);
    await until(page, async () => (await row.count()) === 0, 'row removed', 20_000);
    expect((await platform.request('GET', '/api/prompt', { token: admin.token })).body.count).toBe(0);
    expect((await platform.request('GET', `/api/whatsapp/${connection.body.id}`, { token: admin.token })).body.promptId).toBeNull();
    await context.close();
  }, 120_000);
});
