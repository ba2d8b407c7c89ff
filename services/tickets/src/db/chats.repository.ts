import { and, asc, count, desc, eq, exists, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { chatMessages, chatUsers, chats, users } from './schema.js';

export type ChatRow = typeof chats.$inferSelect;
export type NewChatRow = typeof chats.$inferInsert;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;
/** A participant with the users projection's name and presence (name '' once the user left the projection). */
export type ChatParticipantRow = { chatId: number; userId: number; unreads: number; name: string; online: boolean };
export type ChatMessageWithSender = ChatMessageRow & { senderName: string };
/** A chat named by its id or its uuid (the web opens /chats/{uuid}). */
export type ChatRef = number | string;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const byRef = (ref: ChatRef): SQL => (typeof ref === 'number' ? eq(chats.id, ref) : eq(chats.uuid, ref));

const memberOf = (db: TicketsDb, userId: number): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId))),
  );

/** The title or a participant's name holds the term. */
function matching(db: TicketsDb, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  const named = db
    .select({ one: sql`1` })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.chatId, chats.id), sql`${users.name} ilike ${like}`));
  return or(sql`${chats.title} ilike ${like}`, exists(named));
}

/** The internal chat (spec 002 §3): chats of a company, their participants and messages. */
export function chatsRepository(db: TicketsDb) {
  return {
    /** A chat of the company the user takes part in; anyone else's chat does not exist for them. */
    findForParticipant: async (companyId: number, ref: ChatRef, userId: number, options: { lock?: boolean } = {}): Promise<ChatRow | undefined> => {
      const query = db
        .select()
        .from(chats)
        .where(and(byRef(ref), eq(chats.companyId, companyId), memberOf(db, userId)))
        .limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    /** The user's chats, newest activity first. */
    page: async (companyId: number, userId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: ChatRow[]; count: number }> => {
      const where = and(eq(chats.companyId, companyId), memberOf(db, userId), matching(db, search));
      const [rows, counted] = await Promise.all([
        db.select().from(chats).where(where).orderBy(desc(chats.updatedAt), desc(chats.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(chats).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    /** Participants of the chats, in the order they joined. */
    participants: async (chatIds: number[]): Promise<ChatParticipantRow[]> => {
      if (chatIds.length === 0) return [];
      return db
        .select({
          chatId: chatUsers.chatId,
          userId: chatUsers.userId,
          unreads: chatUsers.unreads,
          name: sql<string>`coalesce(${users.name}, '')`,
          online: sql<boolean>`coalesce(${users.online}, false)`,
        })
        .from(chatUsers)
        .leftJoin(users, eq(users.id, chatUsers.userId))
        .where(inArray(chatUsers.chatId, chatIds))
        .orderBy(asc(chatUsers.chatId), asc(chatUsers.createdAt), asc(chatUsers.userId));
    },
    participantIds: async (chatId: number): Promise<number[]> =>
      (await db.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chatId))).map((r) => r.userId),
    /** Which of these users belong to the company (the users projection), with their names. */
    companyUsers: async (companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> => {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
    },
    insert: async (values: NewChatRow): Promise<ChatRow> => (await db.insert(chats).values(values).returning())[0]!,
    /**
     * A private chat of a pair, unless the pair has one: then nothing is inserted (a concurrent create of
     * the same pair waits for the other transaction and finds its chat afterwards with findPrivate).
     */
    insertPrivate: async (values: NewChatRow & { privateLowId: number; privateHighId: number }): Promise<ChatRow | undefined> =>
      (
        await db
          .insert(chats)
          .values({ ...values, isGroup: false })
          .onConflictDoNothing({ target: [chats.companyId, chats.privateLowId, chats.privateHighId], where: sql`not ${chats.isGroup}` })
          .returning()
      )[0],
    findPrivate: async (companyId: number, lowId: number, highId: number): Promise<ChatRow | undefined> =>
      (
        await db
          .select()
          .from(chats)
          .where(and(eq(chats.companyId, companyId), eq(chats.isGroup, false), eq(chats.privateLowId, lowId), eq(chats.privateHighId, highId)))
          .limit(1)
      )[0],
    update: async (id: number, changes: Partial<Pick<NewChatRow, 'title' | 'groupImage'>>): Promise<ChatRow> =>
      (
        await db
          .update(chats)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(chats.id, id))
          .returning()
      )[0]!,
    /** Every chat the user owns or takes part in, whatever the company (user ids are the platform's). */
    ofUser: async (userId: number): Promise<ChatRow[]> =>
      db
        .select()
        .from(chats)
        .where(or(eq(chats.ownerId, userId), memberOf(db, userId)))
        .orderBy(asc(chats.id))
        .for('update'),
    setOwner: async (id: number, ownerId: number): Promise<ChatRow> => (await db.update(chats).set({ ownerId, updatedAt: new Date() }).where(eq(chats.id, id)).returning())[0]!,
    /** Deletes the chat; its participants and messages go with it (cascade). */
    remove: async (id: number): Promise<void> => {
      await db.delete(chats).where(eq(chats.id, id));
    },
    addParticipants: async (chatId: number, userIds: number[]): Promise<void> => {
      if (userIds.length === 0) return;
      await db
        .insert(chatUsers)
        .values(userIds.map((userId) => ({ chatId, userId })))
        .onConflictDoNothing();
    },
    removeParticipants: async (chatId: number, userIds: number[]): Promise<void> => {
      if (userIds.length === 0) return;
      await db.delete(chatUsers).where(and(eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, userIds)));
    },
    insertMessage: async (values: NewChatMessageRow): Promise<ChatMessageRow> => (await db.insert(chatMessages).values(values).returning())[0]!,
    /** After a message: the chat shows it as its newest activity. */
    touch: async (chatId: number, lastMessage: string, at: Date): Promise<ChatRow> =>
      (await db.update(chats).set({ lastMessage, updatedAt: at }).where(eq(chats.id, chatId)).returning())[0]!,
    /** One more unread for every participant but the sender, in one statement. */
    countUnread: async (chatId: number, senderId: number): Promise<void> => {
      await db
        .update(chatUsers)
        .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: new Date() })
        .where(and(eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
    },
    /** The user read the chat; false when there was nothing unread. */
    clearUnreads: async (chatId: number, userId: number): Promise<boolean> =>
      (
        await db
          .update(chatUsers)
          .set({ unreads: 0, updatedAt: new Date() })
          .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId), ne(chatUsers.unreads, 0)))
          .returning({ userId: chatUsers.userId })
      ).length > 0,
    unreadsOf: async (chatId: number, userId: number): Promise<number> =>
      (
        await db
          .select({ unreads: chatUsers.unreads })
          .from(chatUsers)
          .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)))
          .limit(1)
      )[0]?.unreads ?? 0,
    /** A page of the chat's messages, newest first, with the sender's name. */
    messagesPage: async (chatId: number, limit: number, offset: number): Promise<{ rows: ChatMessageWithSender[]; count: number }> => {
      const [rows, counted] = await Promise.all([
        db
          .select({ message: chatMessages, senderName: sql<string>`coalesce(${users.name}, '')` })
          .from(chatMessages)
          .leftJoin(users, eq(users.id, chatMessages.senderId))
          .where(eq(chatMessages.chatId, chatId))
          .orderBy(desc(chatMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId)),
      ]);
      return { rows: rows.map((r) => ({ ...r.message, senderName: r.senderName })), count: counted[0]?.n ?? 0 };
    },
    /** The oldest message the user has not read: the `unreads`-th newest message of the others (null: none; 0: all of theirs). */
    oldestUnreadId: async (chatId: number, userId: number, unreads: number): Promise<number | null> => {
      if (unreads <= 0) return null;
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), ne(chatMessages.senderId, userId)))
        .orderBy(desc(chatMessages.id))
        .offset(unreads - 1)
        .limit(1);
      return row?.id ?? 0;
    },
    /** Stored files of the chat (removed from storage once the chat is gone). */
    mediaKeys: async (chatId: number): Promise<string[]> =>
      (
        await db
          .select({ key: chatMessages.mediaKey })
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), isNotNull(chatMessages.mediaKey)))
      ).map((r) => r.key!),
  };
}
export type ChatsRepository = ReturnType<typeof chatsRepository>;
