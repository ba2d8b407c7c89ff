import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage, logoutThroughMenu, openDialog, openFromMenu, until } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The web console as its users go through it (issue "Web console foundation"): the super user sets up
 * a plan and a company, that company's admin adds an attendant, the attendant sees no administration.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running));

const dialog = (page: Page) => page.getByRole('dialog');
const submit = (page: Page) => dialog(page).getByRole('button', { name: /^(Add|Save|Adicionar|Salvar)$/ }).last();

describe('web console', () => {
  it('super user → plan and company → company admin → attendant without administration', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();

    await page.goto('/users');
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'login');
    await loginThroughPage(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/users/);

    // English and dark theme, both kept after a reload.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('theme-toggle').click();
    await page.reload();
    await page.getByTestId('app-menu').getByText('Administration').waitFor();
    expect(await page.evaluate('localStorage.getItem("preferredTheme")')).toBe('dark');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    await screenshot(page, 'shell-dark-en');

    // A plan.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Plans' }).click();
    await openDialog(page, page.getByRole('button', { name: 'Add plan' }));
    await dialog(page).getByLabel('Name').fill('E2E Plan');
    await submit(page).click();
    await page.getByRole('cell', { name: 'E2E Plan', exact: true }).waitFor();

    // The company form's messages (spec 001 §5; this screen is in English), then a company saved without an admin password (left out of the request).
    await page.getByRole('tab', { name: 'Companies' }).click();
    // Sent empty, the form shows its messages. In CI only, they twice never showed after the click (30 s); what
    // the page showed instead is logged, and the form is opened and sent again, as a user would.
    for (let attempt = 1; ; attempt++) {
      if ((await dialog(page).count()) === 0) await openDialog(page, page.getByRole('button', { name: 'Add company' }));
      await submit(page).click();
      try {
        await dialog(page).getByText('Name is required').waitFor({ timeout: 10_000 });
        break;
      } catch (err) {
        console.log(`company form without its messages (attempt ${attempt}) at`, page.url(), (await page.locator('body').innerText()).slice(0, 800));
        await screenshot(page, `console-company-form-miss-${attempt}`);
        if (attempt >= 3) throw err;
      }
    }
    await dialog(page).getByText('E-mail is required').waitFor();
    await dialog(page).getByLabel('Name', { exact: true }).fill('E2E No Password');
    await dialog(page).getByLabel('Email').fill('nopass');
    await dialog(page).getByText('Invalid e-mail').waitFor();
    await dialog(page).getByLabel('Email').fill('owner@e2e-nopass.example');
    await dialog(page).getByLabel('Password').fill('123');
    await dialog(page).getByText('Too Short!').waitFor();
    await dialog(page).getByLabel('Password').fill('');
    await dialog(page).getByLabel('Plan').click();
    await page.keyboard.type('E2E Plan');
    await page.keyboard.press('Enter');
    const [created] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/companies'),
      submit(page).click(),
    ]);
    expect(created.postDataJSON()).not.toHaveProperty('password');
    await page.getByRole('cell', { name: 'E2E No Password', exact: true }).waitFor();
    // Edited, a password typed gives that company its admin login (blank would have kept it as it is).
    await openDialog(page, page.getByRole('button', { name: 'Edit E2E No Password' }));
    await dialog(page).getByLabel('Password').fill('nopass-now-1');
    const [edited] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && /^\/api\/companies\/\d+$/.test(new URL(r.url()).pathname)),
      submit(page).click(),
    ]);
    expect(edited.postDataJSON()).toMatchObject({ password: 'nopass-now-1', email: 'owner@e2e-nopass.example' });
    expect((await edited.response())?.status()).toBe(200);
    await dialog(page).waitFor({ state: 'detached' });

    // A company with its admin.
    await openDialog(page, page.getByRole('button', { name: 'Add company' }));
    await dialog(page).getByLabel('Name', { exact: true }).fill('E2E Clinic');
    await dialog(page).getByLabel('Email').fill('owner@e2e-clinic.example');
    await dialog(page).getByLabel('Password').fill('clinic-pass-1');
    await dialog(page).getByLabel('Plan').click();
    await page.keyboard.type('E2E Plan');
    await page.keyboard.press('Enter');
    await submit(page).click();
    await page.getByRole('cell', { name: 'E2E Clinic', exact: true }).waitFor();

    // An announcement (super users only), for everyone's top bar.
    await openFromMenu(page, page.getByTestId('app-menu').getByText('Announcements'), /\/announcements/);
    await openDialog(page, page.getByRole('button', { name: 'Add announcement' }));
    await dialog(page).getByLabel('Title').fill('E2E maintenance');
    await dialog(page).getByLabel('Text', { exact: true }).fill('The platform restarts at 22h.');
    await submit(page).click();
    await page.getByRole('cell', { name: 'E2E maintenance', exact: true }).waitFor();
    await logoutThroughMenu(page);

    // The company's admin lands on the tickets (spec 000 §4), opens the dashboard, then adds an attendant.
    await loginThroughPage(page, 'owner@e2e-clinic.example', 'clinic-pass-1');
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.getByTestId('app-menu').getByText('Dashboard').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Indicators', { exact: true }).waitFor();
    await screenshot(page, 'dashboard');
    // The dashboard's export tab: a CSV made in the browser with the one metric chosen.
    await page.getByRole('tab', { name: 'Export' }).click();
    for (const name of ['NPS', 'Attendants', 'Performance']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
    await page.getByText('1 metric included').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^relatorio_atendimento_\d{8}_\d{4}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('\r\nTickets\r\nIndicator,Value\r\nTotal tickets,0\r\n');
    expect(csv).not.toContain('NPS');
    await screenshot(page, 'dashboard-export');
    // The management screens from the menu: the tickets report (empty until filtered) and the real-time panel.
    await page.getByTestId('app-menu').getByText('Reports').click();
    await page.getByText('Apply a filter to generate the report').first().waitFor();
    await page.getByTestId('app-menu').getByText('Service Panel').click();
    await page.getByText('No ongoing or pending tickets').waitFor();
    await page.goto('/users');
    await openDialog(page, page.getByRole('button', { name: 'Add user' }));
    await dialog(page).getByLabel('Name').fill('Ana Attendant');
    await dialog(page).getByLabel('Email').fill('ana@e2e-clinic.example');
    await dialog(page).getByLabel('Password').fill('ana-pass-1');
    await submit(page).click();
    await page.getByText('ana@e2e-clinic.example').waitFor();
    // The save and its live event (which follows it) count the new user once: the title says as many as listed.
    await page.waitForTimeout(1_500);
    const listedUsers = await page.locator('.ant-table-tbody tr.ant-table-row').count();
    await page.getByRole('heading', { name: `Users (${listedUsers})`, exact: true }).waitFor({ timeout: 5_000 });
    await screenshot(page, 'users');
    // The internal chat (the plan has it): a private chat with the new attendant and a first message.
    await page.getByTestId('app-menu').getByText('Internal Chat').click();
    await page.getByTestId('chat-new-private').click();
    await dialog(page).getByPlaceholder('Search user').fill('Ana');
    await dialog(page).getByRole('button', { name: 'Chat with Ana Attendant' }).click();
    await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    await page.getByTestId('chat-pane-title').getByText('Ana Attendant').waitFor();
    await page.getByTestId('chat-input').fill('Welcome aboard, Ana!');
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-message').getByText('Welcome aboard, Ana!').waitFor();
    await page.getByTestId('chat-row').getByText('Welcome aboard, Ana!').waitFor();
    await screenshot(page, 'chats');
    // A queue with one chatbot option, from the queues screen.
    await page.getByTestId('app-menu').getByText('Queues & Chatbot').click();
    await openDialog(page, page.getByRole('button', { name: 'Add queue' }));
    await dialog(page).getByLabel('Name', { exact: true }).fill('Reception');
    await dialog(page).getByRole('button', { name: 'Add option' }).click();
    await dialog(page).getByLabel('Option name 1').fill('Appointments');
    await submit(page).click();
    await page.getByRole('cell', { name: 'Reception', exact: true }).waitFor();
    await screenshot(page, 'queues');
    await logoutThroughMenu(page);

    // The attendant: lands on the tickets (no dashboard), no administration section, and /users is refused.
    await loginThroughPage(page, 'ana@e2e-clinic.example', 'ana-pass-1');
    await page.waitForURL(/\/tickets/);
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('app-menu').waitFor({ state: 'attached' });
    expect(await page.getByTestId('app-menu').getByText('Administration').count()).toBe(0);
    await page.goto('/users');
    await page.getByText('Oops! Access denied!').waitFor();
    // The announcement is new to the attendant: a dot on the bell until its popover is opened.
    await page.getByTestId('announcements-bell-dot').waitFor();
    await page.getByTestId('announcements-bell').click();
    await page.getByTestId('announcements-bell-list').getByText('E2E maintenance').waitFor();
    await page.getByTestId('announcements-bell-dot').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a second login of the same user in another browser logs the first one out with the message', async () => {
    const company = await platform.createCompany();
    const first = await (await newContext(browser, platform.url)).newPage();
    await loginThroughPage(first, company.email, company.password);
    await first.getByTestId('app-menu').waitFor();

    const secondContext = await newContext(browser, platform.url);
    const second = await secondContext.newPage();
    await loginThroughPage(second, company.email, company.password);

    await first.getByText('Sua conta foi acessada em outro computador.').waitFor({ timeout: 10_000 });
    await first.waitForURL(/\/login/, { timeout: 10_000 });
    await until(first, async () => (await first.evaluate('localStorage.getItem("token")')) === null, 'session token dropped');
    // The second browser stays in.
    await second.reload();
    await second.getByTestId('app-menu').waitFor();
    await first.context().close();
    await secondContext.close();
  });
});
