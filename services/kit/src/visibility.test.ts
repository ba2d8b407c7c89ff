import { describe, expect, it } from 'vitest';
import { canSeeTicket, visibilityRule, type TicketScope, type Viewer } from './visibility.js';

const user = (over: Partial<Viewer> = {}): Viewer => ({
  userId: 10, profile: 'user', super: false, queueIds: [1], allTicket: 'disable', allowGroup: false, allHistoric: 'disabled', allUserChat: 'disabled', ...over,
});
const ticket = (over: Partial<TicketScope> = {}): TicketScope => ({ id: 1, status: 'pending', userId: null, queueId: 1, isGroup: false, ...over });
const sees = (viewer: Viewer, t: TicketScope) => canSeeTicket(visibilityRule(viewer), t);

describe('ticket visibility (spec 000 §6)', () => {
  it('admins and super users see everything', () => {
    expect(sees(user({ profile: 'admin', queueIds: [] }), ticket({ queueId: 99, status: 'closed', userId: 3 }))).toBe(true);
    expect(sees(user({ super: true, queueIds: [] }), ticket({ queueId: 99, status: 'open', userId: 3 }))).toBe(true);
  });
  it('a user always sees their own tickets, even outside their queues', () => {
    expect(sees(user(), ticket({ userId: 10, queueId: 42, status: 'open' }))).toBe(true);
    expect(sees(user(), ticket({ userId: 10, queueId: 42, status: 'closed' }))).toBe(true);
  });
  it('a user sees pending tickets of their queues, not of other queues', () => {
    expect(sees(user(), ticket())).toBe(true);
    expect(sees(user(), ticket({ queueId: 2 }))).toBe(false);
    expect(sees(user(), ticket({ status: 'lgpd' }))).toBe(true);
  });
  it('tickets without queue only with allTicket enabled', () => {
    expect(sees(user(), ticket({ queueId: null }))).toBe(false);
    expect(sees(user({ allTicket: 'enable' }), ticket({ queueId: null }))).toBe(true);
  });
  it("other users' open tickets only with allUserChat", () => {
    expect(sees(user(), ticket({ status: 'open', userId: 3 }))).toBe(false);
    expect(sees(user({ allUserChat: 'enabled' }), ticket({ status: 'open', userId: 3 }))).toBe(true);
    expect(sees(user({ allUserChat: 'enabled' }), ticket({ status: 'open', userId: 3, queueId: 2 }))).toBe(false);
  });
  it('closed tickets of others only with allHistoric', () => {
    expect(sees(user(), ticket({ status: 'closed', userId: 3 }))).toBe(false);
    expect(sees(user({ allHistoric: 'enabled' }), ticket({ status: 'closed', userId: 3 }))).toBe(true);
    expect(sees(user({ allHistoric: null }), ticket({ status: 'closed', userId: 3 }))).toBe(false);
  });
  it('group tickets only with allowGroup', () => {
    expect(sees(user(), ticket({ status: 'group', isGroup: true }))).toBe(false);
    expect(sees(user({ allowGroup: true }), ticket({ status: 'group', isGroup: true }))).toBe(true);
    expect(sees(user({ allowGroup: true }), ticket({ status: 'group', isGroup: true, queueId: 7 }))).toBe(false);
  });
});
