import type { Ticket } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toTicket, type TagRef } from '../domain/presenters.js';
import { columns, run, tableRef } from './raw.js';
import { connections, contactTags, contacts, queues, tags, ticketTags, tickets, users } from './schema.js';

const detailColumns = {
  ticket: columns(tickets, 't'),
  contact: columns(contacts, 'c'),
  queue: columns(queues, 'q', ['id', 'name', 'color']),
  user: columns(users, 'u', ['id', 'name']),
  connection: columns(connections, 'w', ['id', 'name', 'channel', 'groupAsTicket']),
};
const tagJson = (link: string, owner: string) =>
  `coalesce((select json_agg(json_build_object('id', tg."${tags.id.name}", 'name', tg."${tags.name.name}", 'color', tg."${tags.color.name}", 'kanban', tg."${tags.kanban.name}") order by l."created_at", l."tag_id")
    from ${link} l join ${tableRef(tags)} tg on tg."${tags.id.name}" = l."tag_id" where ${owner}), '[]'::json)`;
/**
 * The columns and joins of a ticket's detail over `source` (a table or a CTE with the tickets table's
 * columns, aliased t): what loadTicketDetails selects, and what the inbound write returns with its message.
 */
export const ticketDetailOver = (source: string) => ({
  columns: `${Object.values(detailColumns)
    .map((c) => c.list)
    .join(', ')},
  ${tagJson(tableRef(ticketTags), `l."${ticketTags.ticketId.name}" = t."${tickets.id.name}"`)} as "tags",
  ${tagJson(tableRef(contactTags), `l."${contactTags.contactId.name}" = c."${contacts.id.name}"`)} as "contactTags"`,
  joins: `${source} t
  join ${tableRef(contacts)} c on c."${contacts.id.name}" = t."${tickets.contactId.name}"
  left join ${tableRef(queues)} q on q."${queues.id.name}" = t."${tickets.queueId.name}"
  left join ${tableRef(users)} u on u."${users.id.name}" = t."${tickets.userId.name}"
  left join ${tableRef(connections)} w on w."${connections.id.name}" = t."${tickets.whatsappId.name}"`,
});
/** The statement of loadTicketDetails (its drizzle twin in testing/ticket-details.reference.ts is the test oracle). */
const overTickets = ticketDetailOver(tableRef(tickets));
const detailSelect = `select ${overTickets.columns}
  from ${overTickets.joins}
  where t."${tickets.companyId.name}" = $1 and `;
const detailOne = `${detailSelect}t."${tickets.id.name}" = $2`;
const detailMany = `${detailSelect}t."${tickets.id.name}" = any($2::int[])`;

/** A row of a ticketDetailOver select as the ticket answer and events show it. */
export function readTicketDetail(r: Record<string, unknown>): Ticket {
  const queue = detailColumns.queue.read(r);
  const user = detailColumns.user.read(r);
  const connection = detailColumns.connection.read(r);
  return toTicket(detailColumns.ticket.read(r), {
    contact: detailColumns.contact.read(r),
    contactTags: r.contactTags as TagRef[],
    queue: queue.id ? queue : null,
    user: user.id ? user : null,
    connection: connection.id ? connection : null,
    tags: r.tags as TagRef[],
  });
}

/**
 * Tickets with everything an answer or event shows (contact and its tags, queue, user, connection,
 * ticket tags), in the order of `ids`. One indexed query, whatever the number of tickets.
 */
export async function loadTicketDetails(db: TicketsDb, companyId: number, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const raw = await run(db, ids.length === 1 ? detailOne : detailMany, [companyId, ids.length === 1 ? ids[0]! : ids]);
  const byId = new Map<number, Ticket>();
  for (const r of raw) {
    const ticket = readTicketDetail(r);
    byId.set(ticket.id, ticket);
  }
  return ids.map((id) => byId.get(id)).filter((t): t is Ticket => Boolean(t));
}

export async function loadTicketDetail(db: TicketsDb, companyId: number, id: number): Promise<Ticket | undefined> {
  return (await loadTicketDetails(db, companyId, [id]))[0];
}
