import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { quickMessages } from './schema.js';

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type NewQuickMessageRow = typeof quickMessages.$inferInsert;

/** Who reads the list: admins read every quick message of the company; others their own, shared (geral) and visible (visao) ones. */
export type QuickMessageReader = { companyId: number; userId: number; all: boolean };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function readable(reader: QuickMessageReader): SQL {
  const company = eq(quickMessages.companyId, reader.companyId);
  if (reader.all) return company;
  return and(company, or(eq(quickMessages.userId, reader.userId), eq(quickMessages.geral, true), eq(quickMessages.visao, true)))!;
}

function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  return or(sql`${quickMessages.shortcode} ilike ${like}`, sql`${quickMessages.message} ilike ${like}`);
}

/** Quick messages (spec 002 §3): canned replies, personal or shared with the company (geral). */
export function quickMessagesRepository(db: TicketsDb) {
  return {
    page: async (reader: QuickMessageReader, search: string | undefined, limit: number, offset: number): Promise<{ rows: QuickMessageRow[]; count: number }> => {
      const where = and(readable(reader), matching(search));
      const [rows, counted] = await Promise.all([
        db.select().from(quickMessages).where(where).orderBy(asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(quickMessages).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    /** The active ones the reader may use (the '/' picker of the conversation). */
    usable: async (reader: QuickMessageReader, search: string | undefined): Promise<QuickMessageRow[]> =>
      db
        .select()
        .from(quickMessages)
        .where(and(readable({ ...reader, all: false }), eq(quickMessages.status, true), matching(search)))
        .orderBy(asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id))
        .limit(1000),
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<QuickMessageRow | undefined> => {
      const query = db.select().from(quickMessages).where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    /**
     * Another quick message answering to the same shortcode for the same people: one of the owner's own,
     * or (for a shared one) another shared one of the company.
     */
    shortcodeTaken: async (companyId: number, shortcode: string, owner: number | null, geral: boolean, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: quickMessages.id })
          .from(quickMessages)
          .where(
            and(
              eq(quickMessages.companyId, companyId),
              sql`lower(${quickMessages.shortcode}) = lower(${shortcode})`,
              exceptId ? ne(quickMessages.id, exceptId) : undefined,
              geral
                ? eq(quickMessages.geral, true)
                : owner === null
                  ? sql`${quickMessages.userId} is null`
                  : and(eq(quickMessages.userId, owner), eq(quickMessages.geral, false)),
            ),
          )
          .limit(1)
      ).length > 0,
    /** Serialises writers of a company's quick messages (the shortcode rule reads the others). */
    lockCompany: async (companyId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x71756963}, ${companyId})`);
    },
    insert: async (values: NewQuickMessageRow): Promise<QuickMessageRow> => (await db.insert(quickMessages).values(values).returning())[0]!,
    update: async (id: number, changes: Partial<NewQuickMessageRow>): Promise<QuickMessageRow> =>
      (await db.update(quickMessages).set({ ...changes, updatedAt: new Date() }).where(eq(quickMessages.id, id)).returning())[0]!,
    remove: async (id: number): Promise<void> => {
      await db.delete(quickMessages).where(eq(quickMessages.id, id));
    },
    /** A deleted user's quick messages, now no one's (the company's admins manage them). */
    disown: async (userId: number): Promise<QuickMessageRow[]> =>
      db.update(quickMessages).set({ userId: null, updatedAt: new Date() }).where(eq(quickMessages.userId, userId)).returning(),
  };
}
