import type { Locator, Page } from 'playwright-core';
import { adoptSession } from '@atende/standalone/testing';

/**
 * Log in through the login page (labels in any of the three languages). The sign-in ends the user's other
 * sessions: the test's session object for this user takes the page's token (adoptSession).
 */
export async function loginThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^(Senha|Password|Contraseña)$/).fill(password);
  const signedIn = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login', { timeout: 15_000 });
  await page.getByRole('button', { name: /^(Entrar|Log in|Sign in|Iniciar sesión|Ingresar)$/ }).click();
  const answer = await signedIn;
  if (answer.ok()) adoptSession(email, ((await answer.json()) as { token: string }).token);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/**
 * Log out from the avatar menu. A click that lands while the header re-renders (a saved setting such as the
 * system name) can close the menu without choosing: it is given again, as a user would.
 */
export async function logoutThroughMenu(page: Page, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const logout = page.getByTestId('user-menu-logout');
    if (!(await logout.isVisible())) await page.getByTestId('user-menu').click();
    await logout.click();
    try {
      await page.waitForURL(/\/login/, { timeout: 10_000 });
      return;
    } catch (err) {
      if (new URL(page.url()).pathname.startsWith('/login')) return;
      if (attempt >= tries) throw new Error(`still on ${page.url()} after ${tries} logouts`, { cause: err });
    }
  }
}

/** Wait until `check` holds in the page (playwright-core has no `expect`). */
export async function until(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for: ${what}`);
}

/**
 * Open a screen from the side menu and wait for its route. A click that lands while the menu re-renders
 * (the plan or the helps arriving after sign-in) can be lost on a slow machine: it is given again, as a user would.
 */
export async function openFromMenu(page: Page, entry: ReturnType<Page['getByText']>, path: RegExp, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await entry.click();
    try {
      await page.waitForURL(path, { timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= tries) throw err;
    }
  }
}

/**
 * Open a dialog with a button and wait for it. A dialog still closing (the one just saved) is let go first,
 * so the next steps never act on it; a click lost while the page re-rendered is given again, as a user would.
 */
export async function openDialog(page: Page, button: Locator, tries = 3): Promise<void> {
  const dialogs = page.getByRole('dialog');
  await until(page, async () => (await dialogs.count()) === 0, 'the previous dialog to close');
  for (let attempt = 1; ; attempt++) {
    await button.click();
    try {
      await dialogs.first().waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= tries) throw err;
    }
  }
}
