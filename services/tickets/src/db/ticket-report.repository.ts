import { sql, type SQL } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { connections, contacts, queues, ticketLogs, tickets, users } from './schema.js';
import { dayEnd, dayStart } from './tickets.repository.js';

/** What the tickets report selects (domain/ticket-report.ts builds it from the query). */
export type TicketReportFilter = {
  companyId: number;
  /** Contact name (ILIKE pattern), the contact's number digits (LIKE pattern), or a ticket id. */
  search: { term: string; digits: string | null; ticketId: number | null } | null;
  contactId: number | null;
  whatsappIds: number[];
  userIds: number[];
  queueIds: number[];
  statuses: string[];
  /** Whole days (yyyy-MM-dd) of `timeZone`, both included. */
  from: string | null;
  to: string | null;
  timeZone: string;
  onlyRated: boolean;
  limit: number;
  offset: number;
};

export type TicketReportRecord = {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  whatsappId: number | null;
  whatsappName: string | null;
  contactId: number;
  contactName: string;
  contactNumber: string;
  userId: number | null;
  userName: string | null;
  queueId: number | null;
  queueName: string | null;
  createdAt: Date;
  closedAt: Date | null;
  /** The first acceptance (its first 'open' log). */
  acceptedAt: Date | null;
  userRating: number | null;
};

const conditions = (f: TicketReportFilter): SQL => {
  const where: SQL[] = [sql`t.company_id = ${f.companyId}`];
  if (f.search) {
    where.push(
      sql`(c.name ilike ${f.search.term}${f.search.digits ? sql` or c.number like ${f.search.digits}` : sql``}${f.search.ticketId ? sql` or t.id = ${f.search.ticketId}` : sql``})`,
    );
  }
  if (f.contactId) where.push(sql`t.contact_id = ${f.contactId}`);
  if (f.whatsappIds.length) where.push(sql`t.whatsapp_id in ${f.whatsappIds}`);
  if (f.userIds.length) where.push(sql`t.user_id in ${f.userIds}`);
  if (f.queueIds.length) where.push(sql`t.queue_id in ${f.queueIds}`);
  if (f.statuses.length) where.push(sql`t.status in ${f.statuses}`);
  if (f.from) where.push(sql`t.created_at >= ${dayStart(f.from, f.timeZone)}`);
  if (f.to) where.push(sql`t.created_at < ${dayEnd(f.to, f.timeZone)}`);
  if (f.onlyRated) where.push(sql`t.user_rating is not null`);
  return sql.join(where, sql` and `);
};

/** The tickets report: a page of the company's tickets (newest first) with their names, and how many there are in all. */
export function ticketReportRepository(db: TicketsDb) {
  return {
    /** The page and the count, side by side. */
    page: async (f: TicketReportFilter): Promise<{ rows: TicketReportRecord[]; total: number }> => {
      const from = sql`${tickets} t join ${contacts} c on c.id = t.contact_id`;
      const [rows, counted] = await Promise.all([
        db.execute<Record<string, unknown>>(sql`
          select t.id, t.uuid, t.status, t.last_message, t.whatsapp_id, w.name as whatsapp_name, t.contact_id, c.name as contact_name, c.number as contact_number,
            t.user_id, u.name as user_name, t.queue_id, q.name as queue_name, t.created_at, t.closed_at, t.user_rating,
            (select min(l.created_at) from ${ticketLogs} l where l.ticket_id = t.id and l.type = 'open') as accepted_at
          from ${from}
            left join ${connections} w on w.id = t.whatsapp_id
            left join ${users} u on u.id = t.user_id
            left join ${queues} q on q.id = t.queue_id
          where ${conditions(f)}
          order by t.created_at desc, t.id desc
          limit ${f.limit} offset ${f.offset}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total from ${from} where ${conditions(f)}`),
      ]);
      const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
      return {
        total: Number(counted[0]?.total ?? 0),
        rows: [...rows].map((r) => ({
          id: Number(r.id),
          uuid: String(r.uuid),
          status: String(r.status),
          lastMessage: String(r.last_message ?? ''),
          whatsappId: r.whatsapp_id === null ? null : Number(r.whatsapp_id),
          whatsappName: (r.whatsapp_name as string | null) ?? null,
          contactId: Number(r.contact_id),
          contactName: String(r.contact_name),
          contactNumber: String(r.contact_number),
          userId: r.user_id === null ? null : Number(r.user_id),
          userName: (r.user_name as string | null) ?? null,
          queueId: r.queue_id === null ? null : Number(r.queue_id),
          queueName: (r.queue_name as string | null) ?? null,
          createdAt: date(r.created_at)!,
          closedAt: date(r.closed_at),
          acceptedAt: date(r.accepted_at),
          userRating: r.user_rating === null ? null : Number(r.user_rating),
        })),
      };
    },
  };
}
