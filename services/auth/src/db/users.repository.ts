import { and, asc, count, eq, gte, ilike, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { schema, users, type UserRow } from './schema.js';

export type AuthDb = PostgresJsDatabase<typeof schema>;
export type NewUserRow = typeof users.$inferInsert;

/** Drizzle queries on auth.users; every query that reads company data is scoped by companyId. */
export function usersRepository(db: AuthDb) {
  return {
    findById: async (id: number, companyId?: number): Promise<UserRow | undefined> => {
      const where = companyId === undefined ? eq(users.id, id) : and(eq(users.id, id), eq(users.companyId, companyId));
      return (await db.select().from(users).where(where).limit(1))[0];
    },
    findByEmail: async (email: string): Promise<UserRow | undefined> =>
      (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0],
    page: async (companyId: number, search: string | undefined, page: number, pageSize: number) => {
      const term = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
      const where = term ? and(eq(users.companyId, companyId), or(ilike(users.name, term), ilike(users.email, term))) : eq(users.companyId, companyId);
      const [rows, total] = await Promise.all([
        db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    allOfCompany: (companyId: number): Promise<UserRow[]> => db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name)),
    /** Users changed since `since` (any field: the caller compares what it needs). */
    changedSince: (since: Date): Promise<Pick<UserRow, 'id' | 'profile' | 'super' | 'updatedAt'>[]> =>
      db.select({ id: users.id, profile: users.profile, super: users.super, updatedAt: users.updatedAt }).from(users).where(gte(users.updatedAt, since)),
    countOfCompany: async (companyId: number): Promise<number> =>
      (await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)))[0]?.n ?? 0,
    insert: async (values: NewUserRow): Promise<UserRow> => (await db.insert(users).values(values).returning())[0]!,
    update: async (id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> =>
      (await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning())[0],
    remove: async (id: number, companyId: number): Promise<boolean> =>
      (await db.delete(users).where(and(eq(users.id, id), eq(users.companyId, companyId))).returning({ id: users.id })).length > 0,
    /** Users of the company no longer in a deleted queue; answers them as they are now. */
    leaveQueue: async (companyId: number, queueId: number): Promise<UserRow[]> =>
      db
        .update(users)
        .set({ queueIds: sql`array_remove(${users.queueIds}, ${queueId})`, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), sql`${queueId} = any(${users.queueIds})`))
        .returning(),
    /** Users of the company whose default connection was deleted: no default connection any more. */
    dropConnection: async (companyId: number, connectionId: number): Promise<UserRow[]> =>
      db.update(users).set({ whatsappId: null, updatedAt: new Date() }).where(and(eq(users.companyId, companyId), eq(users.whatsappId, connectionId))).returning(),
    removeCompany: async (companyId: number): Promise<number[]> =>
      (await db.delete(users).where(eq(users.companyId, companyId)).returning({ id: users.id })).map((r) => r.id),
    superExists: async (): Promise<boolean> => (await db.select({ id: users.id }).from(users).where(eq(users.super, true)).limit(1)).length > 0,
    /** Serialises user creation per company so the plan limit holds under concurrent requests. */
    lockCompany: async (companyId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x75736572}, ${companyId})`);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
