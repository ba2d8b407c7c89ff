import { and, eq, inArray } from 'drizzle-orm';
import type { Ticket } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toTicket, type TagRef } from '../domain/presenters.js';
import { connections, contactTags, contacts, queues, tags, ticketTags, tickets, users } from './schema.js';

/**
 * Tickets with everything an answer or event shows (contact and its tags, queue, user, connection,
 * ticket tags), in the order of `ids`. Five small indexed queries, whatever the number of tickets.
 */
export async function loadTicketDetails(db: TicketsDb, companyId: number, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ticket: tickets, contact: contacts, queue: { id: queues.id, name: queues.name, color: queues.color }, user: { id: users.id, name: users.name }, connection: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket } })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)));
  const contactIds = [...new Set(rows.map((r) => r.contact.id))];
  const [ticketTagRows, contactTagRows] = await Promise.all([
    db.select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban }).from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId)).where(inArray(ticketTags.ticketId, ids)),
    contactIds.length
      ? db.select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban }).from(contactTags).innerJoin(tags, eq(tags.id, contactTags.tagId)).where(inArray(contactTags.contactId, contactIds))
      : Promise.resolve([]),
  ]);
  const group = <K>(list: (TagRef & Record<string, unknown>)[], key: (r: Record<string, unknown>) => K) => {
    const map = new Map<K, TagRef[]>();
    for (const r of list) {
      const k = key(r);
      map.set(k, [...(map.get(k) ?? []), { id: r.id, name: r.name, color: r.color, kanban: r.kanban }]);
    }
    return map;
  };
  const byTicket = group(ticketTagRows, (r) => r.ticketId as number);
  const byContact = group(contactTagRows, (r) => r.contactId as number);
  const byId = new Map(
    rows.map((r) => [
      r.ticket.id,
      toTicket(r.ticket, {
        contact: r.contact,
        contactTags: byContact.get(r.contact.id) ?? [],
        queue: r.queue?.id ? r.queue : null,
        user: r.user?.id ? r.user : null,
        connection: r.connection?.id ? r.connection : null,
        tags: byTicket.get(r.ticket.id) ?? [],
      }),
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((t): t is Ticket => Boolean(t));
}

export async function loadTicketDetail(db: TicketsDb, companyId: number, id: number): Promise<Ticket | undefined> {
  return (await loadTicketDetails(db, companyId, [id]))[0];
}
