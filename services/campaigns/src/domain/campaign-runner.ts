import { ask, fileMediaType, type Bus, type RequestOf } from '@atende/kit';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { campaignSettingsOf } from '../db/campaign-settings.repository.js';
import { campaignsRepository, type CampaignRow, type NewShippingRow, type ShippingRow } from '../db/campaigns.repository.js';
import { listItems } from '../db/contact-lists.repository.js';
import { connectionOfCompany } from '../db/connections.repository.js';
import { announceCampaign } from './campaign-presenters.js';
import { fillVariables, nextSendAt, normalizeNumber, pickVariant, variantsOf } from './campaigns.js';

/** Campaigns made due at once per tick, and claims of running campaigns per tick (a campaign whose pace allows sends again). */
const DUE_BATCH = 20;
const RUNNING_PER_TICK = 50;
const CONFIRMED_BATCH = 50;

/** Someone a campaign writes to: an item of its contact list, or a contact carrying its tag. */
export type Recipient = { name: string; number: string; email: string; contactListItemId: number | null };

/** The active contacts carrying the campaign's tag, as tickets knows them (none without a tag, or when it is gone). */
export async function taggedRecipients(bus: Bus, campaign: CampaignRow): Promise<Recipient[]> {
  if (campaign.tagListId === null) return [];
  const answer = await ask(bus, 'tickets.contacts.tagged', { companyId: campaign.companyId, tagId: campaign.tagListId });
  return (answer?.contacts ?? []).map((c) => ({ ...c, contactListItemId: null }));
}

/**
 * The recipients of a campaign: one shipment per WhatsApp-valid item of its list, then per contact of its
 * tag (one per number), the message variants in rotation with the variables filled in. Recipients
 * already there keep their state (a restart resumes).
 */
export async function prepareShipments(tx: CampaignsDb, campaign: CampaignRow, tagged: Recipient[] = []): Promise<number> {
  const [items, settings] = await Promise.all([
    campaign.contactListId === null ? Promise.resolve([]) : listItems(tx, campaign.companyId, campaign.contactListId),
    campaignSettingsOf(tx, campaign.companyId),
  ]);
  const recipients: Recipient[] = [
    ...items.filter((item) => item.isWhatsappValid).map((item) => ({ name: item.name, number: item.number, email: item.email, contactListItemId: item.id })),
    ...tagged,
  ];
  const messages = variantsOf(campaign, 'message');
  const confirmations = variantsOf(campaign, 'confirmation');
  const seen = new Set<string>();
  const rows: NewShippingRow[] = [];
  for (const candidate of recipients) {
    const number = normalizeNumber(candidate.number);
    if (number.length < 8 || seen.has(number)) continue;
    const i = seen.size;
    seen.add(number);
    const recipient = { name: candidate.name, number, email: candidate.email };
    rows.push({
      campaignId: campaign.id,
      companyId: campaign.companyId,
      number,
      name: candidate.name,
      email: candidate.email,
      contactListItemId: candidate.contactListItemId,
      message: fillVariables(pickVariant(messages, i), recipient, settings.variables),
      confirmationMessage: fillVariables(pickVariant(confirmations, i), recipient, settings.variables),
      confirmation: campaign.confirmation && confirmations.length > 0,
    });
  }
  return rows.length ? campaignsRepository(tx).addShipments(rows) : 0;
}

type Job = { shipmentId: number; kind: 'message' | 'confirmation'; request: RequestOf<'tickets.api.send'> };

/** What tickets is asked to send for a shipment (spec: the ticket is closed after unless the campaign opens it). */
function sendRequest(campaign: CampaignRow, shipment: ShippingRow, kind: Job['kind']): RequestOf<'tickets.api.send'> {
  const withMedia = kind === 'message' && campaign.mediaPath !== null;
  return {
    companyId: campaign.companyId,
    connectionId: campaign.whatsappId,
    number: shipment.number,
    body: kind === 'confirmation' ? shipment.confirmationMessage : shipment.message,
    // User and queue only count when the campaign opens tickets (spec 002 §5).
    userId: campaign.openTicket === 'enabled' ? campaign.userId : null,
    queueId: campaign.openTicket === 'enabled' ? campaign.queueId : null,
    sendSignature: false,
    closeTicket: campaign.openTicket === 'disabled' || campaign.statusTicket === 'closed',
    // A conversation already under way with the contact is never ended by a campaign; a new contact gets the list's name.
    closeOnlyOpened: true,
    contactName: shipment.name || null,
    medias: withMedia
      ? [
          {
            mediaType: fileMediaType(campaign.mediaMime ?? ''),
            key: campaign.mediaPath,
            mimetype: campaign.mediaMime ?? 'application/octet-stream',
            filename: campaign.mediaName,
            size: null,
          },
        ]
      : [],
  };
}

/**
 * The campaign runner: due campaigns start, running ones send one message at a time at the pace of the
 * company's campaign settings, replies to a confirmation get the campaign message. Rows are claimed with
 * `for update skip locked` and marked 'sending' in a committed transaction before tickets is asked, so
 * several replicas never send the same message twice (a send cut short is not retried).
 */
