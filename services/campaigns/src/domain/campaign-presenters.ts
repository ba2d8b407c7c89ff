import { mediaBase, type Campaign, type Emit } from '@atende/kit';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { campaignsRepository, type CampaignRow } from '../db/campaigns.repository.js';
import { connectionOfCompany } from '../db/connections.repository.js';
import { contactListsRepository } from '../db/contact-lists.repository.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

type Named = { id: number; name: string } | null | undefined;

/** The answer's shape of a row, with the names of its list and connection. */
export async function presentCampaign(deps: Pick<CampaignsDeps, 'ctx'>, tx: CampaignsDb, row: CampaignRow): Promise<Campaign> {
  const [list, connection] = await Promise.all([
    row.contactListId !== null ? contactListsRepository(tx).find(row.companyId, row.contactListId) : undefined,
    connectionOfCompany(tx, row.companyId, row.whatsappId),
  ]);
  return toCampaign(deps, row, list, connection);
}

/** A page of one company's rows: the names of their lists and connections read once. */
export async function presentCampaigns(deps: Pick<CampaignsDeps, 'ctx'>, tx: CampaignsDb, companyId: number, rows: CampaignRow[]): Promise<Campaign[]> {
  const { lists, connections } = await campaignsRepository(tx).namesOf(
    companyId,
    rows.flatMap((r) => (r.contactListId === null ? [] : [r.contactListId])),
    rows.map((r) => r.whatsappId),
  );
  return rows.map((row) => toCampaign(deps, row, row.contactListId === null ? null : lists.get(row.contactListId), connections.get(row.whatsappId)));
}

function toCampaign(deps: Pick<CampaignsDeps, 'ctx'>, row: CampaignRow, list: Named, connection: Named): Campaign {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status as Campaign['status'],
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduledAt),
    completedAt: iso(row.completedAt),
    contactListId: row.contactListId,
    contactList: list ? { id: list.id, name: list.name } : null,
    whatsappId: row.whatsappId,
    whatsapp: connection ? { id: connection.id, name: connection.name } : null,
    tagListId: row.tagListId,
    statusTicket: row.statusTicket as Campaign['statusTicket'],
    openTicket: row.openTicket as Campaign['openTicket'],
    userId: row.userId,
    queueId: row.queueId,
    mediaPath: row.mediaPath ? deps.ctx.media.url(mediaBase('campaigns'), row.mediaPath) : null,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** company-{id}-campaign (action update) for a changed row. */
export async function announceCampaign(
  deps: Pick<CampaignsDeps, 'ctx'>,
  tx: CampaignsDb,
  emit: Emit,
  row: CampaignRow,
  action: 'created' | 'updated' = 'updated',
) {
  await emit(`campaigns.campaign.${action}`, row.companyId, { campaign: await presentCampaign(deps, tx, row) });
}
