import { removeCompanyRows } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import {
  chatbots,
  chats,
  connections,
  contacts,
  contactTags,
  messages,
  pinnedTickets,
  promptQueues,
  queues,
  quickMessages,
  tags,
  ticketLogs,
  ticketNotes,
  tickets,
  ticketTags,
  users,
} from './schema.js';

/**
 * Every table of the tickets schema that holds a company's rows, in the order they are removed: the
 * projections first (the order channels.connection.deleted's consumer locks them in), then children before
 * their parents. Rows without a company column go with their parent (chat_users and chat_messages with
 * their chat: ON DELETE CASCADE). A new table with a company_id belongs here (company-data.repository.test).
 */
export const companyTables = [
  connections, users, promptQueues,
  pinnedTickets, ticketLogs, ticketNotes, ticketTags, messages, tickets,
  contactTags, tags, contacts,
  chatbots, queues, quickMessages, chats,
] as const;

/** A company's rows across the tickets schema (drizzle queries only). */
export function companyDataRepository(db: TicketsDb) {
  return {
    /** Removes every row of the company; answers how many each table had (tables with none left out). */
    removeCompany: (companyId: number): Promise<Record<string, number>> => removeCompanyRows(db, companyTables, companyId),
  };
}
