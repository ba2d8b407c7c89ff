import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { prompts } from './schema.js';

export type PromptRow = typeof prompts.$inferSelect;
export type NewPromptRow = typeof prompts.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`${prompts.name} ilike ${`%${escapeLike(term)}%`}` : undefined;
}

/** Alphabetical as people read it, whatever the database's collation. */
const byName = [asc(sql`lower(${prompts.name})`), asc(prompts.id)];

/** A company's AI prompts (drizzle queries only; every query scoped by the company). */
export function promptsRepository(db: ChannelsDb) {
  return {
    page: async (companyId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: PromptRow[]; count: number }> => {
      const where = and(eq(prompts.companyId, companyId), matching(search));
      const [rows, counted] = await Promise.all([
        db.select().from(prompts).where(where).orderBy(...byName).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(prompts).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<PromptRow | undefined> => {
      const query = db.select().from(prompts).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    /**
     * The ids among `ids` that are prompts of the company, held (key share) until the transaction ends:
     * a connection naming one commits before a delete of it clears the connections.
     */
    existing: async (companyId: number, ids: number[]): Promise<Set<number>> =>
      ids.length === 0
        ? new Set()
        : new Set(
            (await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), inArray(prompts.id, ids))).for('key share')).map((r) => r.id),
          ),
    /** The API key of the company's oldest prompt of a queue that has one (the queue's assistant), else null. */
    apiKeyOfQueue: async (companyId: number, queueId: number): Promise<string | null> =>
      (
        await db
          .select({ apiKey: prompts.apiKey })
          .from(prompts)
          .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId), ne(prompts.apiKey, '')))
          .orderBy(asc(prompts.id))
          .limit(1)
      )[0]?.apiKey ?? null,
    insert: async (values: NewPromptRow): Promise<PromptRow> => (await db.insert(prompts).values(values).returning())[0]!,
    update: async (companyId: number, id: number, changes: Partial<NewPromptRow>): Promise<PromptRow | undefined> =>
      (await db.update(prompts).set({ ...changes, updatedAt: new Date() }).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId))).returning())[0],
    remove: async (companyId: number, id: number): Promise<PromptRow | undefined> =>
      (await db.delete(prompts).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId))).returning())[0],
  };
}
