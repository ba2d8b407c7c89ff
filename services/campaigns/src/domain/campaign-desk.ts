import {
  AppError,
  ask,
  mediaWhitelists,
  parseCompanyDateTime,
  sniffType,
  validationError,
  type AuthUser,
  type Campaign,
  type CampaignBody,
  type CampaignDetail,
  type campaignListAnswer,
  type campaignListQuery,
} from '@atende/kit';
import type { z } from 'zod';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { campaignsRepository, type CampaignRow, type NewCampaignRow } from '../db/campaigns.repository.js';
import { contactListsRepository } from '../db/contact-lists.repository.js';
import { canCancel, canRestart, campaignEditable, statusForSave } from './campaigns.js';
import { presentCampaign, presentCampaignDetail, presentCampaigns } from './campaign-presenters.js';
import { prepareShipments, taggedRecipients } from './campaign-runner.js';
import { isCompanyConnection, isCompanyQueue } from './references.js';

export const CAMPAIGNS_PAGE_SIZE = 20;
const MEDIA_NAME_MAX = 500;

const noCampaign = () => new AppError('ERR_NO_CAMPAIGN_FOUND', 'Campaign not found');
const notEditable = () =>
  new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'Only an inactive or cancelled campaign, or one scheduled more than 1 hour ahead, can be changed');
const invalidAction = (action: string, status: string) => new AppError('ERR_CAMPAIGN_INVALID_ACTION', `Cannot ${action} a campaign that is ${status}`);

