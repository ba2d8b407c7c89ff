import { describe, expect, it } from 'vitest';
import type { WeekdaySchedule } from '@atende/kit';
import { isOpenAt, mayRepeatMenu, menuText, onVacation, parseChoice, weekdayIn } from './chatbot.js';

const TZ = 'America/Sao_Paulo';
const day = (weekdayEn: string, a: [string, string], b: [string, string] = ['', '']): WeekdaySchedule => ({
  weekday: weekdayEn, weekdayEn, startTimeA: a[0], endTimeA: a[1], startTimeB: b[0], endTimeB: b[1],
});

describe('menuText', () => {
  it('greeting, a blank line, one numbered line per option', () => {
    expect(menuText('Olá!', [{ name: 'Vendas' }, { name: 'Suporte' }])).toBe('Olá!\n\n*1* - Vendas\n*2* - Suporte');
  });
  it('adds the way back when asked, and drops an empty greeting', () => {
    expect(menuText('  ', [{ name: 'Boleto' }], true)).toBe('*1* - Boleto\n*#* - Voltar ao menu anterior');
  });
});

describe('parseChoice', () => {
  it('reads numbers within the options (spaces, a trailing dot or parenthesis, bold asterisks)', () => {
    expect(parseChoice('2', 3)).toEqual({ kind: 'option', index: 1 });
    expect(parseChoice(' 3. ', 3)).toEqual({ kind: 'option', index: 2 });
    expect(parseChoice('*1*', 3)).toEqual({ kind: 'option', index: 0 });
    expect(parseChoice('1)', 3)).toEqual({ kind: 'option', index: 0 });
  });
  it('anything else is no choice; # goes back', () => {
    for (const body of ['0', '4', 'um', '1 2', '', '12345', 'opção 1']) expect(parseChoice(body, 3)).toBeNull();
    expect(parseChoice(' # ', 3)).toEqual({ kind: 'back' });
  });
});

describe('isOpenAt', () => {
  // 2025-06-02 is a Monday; 13:30 UTC is 10:30 in São Paulo.
  const mondayMorning = new Date('2025-06-02T13:30:00Z');
  it('reads the weekday on the wall clock of the time zone', () => {
    expect(weekdayIn(mondayMorning, TZ)).toBe('monday');
    expect(weekdayIn(new Date('2025-06-02T02:00:00Z'), TZ)).toBe('sunday');
  });
  it('open inside shift A or B, closed between them, on other days and on days without shifts', () => {
    const schedules = [day('monday', ['08:00', '12:00'], ['13:00', '18:00']), day('tuesday', ['', ''])];
    expect(isOpenAt(schedules, mondayMorning, TZ)).toBe(true);
    expect(isOpenAt(schedules, new Date('2025-06-02T15:30:00Z'), TZ)).toBe(false); // 12:30
    expect(isOpenAt(schedules, new Date('2025-06-02T17:00:00Z'), TZ)).toBe(true); // 14:00
    expect(isOpenAt(schedules, new Date('2025-06-02T21:00:00Z'), TZ)).toBe(false); // 18:00 sharp
    expect(isOpenAt(schedules, new Date('2025-06-03T13:30:00Z'), TZ)).toBe(false); // tuesday, empty
    expect(isOpenAt(schedules, new Date('2025-06-04T13:30:00Z'), TZ)).toBe(false); // wednesday, missing
  });
  it('no schedule at all means always open; weekday names are compared without case', () => {
    expect(isOpenAt([], mondayMorning, TZ)).toBe(true);
    expect(isOpenAt(null, mondayMorning, TZ)).toBe(true);
    expect(isOpenAt([day('Monday', ['10:00', '11:00'])], mondayMorning, TZ)).toBe(true);
  });
});

describe('repeating a menu', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('stops at maxUseBotQueues repeats (0: never) and waits timeUseBotQueues minutes after the last menu (0: no wait)', () => {
    const base = { repeats: 0, maxRepeats: 3, lastMenuAt: null, waitMinutes: 0, now };
    expect(mayRepeatMenu(base)).toBe(true);
    expect(mayRepeatMenu({ ...base, repeats: 2 })).toBe(true);
    expect(mayRepeatMenu({ ...base, repeats: 3 })).toBe(false);
    expect(mayRepeatMenu({ ...base, repeats: 50, maxRepeats: 0 })).toBe(true);
    expect(mayRepeatMenu({ ...base, waitMinutes: 10, lastMenuAt: new Date('2026-11-24T11:55:00Z') })).toBe(false);
    expect(mayRepeatMenu({ ...base, waitMinutes: 10, lastMenuAt: new Date('2026-11-24T11:50:00Z') })).toBe(true);
  });
});

describe('onVacation', () => {
  const zone = 'America/Sao_Paulo';
  const vacation = (start: string | null, end: string | null, message = 'Férias') => ({
    collectiveVacationMessage: message,
    collectiveVacationStart: start ? new Date(start) : null,
    collectiveVacationEnd: end ? new Date(end) : null,
  });

  it('days given as dates last whole on the companies’ clock: 22:00 in São Paulo on the last day is still on vacation', () => {
    const lastEvening = new Date('2026-12-11T01:00:00Z'); // 22:00 of 10/12 in São Paulo
    expect(onVacation(vacation('2026-12-01', '2026-12-10'), lastEvening, zone)).toBe(true);
    expect(onVacation(vacation('2026-12-01', '2026-12-10'), new Date('2026-12-11T03:30:00Z'), zone)).toBe(false);
    expect(onVacation(vacation('2026-12-01', '2026-12-10'), new Date('2026-12-01T02:59:00Z'), zone)).toBe(false); // 23:59 of 30/11
  });

  it('times are compared as times; no message or a missing end is no vacation', () => {
    expect(onVacation(vacation('2026-12-01T12:00:00Z', '2026-12-01T18:00:00Z'), new Date('2026-12-01T13:00:00Z'), zone)).toBe(true);
    expect(onVacation(vacation('2026-12-01T12:00:00Z', '2026-12-01T18:00:00Z'), new Date('2026-12-01T19:00:00Z'), zone)).toBe(false);
    expect(onVacation(vacation('2026-12-01', '2026-12-10', '  '), new Date('2026-12-05T12:00:00Z'), zone)).toBe(false);
    expect(onVacation(vacation('2026-12-01', null), new Date('2026-12-05T12:00:00Z'), zone)).toBe(false);
  });
});
