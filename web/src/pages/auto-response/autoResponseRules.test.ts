import { describe, expect, it } from 'vitest';
import type { AutoResponse } from '@atende/kit/contracts';
import {
  HISTORY_LIMITS,
  applyAutoResponseEvent,
  cleanTags,
  emptyForm,
  filterAutoResponses,
  formProblems,
  hourOptions,
  pickSample,
  priorityOf,
  pushHistory,
  toAutoResponseEvent,
  toBody,
  toForm,
  type TestEntry,
} from './autoResponseRules';

const record = (fields: Partial<AutoResponse> & { id: number }): AutoResponse => ({
  companyId: 1,
  name: `Regra ${fields.id}`,
  keywords: ['preço'],
  similarWords: [],
  response: 'Resposta',
  priority: 3,
  isActive: true,
  timeRestriction: false,
  startTime: '18:00',
  endTime: '07:00',
  daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
  outsideHoursMessage: null,
  usageCount: 0,
  lastUsed: null,
  successRate: 0,
  createdBy: 1,
  updatedBy: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  isActiveNow: true,
  ...fields,
});

describe('priorities and hours', () => {
  it('shows 5/3/1 as high/medium/low', () => {
    expect([5, 3, 1].map((p) => priorityOf(p).key)).toEqual(['high', 'medium', 'low']);
  });
  it('offers hourly times 00:00 to 23:00, plus a stored time off the hour', () => {
    const hours = hourOptions();
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe('00:00');
    expect(hours[23]).toBe('23:00');
    expect(hourOptions('08:30', undefined)).toContain('08:30');
    expect(hourOptions('08:30')).toHaveLength(25);
  });
});

describe('live list', () => {
  it('reads well-formed socket payloads only', () => {
    expect(toAutoResponseEvent({ action: 'delete', autoResponseId: 3 })).toEqual({ action: 'delete', autoResponseId: 3 });
    expect(toAutoResponseEvent({ action: 'update', autoResponse: record({ id: 1 }) })?.action).toBe('update');
    expect(toAutoResponseEvent({ action: 'update', autoResponse: {} })).toBeNull();
    expect(toAutoResponseEvent({ action: 'delete' })).toBeNull();
    expect(toAutoResponseEvent('x')).toBeNull();
  });
  it('upserts in priority-then-name order and removes on delete', () => {
    const a = record({ id: 1, name: 'b', priority: 3 });
    const b = record({ id: 2, name: 'a', priority: 3 });
    let list = applyAutoResponseEvent([a], { action: 'create', autoResponse: b });
    expect(list.map((r) => r.id)).toEqual([2, 1]);
    list = applyAutoResponseEvent(list, { action: 'update', autoResponse: { ...a, priority: 5 } });
    expect(list.map((r) => [r.id, r.priority])).toEqual([[1, 5], [2, 3]]);
    expect(applyAutoResponseEvent(list, { action: 'delete', autoResponseId: 1 }).map((r) => r.id)).toEqual([2]);
  });
  it('searches name, keywords, similar words and response without case or accents', () => {
    const list = [record({ id: 1, name: 'Horário', keywords: ['hora'] }), record({ id: 2, name: 'Pix', keywords: ['pix'], similarWords: ['transferência'] })];
    expect(filterAutoResponses(list, 'HORARIO').map((r) => r.id)).toEqual([1]);
    expect(filterAutoResponses(list, 'transferencia').map((r) => r.id)).toEqual([2]);
    expect(filterAutoResponses(list, '  ')).toHaveLength(2);
  });
});

describe('the dialog form', () => {
  it('starts with the spec defaults: medium, active, 18:00–07:00, every day', () => {
    expect(emptyForm()).toMatchObject({ priority: 3, isActive: true, timeRestriction: false, startTime: '18:00', endTime: '07:00', daysOfWeek: [1, 2, 3, 4, 5, 6, 7] });
  });
  it('requires name, a keyword and the response; with a time restriction a non-empty window and a day', () => {
    expect(formProblems(emptyForm()).map((p) => p.field)).toEqual(['name', 'keywords', 'response']);
    const filled = { ...emptyForm(), name: 'n', keywords: [' a '], response: 'r' };
    expect(formProblems(filled)).toEqual([]);
    expect(formProblems({ ...filled, keywords: ['  '] })).toEqual([{ field: 'keywords', message: 'required' }]);
    expect(formProblems({ ...filled, timeRestriction: true, daysOfWeek: [] })).toEqual([{ field: 'daysOfWeek', message: 'days' }]);
    expect(formProblems({ ...filled, timeRestriction: true, startTime: '10:00', endTime: '10:00' })).toEqual([{ field: 'endTime', message: 'sameTime' }]);
  });
  it('sends trimmed unique tags, sorted days and a blank outside-hours message as null', () => {
    expect(cleanTags([' Oi ', 'oi', '', 'OLÁ'])).toEqual(['Oi', 'OLÁ']);
    const body = toBody({ ...emptyForm(), name: ' Saudação ', keywords: ['oi', 'Oi'], response: ' Olá! ', daysOfWeek: [5, 1], outsideHoursMessage: '  ' });
    expect(body).toMatchObject({ name: 'Saudação', keywords: ['oi'], response: 'Olá!', daysOfWeek: [1, 5], outsideHoursMessage: null });
  });
  it('edits a record as it is', () => {
    const form = toForm(record({ id: 9, priority: 5, outsideHoursMessage: 'Fora', timeRestriction: true }));
    expect(form).toMatchObject({ priority: 5, outsideHoursMessage: 'Fora', timeRestriction: true });
  });
});

describe('the tester', () => {
  const entry = (id: number, kind: TestEntry['kind']): TestEntry => ({ id, kind, message: `m${id}`, at: '', result: null, failed: false });
  it('keeps the last 10 manual and the last 20 automatic tests, newest first', () => {
    let history: TestEntry[] = [];
    for (let i = 1; i <= 15; i++) history = pushHistory(history, entry(i, 'manual'));
    for (let i = 16; i <= 45; i++) history = pushHistory(history, entry(i, 'automatic'));
    expect(history.filter((e) => e.kind === 'manual')).toHaveLength(HISTORY_LIMITS.manual);
    expect(history.filter((e) => e.kind === 'automatic')).toHaveLength(HISTORY_LIMITS.automatic);
    expect(history[0]?.id).toBe(45);
    expect(history.filter((e) => e.kind === 'manual')[0]?.id).toBe(15);
  });
  it('picks a random sample other than the previous one', () => {
    const samples = ['a', 'b', 'c'];
    expect(pickSample(samples, 'a', () => 0)).toBe('b');
    expect(pickSample(samples, 'c', () => 0.99)).toBe('b');
    expect(pickSample(['only'], 'only', () => 0.5)).toBe('only');
    expect(pickSample([], null)).toBe('');
  });
});
