import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { connectionBody, VACATION_TOO_OLD_MESSAGE, type WhatsappConnection } from '@atende/kit/contracts';
import {
  connectionFormValues,
  connectionSchedules,
  formProblems,
  isVacationDayTooOld,
  mediaFileName,
  newConnectionToken,
  serverIssues,
  tabOfField,
  toConnectionBody,
  type ConnectionFormValues,
} from './connectionForm';

const now = dayjs('2026-06-15T12:00:00');
const valid = (over: Partial<ConnectionFormValues> = {}): ConnectionFormValues => ({ ...connectionFormValues(null), name: 'Reception', ...over });

describe('connection editor checks (spec 001 §5)', () => {
  it('accepts a new connection with only its name', () => {
    expect(formProblems(valid(), now)).toEqual({});
  });
  it('requires a name of 2 to 50 characters', () => {
    expect(formProblems(valid({ name: ' ' }), now).name).toBe('required');
    expect(formProblems(valid({ name: 'A' }), now).name).toBe('nameShort');
    expect(formProblems(valid({ name: 'x'.repeat(51) }), now).name).toBe('nameLong');
  });
  it('requires the import queue and a start within the last 2 years when importing', () => {
    const problems = formProblems(valid({ importEnabled: true, importOldMessages: now.subtract(3, 'year') }), now);
    expect(problems.queueIdImportMessages).toBe('importQueueRequired');
    expect(problems.importOldMessages).toBe('importStartRange');
    expect(formProblems(valid({ importEnabled: true, importOldMessages: now.subtract(1, 'month'), queueIdImportMessages: 4 }), now)).toEqual({});
  });
  it('refuses an import end before its start or in the future', () => {
    const start = now.subtract(10, 'day');
    const base = { importEnabled: true, importOldMessages: start, queueIdImportMessages: 4 };
    expect(formProblems(valid({ ...base, importRecentMessages: start.subtract(1, 'day') }), now).importRecentMessages).toBe('importEndRange');
    expect(formProblems(valid({ ...base, importRecentMessages: now.add(1, 'day') }), now).importRecentMessages).toBe('importEndRange');
  });
  it('ignores the import fields while the switch is off', () => {
    expect(formProblems(valid({ importEnabled: false, importOldMessages: now.subtract(5, 'year') }), now)).toEqual({});
  });
  it('requires a redirect queue once a redirect time is set', () => {
    expect(formProblems(valid({ timeSendQueue: 5 }), now).sendIdQueue).toBe('redirectQueueRequired');
    expect(formProblems(valid({ timeSendQueue: 5, sendIdQueue: 2 }), now).sendIdQueue).toBeUndefined();
  });
  it('requires vacation dates no earlier than 10 days ago when a vacation message exists', () => {
    const problems = formProblems(valid({ collectiveVacationMessage: 'Closed for holidays' }), now);
    expect(problems.collectiveVacationStart).toBe('vacationDatesRequired');
    expect(problems.collectiveVacationEnd).toBe('vacationDatesRequired');
    const old = formProblems(valid({ collectiveVacationMessage: 'x', collectiveVacationStart: now.subtract(11, 'day'), collectiveVacationEnd: now }), now);
    expect(old.collectiveVacationStart).toBe('vacationTooOld');
    const reversed = formProblems(valid({ collectiveVacationMessage: 'x', collectiveVacationStart: now.add(5, 'day'), collectiveVacationEnd: now.add(1, 'day') }), now);
    expect(reversed.collectiveVacationEnd).toBe('vacationOrder');
  });
  it('takes vacation dates by calendar day on the browser clock: the day 10 days back at any time, not the day before', () => {
    // The picker fills in the time of day it was opened: 5 June at 12:00 (opened at noon, saved a minute later) and at 00:00 pass.
    const savedLater = now.add(1, 'minute');
    const earliestDay = dayjs('2026-06-05T00:00:00');
    for (const day of [earliestDay, earliestDay.hour(12), earliestDay.hour(12).add(1, 'minute'), earliestDay.endOf('day')]) {
      const problems = formProblems(valid({ collectiveVacationMessage: 'x', collectiveVacationStart: day, collectiveVacationEnd: day }), savedLater);
      expect(problems, day.format()).toEqual({});
      expect(isVacationDayTooOld(day, savedLater)).toBe(false);
    }
    const dayBefore = earliestDay.subtract(1, 'second');
    const old = formProblems(valid({ collectiveVacationMessage: 'x', collectiveVacationStart: dayBefore, collectiveVacationEnd: dayBefore.hour(12) }), savedLater);
    expect(old).toEqual({ collectiveVacationStart: 'vacationTooOld', collectiveVacationEnd: 'vacationTooOld' });
    expect(isVacationDayTooOld(dayBefore, savedLater)).toBe(true);
    // Late in the evening the earliest day is still 5 June.
    expect(isVacationDayTooOld(earliestDay, dayjs('2026-06-15T23:59:00'))).toBe(false);
    expect(isVacationDayTooOld(earliestDay, dayjs('2026-06-16T00:00:00'))).toBe(true);
  });
  it('requires the ticket expiry with an inactivity time, and the rating expiry with a rating message', () => {
    expect(formProblems(valid({ timeInactiveMessage: 10, expiresTicket: 0 }), now).expiresTicket).toBe('expiresTicketRequired');
    expect(formProblems(valid({ ratingMessage: 'Rate us 1-5', expiresTicketNPS: 0 }), now).expiresTicketNPS).toBe('expiresTicketNPSRequired');
    expect(formProblems(valid({ ratingMessage: 'Rate us 1-5', expiresTicketNPS: 30 }), now)).toEqual({});
  });
});

