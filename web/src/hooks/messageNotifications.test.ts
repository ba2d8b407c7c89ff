import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@atende/kit/contracts';
import {
  addNotified,
  browserNotice,
  notifiedList,
  notifies,
  pendingNotificationsOn,
  removeNotified,
  seedNotified,
  type NewMessageEvent,
} from './messageNotifications';

const viewer = { id: 7, queueIds: [1], allTicket: 'disable' as const, allowGroup: false };
const ctx = { showNotificationPending: false };

const ticket = (over: Partial<Ticket> = {}): Ticket =>
  ({
    id: 10,
    uuid: 'uuid-10',
    status: 'open',
    userId: 7,
    queueId: 1,
    isGroup: false,
    whatsapp: { id: 1, name: 'W', channel: 'whatsapp', groupAsTicket: 'disabled' },
    contact: { id: 3, name: 'Carla Paciente', urlPicture: 'https://pic/carla.jpg', profilePicUrl: null },
    ...over,
  }) as Ticket;

const message = (over: Partial<Message> = {}): Message => ({ id: 1, body: 'Bom dia!', fromMe: false, isPrivate: false, contact: null, ...over }) as Message;

const created = (m: Partial<Message> = {}, tk: Partial<Ticket> = {}): NewMessageEvent => ({ action: 'create', message: message(m), ticket: ticket(tk) });
const away = { openTicketUuid: undefined, visible: true };

describe('new-message notifications', () => {
  it('notify a new message that passes the rule', () => {
    expect(notifies(created(), viewer, ctx, away)).toBe(true);
    expect(notifies({ action: 'update', message: message(), ticket: ticket() }, viewer, ctx, away)).toBe(false);
    expect(notifies({ action: 'create', message: message() }, viewer, ctx, away)).toBe(false);
    expect(notifies(null, viewer, ctx, away)).toBe(false);
  });

  it('never for my own messages, private notes or tickets outside the rule', () => {
    expect(notifies(created({ fromMe: true }), viewer, ctx, away)).toBe(false);
    expect(notifies(created({ isPrivate: true }), viewer, ctx, away)).toBe(false);
    expect(notifies(created({}, { userId: 8 }), viewer, ctx, away)).toBe(false);
    expect(notifies(created({}, { queueId: 2 }), viewer, ctx, away)).toBe(false);
    expect(notifies(created({}, { status: 'pending', userId: null }), viewer, ctx, away)).toBe(false);
    expect(notifies(created({}, { status: 'pending', userId: null }), viewer, { showNotificationPending: true }, away)).toBe(true);
  });

  it('not for the ticket open on a visible page; yes once the page is hidden', () => {
    expect(notifies(created(), viewer, ctx, { openTicketUuid: 'uuid-10', visible: true })).toBe(false);
    expect(notifies(created(), viewer, ctx, { openTicketUuid: 'uuid-10', visible: false })).toBe(true);
    expect(notifies(created(), viewer, ctx, { openTicketUuid: 'uuid-11', visible: true })).toBe(true);
  });

  it('reads showNotificationPending as true/false (enabled counts as true)', () => {
    expect(pendingNotificationsOn('true')).toBe(true);
    expect(pendingNotificationsOn('enabled')).toBe(true);
    expect(pendingNotificationsOn('false')).toBe(false);
    expect(pendingNotificationsOn(null)).toBe(false);
  });

  it('shows the contact name, the message text and the contact picture, one notification per ticket', () => {
    expect(browserNotice(message(), ticket(), 'Nova mensagem')).toEqual({
      title: 'Carla Paciente',
      body: 'Bom dia!',
      icon: 'https://pic/carla.jpg',
      tag: 'ticket-10',
      uuid: 'uuid-10',
    });
    const media = browserNotice(
      message({ body: '  ' }),
      ticket({ contact: { name: 'Ana', urlPicture: null, profilePicUrl: null } as Ticket['contact'] }),
      'Nova mensagem',
    );
    expect(media).toMatchObject({ title: 'Ana', body: 'Nova mensagem', icon: undefined });
  });

  it('counts notified tickets until they are read or opened', () => {
    let tickets = addNotified(new Map(), { id: 10, uuid: 'uuid-10' });
    tickets = addNotified(tickets, { id: 10, uuid: 'uuid-10' });
    tickets = addNotified(tickets, { id: 11, uuid: 'uuid-11' });
    expect(tickets.size).toBe(2);
    expect(removeNotified(tickets, { uuid: 'uuid-11' }).size).toBe(1);
    expect(removeNotified(tickets, { id: 10 }).size).toBe(1);
    expect(removeNotified(tickets, { id: 99 })).toBe(tickets);
  });

  it("the bell's line shows the contact, the newest message and when", () => {
    let tickets = addNotified(new Map(), ticket({ updatedAt: '2025-03-01T10:00:00Z', lastMessage: 'antiga' }), 'Bom dia!');
    expect(tickets.get(10)).toEqual({
      id: 10,
      uuid: 'uuid-10',
      name: 'Carla Paciente',
      picture: 'https://pic/carla.jpg',
      lastMessage: 'Bom dia!',
      updatedAt: '2025-03-01T10:00:00Z',
    });
    tickets = addNotified(tickets, ticket({ updatedAt: '2025-03-01T10:05:00Z' }), 'Pode ser às 15h?');
    expect(tickets.size).toBe(1);
    expect(tickets.get(10)).toMatchObject({ lastMessage: 'Pode ser às 15h?', updatedAt: '2025-03-01T10:05:00Z' });
  });

  it('the bell starts with the unread tickets the rule lets through, newest first', () => {
    const unread = [
      ticket({ id: 10, uuid: 'uuid-10', unreadMessages: 2, updatedAt: '2025-03-01T10:00:00Z', lastMessage: 'Oi' }),
      ticket({ id: 11, uuid: 'uuid-11', unreadMessages: 1, updatedAt: '2025-03-01T11:00:00Z', lastMessage: 'Olá' }),
      // read, another attendant's, another queue's, resolved, and waiting without showNotificationPending
      ticket({ id: 12, uuid: 'uuid-12', unreadMessages: 0 }),
      ticket({ id: 13, uuid: 'uuid-13', unreadMessages: 1, userId: 8 }),
      ticket({ id: 14, uuid: 'uuid-14', unreadMessages: 1, queueId: 2 }),
      ticket({ id: 15, uuid: 'uuid-15', unreadMessages: 1, status: 'closed' }),
      ticket({ id: 16, uuid: 'uuid-16', unreadMessages: 1, status: 'pending', userId: null }),
    ];
    const seeded = seedNotified(new Map(), unread, viewer, ctx);
    expect(notifiedList(seeded).map((t) => t.uuid)).toEqual(['uuid-11', 'uuid-10']);
    expect(seedNotified(new Map(), unread, viewer, { showNotificationPending: true }).has(16)).toBe(true);
    // a ticket notified meanwhile keeps its newer line
    const live = addNotified(new Map(), ticket({ id: 10, uuid: 'uuid-10', updatedAt: '2025-03-01T12:00:00Z' }), 'nova');
    expect(seedNotified(live, unread, viewer, ctx).get(10)?.lastMessage).toBe('nova');
  });
});
