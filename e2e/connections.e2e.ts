import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '@atende/kit/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openDialog, openFromMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The connections screen as an admin uses it (spec 001 §2): a WhatsApp connection created in the
 * editor, shown with its session status, edited, deleted; an attendant without allowConnections is refused,
 * one with it adds connections but neither edits, deletes nor restarts them.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

/** The editor (the topmost dialog: a confirmation opens over it). */
const editor = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Geral' }) });
const statusTexts = /Aguardando QR Code|Desconectado|Conectando|Conectado|Pareando|Tempo esgotado/;

describe('connections screen', () => {
  it('admin creates, edits and deletes a WhatsApp connection; an attendant without allowConnections is refused', async () => {
    const company = await platform.createCompany({ plan: { useWhatsapp: true, useFacebook: false, useInstagram: false } });
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);

    await openFromMenu(page, page.getByTestId('app-menu').getByText('Conexões'), /\/connections$/);
    await page.getByTestId('connections-title').getByText('Conexões (0)').waitFor();

    // New connection → WhatsApp (Facebook is not in this plan).
    await page.getByRole('button', { name: /Nova conexão/ }).click();
    expect(await page.getByRole('menuitem', { name: /Facebook/ }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: /WhatsApp/ }).click();
    await editor(page).waitFor();
    // The editor's own check first: a one-letter name is refused on its field.
    await editor(page).getByLabel('Nome', { exact: true }).fill('R');
    await editor(page).getByRole('button', { name: 'Adicionar' }).click();
    await editor(page).getByText('Nome muito curto (mínimo 2 caracteres)').waitFor();
    await editor(page).getByLabel('Nome', { exact: true }).fill('Recepção');
    // The greeting's media is chosen before the connection exists: it goes up once it is created.
    await editor(page).locator('input[type=file]').setInputFiles({ name: 'saudacao.png', mimeType: 'image/png', buffer: png() });
    await editor(page).getByTestId('greeting-media').getByText('saudacao.png').waitFor();
    await editor(page).getByRole('tab', { name: 'Avaliações' }).click();
    await editor(page).getByLabel('Mensagem de avaliação').fill('Avalie de 1 a 5');
    await editor(page).getByLabel('Avaliação expira após').fill('30');
    await editor(page).getByRole('button', { name: 'Adicionar' }).click();
    await editor(page).waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Recepção', exact: true }) });
    await row.waitFor();
    await row.getByTestId('connection-status').getByText(statusTexts).waitFor();
    await page.getByTestId('connections-title').getByText('Conexões (1)').waitFor();
    // The session is not connected (no phone here): the menu's connections entry warns.
    await page.getByTestId('menu-dot-connections').waitFor();
    const stored = await platform.request('GET', '/api/whatsapp/?session=0', { token: company.admin.token });
    expect(stored.body).toEqual([expect.objectContaining({ name: 'Recepção', channel: 'whatsapp', ratingMessage: 'Avalie de 1 a 5', expiresTicketNPS: 30, maxUseBotQueues: 3 })]);
    await until(page, async () => !!(await platform.request('GET', `/api/whatsapp/${stored.body[0].id}`, { token: company.admin.token })).body.greetingMediaAttachment, 'greeting media uploaded after the create');
    await screenshot(page, 'connections');

    // Edit: the stored values come back, the token is shown, the new name is saved.
    await row.getByRole('button', { name: 'Editar conexão Recepção' }).click();
    await editor(page).waitFor();
    await until(page, async () => (await editor(page).getByLabel('Nome', { exact: true }).inputValue()) === 'Recepção', 'stored name in the editor');
    // The greeting's media by the name it was uploaded with, not its stored key.
    await editor(page).getByTestId('greeting-media').getByText('saudacao.png', { exact: true }).waitFor();
    // The only connection cannot stop being the default: the server's refusal shows on the switch, and goes once it is on again.
    const isDefault = editor(page).getByRole('switch', { name: 'Padrão', exact: true });
    await isDefault.click();
    await editor(page).getByRole('button', { name: 'Salvar' }).click();
    const refusal = editor(page).getByText('Deve haver pelo menos uma conexão padrão.');
    await refusal.first().waitFor();
    await editor(page).getByRole('tab', { name: 'Geral' }).click();
    await isDefault.click();
    await until(page, async () => (await refusal.count()) === 0 || !(await refusal.first().isVisible()), 'the refusal cleared once the switch is on again');
    const firstToken = await editor(page).getByTestId('connection-token').inputValue();
    expect(firstToken).toMatch(/^[A-Za-z0-9]{30}$/);
    // Regenerate: a new token at once, copyable before the save, and the one saved.
    await editor(page).getByRole('button', { name: 'Gerar novo token' }).click();
    const newToken = await editor(page).getByTestId('connection-token').inputValue();
    expect(newToken).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(newToken).not.toBe(firstToken);
    expect(await editor(page).getByRole('button', { name: 'Copiar token' }).isEnabled()).toBe(true);
    await editor(page).getByLabel('Nome', { exact: true }).fill('Recepção Central');
    await editor(page).getByRole('button', { name: 'Salvar' }).click();
    await editor(page).waitFor({ state: 'hidden' });
    const edited = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Recepção Central', exact: true }) });
    await edited.waitFor();
    expect((await platform.request('GET', `/api/whatsapp/${stored.body[0].id}`, { token: company.admin.token })).body.token).toBe(newToken);

    // Delete, after the confirmation.
    await edited.getByRole('button', { name: 'Excluir conexão Recepção Central' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await edited.waitFor({ state: 'detached' });
    await page.getByTestId('connections-title').getByText('Conexões (0)').waitFor();
    const after = await platform.request('GET', '/api/whatsapp/?session=0', { token: company.admin.token });
    expect(after.body).toEqual([]);
    await context.close();

    // An attendant without allowConnections: no menu entry, and the page is refused.
    const attendant = await platform.createUser(company.admin, { profile: 'user', allowConnections: 'disabled' });
    const second = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(second, attendant.email, attendant.password);
    await second.getByTestId('app-menu').waitFor({ state: 'attached' });
    expect(await second.getByTestId('app-menu').getByText('Conexões').count()).toBe(0);
    await second.goto('/connections');
    await second.getByText('Oops! Acesso Negado!').waitFor();
    await second.context().close();

    // An attendant with allowConnections adds and pairs connections (spec 001 §6); editing, deleting and
    // restarting stay the admins', and the editor does not ask for what only admins may read.
    const keeper = await platform.createUser(company.admin, { profile: 'user', allowConnections: 'enabled' });
    const sales = await platform.request('POST', '/api/whatsapp', { token: company.admin.token, body: { name: 'Vendas' } });
    expect(sales.status, JSON.stringify(sales.body)).toBe(201);
    const third = await (await newContext(browser, platform.url)).newPage();
    const refused: string[] = [];
    third.on('response', (response) => void (response.status() === 403 && refused.push(response.url())));
    await loginThroughPage(third, keeper.email, keeper.password);
    await openFromMenu(third, third.getByTestId('app-menu').getByText('Conexões'), /\/connections$/);
    const salesRow = third.getByRole('row').filter({ has: third.getByRole('cell', { name: 'Vendas', exact: true }) });
    await salesRow.getByTestId('connection-status').waitFor();
    expect(await salesRow.getByRole('button', { name: 'Editar conexão Vendas' }).count()).toBe(0);
    expect(await salesRow.getByRole('button', { name: 'Excluir conexão Vendas' }).count()).toBe(0);
    expect(await third.getByRole('button', { name: 'Reiniciar conexões' }).count()).toBe(0);
    await third.getByRole('button', { name: /Nova conexão/ }).click();
    await third.getByRole('menuitem', { name: /WhatsApp/ }).click();
    await editor(third).waitFor();
    await editor(third).getByRole('tab', { name: 'Integrações' }).click();
    await editor(third).getByLabel('Integração', { exact: true }).waitFor();
    await editor(third).getByRole('tab', { name: 'Geral' }).click();
    await editor(third).getByLabel('Nome', { exact: true }).fill('Suporte');
    await editor(third).getByRole('button', { name: 'Adicionar' }).click();
    await editor(third).waitFor({ state: 'hidden' });
    await third.getByRole('row').filter({ has: third.getByRole('cell', { name: 'Suporte', exact: true }) }).waitFor();
    expect(refused).toEqual([]);
    await third.context().close();
  });

  it("the super user adds a connection to a company from the all-connections page, under that company's plan", async () => {
    const name = `Loja ${Date.now()}`;
    const company = await platform.createCompany({ name, plan: { useWhatsapp: true, useFacebook: false, useInstagram: false } });
    // A queue of that company and one of the super user's own: the editor offers only the company's.
    const queueOf = async (token: string, queueName: string, color: string) => {
      const made = await platform.request('POST', '/api/queue', { token, body: { name: queueName, color, greetingMessage: '' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id as number;
    };
    const theirQueue = await queueOf(company.admin.token, 'Recepção da loja', '#2f54eb');
    await queueOf((await platform.login()).token, `Fila do super ${Date.now()}`, `#${(Date.now() % 0xffffff).toString(16).padStart(6, '0')}`);
    const page = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/allConnections');
    const dialog = page.getByRole('dialog').filter({ hasText: `Conexões de ${name}` });
    await openDialog(page, page.getByRole('button', { name: `Conexões de ${name}` }));
    await dialog.getByRole('button', { name: /Nova conexão/ }).click();
    expect(await page.getByRole('menuitem', { name: /Facebook/ }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: /WhatsApp/ }).click();
    await editor(page).waitFor();
    await editor(page).getByLabel('Nome', { exact: true }).fill('Filial');
    await editor(page).getByRole('tab', { name: 'Integrações' }).click();
    await editor(page).getByLabel('Filas', { exact: true }).click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The dropdown may render again while it opens (its options loaded meanwhile): read until it settles.
    await until(page, async () => JSON.stringify(await offered.allInnerTexts()) === JSON.stringify(['Recepção da loja']), "only the company's queue offered");
    await offered.first().click();
    await page.keyboard.press('Escape');
    await editor(page).getByRole('button', { name: 'Adicionar' }).click();
    await editor(page).waitFor({ state: 'hidden' });
    await dialog.getByRole('cell', { name: 'Filial', exact: true }).waitFor();
    // It is the company's connection, not the super user's.
    const stored = await platform.request('GET', '/api/whatsapp/?session=0', { token: company.admin.token });
    expect(stored.body).toEqual([expect.objectContaining({ name: 'Filial', companyId: company.companyId, isDefault: true, queues: [expect.objectContaining({ id: theirQueue })] })]);
    await page.context().close();
  });
});
