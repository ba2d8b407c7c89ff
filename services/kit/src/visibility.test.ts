import { describe, expect, it } from 'vitest';
import { canSeeTicket, hidesNumbers, maskContactNumbers, maskNumber, visibilityRule, type TicketScope, type Viewer } from './visibility.js';

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

describe('LGPD numbers', () => {
  it('hides numbers from profile users only, when enableLGPD and lgpdHideNumber are both on', () => {
    const on = () => true;
    expect(hidesNumbers({ profile: 'user', super: false }, on)).toBe(true);
    expect(hidesNumbers({ profile: 'admin', super: false }, on)).toBe(false);
    expect(hidesNumbers({ profile: 'user', super: true }, on)).toBe(false);
    expect(hidesNumbers({ profile: 'user', super: false }, (key) => key === 'lgpdHideNumber')).toBe(false);
  });

  it('masks every contact of a payload at any depth, once, leaving the rest as it is', () => {
    const contact = { id: 1, name: 'Joana', number: '5511987654321', remoteJid: '5511987654321@s.whatsapp.net' };
    const payload = { action: 'create', ticket: { id: 9, contact, lastMessage: '5511987654321' }, messages: [{ id: 2, contact }, { id: 3, contact: null }], createdAt: new Date(0) };
    const masked = maskContactNumbers(payload);
    expect(masked.ticket.contact).toEqual({ id: 1, name: 'Joana', number: '5511987****21', remoteJid: null });
    expect(masked.messages[0]!.contact).toEqual(masked.ticket.contact);
    expect(masked.messages[1]!.contact).toBeNull();
    expect(masked.ticket.lastMessage).toBe('5511987654321');
    expect(masked.createdAt).toBe(payload.createdAt);
    expect(payload.ticket.contact.number).toBe('5511987654321'); // the original is not touched
    expect(maskContactNumbers(masked)).toEqual(masked);
    expect(maskNumber('12')).toBe('**');
  });
});
