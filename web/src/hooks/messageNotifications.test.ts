import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@atende/kit/contracts';
import { addNotified, browserNotice, notifies, pendingNotificationsOn, removeNotified, type NewMessageEvent } from './messageNotifications';

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
});
