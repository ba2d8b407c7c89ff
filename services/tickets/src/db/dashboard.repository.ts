import { sql } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import type { DashboardPeriod } from '../domain/dashboard.js';
import { connections, contacts, messages, ticketLogs, tickets, users } from './schema.js';
import { dayEnd, dayStart } from './tickets.repository.js';

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
/** Contacts (not groups) created in the period, messages exchanged in it (private notes aside), connections connected now. */
export type PeriodActivity = { leads: number; received: number; sent: number; connected: number };
export type AttendantTotals = {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  closed: number;
  rating: number | null;
  countRating: number;
  waitSeconds: number | null;
  supportSeconds: number | null;
};

/** The dashboard's counts of tickets opened in a period of whole days of the company's time zone. */
export function dashboardRepository(db: TicketsDb) {
  const opened = (p: DashboardPeriod) =>
    sql`${tickets.companyId} = ${p.companyId}
      and ${tickets.createdAt} >= ${dayStart(p.from, p.timeZone)} and ${tickets.createdAt} < ${dayEnd(p.to, p.timeZone)}`;
  /** The tickets opened in the period (of those queues only, when given), with their acceptance time. */
  const openedTickets = (p: DashboardPeriod, queueIds: number[] | undefined) => sql`
    select t.id, t.status, t.user_id, t.user_rating, t.created_at, t.closed_at,
      (select min(l.created_at) from ${ticketLogs} l where l.ticket_id = t.id and l.type = 'open') as accepted_at
    from ${tickets} t
    where t.company_id = ${p.companyId}
      and t.created_at >= ${dayStart(p.from, p.timeZone)} and t.created_at < ${dayEnd(p.to, p.timeZone)}
      ${queueIds ? sql`and t.queue_id in ${queueIds}` : sql``}`;
  const waited = sql`extract(epoch from o.accepted_at - o.created_at)`;
  const attended = sql`case when o.closed_at >= o.accepted_at then extract(epoch from o.closed_at - o.accepted_at) end`;
  return {
    /**
     * The dashboard in two statements run side by side: how the tickets opened in the period stand now, their
     * rates and average times, per attendant too (every user of the company; none: zeros) — the period's
     * tickets read once for both —, and the period's activity.
     */
    overview: async (p: DashboardPeriod, queueIds?: number[]): Promise<{ opened: OpenedTotals; attendants: AttendantTotals[]; activity: PeriodActivity }> => {
      const since = dayStart(p.from, p.timeZone);
      const until = dayEnd(p.to, p.timeZone);
      const [[standing], [activity]] = await Promise.all([
        db.execute<{ totals: unknown; attendants: unknown[] }>(sql`
            with o as materialized (${openedTickets(p, queueIds)}),
            per_user as (
              select o.user_id, count(*)::int as tickets, count(*) filter (where o.status = 'closed')::int as closed, avg(o.user_rating) as rating, count(o.user_rating)::int as count_rating,
                avg(${waited}) as wait_seconds, avg(${attended}) as support_seconds
              from o where o.user_id is not null group by o.user_id)
            select
              (select json_build_object(
                'tickets', count(*),
                'pending', count(*) filter (where o.status = 'pending'),
                'happening', count(*) filter (where o.status = 'open'),
                'finished', count(*) filter (where o.status = 'closed'),
                'groups', count(*) filter (where o.status = 'group'),
                'waitRating', count(*) filter (where o.status = 'nps'),
                'withRating', count(*) filter (where o.status = 'closed' and o.user_rating is not null),
                'withoutRating', count(*) filter (where o.status = 'closed' and o.user_rating is null),
                'promoters', count(*) filter (where o.user_rating = 5),
                'passives', count(*) filter (where o.user_rating = 4),
                'detractors', count(*) filter (where o.user_rating between 1 and 3),
                'waitSeconds', avg(${waited}),
                'supportSeconds', avg(${attended})) from o) as totals,
              (select coalesce(json_agg(json_build_object(
                  'id', u.id, 'name', u.name, 'online', u.online, 'tickets', coalesce(pu.tickets, 0), 'closed', coalesce(pu.closed, 0), 'rating', pu.rating,
                  'countRating', coalesce(pu.count_rating, 0), 'waitSeconds', pu.wait_seconds, 'supportSeconds', pu.support_seconds)
                order by u.name, u.id), '[]'::json)
               from ${users} u left join per_user pu on pu.user_id = u.id where u.company_id = ${p.companyId}) as attendants`),
        db.execute<PeriodActivity>(sql`
            select
              (select count(*) from ${contacts} c where c.company_id = ${p.companyId} and not c.is_group and c.created_at >= ${since} and c.created_at < ${until})::int as leads,
              exchanged.received, exchanged.sent,
              (select count(*) from ${connections} w where w.company_id = ${p.companyId} and upper(w.status) = 'CONNECTED')::int as connected
            from (select count(*) filter (where not m.from_me)::int as received, count(*) filter (where m.from_me)::int as sent
              from ${messages} m where m.company_id = ${p.companyId} and not m.is_private and m.created_at >= ${since} and m.created_at < ${until}
              ${queueIds ? sql`and m.ticket_id in (select t.id from ${tickets} t where t.company_id = ${p.companyId} and t.queue_id in ${queueIds})` : sql``}) exchanged`),
      ]);
      // Built as JSON: counts and averages arrive as numbers (an average of nothing as null).
      return { opened: standing!.totals as OpenedTotals, attendants: standing!.attendants as AttendantTotals[], activity: activity! };
    },
    perHour: async (p: DashboardPeriod): Promise<{ horario: number; total: number }[]> =>
      db
        .select({
          horario: sql<number>`extract(hour from ${tickets.createdAt} at time zone ${p.timeZone})::int`.as('horario'),
          total: sql<number>`count(*)::int`,
        })
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
