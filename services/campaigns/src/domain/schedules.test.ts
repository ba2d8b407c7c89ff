import { describe, expect, it } from 'vitest';
import { instantOfWallClock, type ScheduleDayRule, type ScheduleInterval } from '@atende/kit';
import * as rules from './schedules.js';
import { isLocked, sendOptions, type Repetition } from './schedules.js';

// Dates on the companies' wall clock (TICKETS_TIME_ZONE): the rules read weekdays and month days there, not where the server is.
const ZONE = 'America/Sao_Paulo';
const at = (y: number, m: number, d: number, h = 9, min = 0) => instantOfWallClock({ year: y, month: m, day: d, hour: h, minute: min }, ZONE);
const addInterval = (date: Date, intervalo: ScheduleInterval, amount: number) => rules.addInterval(date, intervalo, amount, ZONE);
const shiftToBusinessDay = (date: Date, tipoDias: ScheduleDayRule) => rules.shiftToBusinessDay(date, tipoDias, ZONE);
const nextSendAt = (r: Repetition, sentCount: number, after: Date) => rules.nextSendAt(r, sentCount, after, ZONE);
const repeat = (over: Partial<Repetition>): Repetition => ({ anchorAt: at(2026, 1, 5), intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 4, ...over });

describe('addInterval', () => {
  it('adds days, weeks, months and minutes', () => {
    expect(addInterval(at(2026, 1, 5), 1, 3)).toEqual(at(2026, 1, 8));
    expect(addInterval(at(2026, 1, 5), 2, 2)).toEqual(at(2026, 1, 19));
    expect(addInterval(at(2026, 1, 5), 3, 1)).toEqual(at(2026, 2, 5));
    expect(addInterval(at(2026, 1, 5, 9, 0), 4, 90)).toEqual(at(2026, 1, 5, 10, 30));
  });

  it('clamps a month day the target month lacks to its last day', () => {
    expect(addInterval(at(2026, 1, 31), 3, 1)).toEqual(at(2026, 2, 28));
    expect(addInterval(at(2028, 1, 31), 3, 1)).toEqual(at(2028, 2, 29));
    expect(addInterval(at(2026, 1, 31), 3, 2)).toEqual(at(2026, 3, 31));
  });
});

describe('shiftToBusinessDay', () => {
  const saturday = at(2026, 1, 10);
  const sunday = at(2026, 1, 11);
  const wednesday = at(2026, 1, 7);

  it('keeps any day with tipoDias 4 and any weekday with every rule', () => {
    expect(shiftToBusinessDay(saturday, 4)).toEqual(saturday);
    expect(shiftToBusinessDay(wednesday, 5)).toEqual(wednesday);
    expect(shiftToBusinessDay(wednesday, 6)).toEqual(wednesday);
  });

  it('moves a weekend day to the Friday before with 5', () => {
    expect(shiftToBusinessDay(saturday, 5)).toEqual(at(2026, 1, 9));
    expect(shiftToBusinessDay(sunday, 5)).toEqual(at(2026, 1, 9));
  });

  it('moves a weekend day to the Monday after with 6, keeping the hour', () => {
    expect(shiftToBusinessDay(saturday, 6)).toEqual(at(2026, 1, 12));
    expect(shiftToBusinessDay(at(2026, 1, 11, 14, 30), 6)).toEqual(at(2026, 1, 12, 14, 30));
  });
});

