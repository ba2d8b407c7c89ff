import { describe, expect, it } from 'vitest';
import { autoResponseBody, cleanWords, confidenceLabel, updateAutoResponseBody, windowProblems } from '@atende/kit';
import {
  autoResponseStats,
  inTimeWindow,
  insideWindow,
  isActiveNow,
  matchMessage,
  nextSuccessRate,
  normalizeText,
  priorityFromCsv,
  responseFor,
  testResult,
  wallClock,
  type RuleView,
  type StatsRow,
} from './auto-responses.js';

const TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019
/** A São Paulo wall-clock moment: 2025-06-02 is a Monday. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);
const MONDAY = '2025-06-02';
const SUNDAY = '2025-06-08';

let nextId = 1;
const rule = (fields: Partial<RuleView> = {}): RuleView => ({
  id: nextId++,
  name: 'Regra',
  keywords: ['preço'],
  similarWords: [],
  response: 'Nossos preços estão no site.',
  priority: 3,
  isActive: true,
  timeRestriction: false,
  startTime: '18:00',
  endTime: '07:00',
  daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
  outsideHoursMessage: null,
  ...fields,
});

describe('normalizeText', () => {
  it('lowercases, drops accents and collapses spaces', () => {
    expect(normalizeText('  Qual o   HORÁRIO de atendimento?  ')).toBe('qual o horario de atendimento?');
    expect(normalizeText('Ação, João, pão')).toBe('acao, joao, pao');
  });
});

describe('wallClock', () => {
  it('reads weekday 1 Monday … 7 Sunday and HH:mm in the time zone', () => {
    expect(wallClock(at(MONDAY, '09:30'), TZ)).toEqual({ day: 1, time: '09:30' });
    expect(wallClock(at(SUNDAY, '23:59'), TZ)).toEqual({ day: 7, time: '23:59' });
    // 02:00 UTC on Monday is still Sunday 23:00 in São Paulo.
    expect(wallClock(new Date('2025-06-09T02:00:00Z'), TZ)).toEqual({ day: 7, time: '23:00' });
    expect(wallClock(new Date('2025-06-09T02:00:00Z'), 'UTC')).toEqual({ day: 1, time: '02:00' });
  });
  it('says 00:xx at midnight (never 24:xx)', () => {
    expect(wallClock(at(MONDAY, '00:05'), TZ).time).toBe('00:05');
  });
});

describe('inTimeWindow', () => {
  it('is start inclusive and end exclusive for a daytime window', () => {
    expect(inTimeWindow('08:00', '08:00', '18:00')).toBe(true);
    expect(inTimeWindow('17:59', '08:00', '18:00')).toBe(true);
    expect(inTimeWindow('18:00', '08:00', '18:00')).toBe(false);
    expect(inTimeWindow('07:59', '08:00', '18:00')).toBe(false);
  });
  it('spans midnight when the start is after the end (the default 18:00–07:00)', () => {
    expect(inTimeWindow('18:00', '18:00', '07:00')).toBe(true);
    expect(inTimeWindow('23:30', '18:00', '07:00')).toBe(true);
    expect(inTimeWindow('00:00', '18:00', '07:00')).toBe(true);
    expect(inTimeWindow('06:59', '18:00', '07:00')).toBe(true);
    expect(inTimeWindow('07:00', '18:00', '07:00')).toBe(false);
    expect(inTimeWindow('12:00', '18:00', '07:00')).toBe(false);
  });
  it('is empty when start and end are equal', () => {
    expect(inTimeWindow('10:00', '10:00', '10:00')).toBe(false);
  });
});

describe('isActiveNow', () => {
  it('is the active flag when there is no time restriction', () => {
    expect(isActiveNow(rule(), at(MONDAY, '12:00'), TZ)).toBe(true);
    expect(isActiveNow(rule({ isActive: false }), at(MONDAY, '12:00'), TZ)).toBe(false);
  });
  it('needs today among the days and the time inside the window', () => {
    const night = rule({ timeRestriction: true, startTime: '18:00', endTime: '07:00', daysOfWeek: [1, 2, 3, 4, 5] });
    expect(isActiveNow(night, at(MONDAY, '19:00'), TZ)).toBe(true);
    expect(isActiveNow(night, at(MONDAY, '03:00'), TZ)).toBe(true);
    expect(isActiveNow(night, at(MONDAY, '12:00'), TZ)).toBe(false);
    expect(isActiveNow(night, at(SUNDAY, '19:00'), TZ)).toBe(false);
    expect(isActiveNow({ ...night, isActive: false }, at(MONDAY, '19:00'), TZ)).toBe(false);
  });
  it('reads the window in the given time zone', () => {
    const business = rule({ timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1] });
    const moment = new Date('2025-06-02T10:00:00Z'); // 07:00 in São Paulo, 10:00 in UTC
    expect(insideWindow(business, moment, TZ)).toBe(false);
    expect(insideWindow(business, moment, 'UTC')).toBe(true);
  });
});

describe('responseFor', () => {
  const restricted = rule({ timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1, 2, 3, 4, 5], response: 'Dentro', outsideHoursMessage: 'Fora do horário' });
  it('sends the response inside the window', () => {
    expect(responseFor(restricted, at(MONDAY, '10:00'), TZ)).toBe('Dentro');
  });
  it('sends the outside-hours message outside the window (time or day) when it is set', () => {
    expect(responseFor(restricted, at(MONDAY, '20:00'), TZ)).toBe('Fora do horário');
    expect(responseFor(restricted, at(SUNDAY, '10:00'), TZ)).toBe('Fora do horário');
  });
  it('falls back to the response outside the window when no outside-hours message is set', () => {
    expect(responseFor({ ...restricted, outsideHoursMessage: null }, at(MONDAY, '20:00'), TZ)).toBe('Dentro');
    expect(responseFor({ ...restricted, outsideHoursMessage: '   ' }, at(MONDAY, '20:00'), TZ)).toBe('Dentro');
  });
});

describe('matchMessage', () => {
  const now = at(MONDAY, '10:00');

  it('finds a main keyword anywhere in the text, ignoring case and accents, with confidence 1', () => {
    const r = rule({ keywords: ['Preço', 'valor'] });
    const match = matchMessage([r], 'Oi! Qual o PRECO do plano?', now, TZ);
    expect(match).toMatchObject({ rule: { id: r.id }, confidence: 1, label: 'high', matchedKeyword: 'Preço', matchType: 'keyword', response: r.response, isActiveNow: true });
  });

  it('matches a similar word with confidence 0.8', () => {
    const r = rule({ keywords: ['preço'], similarWords: ['quanto custa', 'orçamento'] });
    const match = matchMessage([r], 'Quanto custa a instalação?', now, TZ);
    expect(match).toMatchObject({ confidence: 0.8, label: 'high', matchedKeyword: 'quanto custa', matchType: 'similar' });
  });

  it('answers null when nothing matches, for an empty message, and never with an inactive rule', () => {
    const off = rule({ keywords: ['horário'], isActive: false });
    expect(matchMessage([rule()], 'bom dia', now, TZ)).toBeNull();
    expect(matchMessage([rule()], '   ', now, TZ)).toBeNull();
    expect(matchMessage([off], 'qual o horário?', now, TZ)).toBeNull();
  });

  it('prefers a main keyword match over a similar one, even of higher priority', () => {
    const similarHigh = rule({ keywords: ['xyz'], similarWords: ['entrega'], priority: 5 });
    const mainLow = rule({ keywords: ['entrega'], priority: 1 });
    expect(matchMessage([similarHigh, mainLow], 'Como funciona a entrega?', now, TZ)?.rule.id).toBe(mainLow.id);
  });

  it('between matches of the same kind, the higher priority wins, then the older rule', () => {
    const low = rule({ keywords: ['pix'], priority: 1 });
    const high = rule({ keywords: ['pix'], priority: 5 });
    const highLater = rule({ keywords: ['pix'], priority: 5 });
    expect(matchMessage([low, highLater, high], 'aceita pix?', now, TZ)?.rule.id).toBe(high.id);
  });

  it('names the longest keyword found', () => {
    const r = rule({ keywords: ['hora', 'horario de funcionamento'] });
    expect(matchMessage([r], 'qual o horário de funcionamento?', now, TZ)?.matchedKeyword).toBe('horario de funcionamento');
  });

  it('still matches outside the window, answering with the outside-hours message', () => {
    const r = rule({ keywords: ['suporte'], timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1, 2, 3, 4, 5], outsideHoursMessage: 'Voltamos às 8h.' });
    const match = matchMessage([r], 'preciso de suporte', at(MONDAY, '22:00'), TZ);
    expect(match).toMatchObject({ response: 'Voltamos às 8h.', isActiveNow: false });
  });

  it('ignores blank keywords', () => {
    expect(matchMessage([rule({ keywords: ['  ', ''] })], 'qualquer coisa', now, TZ)).toBeNull();
  });
});

describe('testResult', () => {
  it('describes a miss', () => {
    expect(testResult(null)).toEqual({
      matched: false, autoResponse: null, response: null, confidence: 0, confidenceLabel: 'low', matchedKeyword: null, matchType: null, isActiveNow: false,
    });
  });
  it('describes a hit with the rule, response and confidence', () => {
    const r = rule({ name: 'Preços', priority: 5 });
    expect(testResult(matchMessage([r], 'preço?', at(MONDAY, '10:00'), TZ))).toEqual({
      matched: true,
      autoResponse: { id: r.id, name: 'Preços', priority: 5 },
      response: r.response,
      confidence: 1,
      confidenceLabel: 'high',
      matchedKeyword: 'preço',
      matchType: 'keyword',
      isActiveNow: true,
    });
  });
});

describe('confidenceLabel', () => {
  it('is high at 0.8 or more, medium at 0.5 or more, else low', () => {
    expect(confidenceLabel(1)).toBe('high');
    expect(confidenceLabel(0.8)).toBe('high');
    expect(confidenceLabel(0.79)).toBe('medium');
    expect(confidenceLabel(0.5)).toBe('medium');
    expect(confidenceLabel(0.49)).toBe('low');
    expect(confidenceLabel(0)).toBe('low');
  });
});

describe('nextSuccessRate', () => {
  it('sets 100 or 0 on the first rated use', () => {
    expect(nextSuccessRate(0, 0, true)).toBe(100);
    expect(nextSuccessRate(0, 0, false)).toBe(0);
  });
  it('averages later uses over every rated use', () => {
    expect(nextSuccessRate(100, 1, false)).toBe(50);
    expect(nextSuccessRate(50, 2, true)).toBe(66.67);
    expect(nextSuccessRate(66.67, 3, true)).toBe(75);
  });
});

describe('autoResponseStats', () => {
  const row = (fields: Partial<StatsRow>): StatsRow => ({ ...rule(), usageCount: 0, lastUsed: null, successRate: 0, ...fields });
  it('counts rules, usage and priorities, and lists the most used first', () => {
    const a = row({ name: 'A', usageCount: 3, successRate: 100, priority: 5, lastUsed: new Date('2025-06-01T10:00:00Z') });
    const b = row({ name: 'B', usageCount: 7, successRate: 50, priority: 1, isActive: false });
    const c = row({ name: 'C', usageCount: 0, priority: 3 });
    const d = row({ name: 'D', usageCount: 0, priority: 3, timeRestriction: true, startTime: '08:00', endTime: '09:00', daysOfWeek: [1] });
    const stats = autoResponseStats([a, b, c, d], at(MONDAY, '10:00'), TZ);
    expect(stats).toMatchObject({ total: 4, active: 3, inactive: 1, activeNow: 2, totalUsage: 10, averageSuccessRate: 75, byPriority: { high: 1, medium: 2, low: 1 } });
    expect(stats.mostUsed.map((m) => m.name)).toEqual(['B', 'A']);
    expect(stats.mostUsed[1]).toEqual({ id: a.id, name: 'A', priority: 5, isActive: true, usageCount: 3, lastUsed: '2025-06-01T10:00:00.000Z', successRate: 100 });
  });
  it('keeps to the top N and is all zeros for a company without rules', () => {
    const many = Array.from({ length: 15 }, (_, i) => row({ usageCount: i + 1 }));
    expect(autoResponseStats(many, new Date(), TZ, 10).mostUsed).toHaveLength(10);
    expect(autoResponseStats([], new Date(), TZ)).toEqual({
      total: 0, active: 0, inactive: 0, activeNow: 0, totalUsage: 0, averageSuccessRate: 0, mostUsed: [], byPriority: { high: 0, medium: 0, low: 0 },
    });
  });
});

describe('priorityFromCsv', () => {
  it('maps alta/high, média/medium, baixa/low (and 5/3/1) to 5/3/1; blank is medium', () => {
    expect(['alta', 'Alta', 'HIGH', '5'].map(priorityFromCsv)).toEqual([5, 5, 5, 5]);
    expect(['média', 'Media', 'medium', '3', ''].map(priorityFromCsv)).toEqual([3, 3, 3, 3, 3]);
    expect(['baixa', 'low', '1'].map(priorityFromCsv)).toEqual([1, 1, 1]);
    expect(priorityFromCsv('urgente')).toBeNull();
  });
});

describe('validation (kit contract)', () => {
  const valid = { name: 'Horário', keywords: ['horário'], response: 'Das 8h às 18h.' };

  it('fills the defaults: priority 3, active, no restriction, 18:00–07:00 every day', () => {
    expect(autoResponseBody.parse(valid)).toEqual({
      ...valid, similarWords: [], priority: 3, isActive: true, timeRestriction: false, startTime: '18:00', endTime: '07:00', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], outsideHoursMessage: null,
    });
  });

  it('requires name, a keyword and the response with the spec message', () => {
    for (const [field, value] of [['name', '  '], ['keywords', [' ', '']], ['response', '']] as const) {
      const result = autoResponseBody.safeParse({ ...valid, [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: [field], message: 'Preencha todos os campos obrigatórios' });
    }
    expect(autoResponseBody.safeParse({}).error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['name', 'keywords', 'response']));
  });

  it('trims keywords, drops blanks and repeats ignoring case', () => {
    expect(cleanWords([' Preço ', 'preço', '', 'PREÇO', 'valor '])).toEqual(['Preço', 'valor']);
    expect(autoResponseBody.parse({ ...valid, keywords: [' oi ', 'OI', 'olá'], similarWords: ['  '] })).toMatchObject({ keywords: ['oi', 'olá'], similarWords: [] });
  });

  it('refuses priorities other than 1, 3, 5 and limits sizes', () => {
    expect(autoResponseBody.safeParse({ ...valid, priority: 2 }).success).toBe(false);
    expect(autoResponseBody.safeParse({ ...valid, name: 'x'.repeat(101) }).success).toBe(false);
    expect(autoResponseBody.safeParse({ ...valid, response: 'x'.repeat(4097) }).success).toBe(false);
    expect(autoResponseBody.safeParse({ ...valid, keywords: ['x'.repeat(101)] }).success).toBe(false);
    expect(autoResponseBody.safeParse({ ...valid, keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }).success).toBe(false);
  });

  it('with a time restriction needs HH:mm times, a non-empty window and at least one day', () => {
    const restricted = { ...valid, timeRestriction: true };
    expect(autoResponseBody.safeParse({ ...restricted, startTime: '8h' }).error?.issues[0]?.path).toEqual(['startTime']);
    expect(autoResponseBody.safeParse({ ...restricted, daysOfWeek: [] }).error?.issues[0]?.path).toEqual(['daysOfWeek']);
    expect(autoResponseBody.safeParse({ ...restricted, startTime: '10:00', endTime: '10:00' }).error?.issues[0]?.path).toEqual(['endTime']);
    expect(autoResponseBody.safeParse({ ...restricted, daysOfWeek: [8] }).success).toBe(false);
    expect(autoResponseBody.parse({ ...restricted, daysOfWeek: [5, 1, 5] }).daysOfWeek).toEqual([1, 5]);
    // Without the restriction no day is needed.
    expect(autoResponseBody.safeParse({ ...valid, daysOfWeek: [] }).success).toBe(true);
    expect(windowProblems({ timeRestriction: true, startTime: '18:00', endTime: '07:00', daysOfWeek: [1] })).toEqual([]);
  });

  it('an update carries only what it changes (the UI switch sends isActive alone)', () => {
    expect(updateAutoResponseBody.parse({ isActive: false })).toEqual({ isActive: false });
    expect(updateAutoResponseBody.safeParse({ keywords: [] }).success).toBe(false);
  });
});
