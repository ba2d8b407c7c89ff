import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Connection, User } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { columns, run, tableRef } from './raw.js';
import { connections, users } from './schema.js';

export type UserProjection = typeof users.$inferSelect;
export type ConnectionProjection = typeof connections.$inferSelect;

const userValues = (user: User) => ({
  id: user.id,
  companyId: user.companyId,
  name: user.name.slice(0, 50),
  profile: user.profile,
  queueIds: user.queueIds,
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  allHistoric: user.allHistoric,
  allUserChat: user.allUserChat,
  farewellMessage: user.farewellMessage,
  online: user.online,
});

const connectionValues = (c: Connection) => ({
  id: c.id,
  companyId: c.companyId,
  name: c.name.slice(0, 100),
  channel: c.channel,
  status: c.status.slice(0, 20),
  number: c.number?.slice(0, 50) ?? null,
  isDefault: c.isDefault,
  groupAsTicket: c.groupAsTicket,
  greetingMessage: c.greetingMessage,
  complationMessage: c.complationMessage,
  outOfHoursMessage: c.outOfHoursMessage,
  timeCreateNewTicket: c.timeCreateNewTicket,
  maxUseBotQueues: c.maxUseBotQueues,
  timeUseBotQueues: c.timeUseBotQueues,
  ratingMessage: c.ratingMessage,
  maxUseBotQueuesNps: c.maxUseBotQueuesNPS,
  expiresTicketNps: c.expiresTicketNPS,
  queueIds: c.queueIds,
  schedules: c.schedules,
  collectiveVacationMessage: c.collectiveVacationMessage,
  collectiveVacationStart: c.collectiveVacationStart ? new Date(c.collectiveVacationStart) : null,
  collectiveVacationEnd: c.collectiveVacationEnd ? new Date(c.collectiveVacationEnd) : null,
  greetingMediaKey: c.greetingMediaKey,
  greetingMediaName: c.greetingMediaName?.slice(0, 500) ?? null,
  sendIdQueue: c.sendIdQueue,
  timeSendQueue: c.timeSendQueue,
  expiresTicket: c.expiresTicket,
  whenExpiresTicket: c.whenExpiresTicket,
  expiresInactiveMessage: c.expiresInactiveMessage,
  timeInactiveMessage: c.timeInactiveMessage,
  inactiveMessage: c.inactiveMessage,
  integrationId: c.integrationId ?? null,
  promptId: c.promptId ?? null,
});

const connectionColumns = columns(connections, 'w');
/** findConnection (read by every inbound message): raw text, see raw.ts. */
const findConnectionText = `select ${connectionColumns.list} from ${tableRef(connections)} w
  where w."${connections.id.name}" = $1 and w."${connections.companyId.name}" = $2 limit 1`;

/** The projections tickets keeps of other services' data: auth's users, channels' connections. */
export function projectionsRepository(db: TicketsDb) {
  return {
    upsertUser: async (user: User): Promise<void> => {
      const values = userValues(user);
      await db
        .insert(users)
        .values(values)
        .onConflictDoUpdate({ target: users.id, set: { ...values, updatedAt: new Date() } });
    },
    /** Insert only when missing (a user seeded before tickets listened, e.g. the first super user). */
    ensureUser: async (user: User): Promise<void> => {
      await db.insert(users).values(userValues(user)).onConflictDoNothing({ target: users.id });
    },
    removeUser: async (id: number): Promise<void> => {
      await db.delete(users).where(eq(users.id, id));
    },
    findUserAnyCompany: async (id: number): Promise<UserProjection | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
    findUser: async (companyId: number, id: number): Promise<UserProjection | undefined> =>
      (await db.select().from(users).where(and(eq(users.id, id), eq(users.companyId, companyId))).limit(1))[0],
    /** The users of a queue online now (setting userRandom hands a waiting ticket to one of them). */
    onlineUsersOfQueue: async (companyId: number, queueId: number): Promise<UserProjection[]> =>
      db
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.online, true), sql`${queueId} = any(${users.queueIds})`))
        .orderBy(asc(users.id)),
    upsertConnection: async (c: Connection): Promise<ConnectionProjection> => {
      const values = connectionValues(c);
      const [row] = await db
        .insert(connections)
        .values(values)
        .onConflictDoUpdate({ target: connections.id, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },
    removeConnection: async (id: number): Promise<ConnectionProjection | undefined> =>
      (await db.delete(connections).where(eq(connections.id, id)).returning())[0],
    findConnection: async (companyId: number, id: number): Promise<ConnectionProjection | undefined> => {
      const [row] = await run(db, findConnectionText, [id, companyId]);
      return row ? connectionColumns.read(row) : undefined;
    },
    /** Which company a connection belongs to, whatever the caller's (undefined: not projected). */
    connectionCompany: async (id: number): Promise<number | undefined> =>
      (await db.select({ companyId: connections.companyId }).from(connections).where(eq(connections.id, id)).limit(1))[0]?.companyId,
    /** The company's default connection: the one marked default, else the first. */
    defaultConnection: async (companyId: number): Promise<ConnectionProjection | undefined> =>
      (await db.select().from(connections).where(eq(connections.companyId, companyId)).orderBy(desc(connections.isDefault), asc(connections.id)).limit(1))[0],
    /**
     * The connected one of a channel (a WhatsApp contact is never written to on a Facebook page, nor the
     * other way round) to attach waiting tickets to: the default if connected, else the first connected.
     */
    deliveringConnection: async (companyId: number, channel: string): Promise<ConnectionProjection | undefined> =>
      (
        await db
          .select()
          .from(connections)
          .where(and(eq(connections.companyId, companyId), eq(connections.channel, channel), sql`upper(${connections.status}) = 'CONNECTED'`))
          .orderBy(desc(connections.isDefault), asc(connections.id))
          .limit(1)
      )[0],
  };
}
export type ProjectionsRepository = ReturnType<typeof projectionsRepository>;
