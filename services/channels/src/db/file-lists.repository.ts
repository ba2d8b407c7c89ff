import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { fileListOptions, fileLists } from './schema.js';

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] };

/** The unique index on (company, lower(name)) a concurrent save may hit. */
export const FILE_LIST_NAME_KEY = 'file_lists_company_name_key';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`${fileLists.name} ilike ${`%${escapeLike(term)}%`}` : undefined;
}

/** Alphabetical as people read it, whatever the database's collation. */
const byName = [asc(sql`lower(${fileLists.name})`), asc(fileLists.id)];

/** File lists and their files (spec 002 §3); every query is scoped by the company. */
export function fileListsRepository(db: ChannelsDb) {
  /** The lists with their options, in list order then option order (creation). */
  const withOptions = async (rows: FileListRow[]): Promise<FileListWithOptions[]> => {
    if (rows.length === 0) return [];
    const options = await db
      .select()
      .from(fileListOptions)
      .where(inArray(fileListOptions.fileListId, rows.map((r) => r.id)))
      .orderBy(asc(fileListOptions.id));
    const byList = new Map<number, FileListOptionRow[]>();
    for (const o of options) byList.set(o.fileListId, [...(byList.get(o.fileListId) ?? []), o]);
    return rows.map((r) => ({ ...r, options: byList.get(r.id) ?? [] }));
  };

  return {
    withOptions,
    page: async (companyId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: FileListWithOptions[]; count: number }> => {
      const where = and(eq(fileLists.companyId, companyId), matching(search));
      const [rows, counted] = await Promise.all([
        db.select().from(fileLists).where(where).orderBy(...byName).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(fileLists).where(where),
      ]);
      return { rows: await withOptions(rows), count: counted[0]?.n ?? 0 };
    },
    all: async (companyId: number): Promise<FileListWithOptions[]> =>
      withOptions(await db.select().from(fileLists).where(eq(fileLists.companyId, companyId)).orderBy(...byName)),
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<FileListRow | undefined> => {
      const query = db.select().from(fileLists).where(and(eq(fileLists.id, id), eq(fileLists.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    findWithOptions: async (companyId: number, id: number): Promise<FileListWithOptions | undefined> => {
      const row = (await db.select().from(fileLists).where(and(eq(fileLists.id, id), eq(fileLists.companyId, companyId))).limit(1))[0];
      return row ? (await withOptions([row]))[0] : undefined;
    },
    /** Another list of the company with this name, case-insensitive. */
    nameTaken: async (companyId: number, name: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: fileLists.id })
          .from(fileLists)
          .where(and(eq(fileLists.companyId, companyId), sql`lower(${fileLists.name}) = lower(${name})`, exceptId ? ne(fileLists.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    insert: async (values: { companyId: number; name: string; message: string; userId: number | null }): Promise<FileListRow> =>
      (await db.insert(fileLists).values(values).returning())[0]!,
    update: async (id: number, values: { name: string; message: string }): Promise<FileListRow> =>
      (await db.update(fileLists).set({ ...values, updatedAt: sql`now()` }).where(eq(fileLists.id, id)).returning())[0]!,
    /** Marks the list changed (an upload): its updatedAt moves. */
    touch: async (id: number): Promise<FileListRow> => (await db.update(fileLists).set({ updatedAt: sql`now()` }).where(eq(fileLists.id, id)).returning())[0]!,
    /** Deletes the list (its options go with it, by the foreign key). */
    remove: async (id: number): Promise<void> => {
      await db.delete(fileLists).where(eq(fileLists.id, id));
    },

    options: async (fileListId: number): Promise<FileListOptionRow[]> =>
      db.select().from(fileListOptions).where(eq(fileListOptions.fileListId, fileListId)).orderBy(asc(fileListOptions.id)),
    insertOption: async (values: { fileListId: number; companyId: number; name: string; mediaType: string }): Promise<FileListOptionRow> =>
      (await db.insert(fileListOptions).values(values).returning())[0]!,
    updateOption: async (id: number, values: Partial<Pick<FileListOptionRow, 'name' | 'path' | 'mediaType'>>): Promise<FileListOptionRow> =>
      (await db.update(fileListOptions).set({ ...values, updatedAt: sql`now()` }).where(eq(fileListOptions.id, id)).returning())[0]!,
    removeOptions: async (ids: number[]): Promise<void> => {
      if (ids.length) await db.delete(fileListOptions).where(inArray(fileListOptions.id, ids));
    },
  };
}
