import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { autoResponses, autoResponseUses } from './schema.js';

export type AutoResponseRow = typeof autoResponses.$inferSelect;
export type NewAutoResponseRow = typeof autoResponses.$inferInsert;
export type AutoResponseChanges = Partial<Omit<NewAutoResponseRow, 'id' | 'companyId' | 'createdAt' | 'createdBy'>>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  // The name, the response or any keyword / similar word.
  return sql`(${autoResponses.name} ilike ${like} or ${autoResponses.response} ilike ${like}
    or exists (select 1 from unnest(${autoResponses.keywords} || ${autoResponses.similarWords}) as w where w ilike ${like}))`;
}

/** Auto-responses and their uses (spec 002 §3); every query scoped by the company. */
export function autoResponsesRepository(db: ChannelsDb) {
  return {
    /** The company's rules, higher priority first, then by name (filters optional). */
    list: async (companyId: number, filter: { search?: string | undefined; isActive?: boolean | undefined } = {}): Promise<AutoResponseRow[]> =>
      db
        .select()
        .from(autoResponses)
        .where(and(eq(autoResponses.companyId, companyId), filter.isActive === undefined ? undefined : eq(autoResponses.isActive, filter.isActive), matching(filter.search)))
        .orderBy(desc(autoResponses.priority), asc(sql`lower(${autoResponses.name})`), asc(autoResponses.id)),
    /** The active rules, the only ones that may answer (ordered like the matcher breaks ties). */
    active: async (companyId: number): Promise<AutoResponseRow[]> =>
      db
        .select()
        .from(autoResponses)
        .where(and(eq(autoResponses.companyId, companyId), eq(autoResponses.isActive, true)))
        .orderBy(desc(autoResponses.priority), asc(autoResponses.id)),
    hasActive: async (companyId: number): Promise<boolean> =>
      (
        await db
          .select({ id: autoResponses.id })
          .from(autoResponses)
          .where(and(eq(autoResponses.companyId, companyId), eq(autoResponses.isActive, true)))
          .limit(1)
      ).length > 0,
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<AutoResponseRow | undefined> => {
      const query = db.select().from(autoResponses).where(and(eq(autoResponses.id, id), eq(autoResponses.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    /** Lowercased names of the company's rules (the import skips names already there). */
    names: async (companyId: number): Promise<Set<string>> =>
      new Set((await db.select({ name: autoResponses.name }).from(autoResponses).where(eq(autoResponses.companyId, companyId))).map((r) => r.name.toLocaleLowerCase('pt-BR'))),
    insert: async (values: NewAutoResponseRow): Promise<AutoResponseRow> => (await db.insert(autoResponses).values(values).returning())[0]!,
    insertMany: async (values: NewAutoResponseRow[]): Promise<AutoResponseRow[]> => (values.length ? db.insert(autoResponses).values(values).returning() : []),
    /** An edit (updatedAt moves) or, with `statistics`, new usage figures (updatedAt stays: nobody edited the rule). */
    update: async (id: number, changes: AutoResponseChanges, options: { statistics?: boolean } = {}): Promise<AutoResponseRow> =>
      (await db.update(autoResponses).set(options.statistics ? changes : { ...changes, updatedAt: sql`now()` }).where(eq(autoResponses.id, id)).returning())[0]!,
    remove: async (id: number): Promise<void> => {
      await db.delete(autoResponses).where(eq(autoResponses.id, id));
    },

    /** A use sent as tickets' message `messageId`: counted (usageCount + 1, lastUsed). False when already recorded (redelivery). */
    recordUse: async (companyId: number, autoResponseId: number, messageId: number, at: Date): Promise<AutoResponseRow | undefined> => {
      const added = await db.insert(autoResponseUses).values({ messageId, autoResponseId, companyId, usedAt: at }).onConflictDoNothing().returning({ id: autoResponseUses.messageId });
      if (added.length === 0) return undefined;
      return (
        await db
          .update(autoResponses)
          .set({ usageCount: sql`${autoResponses.usageCount} + 1`, lastUsed: at })
          .where(eq(autoResponses.id, autoResponseId))
          .returning()
      )[0];
    },
    /** The first delivery report of a use: which rule it was (undefined: not an auto-response, or already rated). */
    rateUse: async (messageId: number, delivered: boolean): Promise<{ autoResponseId: number; companyId: number } | undefined> =>
      (
        await db
          .update(autoResponseUses)
          .set({ delivered })
          .where(and(eq(autoResponseUses.messageId, messageId), isNull(autoResponseUses.delivered)))
          .returning({ autoResponseId: autoResponseUses.autoResponseId, companyId: autoResponseUses.companyId })
      )[0],
    /** How many uses of a rule were rated. */
    ratedUses: async (autoResponseId: number): Promise<number> =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(autoResponseUses)
          .where(and(eq(autoResponseUses.autoResponseId, autoResponseId), isNotNull(autoResponseUses.delivered)))
      )[0]?.n ?? 0,
  };
}
