import { describe, expect, it } from 'vitest';
import { apiSendBody, connectionBody, isVacationDateAllowed, VACATION_DAYS_BACK, VACATION_TOO_OLD_MESSAGE } from './connections.js';

describe('connection editor ids', () => {
  it('reads queue and integration ids as decimal text or numbers', () => {
    const body = connectionBody.parse({ name: 'Sales', queueIds: ['2', 3], integrationId: '4', promptId: null });
    expect(body.queueIds).toEqual([2, 3]);
    expect(body.integrationId).toBe(4);
    expect(body.promptId).toBeNull();
  });

  it("refuses ids that Number() would misread ('0x2' was queue 2)", () => {
    for (const bad of ['0x2', '1e1', '+2', true]) {
      expect(connectionBody.safeParse({ name: 'Sales', queueIds: [bad] }).success, String(bad)).toBe(false);
      expect(connectionBody.safeParse({ name: 'Sales', integrationId: bad }).success, String(bad)).toBe(false);
    }
  });
});

describe('gateway send: transfer ids', () => {
  const send = { number: '5511999990000', body: 'hi' };

  it('takes a user and a queue by id; empty text is no one', () => {
    expect(apiSendBody.parse({ ...send, userId: '7', queueId: 3 })).toMatchObject({ userId: 7, queueId: 3 });
    expect(apiSendBody.parse({ ...send, userId: '', queueId: null })).toMatchObject({ userId: null, queueId: null });
  });

  it('refuses hex, exponent and out-of-range ids', () => {
    for (const bad of ['0x7', '7e0', 0, 2_147_483_648]) {
      expect(apiSendBody.safeParse({ ...send, userId: bad }).success, String(bad)).toBe(false);
      expect(apiSendBody.safeParse({ ...send, queueId: bad }).success, String(bad)).toBe(false);
    }
  });
});

describe('vacation dates (spec 001 §5, §9: no earlier than 10 days ago), by calendar day', () => {
  it('on the companies\' clock: the day 10 days back is allowed from 00:00 to 23:59, the day before is not', () => {
    const now = new Date('2026-06-15T12:00:00Z'); // 09:00 on 15 June in São Paulo
    const zone = 'America/Sao_Paulo';
    expect(isVacationDateAllowed(new Date('2026-06-05T03:00:00Z'), now, zone)).toBe(true); // 5 June 00:00
    expect(isVacationDateAllowed(new Date('2026-06-05T12:00:00Z'), now, zone)).toBe(true); // 5 June 09:00, the time it is now
    expect(isVacationDateAllowed(new Date('2026-06-05T11:55:00Z'), now, zone)).toBe(true); // a picker opened five minutes ago
    expect(isVacationDateAllowed(new Date('2026-06-05T02:59:59Z'), now, zone)).toBe(false); // 4 June 23:59:59
    expect(isVacationDateAllowed(new Date('2026-06-05T02:59:59Z'), now, 'UTC')).toBe(true); // already 5 June in UTC
    expect(isVacationDateAllowed(new Date('2026-07-01T12:00:00Z'), now, zone)).toBe(true); // the future
    expect(isVacationDateAllowed(new Date(Number.NaN), now, zone)).toBe(false);
  });

  it('counts calendar days across a month end and a daylight-saving change', () => {
    // Europe/Lisbon moves to summer time on 29 March 2026: 10 days back from 3 April is 24 March.
    const now = new Date('2026-04-03T00:30:00+01:00');
    expect(isVacationDateAllowed(new Date('2026-03-24T00:00:00Z'), now, 'Europe/Lisbon')).toBe(true);
    expect(isVacationDateAllowed(new Date('2026-03-23T23:59:59Z'), now, 'Europe/Lisbon')).toBe(false);
  });

  it("without a zone, on the runtime's own clock (the browser's)", () => {
    const now = new Date(2026, 5, 15, 9, 30);
    expect(isVacationDateAllowed(new Date(2026, 5, 5, 0, 0), now)).toBe(true);
    expect(isVacationDateAllowed(new Date(2026, 5, 5, 9, 30), now)).toBe(true);
    expect(isVacationDateAllowed(new Date(2026, 5, 4, 23, 59, 59), now)).toBe(false);
  });

  it('names the window in its refusal', () => {
    expect(VACATION_DAYS_BACK).toBe(10);
    expect(VACATION_TOO_OLD_MESSAGE).toBe('Must not be more than 10 days ago');
  });
});
