import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AdminDb } from './repositories.js';
import { invoices, type InvoiceRow } from './schema.js';

export type NewInvoiceRow = typeof invoices.$inferInsert;

/** Drizzle queries on admin.invoices, always scoped by company except the payment notification's txid lookup. */
export function invoicesRepository(db: AdminDb) {
  return {
    page: async (companyId: number, page: number, pageSize: number) => {
      const where = eq(invoices.companyId, companyId);
      const [rows, total] = await Promise.all([
        db.select().from(invoices).where(where).orderBy(desc(invoices.dueDate), desc(invoices.id)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Locked for the rest of the transaction (two checkouts of one invoice run one after the other). */
    findForCompany: async (companyId: number, id: number): Promise<InvoiceRow | undefined> =>
      (await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.companyId, companyId))).limit(1).for('update'))[0],
    findByDueDate: async (companyId: number, dueDate: string): Promise<InvoiceRow | undefined> =>
      (await db.select().from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, dueDate))).limit(1).for('update'))[0],
    findByTxid: async (txid: string): Promise<InvoiceRow | undefined> => (await db.select().from(invoices).where(eq(invoices.txid, txid)).limit(1))[0],
    /** Inserts unless the company already has an invoice for that due date (answers undefined then). */
    insertIfAbsent: async (values: NewInvoiceRow): Promise<InvoiceRow | undefined> =>
      (await db.insert(invoices).values(values).onConflictDoNothing({ target: [invoices.companyId, invoices.dueDate] }).returning())[0],
    update: async (id: number, values: Partial<NewInvoiceRow>): Promise<InvoiceRow | undefined> =>
      (await db.update(invoices).set({ ...values, updatedAt: new Date() }).where(eq(invoices.id, id)).returning())[0],
    /** Marks it paid unless it already was (a repeated notification then changes nothing). */
    markPaid: async (id: number, paidAt: Date, endToEndId: string | null): Promise<InvoiceRow | undefined> =>
      (
        await db
          .update(invoices)
          .set({ status: 'Pago', paidAt, endToEndId, updatedAt: new Date() })
          .where(and(eq(invoices.id, id), ne(invoices.status, 'Pago')))
          .returning()
      )[0],
    /**
     * The invoice job in one statement: for each active company (but `exceptCompanyId`) on a plan with a price
     * whose due date is on or before `until`, an invoice of its plan for that due date, unless one exists.
     * Answers the invoices it made.
     */
    createDue: async (options: { until: string; exceptCompanyId: number; companyId?: number }): Promise<{ id: number; companyId: number; dueDate: string }[]> => {
      const rows = await db.execute<{ id: number; company_id: number; due_date: string }>(sql`
        insert into admin.invoices (company_id, detail, users, connections, due_date, value)
        select c.id, p.name, p.users, p.connections, c.due_date, p.amount
          from admin.companies c
          join admin.plans p on p.id = c.plan_id
         where c.id <> ${options.exceptCompanyId}
           and c.status
           and c.due_date is not null
           and c.due_date <= ${options.until}::date
           and p.amount > 0
           ${options.companyId === undefined ? sql`` : sql`and c.id = ${options.companyId}`}
        on conflict (company_id, due_date) do nothing
        returning id, company_id, due_date::text as due_date`);
      return [...rows].map((r) => ({ id: r.id, companyId: r.company_id, dueDate: r.due_date }));
    },
    /** The company's renewal fields, locked until the transaction ends (two payments at once renew twice, not once). */
    lockCompany: async (companyId: number): Promise<{ dueDate: string | null; recurrence: string | null } | undefined> => {
      const rows = await db.execute<{ due_date: string | null; recurrence: string | null }>(
        sql`select due_date::text as due_date, recurrence from admin.companies where id = ${companyId} for update`,
      );
      const row = [...rows][0];
      return row ? { dueDate: row.due_date, recurrence: row.recurrence } : undefined;
    },
  };
}
