import { describe, expect, it } from 'vitest';
import { planFlags, recurrence } from '@atende/kit/contracts';
import ptSettings from '../../locales/pt-BR/settings.json';
import enSettings from '../../locales/en/settings.json';
import esSettings from '../../locales/es/settings.json';
import ptPlans from '../../locales/pt-BR/plans.json';
import ptCompanies from '../../locales/pt-BR/companies.json';
import { aiProviders, choicesOf, optionsTabKeys } from './settingsModel';
import { weekdays } from './schedules';

/** Labels built from template keys (t(`keys.${key}`)…) exist for every value the code can produce. */
describe('labels of the settings area', () => {
  it('labels every options-tab key and every select value in each language', () => {
    for (const locale of [ptSettings, enSettings, esSettings]) {
      for (const key of optionsTabKeys) expect(locale.keys, key).toHaveProperty(key);
      for (const key of optionsTabKeys) {
        if (key === 'textCorrectorModel') continue;
        for (const v of choicesOf(key)) expect(locale.values, `${key}=${v}`).toHaveProperty(v);
      }
      for (const p of aiProviders) expect(locale.ai.providers).toHaveProperty(p);
      for (const d of weekdays) expect(locale.schedules.days).toHaveProperty(d.weekdayEn);
    }
  });

  it('labels every plan flag and recurrence', () => {
    for (const f of planFlags) expect(ptPlans.flags).toHaveProperty(f);
    for (const r of recurrence.options) expect(ptCompanies.recurrence).toHaveProperty(r);
  });

  it('keeps the spec wording of the companies, plans and helps messages', () => {
    expect(ptCompanies.confirm).toEqual({ deleteTitle: 'Exclusão de Registro', deleteMessage: 'Deseja realmente excluir esse registro?' });
    expect(ptCompanies.toasts.success).toBe('Operação realizada com sucesso!');
    expect(ptPlans.errors.load).toBe('Não foi possível carregar a lista de registros');
    expect(ptSettings.errors.apiKey).toBe('Erro ao atualizar chave de API');
  });
});
