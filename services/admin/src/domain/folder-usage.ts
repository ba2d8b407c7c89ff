import type { ServiceContext } from '@atende/kit';
import { companiesRepository, type AdminDb } from '../db/repositories.js';

/** The first measure after a start comes this soon (or after the interval, if shorter). */
export const FIRST_FOLDER_MEASURE_MS = 60_000;

/**
 * The super user's companies table shows how much media each company keeps (spec 002: folderSize,
 * numberFileFolder, updatedAtFolder): every company's folder of the shared media storage is measured
 * now and then, and the figures are kept on its row.
 */
export function createFolderUsage({ ctx, db }: { ctx: Pick<ServiceContext, 'storage'>; db: AdminDb }) {
  const companies = companiesRepository(db);
  return {
    /** Measures every company's folder; answers how many were measured. */
    async measureAll(): Promise<number> {
      const ids = await companies.ids();
      for (const id of ids) await companies.setFolderUsage(id, await ctx.storage.usage(id), new Date());
      return ids.length;
    },
  };
}
