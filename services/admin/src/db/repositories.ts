import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { FolderUsage } from '@atende/kit';
import { announcements, companies, helps, plans, schema, settings, type AnnouncementRow, type CompanyRow, type HelpRow, type PlanRow, type SettingRow } from './schema.js';

export type AdminDb = PostgresJsDatabase<typeof schema>;
export type NewPlanRow = typeof plans.$inferInsert;
export type NewCompanyRow = typeof companies.$inferInsert;
export type NewHelpRow = typeof helps.$inferInsert;
export type NewAnnouncementRow = typeof announcements.$inferInsert;
export type CompanyWithPlanRow = { company: CompanyRow; plan: PlanRow | null };

const like = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** Drizzle queries on admin.plans. */
export function plansRepository(db: AdminDb) {
  return {
    findById: async (id: number): Promise<PlanRow | undefined> => (await db.select().from(plans).where(eq(plans.id, id)).limit(1))[0],
    all: (onlyPublic = false): Promise<PlanRow[]> =>
      db.select().from(plans).where(onlyPublic ? eq(plans.isPublic, true) : undefined).orderBy(asc(plans.name), asc(plans.id)),
    count: async (): Promise<number> => (await db.select({ n: count() }).from(plans))[0]?.n ?? 0,
    insert: async (values: NewPlanRow): Promise<PlanRow> => (await db.insert(plans).values(values).returning())[0]!,
    update: async (id: number, values: Partial<NewPlanRow>): Promise<PlanRow | undefined> =>
      (await db.update(plans).set({ ...values, updatedAt: new Date() }).where(eq(plans.id, id)).returning())[0],
    remove: async (id: number): Promise<boolean> => (await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id })).length > 0,
    inUse: async (id: number): Promise<boolean> => (await db.select({ id: companies.id }).from(companies).where(eq(companies.planId, id)).limit(1)).length > 0,
  };
}

/** Drizzle queries on admin.companies, always read with their plan. */
export function companiesRepository(db: AdminDb) {
  const withPlan = () => db.select({ company: companies, plan: plans }).from(companies).leftJoin(plans, eq(plans.id, companies.planId));
  return {
    findById: async (id: number): Promise<CompanyWithPlanRow | undefined> => (await withPlan().where(eq(companies.id, id)).limit(1))[0],
    exists: async (id: number): Promise<boolean> => (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1)).length > 0,
    all: (): Promise<CompanyWithPlanRow[]> => withPlan().orderBy(asc(companies.name), asc(companies.id)),
    /** A page of companies by name or e-mail; `onlyId` narrows it to one company (an admin's own). */
    page: async (search: string | undefined, page: number, pageSize: number, onlyId?: number) => {
      const where = and(
        search ? or(ilike(companies.name, like(search)), ilike(companies.email, like(search))) : undefined,
        onlyId === undefined ? undefined : eq(companies.id, onlyId),
      );
      const [rows, total] = await Promise.all([
        withPlan().where(where).orderBy(asc(companies.name), asc(companies.id)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    insert: async (values: NewCompanyRow): Promise<CompanyRow> => (await db.insert(companies).values(values).returning())[0]!,
    update: async (id: number, values: Partial<NewCompanyRow>): Promise<CompanyRow | undefined> =>
      (await db.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.id, id)).returning())[0],
    remove: async (id: number): Promise<boolean> => (await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id })).length > 0,
    touchLogin: async (id: number, at: Date): Promise<CompanyRow | undefined> =>
      (await db.update(companies).set({ lastLogin: at }).where(eq(companies.id, id)).returning())[0],
    ids: async (): Promise<number[]> => (await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id))).map((r) => r.id),
    /** The media folder's measure; not a change of the company (updatedAt and events stay as they are). */
    setFolderUsage: async (id: number, usage: FolderUsage, at: Date): Promise<void> => {
      await db.update(companies).set({ folderSize: usage.bytes, numberFileFolder: usage.files, updatedAtFolder: at }).where(eq(companies.id, id));
    },
    /** Keeps the serial ahead of explicitly inserted ids (the seeded company 1). */
    syncSequence: async (): Promise<void> => {
      await db.execute(sql`select setval(pg_get_serial_sequence('admin.companies', 'id'), greatest((select max(id) from admin.companies), 1))`);
    },
  };
}