describe('nextSendAt', () => {
  it('is null for a schedule that does not repeat', () => {
    expect(nextSendAt(repeat({ valorIntervalo: 0, enviarQuantasVezes: 5 }), 1, at(2026, 1, 5))).toBeNull();
  });

  it('counts from the first send until enviarQuantasVezes is reached', () => {
    const r = repeat({ intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3 });
    expect(nextSendAt(r, 1, at(2026, 1, 5))).toEqual(at(2026, 1, 12));
    expect(nextSendAt(r, 2, at(2026, 1, 12))).toEqual(at(2026, 1, 19));
    expect(nextSendAt(r, 3, at(2026, 1, 19))).toBeNull();
  });

  it('skips occurrences already behind (a late dispatcher does not send a burst)', () => {
    const r = repeat({ intervalo: 4, valorIntervalo: 10, enviarQuantasVezes: 100, anchorAt: at(2026, 1, 5, 9, 0) });
    expect(nextSendAt(r, 1, at(2026, 1, 5, 9, 35))).toEqual(at(2026, 1, 5, 9, 40));
  });

  it('shifts a weekend occurrence and keeps the next months on their day (no drift)', () => {
    // From Friday 2026-01-30: February has no 30th, and its 28th is a Saturday (→ Friday 27th); March 30th is a Monday.
    const r = repeat({ intervalo: 3, valorIntervalo: 1, enviarQuantasVezes: 4, tipoDias: 5, anchorAt: at(2026, 1, 30) });
    expect(nextSendAt(r, 1, at(2026, 1, 30))).toEqual(at(2026, 2, 27));
    expect(nextSendAt(r, 2, at(2026, 2, 27))).toEqual(at(2026, 3, 30));
  });

  it('never sends twice on the same day when a shift lands on the last send', () => {
    // Friday, daily, one business day before: Saturday and Sunday would both become this Friday.
    const r = repeat({ anchorAt: at(2026, 1, 9), intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 5, tipoDias: 5 });
    expect(nextSendAt(r, 1, at(2026, 1, 9))).toEqual(at(2026, 1, 12));
  });
});

describe('the first send (tipoDias applies to it as to the repetitions)', () => {
  const firstSendAt = (chosen: Date, tipoDias: ScheduleDayRule) => rules.firstSendAt(chosen, tipoDias, ZONE);
  const saturday = at(2026, 12, 5, 10);
  const timing = (over: Partial<rules.ScheduleTiming> = {}): rules.ScheduleTiming => ({
    anchorAt: saturday,
    sendAt: at(2026, 12, 7, 10),
    sentCount: 0,
    intervalo: 1,
    valorIntervalo: 0,
    enviarQuantasVezes: 1,
    tipoDias: 6,
    ...over,
  });

  it('moves a Saturday first send to Monday with 6 and to Friday with 5, at the same hour; 4 keeps it', () => {
    expect(firstSendAt(saturday, 6)).toEqual(at(2026, 12, 7, 10));
    expect(firstSendAt(saturday, 5)).toEqual(at(2026, 12, 4, 10));
    expect(firstSendAt(saturday, 4)).toEqual(saturday);
    expect(firstSendAt(at(2026, 12, 2, 10), 6)).toEqual(at(2026, 12, 2, 10));
  });

  it('keeps the time chosen when an edit sends back the time shown', () => {
    expect(rules.timingAfterEdit(timing(), { sendAt: at(2026, 12, 7, 10), tipoDias: 6 }, at(2026, 11, 1), ZONE)).toBeNull();
    expect(rules.timingAfterEdit(timing(), {}, at(2026, 11, 1), ZONE)).toBeNull();
  });

  it('moves the pending first send from the time chosen when only tipoDias changes', () => {
    expect(rules.timingAfterEdit(timing(), { sendAt: at(2026, 12, 7, 10), tipoDias: 5 }, at(2026, 11, 1), ZONE)).toEqual({ anchorAt: saturday, sendAt: at(2026, 12, 4, 10) });
    expect(rules.timingAfterEdit(timing(), { tipoDias: 4 }, at(2026, 11, 1), ZONE)).toEqual({ anchorAt: saturday, sendAt: saturday });
  });

  it('starts over from a new time, moved by the rule', () => {
    const sunday = at(2026, 12, 13, 9);
    expect(rules.timingAfterEdit(timing(), { sendAt: sunday }, at(2026, 11, 1), ZONE)).toEqual({ anchorAt: sunday, sendAt: at(2026, 12, 14, 9) });
  });

  it('moves a pending repetition to the new cadence once the schedule has sent, and ends it when the new count was reached', () => {
    // Weekly from Saturday 5 Dec (tipoDias 6), sent once (Monday 7); the next one waits for Monday 14.
    const sentOnce = (repetition: Partial<rules.ScheduleTiming>) => timing({ intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, sentCount: 1, sendAt: at(2026, 12, 14, 10), ...repetition });
    // Every two weeks instead: Saturday 19 Dec, moved to Monday 21.
    expect(rules.timingAfterEdit(sentOnce({ valorIntervalo: 2 }), { repetitionChanged: true }, at(2026, 12, 8), ZONE)).toEqual({ anchorAt: saturday, sendAt: at(2026, 12, 21, 10) });
    // Daily instead: Wednesday 9 Dec, the first day after now.
    expect(rules.timingAfterEdit(sentOnce({ intervalo: 1 }), { repetitionChanged: true }, at(2026, 12, 8, 12), ZONE)).toEqual({ anchorAt: saturday, sendAt: at(2026, 12, 9, 10) });
    // Once in all, already sent: nothing is left.
    expect(rules.timingAfterEdit(sentOnce({ enviarQuantasVezes: 1 }), { repetitionChanged: true }, at(2026, 12, 8), ZONE)).toEqual({ finished: true });
    expect(rules.timingAfterEdit(sentOnce({ valorIntervalo: 0 }), { repetitionChanged: true }, at(2026, 12, 8), ZONE)).toEqual({ finished: true });
    // Before the first send the repetition moves nothing: it counts from that send.
    expect(rules.timingAfterEdit(timing({ intervalo: 2, valorIntervalo: 2, enviarQuantasVezes: 3 }), { repetitionChanged: true }, at(2026, 11, 1), ZONE)).toBeNull();
  });

  it('moves a pending repetition to its next occurrence under the new rule', () => {
    // Weekly from Saturday 5 Dec, sent once (Monday 7); the next one, Saturday 12, went to Monday 14 with 6.
    const weekly = timing({ intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, sentCount: 1, sendAt: at(2026, 12, 14, 10) });
    expect(rules.timingAfterEdit(weekly, { tipoDias: 5 }, at(2026, 12, 8), ZONE)).toEqual({ anchorAt: saturday, sendAt: at(2026, 12, 11, 10) });
  });
});

