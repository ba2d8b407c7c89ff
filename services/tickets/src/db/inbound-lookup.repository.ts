import type { TicketsDb } from '../deps.js';
import type { ContactRow } from '../domain/presenters.js';
import type { ConnectionProjection } from './projections.repository.js';
import { columns, run, tableRef } from './raw.js';
import { connections, contacts, messages, tickets } from './schema.js';
import type { TicketRow } from './tickets.repository.js';

const connectionColumns = columns(connections, 'w');
const contactColumns = columns(contacts, 'c');
const ticketColumns = columns(tickets, 't');
const col = (alias: string, column: { name: string }) => `${alias}."${column.name}"`;

/**
 * The lookup statement: the wid, the connection, the contact by number or lid (a number match wins over a
 * lid match, as inboundContactsRepository.find orders them) and, unless it is a group's message, that
 * contact's ticket on the connection that is not closed. Rows are locked contact first, then ticket: the
 * order every inbound path takes. Raw text (the inbound hot path, see raw.ts).
 */
const lookupText = (byLid: boolean, withTicket: boolean) =>
  `select (select ${col('m', messages.id)} from ${tableRef(messages)} m where ${col('m', messages.companyId)} = $1 and ${col('m', messages.wid)} = $2 limit 1) as "duplicate",
    ${connectionColumns.list}, ${contactColumns.list}${withTicket ? `, ${ticketColumns.list}` : ''}
  from (select 1) as one
  left join lateral (select * from ${tableRef(connections)} w
    where ${col('w', connections.id)} = $3 and ${col('w', connections.companyId)} = $1 limit 1) w on true
  left join lateral (select * from ${tableRef(contacts)} c
    where ${col('c', contacts.companyId)} = $1 and (${col('c', contacts.number)} = $4${byLid ? ` or ${col('c', contacts.lid)} = $5` : ''})
    order by (${col('c', contacts.number)} = $4) desc, ${col('c', contacts.id)} asc limit 1 for update) c on true${
      withTicket
        ? `
  left join lateral (select * from ${tableRef(tickets)} t
    where ${col('t', tickets.companyId)} = $1 and ${col('t', tickets.contactId)} = c."${contacts.id.name}"
      and coalesce(${col('t', tickets.whatsappId)}, 0) = $3 and ${col('t', tickets.status)} <> 'closed'
    limit 1 for update) t on true`
        : ''
    }`;
const lookupTexts = [false, true].map((byLid) => [false, true].map((withTicket) => lookupText(byLid, withTicket)));

export type InboundLookup = {
  /** The id of the message already stored with this wid. */
  duplicate: number | undefined;
  connection: ConnectionProjection | undefined;
  /** The contact the number (or else the lid) names, locked. */
  contact: ContactRow | undefined;
  /** That contact's ticket on the connection that is not closed, locked (only when asked for, and a contact was found). */
  active: TicketRow | undefined;
};

/**
 * Everything an inbound message needs to know before writing anything, in one statement (one round trip,
 * one execution) instead of four: a message arriving at hundreds per second pays for each statement.
 */
export async function lookUpInbound(
  db: TicketsDb,
  companyId: number,
  input: { wid: string; connectionId: number; number: string; lid: string | null; withTicket: boolean },
): Promise<InboundLookup> {
  const params: unknown[] = [companyId, input.wid, input.connectionId, input.number];
  if (input.lid) params.push(input.lid);
  const [row] = await run(db, lookupTexts[input.lid ? 1 : 0]![input.withTicket ? 1 : 0]!, params);
  if (!row) throw new Error('inbound lookup returned no row');
  const present = (prefix: string) => row[`${prefix}.id`] !== null && row[`${prefix}.id`] !== undefined;
  return {
    duplicate: row.duplicate === null || row.duplicate === undefined ? undefined : Number(row.duplicate),
    connection: present('w') ? connectionColumns.read(row) : undefined,
    contact: present('c') ? contactColumns.read(row) : undefined,
    active: input.withTicket && present('t') ? ticketColumns.read(row) : undefined,
  };
}
