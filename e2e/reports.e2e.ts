import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '@atende/standalone/testing';
import { newContext, screenshot } from './support/browser.js';
import { loginThroughPage } from './support/session.js';
import { withPlatformAndBrowser } from './support/platform.js';

/**
 * The dashboard and /reports as an admin sees them (spec 002 §2): the overview's sections, the export tab
 * showing "Gerando Relatório..." while it works, and /reports with the tickets report and the report export.
 */
let platform: TestPlatform;
let browser: Browser;

withPlatformAndBrowser((running) => ({ platform, browser } = running), { env: { CHANNELS_RUN_SESSIONS: 'false' } }, 120_000);

describe('dashboard and reports', () => {
  it('admin sees the overview sections, exports from the dashboard and finds the export on /reports', async () => {
    const company = await platform.createCompany();
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await loginThroughPage(page, company.email, company.password);

    // The overview: Indicadores, then Métricas Detalhadas.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Indicadores', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Métricas Detalhadas', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Métricas Detalhadas' }).locator('xpath=..').getByText('Mensagens recebidas').waitFor();

    // The export tab takes its 1.5 s: the button says so meanwhile, then the file comes.
    await page.getByRole('tab', { name: 'Exportar' }).click();
    const exportButton = page.getByRole('button', { name: 'Exportar Relatório' });
    await exportButton.waitFor();
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'CSV' }).click();
    const download = page.waitForEvent('download');
    await exportButton.click();
    await page.getByRole('button', { name: 'Gerando Relatório...' }).waitFor();
    expect((await download).suggestedFilename()).toMatch(/^relatorio_atendimento_\d{8}_\d{4}\.csv$/);

    // /reports: the tickets report and the report export.
    await page.goto('/reports');
    await page.getByText('Aplique um filtro para gerar o relatório').waitFor();
    await page.getByRole('heading', { name: 'Relatório de indicadores' }).waitFor();
    const submit = page.getByRole('button', { name: 'Exportar Relatório' });
    await submit.waitFor();
    expect(await submit.isEnabled()).toBe(true);
    for (const placeholder of ['Agendar Envio', 'Enviar por Email', 'Compartilhar']) {
      expect(await page.getByRole('button', { name: placeholder }).isDisabled()).toBe(true);
    }
    await page.getByText('Incluir gráficos (apenas PDF/Excel)').waitFor();
    // With no metric chosen there is nothing to export.
    for (const metric of ['Atendimentos', 'NPS', 'Atendentes', 'Desempenho']) await page.getByRole('checkbox', { name: metric, exact: true }).uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('Nenhuma métrica incluída').waitFor();
    await screenshot(page, 'reports');
    await context.close();
  }, 120_000);
});
