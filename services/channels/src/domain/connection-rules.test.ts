import { describe, expect, it } from 'vitest';
import { AppError, VACATION_TOO_OLD_MESSAGE } from '@atende/kit';
import {
  assertChannelAllowed,
  assertConnectionLimit,
  assertGreeting,
  checkConnectionRules,
  channelPlanFlag,
  initialStatus,
  newConnectionToken,
  type ConnectionRuleFields,
} from './connection-rules.js';

/** 09:00 on 15 June 2026 in São Paulo (UTC-3), the companies' wall clock of these tests. */
const now = new Date('2026-06-15T12:00:00Z');
const ZONE = 'America/Sao_Paulo';
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);

const valid = (): ConnectionRuleFields => ({
  importOldMessages: null,
  importRecentMessages: null,
  queueIdImportMessages: null,
  timeSendQueue: 0,
  sendIdQueue: null,
  collectiveVacationMessage: '',
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
  timeInactiveMessage: 0,
  expiresTicket: 0,
  ratingMessage: '',
  expiresTicketNPS: 0,
});

/** The field named by the 400 the rules throw (undefined: they passed). */
function failingField(fields: Partial<ConnectionRuleFields>, changed: string[] = Object.keys(fields), at = now, timeZone = ZONE): string | undefined {
  return failure(fields, changed, at, timeZone)?.field;
}

/** The field and message of the 400 the rules throw (undefined: they passed). */
function failure(fields: Partial<ConnectionRuleFields>, changed: string[] = Object.keys(fields), at = now, timeZone = ZONE) {
  try {
    checkConnectionRules({ ...valid(), ...fields }, new Set(changed), timeZone, at);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ERR_VALIDATION');
    return (err as AppError).fields?.[0];
  }
}

describe('connection editor rules (spec 001 §5)', () => {
  it('accepts a plain connection', () => {
    expect(failingField({})).toBeUndefined();
  });

  it('requires the import queue when importing old messages', () => {
    expect(failingField({ importOldMessages: daysAgo(30) })).toBe('queueIdImportMessages');
    expect(failingField({ importOldMessages: daysAgo(30), queueIdImportMessages: 4 })).toBeUndefined();
  });

  it('imports from at most two years back, and the end not before the start', () => {
    expect(failingField({ importOldMessages: daysAgo(800), queueIdImportMessages: 4 })).toBe('importOldMessages');
    expect(failingField({ importOldMessages: daysAgo(10), importRecentMessages: daysAgo(20), queueIdImportMessages: 4 })).toBe('importRecentMessages');
  });

  it('leaves an old import start alone when the request does not set it', () => {
    expect(failingField({ importOldMessages: daysAgo(800), queueIdImportMessages: 4 }, ['name'])).toBeUndefined();
  });

  it('requires the redirect queue when a redirect time is set', () => {
    expect(failingField({ timeSendQueue: 5 })).toBe('sendIdQueue');
    expect(failingField({ timeSendQueue: 5, sendIdQueue: 2 })).toBeUndefined();
  });

  it('requires vacation start and end with a vacation message, end not before start', () => {
    expect(failingField({ collectiveVacationMessage: 'Férias' })).toBe('collectiveVacationStart');
    expect(failingField({ collectiveVacationMessage: 'Férias', collectiveVacationStart: daysAgo(1) })).toBe('collectiveVacationEnd');
    expect(failingField({ collectiveVacationMessage: 'Férias', collectiveVacationStart: daysAgo(1), collectiveVacationEnd: daysAgo(2) })).toBe('collectiveVacationEnd');
    expect(failingField({ collectiveVacationMessage: 'Férias', collectiveVacationStart: daysAgo(1), collectiveVacationEnd: daysAgo(-5) })).toBeUndefined();
  });

  it('refuses vacation dates more than ten days back', () => {
    expect(failingField({ collectiveVacationMessage: 'Férias', collectiveVacationStart: daysAgo(11), collectiveVacationEnd: daysAgo(-1) })).toBe('collectiveVacationStart');
  });

  describe('vacation dates by calendar day on the companies\' wall clock (spec 001 §5, §9)', () => {
    const vacation = (start: Date, end: Date = daysAgo(-1)) => ({ collectiveVacationMessage: 'Férias', collectiveVacationStart: start, collectiveVacationEnd: end });

    it('accepts the earliest day (5 June in São Paulo) at 00:00, at the time of day it is now, and at a time the picker took earlier', () => {
      expect(failure(vacation(new Date('2026-06-05T03:00:00Z')))).toBeUndefined(); // 5 June 00:00 -03
      expect(failure(vacation(daysAgo(10)))).toBeUndefined(); // 5 June 09:00 -03
      expect(failure(vacation(new Date(daysAgo(10).getTime() - 5 * 60_000)))).toBeUndefined(); // opened at 08:55, saved at 09:00
      expect(failure(vacation(new Date('2026-06-06T02:59:59Z')))).toBeUndefined(); // 5 June 23:59:59 -03
      expect(failure(vacation(daysAgo(1), new Date('2026-06-05T03:00:00Z')))).toEqual({ field: 'collectiveVacationEnd', message: 'Must not be before the start' });
      expect(failure({ ...vacation(new Date('2026-06-05T03:00:00Z')), collectiveVacationEnd: new Date('2026-06-05T03:00:00Z') })).toBeUndefined();
    });

    it('refuses the day before (4 June) at any time, start or end, with the same message', () => {
      expect(failure(vacation(new Date('2026-06-05T02:59:59Z')))).toEqual({ field: 'collectiveVacationStart', message: VACATION_TOO_OLD_MESSAGE }); // 4 June 23:59:59 -03
      expect(failure(vacation(daysAgo(11)))).toEqual({ field: 'collectiveVacationStart', message: VACATION_TOO_OLD_MESSAGE });
      expect(failure({ ...vacation(daysAgo(1)), collectiveVacationEnd: new Date('2026-06-04T12:00:00Z') })).toEqual({ field: 'collectiveVacationEnd', message: VACATION_TOO_OLD_MESSAGE });
      expect(VACATION_TOO_OLD_MESSAGE).toBe('Must not be more than 10 days ago');
    });

    it('reads both days on the companies\' clock, not on UTC', () => {
      // 02:00 UTC on 5 June is still 4 June in São Paulo: too old there, fine on a UTC clock.
      expect(failingField(vacation(new Date('2026-06-05T02:00:00Z')))).toBe('collectiveVacationStart');
      expect(failingField(vacation(new Date('2026-06-05T02:00:00Z')), undefined, now, 'UTC')).toBeUndefined();
      // 22:00 on 15 June in São Paulo is 16 June in UTC: the earliest day stays 5 June.
      const lateEvening = new Date('2026-06-16T01:00:00Z');
      expect(failingField(vacation(new Date('2026-06-05T03:00:00Z')), undefined, lateEvening)).toBeUndefined();
      expect(failingField(vacation(new Date('2026-06-05T03:00:00Z')), undefined, lateEvening, 'UTC')).toBe('collectiveVacationStart');
    });

    it('leaves a stored old vacation alone when the request does not set it', () => {
      expect(failingField(vacation(daysAgo(40), daysAgo(30)), ['name'])).toBeUndefined();
    });
  });

  it('requires the ticket expiry when an inactivity time is set', () => {
    expect(failingField({ timeInactiveMessage: 10 })).toBe('expiresTicket');
    expect(failingField({ timeInactiveMessage: 10, expiresTicket: 30 })).toBeUndefined();
  });

  it('requires a rating expiry above 0 when a rating message is set', () => {
    expect(failingField({ ratingMessage: 'Avalie de 1 a 5' })).toBe('expiresTicketNPS');
    expect(failingField({ ratingMessage: 'Avalie de 1 a 5', expiresTicketNPS: 15 })).toBeUndefined();
  });
});

