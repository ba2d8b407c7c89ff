import { describe, expect, it } from 'vitest';
import { campaignBody, instantOfWallClock, parseCompanyDateTime, wallClockOf } from './campaigns.js';
import { createScheduleBody } from './schedules.js';

const SP = 'America/Sao_Paulo';

describe("the companies' wall clock (TICKETS_TIME_ZONE)", () => {
  it('reads a zone-less dialog time on the company clock, whatever the server zone', () => {
    expect(parseCompanyDateTime('2030-01-01 10:00:00', SP).toISOString()).toBe('2030-01-01T13:00:00.000Z');
    expect(parseCompanyDateTime('2030-01-01 10:00', SP).toISOString()).toBe('2030-01-01T13:00:00.000Z');
    expect(parseCompanyDateTime('2030-01-01T10:00:00.250', SP).toISOString()).toBe('2030-01-01T13:00:00.250Z');
    expect(parseCompanyDateTime('2030-01-01', SP).toISOString()).toBe('2030-01-01T03:00:00.000Z');
    expect(parseCompanyDateTime('2030-01-01 10:00:00', 'Asia/Tokyo').toISOString()).toBe('2030-01-01T01:00:00.000Z');
  });

  it('keeps an ISO instant with Z or an offset exact', () => {
    expect(parseCompanyDateTime('2030-01-01T10:00:00Z', SP).toISOString()).toBe('2030-01-01T10:00:00.000Z');
    expect(parseCompanyDateTime('2030-01-01T10:00:00.000-05:00', SP).toISOString()).toBe('2030-01-01T15:00:00.000Z');
    expect(parseCompanyDateTime('2030-01-01 10:00:00+0100', SP).toISOString()).toBe('2030-01-01T09:00:00.000Z');
  });

  it('refuses impossible readings and other text', () => {
    for (const text of ['2030-02-30 10:00:00', '2030-13-01 10:00', '2030-01-01 24:00', '2030-01-01 10:60', 'amanhã', '01/02/2030 10:00']) {
      expect(Number.isNaN(parseCompanyDateTime(text, SP).getTime()), text).toBe(true);
    }
  });

  it('refuses impossible readings with a zone too, instead of rolling them over (30 February is not 2 March)', () => {
    for (const text of ['2026-02-30T10:00:00Z', '2027-02-29T10:00:00.000-03:00', '2030-04-31 10:00:00+0100', '2030-13-01T10:00:00Z', '2030-01-01T24:00:00Z', '2030-01-01T10:60:00Z', '2030-01-01T10:00:00+25:00']) {
      expect(Number.isNaN(parseCompanyDateTime(text, SP).getTime()), text).toBe(true);
    }
  });

  it('turns a reading into an instant and back, across daylight-saving changes', () => {
    const ny = 'America/New_York';
    expect(instantOfWallClock({ year: 2026, month: 7, day: 1, hour: 9 }, ny).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOfWallClock({ year: 2026, month: 1, day: 1, hour: 9 }, ny).toISOString()).toBe('2026-01-01T14:00:00.000Z');
    // 02:30 on 2026-03-08 does not exist there (02:00 → 03:00): taken just after the jump.
    expect(instantOfWallClock({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, ny).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Overflowing parts roll over: 31 January + 1 day is 1 February.
    expect(instantOfWallClock({ year: 2026, month: 1, day: 32, hour: 0 }, SP).toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(wallClockOf(new Date('2026-11-28T01:30:00Z'), SP)).toEqual({ year: 2026, month: 11, day: 27, hour: 22, minute: 30, second: 0, millisecond: 0, weekday: 5 });
  });
});

describe('campaignBody (spec 002 §5)', () => {
  const issues = (body: unknown) => {
    const parsed = campaignBody.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  };

  it('answers "Required" for a missing, blank or null whatsappId', () => {
    for (const body of [{ name: 'Camp X' }, { name: 'Camp X', whatsappId: '' }, { name: 'Camp X', whatsappId: null }]) {
      expect(issues(body)).toEqual([{ field: 'whatsappId', message: 'Required' }]);
    }
    expect(issues({ name: 'Camp X', whatsappId: 'x' })).toEqual([{ field: 'whatsappId', message: 'must be a number' }]);
    expect(issues({ name: 'Camp X', whatsappId: '3' })).toEqual([]);
  });

  it('takes scheduledAt in the dialog format or ISO, and refuses an impossible date', () => {
    expect(issues({ name: 'Camp X', whatsappId: 3, scheduledAt: '2030-01-01 10:00:00' })).toEqual([]);
    expect(issues({ name: 'Camp X', whatsappId: 3, scheduledAt: '2030-01-01T10:00:00.000Z' })).toEqual([]);
    expect(issues({ name: 'Camp X', whatsappId: 3, scheduledAt: '2030-02-30 10:00:00' })).toEqual([{ field: 'scheduledAt', message: 'must be YYYY-MM-DD HH:mm:ss' }]);
    expect(issues({ name: 'Camp X', whatsappId: 3, scheduledAt: '2027-02-30T10:00:00Z' })).toEqual([{ field: 'scheduledAt', message: 'must be YYYY-MM-DD HH:mm:ss' }]);
    expect(issues({ name: 'Camp X', whatsappId: 3, scheduledAt: '2028-02-29T10:00:00-03:00' })).toEqual([]);
  });

  it('takes ids as numbers or numeric text, never true, [] or {} read as 1 or 0', () => {
    expect(campaignBody.parse({ name: 'Camp X', whatsappId: '3', contactListId: ' 4 ', tagListId: null, userId: '' })).toMatchObject({ whatsappId: 3, contactListId: 4, tagListId: null, userId: null });
    for (const bad of [true, false, [], {}, [5]]) {
      expect(issues({ name: 'Camp X', whatsappId: 3, contactListId: bad }), JSON.stringify(bad)).toEqual([{ field: 'contactListId', message: 'must be a number' }]);
    }
    expect(issues({ name: 'Camp X', whatsappId: true })).toEqual([{ field: 'whatsappId', message: 'must be a number' }]);
    expect(issues({ name: 'Camp X', whatsappId: 3, queueId: '2.5' })).toEqual([{ field: 'queueId', message: 'must be a whole number' }]);
  });

  it('needs a queue with a user only while openTicket is enabled (user and queue are disabled otherwise)', () => {
    expect(issues({ name: 'Camp X', whatsappId: 3, openTicket: 'enabled', userId: 12 })).toEqual([{ field: 'queueId', message: 'Required' }]);
    expect(issues({ name: 'Camp X', whatsappId: 3, openTicket: 'disabled', userId: 12 })).toEqual([]);
  });
});

describe('createScheduleBody sendAt', () => {
  it('keeps the text for the service to read on the company clock, and refuses what is no date', () => {
    const ok = createScheduleBody.safeParse({ body: 'Lembrete válido', contactId: 1, sendAt: ' 2030-05-06 14:30 ' });
    expect(ok.success && ok.data.sendAt).toBe('2030-05-06 14:30');
    const bad = createScheduleBody.safeParse({ body: 'Lembrete válido', contactId: 1, sendAt: '2030-02-30 10:00' });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['sendAt', 'must be a date']]);
    const zoned = createScheduleBody.safeParse({ body: 'Lembrete válido', contactId: 1, sendAt: '2026-02-30T10:00:00Z' });
    expect(zoned.success ? [] : zoned.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['sendAt', 'must be a date']]);
  });
});
