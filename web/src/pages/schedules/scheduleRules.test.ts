import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../api/schedules';
import { contactIdParam, isScheduleAttachment, isScheduleLocked, scheduleFormValues, scheduleProblems, scheduleState, toScheduleBody } from './scheduleRules';

const now = new Date('2026-03-10T12:00:00Z');

describe('schedule form (spec 000 line 259)', () => {
  it('a new schedule defaults to one hour from now and the spec defaults', () => {
    const values = scheduleFormValues(null, now, 42);
    expect(values.sendAt?.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(values).toMatchObject({
      contactId: 42,
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
      openTicket: 'enabled',
      statusTicket: 'closed',
    });
  });
  it('body needs 5 characters; contact and sendAt are required', () => {
    const ok = { body: 'Olá!!', contactId: 1, sendAt: dayjs(now) };
    expect(scheduleProblems(ok)).toEqual({});
    expect(scheduleProblems({ ...ok, body: ' Oi  ' }).body).toBe('tooShort');
    expect(scheduleProblems({ ...ok, contactId: null }).contactId).toBe('required');
    expect(scheduleProblems({ ...ok, sendAt: null }).sendAt).toBe('required');
  });
  it('does not require a connection (spec 002 §5): without one none is sent and the server picks the default', () => {
    const values = { ...scheduleFormValues(null, now, 7), body: 'Lembrete da consulta amanhã', whatsappId: null };
    expect(scheduleProblems(values)).toEqual({});
    expect(toScheduleBody(values)).not.toHaveProperty('whatsappId');
  });
  it('builds the body with numbers and an ISO sendAt', () => {
    const values = {
      ...scheduleFormValues(null, now, 7),
      whatsappId: 3,
      body: 'Lembrete de consulta',
      valorIntervalo: '' as unknown as number,
      enviarQuantasVezes: 0,
    };
    const body = toScheduleBody(values);
    expect(body).toMatchObject({
      contactId: 7,
      whatsappId: 3,
      body: 'Lembrete de consulta',
      sendAt: '2026-03-10T13:00:00.000Z',
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
    });
  });
});

describe('schedule states', () => {
  const row = (over: Partial<Schedule>) => ({ status: 'PENDENTE', sentAt: null, ...over }) as Schedule;
  it('a sent schedule is locked', () => {
    expect(isScheduleLocked(row({ sentAt: '2026-03-10T12:00:00Z' }))).toBe(true);
    expect(isScheduleLocked(row({}))).toBe(false);
    expect(isScheduleLocked(null)).toBe(false);
  });
  it('ERRO shows as a send error', () => {
    expect(scheduleState(row({ status: 'ERRO' }))).toBe('error');
    expect(scheduleState(row({ status: 'ENVIADA', sentAt: '2026-03-10T12:00:00Z' }))).toBe('sent');
    expect(scheduleState(row({}))).toBe('pending');
  });
  it('accepts png, jpg, jpeg, pdf, xls, xlsx and gif attachments only', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf', 'e.xls', 'f.xlsx', 'g.gif']) expect(isScheduleAttachment(name)).toBe(true);
    for (const name of ['a.exe', 'b.docx', 'noext']) expect(isScheduleAttachment(name)).toBe(false);
  });
  it('reads ?contactId= only when it is a positive id', () => {
    expect(contactIdParam('?contactId=12')).toBe(12);
    expect(contactIdParam('?contactId=abc')).toBeNull();
    expect(contactIdParam('?contactId=0')).toBeNull();
    expect(contactIdParam('')).toBeNull();
  });
});
