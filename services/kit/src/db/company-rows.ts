import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyDb } from './outbox.js';

/** A table of a service's schema that holds companies' rows. */
export type CompanyTable = PgTable & { companyId: PgColumn };

/**
 * Deletes a company's rows from each table in the order given (children before their parents), counted and
 * not returned: a company's messages may be millions of rows. Adds to `removed` how many each table had
 * (tables with none left out) and answers it.
 */
export async function removeCompanyRows(db: AnyDb, tables: readonly CompanyTable[], companyId: number, removed: Record<string, number> = {}): Promise<Record<string, number>> {
  for (const table of tables) {
    const { count } = (await db.delete(table).where(eq(table.companyId, companyId))) as unknown as { count: number };
    if (count > 0) removed[getTableName(table)] = count;
  }
  return removed;
}
