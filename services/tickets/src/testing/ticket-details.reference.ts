import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ticket } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toTicket, type TagRef } from '../domain/presenters.js';
import { connections, contactTags, contacts, queues, tags, ticketTags, tickets, users } from '../db/schema.js';

/** The tags of a ticket (or of its contact) as a JSON array, in the order they were put on. */
const ticketTagList = sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${ticketTags.createdAt}, ${ticketTags.tagId})
  from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`;
const contactTagList = sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${contactTags.createdAt}, ${contactTags.tagId})
  from ${contactTags} join ${tags} on ${tags.id} = ${contactTags.tagId} where ${contactTags.contactId} = ${contacts.id}), '[]'::json)`;

/** loadTicketDetails written with drizzle's query builder: the reference its raw statement must agree with (handlers.test.ts). */
export async function loadTicketDetailsBuilt(db: TicketsDb, companyId: number, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ticket: tickets,
      contact: contacts,
      queue: { id: queues.id, name: queues.name, color: queues.color },
      user: { id: users.id, name: users.name },
      connection: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
      tags: ticketTagList,
      contactTags: contactTagList,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .where(and(eq(tickets.companyId, companyId), ids.length === 1 ? eq(tickets.id, ids[0]!) : inArray(tickets.id, ids)));
  const byId = new Map(
    rows.map((r) => [
      r.ticket.id,
      toTicket(r.ticket, {
        contact: r.contact,
        contactTags: r.contactTags,
        queue: r.queue?.id ? r.queue : null,
        user: r.user?.id ? r.user : null,
        connection: r.connection?.id ? r.connection : null,
        tags: r.tags,
      }),
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((t): t is Ticket => Boolean(t));
}
