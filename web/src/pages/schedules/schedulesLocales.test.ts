import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { CALENDAR_VIEWS } from './calendarRules';

describe("the 'schedules' texts the spec quotes", () => {
  it('the calendar views in Portuguese, the work week labelled as appointments (spec 002 §2)', async () => {
    await import('./schedulesLocales');
    expect(CALENDAR_VIEWS.map((v) => i18n.t(`schedules:calendar.view.${v}`, { lng: 'pt-BR' }))).toEqual(['Mês', 'Semana', 'Agendamentos', 'Dia', 'Agenda']);
    expect(i18n.t('schedules:calendar.today', { lng: 'pt-BR' })).toBe('Hoje');
    expect(i18n.t('schedules:empty', { lng: 'pt-BR' })).toBe('Não há agendamentos no período.');
  });

  it('a plan without useSchedules: the refusal of spec 002 §8', async () => {
    await import('./schedulesLocales');
    expect(i18n.t('schedules:planRefused', { lng: 'pt-BR' })).toBe('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(i18n.t('schedules:planRefused', { lng: 'es' })).toBe('¡Esta empresa no tiene permiso para acceder a esta página! Lo estamos redirigiendo.');
  });

  it('a picked attachment goes up with the save: "click save to register changes" (spec 002 §8)', async () => {
    await import('./schedulesLocales');
    expect(i18n.t('schedules:toasts.clickSave', { lng: 'pt-BR' })).toBe('Clique em salvar para registrar as alterações');
  });
});
