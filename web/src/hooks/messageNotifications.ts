import { isSettingOn, type Message, type Ticket } from '@atende/kit/contracts';
import { shouldNotify, shouldSoundFor, type NotifyContext, type NotifyTicket, type NotifyViewer } from '../pages/tickets/ticketRules';

/**
 * Pure rules of the new-message notifications (spec 000 §4 'Notification rule for a new message';
 * §2 notification title): whether a message notifies, what the browser notification shows, and
 * which tickets the title counts. Unit-tested in messageNotifications.test.ts.
 */
export type NewMessageEvent = { action: string; message?: Message | null; ticket?: Ticket | null };

/** What the viewer is looking at: the ticket open at /tickets/{uuid} and whether the page is visible. */
export type Watching = { openTicketUuid: string | undefined; visible: boolean };

/** The company setting showNotificationPending is true/false (spec 001 §3); 'enabled' counts as true. */
export const pendingNotificationsOn = (value: string | null | undefined) => value != null && isSettingOn(value);

/**
 * Whether a live message raises the sound and the browser notification: a new message that passes
 * the rule (never my own or a private note), unless its ticket is the one I am looking at.
 */
export function notifies(
  event: NewMessageEvent | null | undefined,
  viewer: NotifyViewer,
  ctx: NotifyContext,
  watching: Watching,
): event is NewMessageEvent & { message: Message; ticket: Ticket } {
  if (event?.action !== 'create' || !event.message || !event.ticket) return false;
  if (watching.visible && watching.openTicketUuid !== undefined && event.ticket.uuid === watching.openTicketUuid) return false;
  return shouldSoundFor(event.message, event.ticket, viewer, ctx);
}

export type BrowserNotice = { title: string; body: string; icon: string | undefined; tag: string; uuid: string };

/**
 * The browser notification of a message: the contact's name, the message text (`fallbackBody` for a
 * media message without text) and the contact's picture. One tag per ticket, so a ticket shows one
 * notification (the newest) and several open tabs do not stack copies.
 */
export function browserNotice(
  message: Pick<Message, 'body' | 'contact'>,
  ticket: Pick<Ticket, 'id' | 'uuid' | 'contact'>,
  fallbackBody: string,
): BrowserNotice {
  const contact = ticket.contact;
  return {
    title: contact?.name || message.contact?.name || '',
    body: message.body?.trim() || fallbackBody,
    icon: contact?.urlPicture || contact?.profilePicUrl || message.contact?.urlPicture || undefined,
    tag: `ticket-${ticket.id}`,
    uuid: ticket.uuid,
  };
}

/** A ticket of the notification bell: what its line shows (contact, last message, when). */
export type NotifiedTicket = { id: number; uuid: string; name: string; picture: string | undefined; lastMessage: string; updatedAt: string | undefined };

/** Tickets with notified messages not seen yet (by id): the count in the page title and the bell's list. */
export type NotifiedTickets = ReadonlyMap<number, NotifiedTicket>;

type NotifiedSource = Pick<Ticket, 'id' | 'uuid'> & Partial<Pick<Ticket, 'contact' | 'lastMessage' | 'updatedAt'>>;

function summary(ticket: NotifiedSource, body: string | undefined, before: NotifiedTicket | undefined): NotifiedTicket {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    name: ticket.contact?.name || before?.name || '',
    picture: ticket.contact?.urlPicture || ticket.contact?.profilePicUrl || before?.picture || undefined,
    lastMessage: body?.trim() || ticket.lastMessage?.trim() || before?.lastMessage || '',
    updatedAt: ticket.updatedAt || before?.updatedAt,
  };
}

const sameSummary = (a: NotifiedTicket, b: NotifiedTicket) =>
  a.uuid === b.uuid && a.name === b.name && a.picture === b.picture && a.lastMessage === b.lastMessage && a.updatedAt === b.updatedAt;

/** A ticket notified (again): added, or its line brought up to date with the new message `body`. */
export function addNotified(tickets: NotifiedTickets, ticket: NotifiedSource, body?: string): NotifiedTickets {
  const before = tickets.get(ticket.id);
  const next = summary(ticket, body, before);
  if (before && sameSummary(before, next)) return tickets;
  return new Map(tickets).set(ticket.id, next);
}

/** A ticket read (updateUnread, no unread left), deleted, or opened by the viewer leaves the count. */
export function removeNotified(tickets: NotifiedTickets, match: { id?: number; uuid?: string }): NotifiedTickets {
  const ids = [...tickets.values()].filter((t) => t.id === match.id || (match.uuid !== undefined && t.uuid === match.uuid)).map((t) => t.id);
  if (ids.length === 0) return tickets;
  const next = new Map(tickets);
  for (const id of ids) next.delete(id);
  return next;
}

/**
 * The bell's first list (spec 000 §2, §7 withUnreadMessages): tickets with unread messages that the
 * notification rule lets through, resolved ones left out. Tickets notified meanwhile are kept as they are.
 */
export function seedNotified(
  tickets: NotifiedTickets,
  unread: readonly (NotifiedSource & NotifyTicket & Pick<Ticket, 'unreadMessages'>)[],
  viewer: NotifyViewer,
  ctx: NotifyContext,
): NotifiedTickets {
  let next = tickets;
  for (const ticket of unread) {
    if (next.has(ticket.id) || ticket.unreadMessages <= 0 || ticket.status === 'closed') continue;
    if (!shouldNotify(ticket, viewer, ctx)) continue;
    next = addNotified(next, ticket);
  }
  return next;
}

/** The bell's lines, newest first. */
export function notifiedList(tickets: NotifiedTickets): NotifiedTicket[] {
  return [...tickets.values()].sort((a, b) => (Date.parse(b.updatedAt ?? '') || 0) - (Date.parse(a.updatedAt ?? '') || 0) || b.id - a.id);
}