describe('editor body', () => {
  it('builds a body the server schema accepts, with defaults of spec 001 §9', () => {
    const token = newConnectionToken();
    const body = toConnectionBody(valid(), { channel: 'whatsapp', schedules: connectionSchedules(null), token });
    expect(connectionBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ maxUseBotQueues: 3, maxUseBotQueuesNPS: 3, token });
    expect(body.schedules?.[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
  });
  it('clears the import fields when the switch is off', () => {
    const body = toConnectionBody(valid({ importEnabled: false, importOldMessages: now, queueIdImportMessages: 3, importOldMessagesGroups: true }), { channel: 'whatsapp' });
    expect(body).toMatchObject({ importOldMessages: null, queueIdImportMessages: null, importOldMessagesGroups: false });
    expect('token' in body).toBe(false);
  });
  it('names a stored media by its file, without the signature', () => {
    expect(mediaFileName('/api/media/channels/company2/greetings/355e8e.png?exp=1796338800&sig=bbad6')).toBe('355e8e.png');
    expect(mediaFileName('saudacao.mp4')).toBe('saudacao.mp4');
  });
  it('draws new tokens of 30 letters or digits, evenly (bytes past the alphabet are drawn again)', () => {
    const tokens = Array.from({ length: 50 }, () => newConnectionToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(new Set(tokens).size).toBe(50);
    let call = 0;
    // First draw: only bytes 248..255 (past 62 * 4 = 248) and one 'A'; the rest comes from the next draws.
    const bytes = (n: number) => new Uint8Array(n).fill(call++ === 0 ? 250 : 1).map((b, i) => (call === 1 && i === 0 ? 0 : b));
    expect(newConnectionToken(bytes)).toBe(`A${'B'.repeat(29)}`);
  });
  it('reads a stored connection back into the editor', () => {
    const values = connectionFormValues({ name: 'Sales', importOldMessages: '2026-05-01T00:00:00.000Z', queues: [{ id: 7, name: 'Q', color: '#fff' }], queueIds: [7] } as unknown as WhatsappConnection);
    expect(values).toMatchObject({ name: 'Sales', importEnabled: true, queueIds: [7] });
    expect(values.importOldMessages?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
  it('keeps stored shifts and fills missing weekdays with the defaults', () => {
    const monday = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '07:00', endTimeA: '11:00', startTimeB: '', endTimeB: '' };
    const schedules = connectionSchedules([monday]);
    expect(schedules).toHaveLength(7);
    expect(schedules[0]).toEqual(monday);
    expect(schedules[6]).toMatchObject({ weekdayEn: 'sunday', startTimeA: '08:00' });
  });
});

describe('refused saves', () => {
  const answer = (data: unknown) => ({ response: { status: 400, data } });
  it('puts the server validation fields on their fields', () => {
    const issues = serverIssues(answer({ error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Nome muito curto' }, { field: 'expiresTicket', message: 'Too small' }] }));
    expect(issues).toEqual([
      { field: 'name', problem: 'nameShort', code: null, text: 'Nome muito curto' },
      { field: 'expiresTicket', problem: null, code: null, text: 'Too small' },
    ]);
    expect(tabOfField('expiresTicket')).toBe('chatbot');
    expect(tabOfField('schedules.2.startTimeA')).toBe('schedules');
  });
  it("reads the server's too-old vacation date as the editor's own check", () => {
    expect(serverIssues(answer({ error: 'ERR_VALIDATION', fields: [{ field: 'collectiveVacationStart', message: VACATION_TOO_OLD_MESSAGE }] }))).toEqual([
      { field: 'collectiveVacationStart', problem: 'vacationTooOld', code: null, text: VACATION_TOO_OLD_MESSAGE },
    ]);
  });
  it('shows the missing default connection code on the default switch', () => {
    expect(serverIssues(answer({ error: 'ERR_NO_OTHER_WHATSAPP', message: '' }))).toEqual([{ field: 'isDefault', problem: null, code: 'ERR_NO_OTHER_WHATSAPP', text: '' }]);
  });
});
