import { describe, expect, it } from 'vitest';
import { instantOfWallClock } from '@atende/kit';
import { allowedFrom, campaignEditable, canCancel, canRestart, fillVariables, nextSendAt as nextSendAtIn, pickVariant, statusForSave, variantsOf, type Pace } from './campaigns.js';

// Dates on the companies' wall clock (TICKETS_TIME_ZONE), not the server's. 2026-11-24 is a Tuesday, 28 a Saturday.
const ZONE = 'America/Sao_Paulo';
const local = (d: number, h: number, m = 0, s = 0) => instantOfWallClock({ year: 2026, month: 11, day: d, hour: h, minute: m, second: s }, ZONE);
const nextSendAt = (p: Pace, state: Parameters<typeof nextSendAtIn>[1]) => nextSendAtIn(p, state, ZONE);
const pace = (over: Partial<Pace> = {}): Pace => ({
  messageInterval: 30, longerIntervalAfter: 3, greaterInterval: 300, startHour: '08:00', endHour: '18:00', sabado: false, domingo: false, ...over,
});

describe('campaignEditable', () => {
  const now = local(24, 10);
  it('allows INATIVA and CANCELADA', () => {
    expect(campaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(campaignEditable({ status: 'CANCELADA', scheduledAt: local(24, 9) }, now)).toBe(true);
  });
  it('allows PROGRAMADA only more than one hour ahead', () => {
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: local(24, 11, 0, 1) }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: local(24, 11) }, now)).toBe(false);
  });
  it('refuses EM_ANDAMENTO and FINALIZADA', () => {
    expect(campaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: local(25, 9) }, now)).toBe(false);
    expect(campaignEditable({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
  it('status follows the schedule', () => {
    expect(statusForSave(now)).toBe('PROGRAMADA');
    expect(statusForSave(null)).toBe('INATIVA');
    expect(statusForSave(now, 'PROGRAMADA')).toBe('PROGRAMADA');
    expect(statusForSave(null, 'PROGRAMADA')).toBe('INATIVA');
  });
  it('a saved CANCELADA campaign stays CANCELADA, so restart stays possible', () => {
    expect(statusForSave(null, 'CANCELADA')).toBe('CANCELADA');
    expect(statusForSave(now, 'CANCELADA')).toBe('CANCELADA');
  });
});

describe('cancel and restart (spec 002 §4)', () => {
  it('cancels only EM_ANDAMENTO and restarts only CANCELADA', () => {
    expect(['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'].filter(canCancel)).toEqual(['EM_ANDAMENTO']);
    expect(['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'].filter(canRestart)).toEqual(['CANCELADA']);
  });
});

describe('messages', () => {
  const c = {
    message1: 'A', message2: '', message3: null, message4: 'D', message5: ' ',
    confirmationMessage1: null, confirmationMessage2: 'ok?', confirmationMessage3: null, confirmationMessage4: null, confirmationMessage5: null,
  };
  it('rotates among the non-empty variants', () => {
    const v = variantsOf(c, 'message');
    expect([0, 1, 2, 3].map((i) => pickVariant(v, i))).toEqual(['A', 'D', 'A', 'D']);
    expect(variantsOf(c, 'confirmation')).toEqual(['ok?']);
    expect(pickVariant([], 3)).toBe('');
  });
  it('replaces the recipient and company variables', () => {
    const out = fillVariables('Oi {nome} ({NAME}), {numero} {email} {cupom} {unknown}', { name: 'Ana', number: '5511', email: 'a@x.io' }, [
      { key: 'cupom', value: 'X$1' },
    ]);
    expect(out).toBe('Oi Ana (Ana), 5511 a@x.io X$1 {unknown}');
  });
});

describe('nextSendAt', () => {
  it('sends at once the first message inside the window', () => {
    expect(nextSendAt(pace(), { now: local(24, 10), lastSentAt: null, sentSoFar: 0 })).toEqual(local(24, 10));
  });
  it('waits messageInterval after the previous message', () => {
    expect(nextSendAt(pace(), { now: local(24, 10, 0, 10), lastSentAt: local(24, 10), sentSoFar: 1 })).toEqual(local(24, 10, 0, 30));
    expect(nextSendAt(pace(), { now: local(24, 10, 5), lastSentAt: local(24, 10), sentSoFar: 1 })).toEqual(local(24, 10, 5));
  });
  it('waits greaterInterval after every longerIntervalAfter messages', () => {
    expect(nextSendAt(pace(), { now: local(24, 10), lastSentAt: local(24, 10), sentSoFar: 3 })).toEqual(local(24, 10, 5));
    expect(nextSendAt(pace(), { now: local(24, 10), lastSentAt: local(24, 10), sentSoFar: 4 })).toEqual(local(24, 10, 0, 30));
  });
  it('waits for startHour and moves past endHour to the next day', () => {
    expect(nextSendAt(pace(), { now: local(24, 6), lastSentAt: null, sentSoFar: 0 })).toEqual(local(24, 8));
    expect(nextSendAt(pace(), { now: local(24, 17, 59, 50), lastSentAt: local(24, 17, 59, 40), sentSoFar: 1 })).toEqual(local(25, 8));
  });
  it('skips Saturday and Sunday unless allowed', () => {
    expect(nextSendAt(pace(), { now: local(28, 9), lastSentAt: null, sentSoFar: 0 })).toEqual(local(30, 8));
    expect(nextSendAt(pace({ domingo: true }), { now: local(28, 9), lastSentAt: null, sentSoFar: 0 })).toEqual(local(29, 8));
    expect(nextSendAt(pace({ sabado: true }), { now: local(28, 9), lastSentAt: null, sentSoFar: 0 })).toEqual(local(28, 9));
  });
  it('handles a window across midnight and an all-day window', () => {
    expect(allowedFrom(pace({ startHour: '22:00', endHour: '06:00' }), local(24, 12), ZONE)).toEqual(local(24, 22));
    expect(allowedFrom(pace({ startHour: '22:00', endHour: '06:00' }), local(25, 3), ZONE)).toEqual(local(25, 3));
    expect(allowedFrom(pace({ startHour: '00:00', endHour: '00:00' }), local(24, 23), ZONE)).toEqual(local(24, 23));
  });
  it("reads hours and weekdays on the companies' clock, not UTC", () => {
    // 11:02 in São Paulo is 14:02 UTC: a 12:00–18:00 window is still closed there (audit F4).
    expect(allowedFrom(pace({ startHour: '12:00', endHour: '18:00' }), new Date('2026-11-24T14:02:00Z'), ZONE)).toEqual(new Date('2026-11-24T15:00:00Z'));
    // Friday 22:30 there is Saturday 01:30 UTC: still Friday for the company.
    const fridayNight = new Date('2026-11-28T01:30:00Z');
    expect(allowedFrom(pace({ startHour: '20:00', endHour: '23:00' }), fridayNight, ZONE)).toEqual(fridayNight);
    // Sunday 23:30 there is Monday 02:30 UTC: a Sunday, not allowed; Monday 20:00 there is next.
    expect(allowedFrom(pace({ startHour: '20:00', endHour: '23:59' }), new Date('2026-11-30T02:30:00Z'), ZONE)).toEqual(new Date('2026-11-30T23:00:00Z'));
    // Another zone, another answer for the same instant.
    expect(allowedFrom(pace({ startHour: '12:00', endHour: '18:00' }), new Date('2026-11-24T14:02:00Z'), 'UTC')).toEqual(new Date('2026-11-24T14:02:00Z'));
  });
});
