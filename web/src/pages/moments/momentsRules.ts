import type { Contact, Ticket } from '@atende/kit/contracts';

/**
 * The real-time panel's rules (spec 002 §2 "Real-time panel"): what a row shows, which card a ticket
 * goes to, who may open it, and how live events change the list. Pure: the page passes the clock and
 * the viewer in.
 */

/** Contact names longer than this are cut to 25 characters plus '...'. */
export const NAME_MAX = 30;
/** Last messages longer than this are cut to 27 characters plus '...'. */
export const MESSAGE_MAX = 30;

const cut = (text: string | null | undefined, max: number, keep: number): string => {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, keep)}...` : value;
};

/** The contact name of a row: at most 30 characters, else its first 25 and '...'. */
export const shortName = (name: string | null | undefined): string => cut(name, NAME_MAX, 25);

/** The last message of a row: at most 30 characters, else its first 27 and '...'. */
export const shortMessage = (text: string | null | undefined): string => cut(text, MESSAGE_MAX, 27);

/** Milliseconds from `now` to the next local midnight (when 'today' changes and the times must be shown again). */
export function msUntilMidnight(now: Date = new Date()): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(next.getTime() - now.getTime(), 1000);
}

/**
 * Who looks at the panel. `admin`: profile admin or super user (opens any ticket). Whoever may see the
 * panel sees every attendant's tickets there (allowRealTime lets a user in as an admin, spec 000 §6).
 */
export type PanelViewer = { id: number; admin: boolean };

/** A row links to /tickets/{uuid} only for an admin (or super user) or the ticket's own attendant. */
export function canOpenTicket(ticket: Pick<Ticket, 'userId'>, viewer: Pick<PanelViewer, 'id' | 'admin'>): boolean {
  return viewer.admin || (ticket.userId !== null && ticket.userId === viewer.id);
}

/** The statuses the panel asks for and shows: tickets being handled and those waiting. */
export const PANEL_STATUSES = ['open', 'pending'] as const satisfies readonly Ticket['status'][];

/** Whether a ticket (as a live event carries it) belongs on the panel: an open or pending one. */
export function onPanel(ticket: Pick<Ticket, 'status'>): boolean {
  return (PANEL_STATUSES as readonly string[]).includes(ticket.status);
}

export type AttendantCard = { user: { id: number; name: string }; tickets: Ticket[] };
export type PanelCards = {
  /** Tickets without an attendant ("Pendentes"). */
  pending: Ticket[];
  /** One card per attendant, by name. */
  attendants: AttendantCard[];
};

const time = (ticket: Ticket) => {
  const t = Date.parse(ticket.updatedAt);
  return Number.isNaN(t) ? 0 : t;
};
/** Most recently updated first. */
const byRecent = (a: Ticket, b: Ticket) => time(b) - time(a) || b.id - a.id;

/**
 * The cards of the panel: each attendant with their tickets (most recent first), attendants ordered
 * by name (then id), and the tickets without an attendant in the pending card.
 */
export function panelCards(tickets: readonly Ticket[], locale?: string): PanelCards {
  const pending: Ticket[] = [];
  const byUser = new Map<number, AttendantCard>();
  for (const ticket of tickets) {
    const user = ticket.user;
    if (!user) {
      pending.push(ticket);
      continue;
    }
    let card = byUser.get(user.id);
    if (!card) {
      card = { user: { id: user.id, name: user.name }, tickets: [] };
      byUser.set(user.id, card);
    }
    card.tickets.push(ticket);
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const attendants = [...byUser.values()].sort((a, b) => collator.compare(a.user.name.trim(), b.user.name.trim()) || a.user.id - b.user.id);
  for (const card of attendants) card.tickets.sort(byRecent);
  pending.sort(byRecent);
  return { pending, attendants };
}

/** What a live event asks of the panel. */
export type PanelChange =
  { kind: 'ticket'; ticket: Ticket } | { kind: 'remove'; ticketId: number } | { kind: 'contact'; contact: Pick<Contact, 'id' | 'name'> & Partial<Contact> };

/**
 * Applies live changes in order: a ticket replaces its older copy (an older copy than the shown one
 * is ignored), joins when it belongs on the panel and leaves when it no longer does; a removal drops
 * it; a contact update renames its tickets. Returns the same array when nothing changed.
 */
export function applyPanelChanges(tickets: readonly Ticket[], changes: readonly PanelChange[]): readonly Ticket[] {
  if (changes.length === 0) return tickets;
  const byId = new Map(tickets.map((t) => [t.id, t]));
  let changed = false;
  for (const change of changes) {
    if (change.kind === 'remove') {
      changed = byId.delete(change.ticketId) || changed;
    } else if (change.kind === 'ticket') {
      const incoming = change.ticket;
      const current = byId.get(incoming.id);
      if (current && time(incoming) < time(current)) continue;
      if (onPanel(incoming)) {
        byId.set(incoming.id, incoming);
        changed = true;
      } else if (current) {
        byId.delete(incoming.id);
        changed = true;
      }
    } else {
      const { contact } = change;
      for (const [id, ticket] of byId) {
        if (ticket.contact?.id === contact.id) {
          byId.set(id, { ...ticket, contact: { ...ticket.contact, ...contact } });
          changed = true;
        }
      }
    }
  }
  return changed ? [...byId.values()] : tickets;
}