describe("the companies' wall clock", () => {
  it('reads the weekend where the company is: Friday 22:00 in São Paulo (Saturday 01:00 UTC) is not moved', () => {
    const fridayNight = new Date('2026-01-10T01:00:00Z');
    expect(rules.shiftToBusinessDay(fridayNight, 5, ZONE)).toEqual(fridayNight);
    expect(rules.shiftToBusinessDay(fridayNight, 6, ZONE)).toEqual(fridayNight);
    // In UTC the same instant is a Saturday: one business day before is Friday 01:00 UTC.
    expect(rules.shiftToBusinessDay(fridayNight, 5, 'UTC')).toEqual(new Date('2026-01-09T01:00:00Z'));
  });

  it('keeps the time of day across a daylight-saving change (09:00 stays 09:00)', () => {
    const ny = 'America/New_York';
    // 2026-03-08: New York moves from UTC-5 to UTC-4.
    const before = instantOfWallClock({ year: 2026, month: 3, day: 7, hour: 9 }, ny);
    expect(before.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(rules.addInterval(before, 1, 1, ny).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(rules.addInterval(before, 3, 1, ny).toISOString()).toBe('2026-04-07T13:00:00.000Z');
    // Minutes are exact durations.
    expect(rules.addInterval(before, 4, 24 * 60, ny).toISOString()).toBe('2026-03-08T14:00:00.000Z');
  });
});

describe('schedule rules', () => {
  it('locks a schedule once sentAt is set', () => {
    expect(isLocked({ sentAt: null })).toBe(false);
    expect(isLocked({ sentAt: new Date() })).toBe(true);
  });

  it('gives the ticket to the chosen attendant and queue only when tickets are opened', () => {
    const base = { ticketUserId: 7, queueId: 3, assinar: true };
    expect(sendOptions({ ...base, openTicket: 'enabled', statusTicket: 'open' })).toEqual({ userId: 7, queueId: 3, sendSignature: true, closeTicket: false, closeOnlyOpened: true });
    expect(sendOptions({ ...base, openTicket: 'enabled', statusTicket: 'closed' })).toEqual({ userId: 7, queueId: 3, sendSignature: true, closeTicket: true, closeOnlyOpened: true });
    expect(sendOptions({ ...base, openTicket: 'disabled', statusTicket: 'open' })).toEqual({ userId: null, queueId: null, sendSignature: true, closeTicket: true, closeOnlyOpened: true });
  });
});
