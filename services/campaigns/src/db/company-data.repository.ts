import { removeCompanyRows } from '@atende/kit';
import type { CampaignsDb } from '../deps.js';
import { campaignSettings, campaignShipping, campaigns, connections, contactListItems, contactLists, queues, schedules } from './schema.js';

/**
 * Every table of the campaigns schema that holds a company's rows, children before their parents (a
 * campaign's shipping list, a contact list's items). A new table with a company_id belongs here
 * (company-deleted.test).
 */
export const companyTables = [campaignShipping, campaigns, contactListItems, contactLists, schedules, campaignSettings, connections, queues] as const;

/** A company's rows across the campaigns schema (drizzle queries only). */
export function companyDataRepository(db: CampaignsDb) {
  return {
    /** Removes every row of the company; answers how many each table had (tables with none left out). */
    removeCompany: (companyId: number): Promise<Record<string, number>> => removeCompanyRows(db, companyTables, companyId),
  };
}