/** The campaigns screens (spec 002 §2, §4, §5, §7): list, dialog, cancel, restart, attachment. Admins only (routes). */
export function createCampaignsDesk(deps: CampaignsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const now = () => new Date();

  const find = async (tx: CampaignsDb, companyId: number, id: number, lock = false): Promise<CampaignRow> => {
    const row = await campaignsRepository(tx).find(companyId, id, { lock });
    if (!row) throw noCampaign();
    return row;
  };

  /**
   * The columns a body sets, after checking that what it names is the company's; `current` is the status of
   * the campaign being saved (a cancelled one stays cancelled).
   */
  const columnsOf = async (tx: CampaignsDb, companyId: number, body: CampaignBody, current: string | null = null): Promise<Omit<NewCampaignRow, 'companyId'>> => {
    const whatsappId = body.whatsappId!;
    if (!(await isCompanyConnection(ctx.bus, tx, companyId, whatsappId))) throw validationError('whatsappId', 'must be a connection of the company');
    const contactListId = body.contactListId ?? null;
    if (contactListId !== null && !(await contactListsRepository(tx).find(companyId, contactListId))) {
      throw validationError('contactListId', 'must be a contact list of the company');
    }
    const tagListId = body.tagListId ?? null;
    if (tagListId !== null && !(await ask(ctx.bus, 'tickets.contacts.tagged', { companyId, tagId: tagListId }))) {
      throw validationError('tagListId', 'must be a tag of the company');
    }
    // Spec 002 §5: "User and queue are disabled when openTicket is disabled": then none is kept (nor checked).
    const openTicket = body.openTicket ?? 'disabled';
    const opens = openTicket === 'enabled';
    const userId = opens ? (body.userId ?? null) : null;
    if (userId !== null) {
      const user = await deps.users.get(userId).catch(() => null);
      if (!user || user.companyId !== companyId) throw validationError('userId', 'must be a user of the company');
    }
    const queueId = opens ? (body.queueId ?? null) : null;
    if (queueId !== null && !(await isCompanyQueue(ctx.bus, tx, companyId, queueId))) throw validationError('queueId', 'must be a queue of the company');
    // A zone-less 'YYYY-MM-DD HH:mm:ss' is the companies' wall clock (TICKETS_TIME_ZONE).
    const scheduledAt = body.scheduledAt ? parseCompanyDateTime(body.scheduledAt, deps.config.TICKETS_TIME_ZONE) : null;
    return {
      name: body.name,
      message1: body.message1 ?? null,
      message2: body.message2 ?? null,
      message3: body.message3 ?? null,
      message4: body.message4 ?? null,
      message5: body.message5 ?? null,
      confirmationMessage1: body.confirmationMessage1 ?? null,
      confirmationMessage2: body.confirmationMessage2 ?? null,
      confirmationMessage3: body.confirmationMessage3 ?? null,
      confirmationMessage4: body.confirmationMessage4 ?? null,
      confirmationMessage5: body.confirmationMessage5 ?? null,
      confirmation: body.confirmation,
      scheduledAt,
      status: statusForSave(scheduledAt, current),
      contactListId,
      tagListId,
      whatsappId,
      statusTicket: body.statusTicket ?? 'closed',
      openTicket,
      userId,
      // The queue comes with the user (the spec requires one when a user is chosen).
      queueId,
    };
  };

  /** Changes of the dialog and of its attachment obey the same rule (spec 002 §4). */
  const editable = async (tx: CampaignsDb, companyId: number, id: number): Promise<CampaignRow> => {
    const row = await find(tx, companyId, id, true);
    if (!campaignEditable(row, now())) throw notEditable();
    return row;
  };

  return {
    async list(auth: AuthUser, query: z.infer<typeof campaignListQuery>): Promise<z.infer<typeof campaignListAnswer>> {
      const offset = (query.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
      const { rows, count } = await campaignsRepository(db).page(auth.companyId, query.searchParam || undefined, CAMPAIGNS_PAGE_SIZE, offset);
      return { records: await presentCampaigns(deps, db, auth.companyId, rows), hasMore: offset + rows.length < count, count };
    },

    async show(auth: AuthUser, id: number): Promise<CampaignDetail> {
      return presentCampaignDetail(deps, db, await find(db, auth.companyId, id));
    },

    async create(auth: AuthUser, body: CampaignBody): Promise<Campaign> {
      return unitOfWork(async (tx, emit) => {
        const row = await campaignsRepository(tx).insert({ ...(await columnsOf(tx, auth.companyId, body)), companyId: auth.companyId });
        const campaign = await presentCampaign(deps, tx, row);
        await emit('campaigns.campaign.created', row.companyId, { campaign });
        return campaign;
      });
    },

    async update(auth: AuthUser, id: number, body: CampaignBody): Promise<Campaign> {
      return unitOfWork(async (tx, emit) => {
        const before = await editable(tx, auth.companyId, id);
        const row = (await campaignsRepository(tx).update(auth.companyId, id, { ...(await columnsOf(tx, auth.companyId, body, before.status)), completedAt: null }))!;
        const campaign = await presentCampaign(deps, tx, row);
        await emit('campaigns.campaign.updated', row.companyId, { campaign });
        return campaign;
      });
    },

    /** DELETE /campaigns/{id}: its shipments go with it (a running one stops); the attachment's file after the commit. */
    async remove(auth: AuthUser, id: number): Promise<void> {
      const removed = await unitOfWork(async (tx, emit) => {
        const row = await campaignsRepository(tx).remove(auth.companyId, id);
        if (!row) throw noCampaign();
        await emit('campaigns.campaign.deleted', row.companyId, { campaignId: row.id });
        return row;
      });
      if (removed.mediaPath) await ctx.storage.remove(removed.mediaPath).catch(() => undefined);
    },

    /** EM_ANDAMENTO → CANCELADA (spec 002 §4): the runner sends nothing more of it. */
    async cancel(auth: AuthUser, id: number): Promise<Campaign> {
      return unitOfWork(async (tx, emit) => {
        const row = await find(tx, auth.companyId, id, true);
        if (!canCancel(row.status)) throw invalidAction('cancel', row.status);
        const updated = (await campaignsRepository(tx).update(auth.companyId, id, { status: 'CANCELADA' }))!;
        const campaign = await presentCampaign(deps, tx, updated);
        await emit('campaigns.campaign.updated', updated.companyId, { campaign });
        return campaign;
      });
    },

    /** CANCELADA → EM_ANDAMENTO: what was not delivered is sent (recipients are prepared if it was cancelled before starting). */
    async restart(auth: AuthUser, id: number): Promise<Campaign> {
      return unitOfWork(async (tx, emit) => {
        const row = await find(tx, auth.companyId, id, true);
        if (!canRestart(row.status)) throw invalidAction('restart', row.status);
        // Its connection may have been deleted since it was cancelled: nothing could be sent (choose another one first).
        if (row.whatsappId === null || !(await isCompanyConnection(ctx.bus, tx, auth.companyId, row.whatsappId))) {
          throw validationError('whatsappId', 'must be a connection of the company');
        }
        await prepareShipments(tx, row, await taggedRecipients(ctx.bus, row));
        const updated = (await campaignsRepository(tx).update(auth.companyId, id, { status: 'EM_ANDAMENTO', completedAt: null }))!;
        const campaign = await presentCampaign(deps, tx, updated);
        await emit('campaigns.campaign.updated', updated.companyId, { campaign });
        return campaign;
      });
    },

    /** POST /campaigns/{id}/media-upload: any conversation attachment type, recognised by its bytes; replaces the previous one. */
    async attachMedia(auth: AuthUser, id: number, data: Buffer, fileName: string | undefined): Promise<Campaign> {
      await find(db, auth.companyId, id);
      const type = await sniffType(data, mediaWhitelists.message);
      const stored = await ctx.storage.save(auth.companyId, 'campaigns', data, type);
      const name = (fileName?.trim() || `anexo.${type.ext}`).slice(0, MEDIA_NAME_MAX);
      try {
        const { campaign, previous } = await unitOfWork(async (tx, emit) => {
          const before = await editable(tx, auth.companyId, id);
          const updated = (await campaignsRepository(tx).update(auth.companyId, id, { mediaPath: stored.key, mediaName: name, mediaMime: type.mime }))!;
          const answer = await presentCampaign(deps, tx, updated);
          await emit('campaigns.campaign.updated', updated.companyId, { campaign: answer });
          return { campaign: answer, previous: before.mediaPath };
        });
        if (previous) await ctx.storage.remove(previous).catch(() => undefined);
        return campaign;
      } catch (err) {
        await ctx.storage.remove(stored.key).catch(() => undefined);
        throw err;
      }
    },

    async detachMedia(auth: AuthUser, id: number): Promise<Campaign> {
      const { campaign, previous } = await unitOfWork(async (tx, emit) => {
        const before = await editable(tx, auth.companyId, id);
        const updated = (await campaignsRepository(tx).update(auth.companyId, id, { mediaPath: null, mediaName: null, mediaMime: null }))!;
        const answer = await presentCampaign(deps, tx, updated);
        await emit('campaigns.campaign.updated', updated.companyId, { campaign: answer });
        return { campaign: answer, previous: before.mediaPath };
      });
      if (previous) await ctx.storage.remove(previous).catch(() => undefined);
      return campaign;
    },
  };
}
