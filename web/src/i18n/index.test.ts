import { describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage, loadLanguage } from './index';

/** A browser's local storage backed by `stored`. */
const stubStorage = (stored: Map<string, string>) =>
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });

describe('languages', () => {
  it('bundles pt-BR; es comes when fetched, and what it lacks falls back to pt-BR meanwhile', async () => {
    expect(i18n.t('shell:menu.reports', { lng: 'pt-BR' })).toBe('Relatórios');
    expect(i18n.hasResourceBundle('es', 'shell')).toBe(false);
    expect(i18n.t('shell:menu.reports', { lng: 'es' })).toBe('Relatórios');
    await loadLanguage('es');
    expect(i18n.t('shell:menu.reports', { lng: 'es' })).toBe('Informes');
    // A screen's own namespace still comes with its screen, in every language.
    expect(i18n.hasResourceBundle('es', 'reports')).toBe(false);
  });

  it('switches to a language with its texts there, and back', async () => {
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('shell:chatBell.empty')).toBe('No unread messages');
    await changeLanguage('pt-BR');
    expect(i18n.t('shell:chatBell.empty')).toBe('Nenhuma mensagem não lida');
  });

  it('has nothing to fetch for tr, which falls back to pt-BR', async () => {
    await loadLanguage('tr');
    expect(i18n.t('shell:menu.reports', { lng: 'tr' })).toBe('Relatórios');
  });

  it('a language stored on an earlier visit is the resolved one once its texts are there (antd, dayjs and dates read it)', async () => {
    vi.resetModules();
    // A browser's storage holding the language chosen on the earlier visit.
    const stored = new Map([['i18nextLng', 'es']]);
    stubStorage(stored);
    try {
      const fresh = await import('./index');
      await fresh.languageReady;
      expect(fresh.default.language).toBe('es');
      expect(fresh.default.resolvedLanguage).toBe('es');
      await fresh.changeLanguage('pt-BR');
      expect(stored.get('i18nextLng')).toBe('pt-BR');
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it("reads i18nextLng (the spec's key) before the older 'language' key, and the switcher leaves only i18nextLng", async () => {
    vi.resetModules();
    const stored = new Map([
      ['language', 'en'],
      ['i18nextLng', 'es'],
    ]);
    stubStorage(stored);
    try {
      const fresh = await import('./index');
      await fresh.languageReady;
      expect(fresh.default.language).toBe('es');
      await fresh.changeLanguage('en');
      expect([...stored.entries()]).toEqual([['i18nextLng', 'en']]);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
