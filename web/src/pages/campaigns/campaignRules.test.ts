import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../i18n';
import {
  campaignFormValues,
  campaignProblemKey,
  campaignProblems,
  campaignReport,
  canSaveCampaign,
  choicesWith,
  formatScheduledAt,
  formToSettings,
  isCampaignEditable,
  matchesUserSearch,
  settingsToForm,
  toCampaignBody,
  type CampaignProblem,
  DEFAULT_CAMPAIGN_SETTINGS,
  GREATER_INTERVAL_CHOICES,
  LONGER_INTERVAL_AFTER_CHOICES,
  MESSAGE_INTERVAL_CHOICES,
} from './campaignRules';
import { applyRecordEvent, toRecordEvent } from './liveRecords';
import { SCHEDULE_EVENT_KEYS } from '../schedules/scheduleRules';

// en and es are fetched when chosen (pt-BR is bundled).
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('es')]));

const now = new Date('2026-03-10T12:00:00');
const at = (minutes: number) => dayjs(now).add(minutes, 'minute').format('YYYY-MM-DD HH:mm:ss');

describe('campaign read-only rules (spec 002 §4)', () => {
  it('a new or INATIVA campaign is editable', () => {
    expect(isCampaignEditable(null, now)).toBe(true);
    expect(isCampaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
  });
  it('a PROGRAMADA campaign is editable only more than 1 hour before its schedule', () => {
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: at(61) }, now)).toBe(true);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: at(59) }, now)).toBe(false);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: null }, now)).toBe(false);
  });
  it('running, finished and cancelled campaigns are read-only; only CANCELADA may still be saved', () => {
    for (const status of ['EM_ANDAMENTO', 'FINALIZADA', 'CANCELADA'] as const) expect(isCampaignEditable({ status, scheduledAt: at(600) }, now)).toBe(false);
    expect(canSaveCampaign({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(true);
    expect(canSaveCampaign({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe(false);
    expect(canSaveCampaign({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
});

describe('campaign form', () => {
  it('sends scheduledAt as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatScheduledAt(dayjs('2026-04-01T08:05:09'))).toBe('2026-04-01 08:05:09');
    expect(formatScheduledAt(null)).toBeNull();
  });
  it("writes the moment picked on the companies' clock, whatever the browser's zone (no drift at each save)", () => {
    // 10:00 UTC is 07:00 in São Paulo: the API, reading the text there, stores 10:00 UTC again.
    expect(formatScheduledAt(dayjs('2026-12-25T10:00:00Z'), 'America/Sao_Paulo')).toBe('2026-12-25 07:00:00');
    expect(formatScheduledAt(dayjs('2026-12-25T10:00:00Z'), 'UTC')).toBe('2026-12-25 10:00:00');
  });
  it('defaults of a new campaign: confirmation off, ticket closed, openTicket disabled, 5 empty variants', () => {
    const values = campaignFormValues(null);
    expect(values).toMatchObject({ confirmation: false, statusTicket: 'closed', openTicket: 'disabled', message5: '', confirmationMessage5: '' });
  });
  it('sends empty strings as null and drops user and queue when no ticket is opened', () => {
    const values = { ...campaignFormValues(null), name: ' Promo ', whatsappId: 3, message1: 'Olá {nome}', message2: '  ', userId: 4, queueId: 5 };
    const body = toCampaignBody(values);
    expect(body).toMatchObject({
      name: 'Promo',
      whatsappId: 3,
      message1: 'Olá {nome}',
      message2: null,
      confirmationMessage1: null,
      userId: null,
      queueId: null,
      scheduledAt: null,
    });
    expect(toCampaignBody({ ...values, openTicket: 'enabled' })).toMatchObject({ userId: 4, queueId: 5 });
  });
  it('validates name 2..50, the connection, and the queue when a user is chosen', () => {
    const base = { name: 'Promo', whatsappId: 1, userId: null, queueId: null, openTicket: 'disabled' as const };
    expect(campaignProblems(base)).toEqual({});
    expect(campaignProblems({ ...base, name: '' }).name).toBe('required');
    expect(campaignProblems({ ...base, name: 'A' }).name).toBe('tooShort');
    expect(campaignProblems({ ...base, name: 'x'.repeat(51) }).name).toBe('tooLong');
    expect(campaignProblems({ ...base, whatsappId: null }).whatsappId).toBe('required');
    expect(campaignProblems({ ...base, openTicket: 'enabled', userId: 7 }).queueId).toBe('queueRequired');
    expect(campaignProblems({ ...base, openTicket: 'enabled', userId: 7, queueId: 2 }).queueId).toBeUndefined();
  });
  it("shows the spec's texts 'Required', 'Too Short!', 'Too Long!' (spec 002 §5)", async () => {
    await import('./campaignsLocales');
    const text = (problem: CampaignProblem | undefined) => i18n.t(campaignProblemKey(problem!), { lng: 'pt-BR' });
    const base = { name: 'Promo', whatsappId: 1, userId: null, queueId: null, openTicket: 'disabled' as const };
    expect(text(campaignProblems({ ...base, name: '' }).name)).toBe('Required');
    expect(text(campaignProblems({ ...base, name: 'A' }).name)).toBe('Too Short!');
    expect(text(campaignProblems({ ...base, name: 'x'.repeat(51) }).name)).toBe('Too Long!');
    expect(text(campaignProblems({ ...base, whatsappId: null }).whatsappId)).toBe('Required');
    expect(text(campaignProblems({ ...base, openTicket: 'enabled', userId: 7 }).queueId)).toBe('Informe a fila quando um usuário for escolhido');
    expect(i18n.t(campaignProblemKey('tooShort'), { lng: 'es' })).toBe('¡Demasiado corto!');
  });
});

describe('campaign report', () => {
  it('keeps the counters and adds the delivered share of the valid contacts', () => {
    expect(campaignReport({ validContacts: 3, delivered: 1, confirmationRequested: 2, confirmed: 1 })).toEqual({
      validContacts: 3,
      delivered: 1,
      confirmationRequested: 2,
      confirmed: 1,
      percent: 33,
    });
    expect(campaignReport({ validContacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 }).percent).toBe(0);
    expect(campaignReport(undefined).percent).toBe(0);
  });
});

describe('campaign settings mapping', () => {
  it('reads the key/value list, JSON-encoded or not, with defaults for missing keys', () => {
    const form = settingsToForm([
      { key: 'messageInterval', value: '30' },
      { key: 'sabado', value: 'true' },
      { key: 'domingo', value: false },
      { key: 'startHour', value: '08:30' },
      { key: 'variables', value: JSON.stringify([{ key: 'loja', value: 'Centro' }]) },
    ]);
    expect(form).toEqual({
      ...DEFAULT_CAMPAIGN_SETTINGS,
      messageInterval: 30,
      sabado: true,
      domingo: false,
      startHour: '08:30',
      variables: [{ key: 'loja', value: 'Centro' }],
    });
    expect(settingsToForm([])).toEqual(DEFAULT_CAMPAIGN_SETTINGS);
    expect(
      settingsToForm([
        { key: 'endHour', value: 'nonsense' },
        { key: 'greaterInterval', value: -3 },
      ]),
    ).toEqual(DEFAULT_CAMPAIGN_SETTINGS);
  });
  it('writes numbers and booleans and drops variables without a key', () => {
    const out = formToSettings({
      ...DEFAULT_CAMPAIGN_SETTINGS,
      messageInterval: '15' as unknown as number,
      variables: [
        { key: ' promo ', value: '10%' },
        { key: ' ', value: 'x' },
      ],
    });
    expect(out.messageInterval).toBe(15);
    expect(out.variables).toEqual([{ key: 'promo', value: '10%' }]);
  });
});

describe('campaign settings choices (spec 002 §9)', () => {
  it('offers 0 (no pause) to 120 seconds between messages', () => {
    expect(MESSAGE_INTERVAL_CHOICES).toEqual([0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]);
  });
  it('offers the longer pause after 0 (never) or 5 to 60 messages', () => {
    expect(LONGER_INTERVAL_AFTER_CHOICES).toEqual([0, 5, 10, 15, 20, 30, 40, 50, 60]);
  });
  it('offers a longer pause of 0 or 40 to 200 seconds by 20', () => {
    expect(GREATER_INTERVAL_CHOICES).toEqual([0, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
  });
  it('the defaults are among the choices', () => {
    expect(MESSAGE_INTERVAL_CHOICES).toContain(DEFAULT_CAMPAIGN_SETTINGS.messageInterval);
    expect(LONGER_INTERVAL_AFTER_CHOICES).toContain(DEFAULT_CAMPAIGN_SETTINGS.longerIntervalAfter);
    expect(GREATER_INTERVAL_CHOICES).toContain(DEFAULT_CAMPAIGN_SETTINGS.greaterInterval);
  });
  it('keeps a stored value that is not a choice, in order', () => {
    expect(choicesWith([0, 40, 60], 50)).toEqual([0, 40, 50, 60]);
    expect(choicesWith([0, 40, 60], 40)).toEqual([0, 40, 60]);
    expect(choicesWith([0, 40, 60], undefined)).toEqual([0, 40, 60]);
  });
});

describe('live events', () => {
  type Row = { id: number; name: string };
  const list: Row[] = [
    { id: 1, name: 'Alpha' },
    { id: 2, name: 'Beta' },
  ];
  it('create/update upsert, delete removes, with the count change', () => {
    expect(applyRecordEvent(list, { action: 'create', record: { id: 3, name: 'Gamma' } })).toEqual({ list: [{ id: 3, name: 'Gamma' }, ...list], delta: 1 });
    expect(applyRecordEvent(list, { action: 'update', record: { id: 2, name: 'B2' } }).list[1]).toEqual({ id: 2, name: 'B2' });
    expect(applyRecordEvent(list, { action: 'delete', id: 1 })).toEqual({ list: [list[1]], delta: -1 });
    expect(applyRecordEvent(list, { action: 'delete', id: 9 }).delta).toBe(0);
  });
  it('an updated record that no longer matches the search leaves the list', () => {
    expect(applyRecordEvent(list, { action: 'update', record: { id: 1, name: 'Zeta' } }, (r) => r.name.startsWith('A'))).toEqual({
      list: [list[1]],
      delta: -1,
    });
  });
  it('reads well-formed payloads only, with the keys of each event', () => {
    expect(toRecordEvent({ action: 'update', record: { id: 1 } })).toEqual({ action: 'update', record: { id: 1 } });
    expect(toRecordEvent({ action: 'delete', id: 1, contactListId: 4 })).toEqual({ action: 'delete', id: 1, contactListId: 4 });
    expect(toRecordEvent({ action: 'reload', contactListId: 4 })).toEqual({ action: 'reload', contactListId: 4 });
    expect(toRecordEvent({ action: 'create', schedule: { id: 5 } }, SCHEDULE_EVENT_KEYS)).toEqual({ action: 'create', record: { id: 5 } });
    expect(toRecordEvent({ action: 'delete', scheduleId: 5 }, SCHEDULE_EVENT_KEYS)).toEqual({ action: 'delete', id: 5 });
    expect(toRecordEvent({ action: 'delete' })).toBeNull();
    expect(toRecordEvent({ action: 'create' })).toBeNull();
    expect(toRecordEvent(null)).toBeNull();
  });
});

describe('campaign user search', () => {
  it('searches from 3 characters; shorter input lists everyone', () => {
    expect(matchesUserSearch('', 'Ana Souza')).toBe(true);
    expect(matchesUserSearch('Se', 'Ana Souza')).toBe(true);
    expect(matchesUserSearch('sou', 'Ana Souza')).toBe(true);
    expect(matchesUserSearch('Ser', 'Ana Souza')).toBe(false);
  });
});
