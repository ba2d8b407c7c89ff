import { sql } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import type { DashboardPeriod } from '../domain/dashboard.js';
import { connections, contacts, messages, ticketLogs, tickets, users } from './schema.js';

/** Per ticket opened in the period: where it stands, its rate, and when it was first accepted (its first 'open' log). */
export type OpenedTotals = {
  tickets: number;
  pending: number;
  happening: number;
  finished: number;
  groups: number;
  waitRating: number;
  withRating: number;
  withoutRating: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** Seconds, averaged over the tickets accepted / attended; null when none. */
  waitSeconds: number | null;
  supportSeconds: number | null;
};
export type AttendantTotals = { id: number; name: string; online: boolean; tickets: number; rating: number | null; countRating: number; waitSeconds: number | null; supportSeconds: number | null };

/** The dashboard's counts of tickets opened in a period of whole days of the company's time zone. */
export function dashboardRepository(db: TicketsDb) {
  const opened = (p: DashboardPeriod) =>
    sql`${tickets.companyId} = ${p.companyId}
      and ${tickets.createdAt} >= (${p.from}::date)::timestamp at time zone ${p.timeZone}
      and ${tickets.createdAt} < (${p.to}::date + 1)::timestamp at time zone ${p.timeZone}`;
  /** The tickets opened in the period (of those queues only, when given), with their acceptance time. */
  const openedTickets = (p: DashboardPeriod, queueIds: number[] | undefined) => sql`
    select t.id, t.status, t.user_id, t.user_rating, t.created_at, t.closed_at,
      (select min(l.created_at) from ${ticketLogs} l where l.ticket_id = t.id and l.type = 'open') as accepted_at
    from ${tickets} t
    where t.company_id = ${p.companyId}
      and t.created_at >= (${p.from}::date)::timestamp at time zone ${p.timeZone}
      and t.created_at < (${p.to}::date + 1)::timestamp at time zone ${p.timeZone}
      ${queueIds ? sql`and t.queue_id in ${queueIds}` : sql``}`;
  const waited = sql`extract(epoch from o.accepted_at - o.created_at)`;
  const attended = sql`case when o.closed_at >= o.accepted_at then extract(epoch from o.closed_at - o.accepted_at) end`;
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    /** How the tickets opened in the period stand now, their rates and their average times. */
    opened: async (p: DashboardPeriod, queueIds?: number[]): Promise<OpenedTotals> => {
      const [r] = await db.execute<Record<string, unknown>>(sql`
        select count(*)::int as "tickets",
          count(*) filter (where o.status = 'pending')::int as "pending",
          count(*) filter (where o.status = 'open')::int as "happening",
          count(*) filter (where o.status = 'closed')::int as "finished",
          count(*) filter (where o.status = 'group')::int as "groups",
          count(*) filter (where o.status = 'nps')::int as "waitRating",
          count(*) filter (where o.status = 'closed' and o.user_rating is not null)::int as "withRating",
          count(*) filter (where o.status = 'closed' and o.user_rating is null)::int as "withoutRating",
          count(*) filter (where o.user_rating = 5)::int as "promoters",
          count(*) filter (where o.user_rating = 4)::int as "passives",
          count(*) filter (where o.user_rating between 1 and 3)::int as "detractors",
          avg(${waited}) as "waitSeconds",
          avg(${attended}) as "supportSeconds"
        from (${openedTickets(p, queueIds)}) o`);
      // Every column is a number (averages come as numeric text) or null (no ticket to average).
      return Object.fromEntries(Object.entries(r!).map(([key, value]) => [key, num(value)])) as OpenedTotals;
    },
    /** Every user of the company with the tickets of the period assigned to them (none: zeros). */
    attendants: async (p: DashboardPeriod, queueIds?: number[]): Promise<AttendantTotals[]> => {
      const rows = await db.execute<Record<string, unknown>>(sql`
        select u.id, u.name, u.online, count(o.id)::int as tickets, avg(o.user_rating) as rating, count(o.user_rating)::int as count_rating,
          avg(${waited}) as wait_seconds, avg(${attended}) as support_seconds
        from ${users} u left join (${openedTickets(p, queueIds)}) o on o.user_id = u.id
        where u.company_id = ${p.companyId}
        group by u.id, u.name, u.online
        order by u.name, u.id`);
      return [...rows].map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        online: Boolean(r.online),
        tickets: Number(r.tickets),
        rating: num(r.rating),
        countRating: Number(r.count_rating),
        waitSeconds: num(r.wait_seconds),
        supportSeconds: num(r.support_seconds),
      }));
    },
    /** Contacts (not groups) created in the period, messages exchanged in it (private notes aside), connections connected now. */
    activity: async (p: DashboardPeriod, queueIds?: number[]): Promise<{ leads: number; received: number; sent: number; connected: number }> => {
      const since = sql`(${p.from}::date)::timestamp at time zone ${p.timeZone}`;
      const until = sql`(${p.to}::date + 1)::timestamp at time zone ${p.timeZone}`;
      const [r] = await db.execute<Record<string, unknown>>(sql`
        select
          (select count(*) from ${contacts} c where c.company_id = ${p.companyId} and not c.is_group and c.created_at >= ${since} and c.created_at < ${until})::int as leads,
          exchanged.received, exchanged.sent,
          (select count(*) from ${connections} w where w.company_id = ${p.companyId} and upper(w.status) = 'CONNECTED')::int as connected
        from (select count(*) filter (where not m.from_me)::int as received, count(*) filter (where m.from_me)::int as sent
          from ${messages} m where m.company_id = ${p.companyId} and not m.is_private and m.created_at >= ${since} and m.created_at < ${until}
          ${queueIds ? sql`and m.queue_id in ${queueIds}` : sql``}) exchanged`);
      return { leads: Number(r!.leads), received: Number(r!.received), sent: Number(r!.sent), connected: Number(r!.connected) };
    },
    perHour: async (p: DashboardPeriod): Promise<{ horario: number; total: number }[]> =>
      db
        .select({ horario: sql<number>`extract(hour from ${tickets.createdAt} at time zone ${p.timeZone})::int`.as('horario'), total: sql<number>`count(*)::int` })
        .from(tickets)
        .where(opened(p))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    perDay: async (p: DashboardPeriod): Promise<{ data: string; total: number }[]> => {
      // The time zone travels once: the same expression twice with two parameters would not group.
      const rows = await db.execute<{ data: string; total: number }>(sql`
        select to_char(day, 'DD/MM/YYYY') as data, total from (
          select (${tickets.createdAt} at time zone ${p.timeZone})::date as day, count(*)::int as total
          from ${tickets} where ${opened(p)} group by 1
        ) days order by day`);
      return [...rows].map((r) => ({ data: r.data, total: r.total }));
    },
    perUser: async (p: DashboardPeriod): Promise<{ nome: string; quantidade: number }[]> =>
      db
        .select({ nome: users.name, quantidade: sql<number>`count(*)::int` })
        .from(tickets)
        .innerJoin(users, sql`${users.id} = ${tickets.userId}`)
        .where(opened(p))
        .groupBy(users.id, users.name)
        .orderBy(users.name, users.id),
  };
}
