import { eq } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { connections } from './schema.js';

/** A connection as the messages API needs it to authorize and address a send. */
export type ApiConnection = { id: number; companyId: number; status: string; token: string; /** The paired phone's number ('' until a phone was ever paired). */ number: string };

/** Connections looked up by the integrators' bearer token (POST /api/messages/send). */
export function apiTokensRepository(db: ChannelsDb) {
  return {
    /** The connection holding this token (tokens are unique: connections_token_key). */
    findConnectionByToken: async (token: string): Promise<ApiConnection | undefined> =>
      (
        await db
          .select({ id: connections.id, companyId: connections.companyId, status: connections.status, token: connections.token, number: connections.number })
          .from(connections)
          .where(eq(connections.token, token))
          .limit(1)
      )[0],
  };
}
