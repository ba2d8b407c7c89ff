import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../i18n';

// en and es are fetched when chosen (pt-BR is bundled).
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('es')]));

describe("the 'reports' namespace", () => {
  it('comes with the page; only the menu label (the shell’s) is there from the start', async () => {
    expect(i18n.t('shell:menu.reports', { lng: 'pt-BR' })).toBe('Relatórios');
    expect(i18n.t('shell:menu.reports', { lng: 'es' })).toBe('Informes');
    expect(i18n.exists('reports:title', { lng: 'pt-BR' })).toBe(false);

    await import('./reportsLocales');
    expect(i18n.t('reports:title', { lng: 'pt-BR' })).toBe('Relatório de atendimentos');
    expect(i18n.t('reports:emptyBeforeFilter', { lng: 'es' })).toBe('Aplique un filtro para generar el informe');
  });
});
