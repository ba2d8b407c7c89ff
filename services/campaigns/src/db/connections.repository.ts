import { and, asc, desc, eq } from 'drizzle-orm';
import type { CampaignsDb } from '../deps.js';
import { connections } from './contact-lists.schema.js';

export type ConnectionRow = typeof connections.$inferSelect;

/** The projection of channels' connections, fed by channels.connection.* events (events/contact-lists.ts). */
export function connectionsRepository(db: CampaignsDb) {
  return {
    upsert: async (row: ConnectionRow): Promise<void> => {
      const { id: _id, ...changes } = row;
      await db.insert(connections).values(row).onConflictDoUpdate({ target: connections.id, set: changes });
    },
    remove: async (id: number): Promise<void> => {
      await db.delete(connections).where(eq(connections.id, id));
    },
  };
}

/** The connection with this id whatever its company, or null when the projection does not know it (yet). */
export async function connectionById(db: CampaignsDb, id: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
  return row ?? null;
}

/** The company's connection with this id (name, channel, status), or null when it is not one of the company's. */
export async function connectionOfCompany(db: CampaignsDb, companyId: number, id: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(connections).where(and(eq(connections.id, id), eq(connections.companyId, companyId))).limit(1);
  return row ?? null;
}

/** The connection a schedule without one is sent on: the company's default, else a connected WhatsApp one, else its first. */
export async function defaultConnectionOf(db: CampaignsDb, companyId: number): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(connections)
    .where(eq(connections.companyId, companyId))
    .orderBy(desc(connections.isDefault), desc(eq(connections.status, 'CONNECTED')), desc(eq(connections.channel, 'whatsapp')), asc(connections.id))
    .limit(1);
  return row ?? null;
}
