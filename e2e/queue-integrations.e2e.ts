import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@atende/standalone/testing';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { loginThroughPage } from './support/session.js';

/**
 * Queue integrations as an admin uses them (spec 002 §2): a webhook integration added on
 * /queue-integration (checked, tested against a local webhook, saved and listed), then offered by the
 * queue editor's integration select.
 */
let platform: TestPlatform;
let browser: Browser;
let hook: Server;
let hookUrl: string;
const posted: string[] = [];

beforeAll(async () => {
  // The webhook the integration names: a local server that takes the test's POST.
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      posted.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook/atende`;
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false' } });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  hook?.closeAllConnections();
  hook?.close();
});

/** The open antd dialog with this title. */
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

describe('queue integrations', () => {
  it('admin adds a webhook integration, sees it listed, and finds it in the queue editor', async () => {
    const company = await platform.createCompany({ plan: { useIntegrations: true } });
    // Its token follows the page's sign-in of the same user (adoptSession).
    const admin = company.admin;
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);

    await page.goto('/queue-integration');
    await page.getByRole('heading', { name: 'Integrações (0)' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar integração' }).click();
    const add = dialog(page, 'Nova integração');
    await add.getByLabel('Tipo', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Webhook' }).first().click();
    // Only the webhook's field remains: the Typebot slug leaves once the form has re-rendered for the new type.
    await add.getByLabel('Slug do Typebot').waitFor({ state: 'detached' });
    await add.getByLabel('Nome', { exact: true }).fill('W');
    await add.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await add.getByText('Muito curto!').waitFor();
    await add.getByText('Obrigatório').waitFor();
    await add.getByLabel('Nome', { exact: true }).fill('Webhook CRM');
    await add.getByLabel('URL', { exact: true }).fill('ftp://crm.example.com');
    await add.getByText('Informe uma URL válida começando com http:// ou https://').waitFor();
    await add.getByLabel('URL', { exact: true }).fill(hookUrl);

    // The Test button really posts to the webhook.
    await add.getByRole('button', { name: 'Testar' }).click();
    await page.getByText(/^Teste realizado com sucesso: a integração respondeu \(HTTP 200\)/).waitFor();
    expect(JSON.parse(posted.at(-1)!)).toMatchObject({ test: true, type: 'webhook' });

    await add.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await add.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Webhook CRM', exact: true }) });
    await row.waitFor();
    await row.getByTestId('integration-logo-webhook').waitFor();
    await page.getByRole('heading', { name: 'Integrações (1)' }).waitFor();
    const saved = await platform.request('GET', '/api/queueIntegration', { token: admin.token });
    expect(saved.body.queueIntegrations).toEqual([expect.objectContaining({ type: 'webhook', name: 'Webhook CRM', projectName: 'Webhook CRM', urlN8N: hookUrl })]);
    await screenshot(page, 'queue-integrations');

    // The queue editor offers it.
    await page.goto('/queues');
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const queue = dialog(page, 'Adicionar fila');
    await queue.getByLabel('Integração', { exact: true }).first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Webhook CRM' }).first().waitFor();
    await context.close();
  });
});
