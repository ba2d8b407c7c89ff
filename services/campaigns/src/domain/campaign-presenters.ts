import { mediaBase, type Campaign, type CampaignDetail, type Emit } from '@atende/kit';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { campaignsRepository, type CampaignRow } from '../db/campaigns.repository.js';
import { connectionOfCompany } from '../db/connections.repository.js';
import { contactListsRepository, listItems } from '../db/contact-lists.repository.js';
import { queuesRepository } from '../db/queues.repository.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

type Named = { id: number; name: string } | null | undefined;
type Deps = Pick<CampaignsDeps, 'ctx' | 'users'>;

/** The attendant's name as auth knows it (null when unknown or gone). */
async function userOf(deps: Deps, companyId: number, userId: number | null): Promise<Named> {
  if (userId === null) return null;
  const user = await deps.users.get(userId).catch(() => null);
  return user && user.companyId === companyId ? { id: user.id, name: user.name } : null;
}

/** The answer's shape of a row, with the names of its list, connection, attendant and queue. */
export async function presentCampaign(deps: Deps, tx: CampaignsDb, row: CampaignRow): Promise<Campaign> {
  const [list, connection, user, queues] = await Promise.all([
    row.contactListId !== null ? contactListsRepository(tx).find(row.companyId, row.contactListId) : undefined,
    connectionOfCompany(tx, row.companyId, row.whatsappId),
    userOf(deps, row.companyId, row.userId),
    queuesRepository(tx).byIds(row.companyId, row.queueId === null ? [] : [row.queueId]),
  ]);
  return toCampaign(deps, row, list, connection, user, row.queueId === null ? null : queues.get(row.queueId));
}

/**
 * GET /campaigns/{id} (spec 002 §3): the campaign with its list's contacts, its recipients and the report's
 * counters. Before the recipients exist, the valid contacts are the list's WhatsApp-valid items.
 */
export async function presentCampaignDetail(deps: Deps, tx: CampaignsDb, row: CampaignRow): Promise<CampaignDetail> {
  const repo = campaignsRepository(tx);
  const [campaign, report, shipments, items] = await Promise.all([
    presentCampaign(deps, tx, row),
    repo.report(row.id),
    repo.shipments(row.id),
    row.contactListId !== null ? listItems(tx, row.companyId, row.contactListId) : Promise.resolve([]),
  ]);
  const contacts = items.map((i) => ({ id: i.id, name: i.name, number: i.number, email: i.email, isWhatsappValid: i.isWhatsappValid }));
  return {
    ...campaign,
    contactList: campaign.contactList ? { ...campaign.contactList, contacts } : null,
    shipping: shipments.map((s) => ({
      id: s.id,
      number: s.number,
      name: s.name,
      confirmation: s.confirmation,
      deliveredAt: iso(s.deliveredAt),
      confirmationRequestedAt: iso(s.confirmationRequestedAt),
      confirmedAt: iso(s.confirmedAt),
    })),
    report: shipments.length > 0 ? report : { ...report, validContacts: contacts.filter((c) => c.isWhatsappValid).length },
  };
}

/** A page of one company's rows: the names of their lists and connections read once. */
export async function presentCampaigns(deps: Deps, tx: CampaignsDb, companyId: number, rows: CampaignRow[]): Promise<Campaign[]> {
  const [{ lists, connections }, users, queues] = await Promise.all([
    campaignsRepository(tx).namesOf(
      companyId,
      rows.flatMap((r) => (r.contactListId === null ? [] : [r.contactListId])),
      rows.map((r) => r.whatsappId),
    ),
    Promise.all(rows.map((r) => userOf(deps, companyId, r.userId))),
    queuesRepository(tx).byIds(companyId, rows.flatMap((r) => (r.queueId === null ? [] : [r.queueId]))),
  ]);
  return rows.map((row, i) =>
    toCampaign(
      deps,
      row,
      row.contactListId === null ? null : lists.get(row.contactListId),
      connections.get(row.whatsappId),
      users[i],
      row.queueId === null ? null : queues.get(row.queueId),
    ),
  );
}

function toCampaign(deps: Pick<CampaignsDeps, 'ctx'>, row: CampaignRow, list: Named, connection: Named, user: Named, queue: Named): Campaign {
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
    user: user ? { id: user.id, name: user.name } : null,
    queueId: row.queueId,
    queue: queue ? { id: queue.id, name: queue.name } : null,
    mediaPath: row.mediaPath ? deps.ctx.media.url(mediaBase('campaigns'), row.mediaPath) : null,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** company-{id}-campaign (action update) for a changed row. */
export async function announceCampaign(
  deps: Deps,
  tx: CampaignsDb,
  emit: Emit,
  row: CampaignRow,
  action: 'created' | 'updated' = 'updated',
) {
  await emit(`campaigns.campaign.${action}`, row.companyId, { campaign: await presentCampaign(deps, tx, row) });
}
