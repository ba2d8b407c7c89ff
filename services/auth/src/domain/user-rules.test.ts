import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@atende/kit';
import type { UserRow } from '../db/schema.js';
import { assertCanDelete, assertUserLimit, creationPlan, permittedChanges, toUser } from './user-rules.js';
import { subscriptionState } from './subscription.js';

const actor = (over: Partial<AuthUser> = {}): AuthUser => ({ userId: 1, companyId: 2, profile: 'admin', super: false, sessionId: 's', ...over });
const row = (over: Partial<UserRow> = {}): UserRow =>
  ({
    id: 1, companyId: 2, name: 'Ana', email: 'ana@x.com', passwordHash: 'h', profile: 'admin', super: false, online: false, lastSeenAt: null,
    startWork: '00:00', endWork: '23:59', farewellMessage: null, allTicket: 'disable', allowGroup: false, defaultTheme: 'light', defaultMenu: 'open',
    allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'enabled', showDashboard: 'disabled', allowRealTime: 'disabled',
    allowConnections: 'disabled', whatsappId: null, queueIds: [], profileImage: null, defaultTicketsManagerWidth: 550, createdAt: new Date(), updatedAt: new Date(),
    ...over,
  }) as UserRow;

describe('toUser', () => {
  it("tells the Users screen's status (spec 001 §3) from online, and never the password", () => {
    expect(toUser(row({ online: true }), (key) => key)).toMatchObject({ online: true, status: 'online' });
    expect(toUser(row(), (key) => key)).toMatchObject({ online: false, status: 'offline' });
    expect(toUser(row(), (key) => key)).not.toHaveProperty('passwordHash');
  });
});

describe('permittedChanges', () => {
  it('lets a user change their own name and theme', () => {
    expect(permittedChanges(actor({ profile: 'user' }), row({ profile: 'user' }), { name: 'Bia', defaultTheme: 'dark' })).toEqual({ name: 'Bia', defaultTheme: 'dark' });
  });

  it('refuses a user raising their own profile, super flag or company', () => {
    for (const change of [{ profile: 'admin' as const }, { super: true }, { companyId: 9 }]) {
      expect(() => permittedChanges(actor({ profile: 'user' }), row({ profile: 'user' }), change)).toThrowError(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
    }
  });

  it('refuses even an admin changing their own profile', () => {
    expect(() => permittedChanges(actor(), row(), { profile: 'user' })).toThrowError(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
  });

  it('drops unchanged values the web sends back with the whole form', () => {
    expect(permittedChanges(actor({ profile: 'user' }), row({ profile: 'user' }), { profile: 'user', queueIds: [], name: 'Ana', password: '' })).toEqual({});
  });

  it('refuses an attendant editing someone else', () => {
    expect(() => permittedChanges(actor({ profile: 'user' }), row({ id: 5 }), { name: 'X' })).toThrowError(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
  });

  it('lets an admin change another user’s profile and queues but not grant super', () => {
    expect(permittedChanges(actor(), row({ id: 5, profile: 'user' }), { profile: 'admin', queueIds: [3, 4] })).toEqual({ profile: 'admin', queueIds: [3, 4] });
    expect(() => permittedChanges(actor(), row({ id: 5 }), { super: true })).toThrowError(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
  });
});

describe('creation and deletion rules', () => {
  it('keeps a normal admin in their own company whatever companyId says', () => {
    expect(creationPlan(actor(), { name: 'X', email: 'x@x.com', password: '12345', companyId: 1 })).toEqual({ companyId: 2 });
  });
  it('lets a super user address another company', () => {
    expect(creationPlan(actor({ super: true }), { name: 'X', email: 'x@x.com', password: '12345', companyId: 7 })).toEqual({ companyId: 7 });
  });
  it('refuses attendants and self-deletion', () => {
    expect(() => creationPlan(actor({ profile: 'user' }), { name: 'X', email: 'x@x.com', password: '12345' })).toThrow();
    expect(() => assertCanDelete(actor(), row())).toThrowError(expect.objectContaining({ code: 'ERR_CANNOT_DELETE_SELF' }));
  });
  it('enforces the plan user limit, 0 meaning unlimited', () => {
    expect(() => assertUserLimit(3, 3)).toThrowError(expect.objectContaining({ code: 'ERR_USER_LIMIT_USER_CREATION' }));
    expect(() => assertUserLimit(3, 2)).not.toThrow();
    expect(() => assertUserLimit(0, 1000)).not.toThrow();
  });
});

describe('subscriptionState', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const zone = 'America/Sao_Paulo';
  it('never expires company 1', () => {
    expect(subscriptionState(1, '2000-01-01', zone, now)).toMatchObject({ expired: false, dueDate: '2999-12-31' });
  });
  it('marks a past due date expired', () => {
    expect(subscriptionState(2, '2026-11-21', zone, now)).toMatchObject({ expired: true, daysLeft: -1 });
  });
  it('warns under 5 days left', () => {
    expect(subscriptionState(2, '2026-11-25', zone, now)).toMatchObject({ expired: false, daysLeft: 3, expiresSoon: true });
    expect(subscriptionState(2, '2026-12-22', zone, now)).toMatchObject({ expiresSoon: false });
  });
  it("counts days on the companies' calendar: at 22:46 in São Paulo (01:46 UTC the next day) the due date is still today", () => {
    const evening = new Date('2026-12-02T01:46:00Z');
    expect(subscriptionState(2, '2026-12-01', zone, evening)).toMatchObject({ expired: false, daysLeft: 0, expiresSoon: true });
    expect(subscriptionState(2, '2026-12-02', zone, evening)).toMatchObject({ daysLeft: 1 });
    expect(subscriptionState(2, '2026-11-30', zone, evening)).toMatchObject({ expired: true, daysLeft: -1 });
    expect(subscriptionState(2, '2026-12-01', 'UTC', evening)).toMatchObject({ expired: true });
  });
});
