import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { CampaignsDb } from '../deps.js';
import { campaignShipping, campaigns } from './campaigns.schema.js';
import { connections, contactLists } from './contact-lists.schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type ShippingRow = typeof campaignShipping.$inferSelect;
export type NewShippingRow = typeof campaignShipping.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Campaigns and their shipments; every query of a company's rows is scoped by its id. */
export function campaignsRepository(db: CampaignsDb) {
  return {
    async page(companyId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: CampaignRow[]; count: number }> {
      const where = and(eq(campaigns.companyId, companyId), search ? ilike(campaigns.name, `%${escapeLike(search)}%`) : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(campaigns).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
    async find(companyId: number, id: number, options: { lock?: boolean } = {}): Promise<CampaignRow | undefined> {
      const q = db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
      return (await (options.lock ? q.for('update') : q))[0];
    },
    async insert(row: NewCampaignRow): Promise<CampaignRow> {
      return (await db.insert(campaigns).values(row).returning())[0]!;
    },
    async update(companyId: number, id: number, values: Partial<NewCampaignRow>): Promise<CampaignRow | undefined> {
      return (
        await db
          .update(campaigns)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
          .returning()
      )[0];
    },
    /** Campaigns of a contact list that is being deleted lose it (as ON DELETE SET NULL); answers the rows changed. */
    async detachContactList(companyId: number, contactListId: number): Promise<CampaignRow[]> {
      return db
        .update(campaigns)
        .set({ contactListId: null, updatedAt: new Date() })
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.contactListId, contactListId)))
        .returning();
    },
    async remove(companyId: number, id: number): Promise<CampaignRow | undefined> {
      return (
        await db
          .delete(campaigns)
          .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
          .returning()
      )[0];
    },

    /** Names of the company's contact lists and connections among these ids (a page's answer). */
    async namesOf(
      companyId: number,
      listIds: number[],
      connectionIds: number[],
    ): Promise<{ lists: Map<number, { id: number; name: string }>; connections: Map<number, { id: number; name: string }> }> {
      const [listRows, connectionRows] = await Promise.all([
        listIds.length
          ? db
              .select({ id: contactLists.id, name: contactLists.name })
              .from(contactLists)
              .where(and(eq(contactLists.companyId, companyId), inArray(contactLists.id, [...new Set(listIds)])))
          : [],
        connectionIds.length
          ? db
              .select({ id: connections.id, name: connections.name })
              .from(connections)
              .where(and(eq(connections.companyId, companyId), inArray(connections.id, [...new Set(connectionIds)])))
          : [],
      ]);
      return { lists: new Map(listRows.map((r) => [r.id, r])), connections: new Map(connectionRows.map((r) => [r.id, r])) };
    },
    /** PROGRAMADA campaigns whose time has come, claimed (a replica skips the ones another holds). */
    claimDue: (now: Date, limit: number): Promise<CampaignRow[]> =>
      db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.status, 'PROGRAMADA'), lte(campaigns.scheduledAt, now)))
        .orderBy(asc(campaigns.scheduledAt))
        .limit(limit)
        .for('update', { skipLocked: true }),
    /** One running campaign claimed for sending: one sender per campaign at a time across replicas. */
    claimRunning: async (excluding: number[]): Promise<CampaignRow | undefined> =>
      (
        await db
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.status, 'EM_ANDAMENTO'), excluding.length ? sql`${campaigns.id} <> all(${sql.param(excluding)}::int[])` : undefined))
          .orderBy(asc(campaigns.lastSentAt), asc(campaigns.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],

    /** New recipients; one already there (same number) keeps its state. */
    async addShipments(rows: NewShippingRow[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        added += (await db.insert(campaignShipping).values(chunk).onConflictDoNothing().returning({ id: campaignShipping.id })).length;
      }
      return added;
    },
    /** The next recipient of a campaign, in list order. */
    nextShipment: async (campaignId: number): Promise<ShippingRow | undefined> =>
      (
        await db
          .select()
          .from(campaignShipping)
          .where(and(eq(campaignShipping.campaignId, campaignId), eq(campaignShipping.jobStatus, 'pending')))
          .orderBy(asc(campaignShipping.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    /** Recipients who confirmed and are owed the campaign message (a cancelled campaign sends nothing), claimed. */
    async claimConfirmed(limit: number): Promise<{ shipment: ShippingRow; campaign: CampaignRow }[]> {
      const live = db.select({ id: campaigns.id }).from(campaigns).where(ne(campaigns.status, 'CANCELADA'));
      const claimed = await db
        .select()
        .from(campaignShipping)
        .where(and(eq(campaignShipping.jobStatus, 'confirmed'), inArray(campaignShipping.campaignId, live)))
        .orderBy(asc(campaignShipping.confirmedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (claimed.length === 0) return [];
      const owners = new Map(
        (
          await db
            .select()
            .from(campaigns)
            .where(inArray(campaigns.id, [...new Set(claimed.map((s) => s.campaignId))]))
        ).map((c) => [c.id, c]),
      );
      return claimed.flatMap((shipment) => {
        const campaign = owners.get(shipment.campaignId);
        return campaign ? [{ shipment, campaign }] : [];
      });
    },
    /** Messages the campaign sent so far (confirmation requests and campaign messages). */
    async sentCount(campaignId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`(count(${campaignShipping.deliveredAt}) + count(${campaignShipping.confirmationRequestedAt}))::int` })
        .from(campaignShipping)
        .where(eq(campaignShipping.campaignId, campaignId));
      return row?.n ?? 0;
    },
    updateShipment: async (id: number, values: Partial<NewShippingRow>): Promise<void> => {
      await db
        .update(campaignShipping)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(campaignShipping.id, id));
    },
    /** A shipment waiting for this number's reply (confirmation asked, not yet confirmed), on a campaign of this connection. */
    awaitingReply: async (companyId: number, connectionId: number, number: string): Promise<ShippingRow | undefined> =>
      (
        await db
          .select()
          .from(campaignShipping)
          .where(
            and(
              eq(campaignShipping.companyId, companyId),
              eq(campaignShipping.number, number),
              eq(campaignShipping.jobStatus, 'awaiting'),
              isNotNull(campaignShipping.confirmationRequestedAt),
              inArray(
                campaignShipping.campaignId,
                db
                  .select({ id: campaigns.id })
                  .from(campaigns)
                  .where(and(eq(campaigns.companyId, companyId), eq(campaigns.whatsappId, connectionId))),
              ),
            ),
          )
          .orderBy(desc(campaignShipping.confirmationRequestedAt))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    /**
     * Recipients the campaign still owes something: a first message, or (asked to confirm) the campaign message
     * once they reply. One a runner died while sending is never retried.
     */
    async remaining(campaignId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(campaignShipping)
        .where(and(eq(campaignShipping.campaignId, campaignId), inArray(campaignShipping.jobStatus, ['pending', 'awaiting', 'confirmed'])));
      return row?.n ?? 0;
    },
    /** The report's counters. */
    async report(campaignId: number): Promise<{ validContacts: number; delivered: number; confirmationRequested: number; confirmed: number }> {
      const [row] = await db
        .select({
          validContacts: sql<number>`count(*)::int`,
          delivered: sql<number>`count(${campaignShipping.deliveredAt})::int`,
          confirmationRequested: sql<number>`count(${campaignShipping.confirmationRequestedAt})::int`,
          confirmed: sql<number>`count(${campaignShipping.confirmedAt})::int`,
        })
        .from(campaignShipping)
        .where(eq(campaignShipping.campaignId, campaignId));
      return row ?? { validContacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 };
    },
    shipments: (campaignId: number): Promise<ShippingRow[]> =>
      db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, campaignId)).orderBy(asc(campaignShipping.id)),
  };
}