describe('plan, greeting and token', () => {
  it('maps each channel to its plan flag, whatsappapi being WhatsApp', () => {
    expect(channelPlanFlag('whatsapp')).toBe('useWhatsapp');
    expect(channelPlanFlag('whatsappapi')).toBe('useWhatsapp');
    expect(channelPlanFlag('facebook')).toBe('useFacebook');
    expect(channelPlanFlag('instagram')).toBe('useInstagram');
  });

  it('refuses a channel the plan lacks, and every channel without a plan', () => {
    expect(() => assertChannelAllowed({ useWhatsapp: true, useInstagram: false }, 'instagram')).toThrow(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
    expect(() => assertChannelAllowed(null, 'whatsapp')).toThrow(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
    expect(() => assertChannelAllowed({ useWhatsapp: true }, 'whatsappapi')).not.toThrow();
  });

  it('limits connections to the plan count, 0 or no plan meaning unlimited', () => {
    expect(() => assertConnectionLimit({ connections: 2 }, 2)).toThrow(expect.objectContaining({ code: 'ERR_CONNECTION_LIMIT' }));
    expect(() => assertConnectionLimit({ connections: 2 }, 1)).not.toThrow();
    expect(() => assertConnectionLimit({ connections: 0 }, 50)).not.toThrow();
    expect(() => assertConnectionLimit(null, 50)).not.toThrow();
  });

  it('requires a greeting only with more than one queue', () => {
    expect(() => assertGreeting('  ', 2)).toThrow(expect.objectContaining({ code: 'ERR_WAPP_GREETING_REQUIRED' }));
    expect(() => assertGreeting('', 1)).not.toThrow();
    expect(() => assertGreeting('Olá! Escolha:', 3)).not.toThrow();
  });

  it('starts WhatsApp connections connecting and the others disconnected', () => {
    expect(initialStatus('whatsapp')).toBe('OPENING');
    expect(initialStatus('whatsappapi')).toBe('OPENING');
    expect(initialStatus('facebook')).toBe('DISCONNECTED');
  });

  it('makes 30-character alphanumeric tokens that differ', () => {
    const tokens = new Set(Array.from({ length: 50 }, newConnectionToken));
    expect(tokens.size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9]{30}$/);
  });
});