/** Drizzle queries on admin.settings (only stored values; defaults come from the catalogue). */
export function settingsRepository(db: AdminDb) {
  return {
    ofCompany: (companyId: number): Promise<SettingRow[]> => db.select().from(settings).where(eq(settings.companyId, companyId)),
    find: async (companyId: number, key: string): Promise<SettingRow | undefined> =>
      (await db.select().from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))).limit(1))[0],
    findMany: (companyId: number, keys: string[]): Promise<SettingRow[]> =>
      db.select().from(settings).where(and(eq(settings.companyId, companyId), inArray(settings.key, keys))),
    upsert: async (companyId: number, key: string, value: string): Promise<SettingRow> =>
      (
        await db
          .insert(settings)
          .values({ companyId, key, value })
          .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
          .returning()
      )[0]!,
    insertMissing: async (companyId: number, entries: { key: string; value: string }[]): Promise<void> => {
      if (entries.length) await db.insert(settings).values(entries.map((e) => ({ companyId, ...e }))).onConflictDoNothing();
    },
  };
}

/** Drizzle queries on admin.helps (platform-wide, not per company). */
export function helpsRepository(db: AdminDb) {
  return {
    findById: async (id: number): Promise<HelpRow | undefined> => (await db.select().from(helps).where(eq(helps.id, id)).limit(1))[0],
    /** Another help with this title, whatever its case. */
    titleTaken: async (title: string, exceptId: number | null): Promise<boolean> =>
      (await db.select({ id: helps.id }).from(helps).where(and(sql`lower(${helps.title}) = lower(${title})`, exceptId === null ? undefined : sql`${helps.id} <> ${exceptId}`)).limit(1)).length > 0,
    all: (): Promise<HelpRow[]> => db.select().from(helps).orderBy(asc(helps.title), asc(helps.id)),
    page: async (search: string | undefined, page: number, pageSize: number) => {
      const where = search ? or(ilike(helps.title, like(search)), ilike(helps.description, like(search))) : undefined;
      const [rows, total] = await Promise.all([
        db.select().from(helps).where(where).orderBy(asc(helps.title), asc(helps.id)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(helps).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    insert: async (values: NewHelpRow): Promise<HelpRow> => (await db.insert(helps).values(values).returning())[0]!,
    update: async (id: number, values: Partial<NewHelpRow>): Promise<HelpRow | undefined> =>
      (await db.update(helps).set({ ...values, updatedAt: new Date() }).where(eq(helps.id, id)).returning())[0],
    remove: async (id: number): Promise<boolean> => (await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id })).length > 0,
  };
}

/** Drizzle queries on admin.announcements (platform-wide, newest first). */
export function announcementsRepository(db: AdminDb) {
  return {
    findById: async (id: number, options: { activeOnly: boolean }): Promise<AnnouncementRow | undefined> =>
      (await db.select().from(announcements).where(and(eq(announcements.id, id), options.activeOnly ? eq(announcements.status, true) : undefined)).limit(1))[0],
    page: async (options: { search: string | undefined; activeOnly: boolean; page: number; pageSize: number }) => {
      const where = and(
        options.activeOnly ? eq(announcements.status, true) : undefined,
        options.search ? or(ilike(announcements.title, like(options.search)), ilike(announcements.text, like(options.search))) : undefined,
      );
      const [rows, total] = await Promise.all([
        db.select().from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(options.pageSize).offset((options.page - 1) * options.pageSize),
        db.select({ n: count() }).from(announcements).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    insert: async (values: NewAnnouncementRow): Promise<AnnouncementRow> => (await db.insert(announcements).values(values).returning())[0]!,
    update: async (id: number, values: Partial<NewAnnouncementRow>): Promise<AnnouncementRow | undefined> =>
      (await db.update(announcements).set({ ...values, updatedAt: new Date() }).where(eq(announcements.id, id)).returning())[0],
    remove: async (id: number): Promise<AnnouncementRow | undefined> => (await db.delete(announcements).where(eq(announcements.id, id)).returning())[0],
  };
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
