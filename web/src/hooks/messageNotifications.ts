import { isSettingOn, type Message, type Ticket } from '@atende/kit/contracts';
import { shouldSoundFor, type NotifyContext, type NotifyViewer } from '../pages/tickets/ticketRules';

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

/** Tickets with notified messages not seen yet (id → uuid): the count in the page title. */
export type NotifiedTickets = ReadonlyMap<number, string>;

export function addNotified(tickets: NotifiedTickets, ticket: Pick<Ticket, 'id' | 'uuid'>): NotifiedTickets {
  if (tickets.get(ticket.id) === ticket.uuid) return tickets;
  return new Map(tickets).set(ticket.id, ticket.uuid);
}

/** A ticket read (updateUnread, no unread left), deleted, or opened by the viewer leaves the count. */
export function removeNotified(tickets: NotifiedTickets, match: { id?: number; uuid?: string }): NotifiedTickets {
  const ids = [...tickets].filter(([id, uuid]) => id === match.id || (match.uuid !== undefined && uuid === match.uuid)).map(([id]) => id);
  if (ids.length === 0) return tickets;
  const next = new Map(tickets);
  for (const id of ids) next.delete(id);
  return next;
}
