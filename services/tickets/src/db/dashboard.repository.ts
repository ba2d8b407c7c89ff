import { sql } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import type { DashboardPeriod } from '../domain/dashboard.js';
import { tickets, users } from './schema.js';

/** The dashboard's counts of tickets opened in a period of whole days of the company's time zone. */
export function dashboardRepository(db: TicketsDb) {
  const opened = (p: DashboardPeriod) =>
    sql`${tickets.companyId} = ${p.companyId}
      and ${tickets.createdAt} >= (${p.from}::date)::timestamp at time zone ${p.timeZone}
      and ${tickets.createdAt} < (${p.to}::date + 1)::timestamp at time zone ${p.timeZone}`;
  return {
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
