import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { connections } from './schema.js';
import type { ConnectionRow } from './connections.repository.js';

/** A page's (or Instagram account's) token and id, as the Graph driver and the webhook use them. */
export type SocialCredentials = { channel: string; companyId: number; accountId: string | null; token: string | null };

/** Facebook and Instagram connections by the page or Instagram account they answer (drizzle queries only). */
export function facebookRepository(db: ChannelsDb) {
  return {
    /** The company's connection of this channel for the page / Instagram account, if linked before. */
    findLinked: async (companyId: number, channel: string, accountId: string): Promise<ConnectionRow | undefined> =>
      (
        await db
          .select()
          .from(connections)
          .where(and(eq(connections.companyId, companyId), eq(connections.channel, channel), eq(connections.facebookPageUserId, accountId)))
          .limit(1)
      )[0],
    /** Whether another company has a connection of this channel for the page / Instagram account. */
    linkedElsewhere: async (companyId: number, channel: string, accountId: string): Promise<boolean> =>
      (
        await db
          .select({ id: connections.id })
          .from(connections)
          .where(and(ne(connections.companyId, companyId), eq(connections.channel, channel), eq(connections.facebookPageUserId, accountId)))
          .limit(1)
      ).length > 0,
    /** Every company's connections answering the page / account that hold a token (webhook deliveries). */
    listeners: async (channel: string, accountId: string): Promise<ConnectionRow[]> =>
      db
        .select()
        .from(connections)
        .where(and(eq(connections.channel, channel), eq(connections.facebookPageUserId, accountId), isNotNull(connections.facebookUserToken)))
        .orderBy(asc(connections.id)),
    credentials: async (connectionId: number): Promise<SocialCredentials | undefined> =>
      (
        await db
          .select({ channel: connections.channel, companyId: connections.companyId, accountId: connections.facebookPageUserId, token: connections.facebookUserToken })
          .from(connections)
          .where(eq(connections.id, connectionId))
          .limit(1)
      )[0],
  };
}
