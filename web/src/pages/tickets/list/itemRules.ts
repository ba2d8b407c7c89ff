import type { Ticket, TicketStatus } from '@atende/kit/contracts';
import { QUEUE_TAG_CUT } from '../ticketRules';

/**
 * Pure rules of a ticket card (spec 000 §2 'Ticket list item'). Unit-tested in itemRules.test.ts.
 */

/** Every card has this height (px): the virtual list places cards without measuring them. */
export const ITEM_HEIGHT = 116;

/** Rating emoji of a closed ticket: 1 angry, 2 mad, 3 neutral, 4 smile, 5 heart-eyes. */
export const RATING_EMOJI: Record<number, string> = { 1: '😡', 2: '😠', 3: '😐', 4: '😊', 5: '😍' };

export function ratingEmoji(ticket: Pick<Ticket, 'status' | 'userRating'>): string | null {
  if (ticket.status !== 'closed' || !ticket.userRating) return null;
  return RATING_EMOJI[ticket.userRating.rate] ?? null;
}

/** The queue tag: 'LGPD' for the lgpd status, the first 8 characters of the queue name, or none ('SEM FILA'). */
export function queueTag(ticket: Pick<Ticket, 'status' | 'queue'>): { kind: 'lgpd' } | { kind: 'none' } | { kind: 'queue'; text: string } {
  if (ticket.status === 'lgpd') return { kind: 'lgpd' };
  if (!ticket.queue) return { kind: 'none' };
  return { kind: 'queue', text: ticket.queue.name.slice(0, QUEUE_TAG_CUT) };
}

/** The first tag and how many more ('+N'). */
export function tagSummary(tags: Ticket['tags'] | null | undefined): { first: Ticket['tags'][number]; more: number } | null {
  if (!tags || tags.length === 0) return null;
  return { first: tags[0]!, more: tags.length - 1 };
}

/** Card colour by status: pending warning, open success, closed grey. */
export function statusColor(status: TicketStatus): 'warning' | 'success' | 'processing' | 'default' {
  if (status === 'pending' || status === 'lgpd') return 'warning';
  if (status === 'open' || status === 'group') return 'success';
  if (status === 'nps') return 'processing'; // resolved, waiting for the contact's rating
  return 'default';
}

/** Pending (and lgpd) cards are highlighted. */
export const isWaiting = (status: TicketStatus) => status === 'pending' || status === 'lgpd';

export type ItemAction = 'accept' | 'ignore' | 'resolve' | 'returnToQueue' | 'transfer' | 'integration' | 'reopen' | 'delete';
export type ItemPermissions = {
  /** Admins, or users with userClosePendingTicket (areas.ignorePending). */
  ignore: boolean;
  /** ticket-options:deleteTicket. */
  delete: boolean;
};

/**
 * The buttons of a card by status: pending accept (+ ignore); lgpd ignore only (it waits for the contact's
 * consent: only a pending ticket can be accepted, spec 000 §4); open/group resolve, return to
 * queue, transfer, integration toggle; closed reopen (+ delete, shown disabled: a closed ticket
 * cannot be deleted).
 */
export function itemActions(status: TicketStatus, perms: ItemPermissions): ItemAction[] {
  if (status === 'pending') return perms.ignore ? ['accept', 'ignore'] : ['accept'];
  if (status === 'lgpd') return perms.ignore ? ['ignore'] : [];
  if (status === 'open' || status === 'group') return ['resolve', 'returnToQueue', 'transfer', 'integration'];
  if (status === 'closed') return perms.delete ? ['reopen', 'delete'] : ['reopen'];
  if (status === 'nps') return ['reopen'];
  return [];
}

/** Only tickets that are not closed may be deleted (spec 000 §4: 'Delete | any but closed'). */
export const canDeleteStatus = (status: TicketStatus) => status !== 'closed';
