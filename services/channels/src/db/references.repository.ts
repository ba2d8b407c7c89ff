import { and, eq, inArray } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { fileLists, queueIntegrations } from './schema.js';

/** Which of these ids name no integration, or no file list, of the company. */
export async function missingReferences(
  db: ChannelsDb,
  companyId: number,
  ids: { integrationIds: number[]; fileListIds: number[] },
): Promise<{ missingIntegrationIds: number[]; missingFileListIds: number[] }> {
  const [integrations, lists] = await Promise.all([
    ids.integrationIds.length
      ? db.select({ id: queueIntegrations.id }).from(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), inArray(queueIntegrations.id, ids.integrationIds)))
      : Promise.resolve([]),
    ids.fileListIds.length
      ? db.select({ id: fileLists.id }).from(fileLists).where(and(eq(fileLists.companyId, companyId), inArray(fileLists.id, ids.fileListIds)))
      : Promise.resolve([]),
  ]);
  const found = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
  const integrationSet = found(integrations);
  const listSet = found(lists);
  return {
    missingIntegrationIds: [...new Set(ids.integrationIds)].filter((id) => !integrationSet.has(id)),
    missingFileListIds: [...new Set(ids.fileListIds)].filter((id) => !listSet.has(id)),
  };
}
