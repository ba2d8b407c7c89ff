import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, openFromMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * Invoices and the subscription checkout as a company admin uses them (spec 001 §2, §4): the invoice the
 * job made for a near due date, the 'Falta pouco!' wizard with the custom plan priced live, the Pix code,
 * and the payment notification that renews the licence and brings the admin home after 4 s.
 */
const SECRET = 'e2e-webhook-secret-0123456789';
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser(
  (running) => ({ platform, browser } = running),
  { env: { CHANNELS_RUN_SESSIONS: 'false', PIX_KEY: 'financeiro@atende.example', PIX_MERCHANT_NAME: 'Atende', PIX_MERCHANT_CITY: 'Recife', PAYMENT_WEBHOOK_SECRET: SECRET } },
  120_000,
);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

describe('financial', () => {
  it('admin pays an invoice by Pix through the checkout and is sent home once the payment is confirmed', async () => {
    const company = await platform.createCompany({ plan: { name: 'Plano Clínica', amount: '79.90', users: 4, connections: 3 } });
    const superSession = await platform.login();
    const due = day(3);
    expect((await platform.request('PUT', `/api/companies/${company.companyId}`, { token: superSession.token, body: { dueDate: due } })).status).toBe(200);

    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Financeiro'), /\/financeiro$/);
    await page.getByRole('heading', { name: 'Faturas (1)' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Plano Clínica', exact: true }) });
    await row.getByRole('cell', { name: ddmmyyyy(due), exact: true }).waitFor();
    await until(page, async () => /R\$\s79,90/.test(await row.innerText()), 'value in R$');

    // Step 0: the payer, validated.
    await row.getByRole('button', { name: 'PAGAR' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByText('Falta pouco!', { exact: true }) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByText('O nome completo é obrigatório').waitFor();
    await dialog.getByLabel('Nome completo').fill('Ana Souza');
    await dialog.getByLabel('CPF/CNPJ').fill('111.111.111-11');
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByText('CPF/CNPJ inválido').waitFor();
    await dialog.getByLabel('CPF/CNPJ').fill('529.982.247-25');
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();

    // Step 1: the custom plan, priced live (4 users and 3 connections from the invoice: R$ 60,00; 5 users: R$ 71,00).
    const price = dialog.getByTestId('checkout-price');
    await until(page, async () => /R\$\s60,00/.test(await price.innerText()), 'starting price');
    await dialog.getByLabel('Usuários', { exact: true }).fill('5');
    await until(page, async () => /R\$\s71,00/.test(await price.innerText()), 'price after one more user');

    // Step 2: review, back and forth, then PAGAR.
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByText('529.982.247-25').waitFor();
    await dialog.getByRole('button', { name: 'VOLTAR' }).click();
    await dialog.getByLabel('Usuários', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
    const code = dialog.getByTestId('pix-code');
    await code.waitFor();
    const brCode = (await code.locator('code').innerText()).trim();
    expect(brCode).toMatch(/^000201.*br\.gov\.bcb\.pix.*540571\.00.*6304[0-9A-F]{4}$/);
    await dialog.getByTestId('pix-qrcode').waitFor();
    await until(page, async () => /R\$\s71,00/.test(await dialog.getByTestId('pix-value').innerText()), 'Pix value');
    await screenshot(page, 'financial-pix');
    // The list shows the invoice as the chosen plan left it.
    await dialog.getByTestId('pix-payment').getByRole('button', { name: 'Fechar' }).click();
    await until(page, async () => /R\$\s71,00/.test(await row.innerText()), 'invoice value after the checkout');

    // The bank's notification: the licence is renewed and the admin goes home after 4 s.
    const txid = /62290525([A-Za-z0-9]{25})6304/.exec(brCode)?.[1];
    expect(txid).toBeTruthy();
    const notified = await platform.request('POST', '/api/subscription/webhook', { body: { pix: [{ txid, valor: '71.00' }] }, headers: { 'x-webhook-secret': SECRET } });
    expect(notified.body).toEqual({ received: 1, paid: 1 });
    await page.getByText(/Pagamento confirmado! Sua licença foi renovada até/).waitFor();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/tickets', { timeout: 10_000 });
    const invoices = await platform.request('GET', '/api/invoices', { token: company.admin.token });
    expect(invoices.body.invoices[0]).toMatchObject({ status: 'Pago', value: '71.00', users: 5, connections: 3 });
    await context.close();

    // An attendant sees the no-permission view.
    const attendant = await platform.createUser(company.admin, { profile: 'user' });
    const second = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(second, attendant.email, attendant.password);
    await second.goto('/financeiro');
    await second.getByText('Oops! Acesso Negado!').waitFor();
    await second.context().close();
  }, 120_000);
});
