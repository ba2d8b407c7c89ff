import type { Sql } from '../db/client.js';

/** The tables of a service's schema with a company_id column, as the database has them (sorted). */
export async function companyColumnTables(sql: Sql, schema: string): Promise<string[]> {
  const rows = await sql<{ table_name: string }[]>`
    select table_name from information_schema.columns where table_schema = ${schema} and column_name = 'company_id' order by table_name`;
  return rows.map((r) => r.table_name);
}

/** How many rows the company has in each of those tables, by table. */
export async function companyRowCounts(sql: Sql, schema: string, companyId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await companyColumnTables(sql, schema)) {
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${schema}"."${table}" where company_id = $1`, [companyId]);
    counts[table] = row!.n;
  }
  return counts;
}
