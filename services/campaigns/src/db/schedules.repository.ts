import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CampaignsDb } from '../deps.js';
import { schedules } from './schedules.schema.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ScheduleFilter = { companyId: number; searchParam?: string; contactId?: number | null };

/** Scheduled messages (spec 002 §3 "Schedule"): drizzle queries only. */
export function schedulesRepository(db: CampaignsDb) {
  return {
    page: async (filter: ScheduleFilter, limit: number, offset: number): Promise<{ rows: ScheduleRow[]; count: number }> => {
      const term = filter.searchParam?.trim();
      const like = term ? `%${escapeLike(term)}%` : null;
      const where = and(
        eq(schedules.companyId, filter.companyId),
        filter.contactId ? eq(schedules.contactId, filter.contactId) : undefined,
        like ? or(sql`${schedules.body} ilike ${like}`, sql`${schedules.contactName} ilike ${like}`) : undefined,
      );
      const [rows, counted] = await Promise.all([
        db.select().from(schedules).where(where).orderBy(asc(schedules.sendAt), asc(schedules.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(schedules).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<ScheduleRow | undefined> => {
      const query = db.select().from(schedules).where(and(eq(schedules.id, id), eq(schedules.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    insert: async (values: NewScheduleRow): Promise<ScheduleRow> => (await db.insert(schedules).values(values).returning())[0]!,
    update: async (id: number, changes: Partial<NewScheduleRow>): Promise<ScheduleRow> =>
      (await db.update(schedules).set({ ...changes, updatedAt: new Date() }).where(eq(schedules.id, id)).returning())[0]!,
    remove: async (id: number): Promise<void> => {
      await db.delete(schedules).where(eq(schedules.id, id));
    },
    /** Every schedule of a contact, deleted; their ids and files back. */
    removeOfContact: async (companyId: number, contactId: number): Promise<{ id: number; mediaPath: string | null }[]> =>
      db
        .delete(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, contactId)))
        .returning({ id: schedules.id, mediaPath: schedules.mediaPath }),
    /**
     * Claims up to `limit` due schedules for this dispatcher: rows another replica is claiming are skipped
     * (skip locked), and the claim mark keeps them from every later pass until the outcome is written.
     */
    claimDue: async (now: Date, limit: number): Promise<ScheduleRow[]> => {
      const due = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(isNull(schedules.sentAt), isNull(schedules.claimedAt), inArray(schedules.status, ['PENDENTE', 'AGENDADA']), lte(schedules.sendAt, now)))
        .orderBy(asc(schedules.sendAt), asc(schedules.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return db
        .update(schedules)
        .set({ claimedAt: now })
        .where(inArray(schedules.id, due.map((d) => d.id)))
        .returning();
    },
    /** Claims older than `before` whose outcome was never written (the dispatcher died mid-send), locked. */
    staleClaims: async (before: Date): Promise<ScheduleRow[]> =>
      db.select().from(schedules).where(and(isNull(schedules.sentAt), lt(schedules.claimedAt, before))).for('update', { skipLocked: true }),
  };
}