export function createCampaignRunner(deps: CampaignsDeps) {
  const { unitOfWork, ctx } = deps;

  /** Asks tickets to send; the outcome is written on the shipment. */
  const perform = async (job: Job, now: Date): Promise<void> => {
    let error: string | null = null;
    try {
      await ask(ctx.bus, 'tickets.api.send', job.request);
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      ctx.logger.warn({ err, shipmentId: job.shipmentId }, 'campaign message not sent');
    }
    const repo = campaignsRepository(deps.db);
    if (error !== null) await repo.updateShipment(job.shipmentId, { jobStatus: 'failed', error });
    else if (job.kind === 'confirmation') await repo.updateShipment(job.shipmentId, { jobStatus: 'awaiting', confirmationRequestedAt: now });
    else await repo.updateShipment(job.shipmentId, { jobStatus: 'delivered', deliveredAt: now });
  };

  /** PROGRAMADA campaigns whose time came become EM_ANDAMENTO with their recipients. */
  const activateDue = async (now: Date): Promise<number> =>
    unitOfWork(async (tx, emit) => {
      const due = await campaignsRepository(tx).claimDue(now, DUE_BATCH);
      for (const campaign of due) {
        await prepareShipments(tx, campaign, await taggedRecipients(ctx.bus, campaign));
        const started = (await campaignsRepository(tx).update(campaign.companyId, campaign.id, { status: 'EM_ANDAMENTO', completedAt: null }))!;
        await announceCampaign(deps, tx, emit, started);
      }
      return due.length;
    });

  /** One running campaign claimed: finished when nothing is left, else its next message when its pace allows. */
  const claimNext = async (now: Date, tried: number[]): Promise<{ campaignId: number; job: Job | null } | null> =>
    unitOfWork(async (tx, emit) => {
      const repo = campaignsRepository(tx);
      const campaign = await repo.claimRunning(tried);
      if (!campaign) return null;
      const shipment = await repo.nextShipment(campaign.id);
      if (!shipment) {
        if ((await repo.remaining(campaign.id)) === 0) {
          const done = (await repo.update(campaign.companyId, campaign.id, { status: 'FINALIZADA', completedAt: now }))!;
          await announceCampaign(deps, tx, emit, done);
        }
        return { campaignId: campaign.id, job: null };
      }
      // A campaign whose connection is down waits for it (what it would send now would only pile up and go
      // out at once when it comes back, past the pace); a connection that is gone lets the sends fail and say so.
      const connection = campaign.whatsappId === null ? null : await connectionOfCompany(tx, campaign.companyId, campaign.whatsappId);
      if (connection && connection.status.toUpperCase() !== 'CONNECTED') return { campaignId: campaign.id, job: null };
      const pace = await campaignSettingsOf(tx, campaign.companyId);
      const when = nextSendAt(pace, { now, lastSentAt: campaign.lastSentAt, sentSoFar: await repo.sentCount(campaign.id) }, deps.config.TICKETS_TIME_ZONE);
      if (!when || when.getTime() > now.getTime()) return { campaignId: campaign.id, job: null };
      const kind = shipment.confirmation && shipment.confirmationMessage.trim() ? 'confirmation' : 'message';
      await repo.updateShipment(shipment.id, { jobStatus: 'sending' });
      await repo.update(campaign.companyId, campaign.id, { lastSentAt: now });
      return { campaignId: campaign.id, job: { shipmentId: shipment.id, kind, request: sendRequest(campaign, shipment, kind) } };
    });

  /**
   * Running campaigns send what their pace allows now, the least recently sent first: with an interval, one
   * message each; with none ("0 sem intervalo"), one after the other until RUNNING_PER_TICK claims.
   */
  const dispatch = async (now: Date): Promise<number> => {
    const done: number[] = [];
    let sent = 0;
    for (let i = 0; i < RUNNING_PER_TICK; i++) {
      const next = await claimNext(now, done);
      if (!next) break;
      if (!next.job) {
        done.push(next.campaignId);
        continue;
      }
      await perform(next.job, now);
      sent++;
    }
    return sent;
  };

  /** The campaign message to those who answered the confirmation, right away (they are in a conversation now). */
  const sendConfirmed = async (now: Date): Promise<number> => {
    const jobs = await unitOfWork(async (tx) => {
      const claimed = await campaignsRepository(tx).claimConfirmed(CONFIRMED_BATCH);
      for (const { shipment } of claimed) await campaignsRepository(tx).updateShipment(shipment.id, { jobStatus: 'sending' });
      return claimed.map(({ shipment, campaign }): Job => ({ shipmentId: shipment.id, kind: 'message', request: sendRequest(campaign, shipment, 'message') }));
    });
    for (const job of jobs) await perform(job, now);
    return jobs.length;
  };

  /** A reply from a number asked to confirm: confirmed; the campaign message follows (sendConfirmed). */
  const confirmReply = async (tx: CampaignsDb, companyId: number, connectionId: number, number: string, now: Date): Promise<boolean> => {
    const repo = campaignsRepository(tx);
    const shipment = await repo.awaitingReply(companyId, connectionId, normalizeNumber(number));
    if (!shipment) return false;
    await repo.updateShipment(shipment.id, { jobStatus: 'confirmed', confirmedAt: now });
    return true;
  };

  return {
    activateDue,
    dispatch,
    sendConfirmed,
    confirmReply,
    /** One pass of the worker. */
    async tick(now: Date = new Date()): Promise<void> {
      await activateDue(now);
      await sendConfirmed(now);
      await dispatch(now);
    },
  };
}

export type CampaignRunner = ReturnType<typeof createCampaignRunner>;
