import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';

describe("the 'campaigns' texts the spec quotes", () => {
  it('a plan without useCampaigns: the refusal of spec 002 §8', async () => {
    await import('./campaignsLocales');
    expect(i18n.t('campaigns:planRefused', { lng: 'pt-BR' })).toBe('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(i18n.t('campaigns:planRefused', { lng: 'en' })).toBe('This company has no permission to access this page! Redirecting you.');
  });

  it('the settings name their zero choices (spec 002 §9: no pause, never)', async () => {
    await import('./campaignsLocales');
    expect(i18n.t('campaigns:settings.noInterval', { lng: 'pt-BR' })).toBe('Sem intervalo');
    expect(i18n.t('campaigns:settings.notDefined', { lng: 'pt-BR' })).toBe('Não definido');
    expect(i18n.t('campaigns:settings.saved', { lng: 'pt-BR' })).toBe('Configurações salvas');
  });
});
