import {
  AppError,
  CHATS_PAGE_SIZE,
  CHAT_MESSAGES_PAGE_SIZE,
  mediaWhitelists,
  sniffType,
  validationError,
  type AuthUser,
  type Chat,
  type ChatMediaType,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatMessagesQuery,
  type ChatReadBody,
  type ChatsPage,
  type ChatsQuery,
  type Emit,
  type CreateChatBody,
  type FieldError,
  type SendChatMessageBody,
  type StoredFile,
  type UpdateChatBody,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { chatsRepository, type ChatMessageRow, type ChatParticipantRow, type ChatRef, type ChatRow } from '../db/chats.repository.js';
import type { UploadedFile } from './message-actions.js';
import type { MediaUrl } from './presenters.js';

// ---- rules (pure) ----

const DOCUMENT_TYPES: readonly string[] = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
];
/** Files a chat message may carry (spec 002 §5): audio, video, image, .pdf, .doc, .docx, .txt (checked by their bytes). */
export const chatFileTypes: readonly string[] = mediaWhitelists.message.filter((mime) => /^(image|audio|video)\//.test(mime) || DOCUMENT_TYPES.includes(mime));

/** How the web shows a file (a browser recording sniffs as video/webm but is declared audio). */
export function chatMediaTypeOf(mime: string, declared: string | null): ChatMediaType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return declared?.startsWith('audio/') ? 'audio' : 'video';
  if (mime === 'application/pdf') return 'pdf';
  return 'document';
}

/** A private chat's key: its two users, lower id first (one chat per pair). */
export function privatePair(a: number, b: number): { privateLowId: number; privateHighId: number } {
  return { privateLowId: Math.min(a, b), privateHighId: Math.max(a, b) };
}

/** Who a chat gathers: its owner first (always there), then the named users once each. */
export function membersOf(ownerId: number, named: readonly { id: number }[]): number[] {
  return [...new Set([ownerId, ...named.map((u) => u.id)])];
}

const oneOtherUser = () => validationError('users', 'A private chat names exactly one other user');
const someParticipant = () => validationError('users', 'Choose at least one participant');

/** POST /chats: a private chat names exactly one other user; a group has a title and at least one other user. Returns the others. */
export function checkNewChat(ownerId: number, body: CreateChatBody): number[] {
  const others = membersOf(ownerId, body.users).slice(1);
  if (!body.isGroup && others.length !== 1) throw oneOtherUser();
  if (body.isGroup && body.title.trim().length === 0) throw validationError('title', 'Required');
  if (body.isGroup && others.length === 0) throw someParticipant();
  return others;
}

/** The owner may delete any chat of theirs and edit groups; private chats are never edited (spec 002 §5, §6). */
export function checkChatEdit(chat: Pick<ChatRow, 'isGroup' | 'ownerId'>, userId: number): void {
  if (!chat.isGroup) throw new AppError('ERR_NO_PERMISSION', 'Private chats cannot be edited');
  if (chat.ownerId !== userId) throw new AppError('ERR_NO_PERMISSION', 'Only the owner may edit the chat');
}

export function checkChatDelete(chat: Pick<ChatRow, 'ownerId'>, userId: number): void {
  if (chat.ownerId !== userId) throw new AppError('ERR_NO_PERMISSION', 'Only the owner may delete the chat');
}

/** Named users that are not users of the company (unknown or of another company), by their place in the list. */
export function foreignUsers(named: readonly { id: number }[], known: ReadonlySet<number>, exempt: number): FieldError[] {
  return named.flatMap((u, i) => (u.id === exempt || known.has(u.id) ? [] : [{ field: `users.${i}.id`, message: 'Unknown user' }]));
}

/** A private chat is titled with both names (each side shows the other person). */
export function privateTitle(names: readonly string[]): string {
  return names
    .filter((n) => n.trim())
    .join(', ')
    .slice(0, 255);
}

/** The list's preview of a message: its text, or the file's name when only a file was sent. */
export function lastMessageOf(text: string, mediaName: string | null): string {
  return text.trim() ? text : (mediaName ?? '');
}

/** Empty text is not sent (spec 002 §5), unless a file goes with it. */
export function checkChatMessage(text: string, file: UploadedFile | null): void {
  if (!text.trim() && !file) throw validationError('message', 'Required');
}

const sanitizeName = (name: string | null, ext: string): string => (name ? name.replace(/[\\/\0\r\n]/g, '_').slice(0, 200) : `arquivo.${ext}`);

// ---- presentation ----

type Picture = string | null;

export function toChat(row: ChatRow, participants: readonly ChatParticipantRow[], pictures: ReadonlyMap<number, Picture>, mediaUrl: MediaUrl): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    isGroup: row.isGroup,
    ownerId: row.ownerId,
    groupImage: row.groupImage ? mediaUrl(row.groupImage) : null,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    users: participants.map((p) => {
      const picture = pictures.get(p.userId) ?? null;
      return { userId: p.userId, unreads: p.unreads, user: { id: p.userId, name: p.name, profileImage: picture, urlPicture: picture, online: p.online } };
    }),
  };
}

export function toChatMessage(row: ChatMessageRow, sender: { name: string; picture: Picture }, mediaUrl: MediaUrl, read?: boolean): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    message: row.message,
    mediaPath: row.mediaKey ? mediaUrl(row.mediaKey) : null,
    mediaName: row.mediaName,
    mediaType: (row.mediaType as ChatMediaType | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(read === undefined ? {} : { read }),
    sender: { id: row.senderId, name: sender.name, profileImage: sender.picture, urlPicture: sender.picture },
  };
}

// ---- use cases ----

const noChat = () => new AppError('ERR_NO_CHAT_FOUND', 'Chat not found');

/** The internal chat (spec 002 §2, §3, §5, §6, §7): only participants see a chat, only its owner manages it. */
export function createChatsDesk(deps: TicketsDeps) {
  const { db, unitOfWork, ctx } = deps;

  /** Photos live with auth (signed links); a failed lookup shows no photo rather than failing the answer. */
  const pictures = async (userIds: Iterable<number>): Promise<Map<number, Picture>> =>
    new Map(await Promise.all([...new Set(userIds)].map(async (id) => [id, (await deps.users.get(id).catch(() => null))?.profileImage ?? null] as const)));

  const present = async (tx: TicketsDb, rows: ChatRow[]): Promise<Chat[]> => {
    const participants = await chatsRepository(tx).participants(rows.map((r) => r.id));
    const byChat = new Map<number, ChatParticipantRow[]>();
    for (const p of participants) byChat.set(p.chatId, [...(byChat.get(p.chatId) ?? []), p]);
    const photos = await pictures(participants.map((p) => p.userId));
    return rows.map((row) => toChat(row, byChat.get(row.id) ?? [], photos, deps.mediaUrl));
  };
  const presentOne = async (tx: TicketsDb, row: ChatRow): Promise<Chat> => (await present(tx, [row]))[0]!;

  const participating = async (tx: TicketsDb, auth: AuthUser, ref: ChatRef, lock = false): Promise<ChatRow> => {
    const row = await chatsRepository(tx).findForParticipant(auth.companyId, ref, auth.userId, { lock });
    if (!row) throw noChat();
    return row;
  };

  /** The named users must be users of the caller's company (the caller may name themselves); returns their names by id. */
  const checkUsers = async (tx: TicketsDb, auth: AuthUser, named: readonly { id: number }[], ids: number[]): Promise<Map<number, string>> => {
    const known = await chatsRepository(tx).companyUsers(auth.companyId, ids);
    const names = new Map(known.map((u) => [u.id, u.name]));
    const fields = foreignUsers(named, new Set(names.keys()), auth.userId);
    if (fields.length > 0) throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
    return names;
  };

  /** Saves an upload under the company's folder, then runs `work`; the file is removed again if `work` fails. */
  const withUpload = async <T>(
    auth: AuthUser,
    file: UploadedFile | null,
    allowed: readonly string[],
    work: (saved: StoredFile | null) => Promise<T>,
  ): Promise<T> => {
    const saved = file ? await ctx.storage.save(auth.companyId, 'chats', file.data, await sniffType(file.data, allowed)) : null;
    try {
      return await work(saved);
    } catch (err) {
      if (saved) await ctx.storage.remove(saved.key).catch(() => undefined);
      throw err;
    }
  };

  return {
    async page(auth: AuthUser, query: ChatsQuery): Promise<ChatsPage> {
      const offset = (query.pageNumber - 1) * CHATS_PAGE_SIZE;
      const { rows, count } = await chatsRepository(db).page(auth.companyId, auth.userId, query.searchParam, CHATS_PAGE_SIZE, offset);
      return { records: await present(db, rows), hasMore: offset + rows.length < count, count };
    },

    async show(auth: AuthUser, ref: ChatRef): Promise<Chat> {
      return presentOne(db, await participating(db, auth, ref));
    },

    /**
     * A new chat, the creator its owner and first participant. A private chat with the same person is
     * reused (created: false); the pair's unique key makes two simultaneous creates end in one chat.
     */
    async create(auth: AuthUser, body: CreateChatBody, groupImage: UploadedFile | null): Promise<{ chat: Chat; created: boolean }> {
      const others = checkNewChat(auth.userId, body);
      // Only a group has a photo; a private chat ignores one.
      const image = body.isGroup ? groupImage : null;
      return withUpload(auth, image, mediaWhitelists.image, (saved) =>
        unitOfWork(async (tx, emit) => {
          const repo = chatsRepository(tx);
          const names = await checkUsers(tx, auth, body.users, [auth.userId, ...others]);
          let row: ChatRow;
          if (body.isGroup) {
            row = await repo.insert({ companyId: auth.companyId, title: body.title, isGroup: true, ownerId: auth.userId, groupImage: saved?.key ?? null });
          } else {
            const other = others[0]!;
            const pair = privatePair(auth.userId, other);
            const title = privateTitle([names.get(auth.userId) ?? '', names.get(other) ?? '']);
            const inserted = await repo.insertPrivate({ companyId: auth.companyId, title, ownerId: auth.userId, ...pair });
            if (!inserted) {
              const existing = await repo.findPrivate(auth.companyId, pair.privateLowId, pair.privateHighId);
              if (!existing) throw new AppError('ERR_INTERNAL', 'Private chat vanished while being reused');
              return { chat: await presentOne(tx, existing), created: false };
            }
            row = inserted;
          }
          await repo.addParticipants(row.id, [auth.userId, ...others]);
          const chat = await presentOne(tx, row);
          await emit('tickets.chat.created', auth.companyId, { chat });
          return { chat, created: true };
        }),
      );
    },

    /** A group's title and/or participants (the owner always stays); its photo does not change here. */
    async update(auth: AuthUser, ref: ChatRef, body: UpdateChatBody): Promise<Chat> {
      return unitOfWork(async (tx, emit) => {
        const repo = chatsRepository(tx);
        const row = await participating(tx, auth, ref, true);
        checkChatEdit(row, auth.userId);
        let removedUserIds: number[] = [];
        if (body.users) {
          const members = membersOf(row.ownerId, body.users);
          if (members.length < 2) throw someParticipant();
          await checkUsers(tx, auth, body.users, members);
          const current = await repo.participantIds(row.id);
          removedUserIds = current.filter((id) => !members.includes(id));
          await repo.removeParticipants(row.id, removedUserIds);
          await repo.addParticipants(
            row.id,
            members.filter((id) => !current.includes(id)),
          );
        }
        const updated = await repo.update(row.id, body.title !== undefined ? { title: body.title } : {});
        const chat = await presentOne(tx, updated);
        await emit('tickets.chat.updated', auth.companyId, { chat, removedUserIds });
        return chat;
      });
    },

    /**
     * auth.user.deleted: the user leaves their group chats, and each chat they owned passes to the participant
     * who joined first after them, so that someone can still edit or delete it. Private chats keep both sides
     * (the conversation stays readable); a chat nobody else is in stays as it is, seen by no one.
     */
    async userDeleted(tx: TicketsDb, emit: Emit, userId: number): Promise<void> {
      const repo = chatsRepository(tx);
      for (const row of await repo.ofUser(userId)) {
        const others = (await repo.participants([row.id])).filter((p) => p.userId !== userId);
        if (others.length === 0 || (!row.isGroup && row.ownerId !== userId)) continue;
        if (row.isGroup) await repo.removeParticipants(row.id, [userId]);
        const updated = row.ownerId === userId ? await repo.setOwner(row.id, others[0]!.userId) : row;
        await emit('tickets.chat.updated', row.companyId, { chat: await presentOne(tx, updated), removedUserIds: row.isGroup ? [userId] : [] });
      }
    },

    /** The owner deletes the chat with its messages; their files go after the commit. */
    async remove(auth: AuthUser, ref: ChatRef): Promise<void> {
      const keys = await unitOfWork(async (tx, emit) => {
        const repo = chatsRepository(tx);
        const row = await participating(tx, auth, ref, true);
        checkChatDelete(row, auth.userId);
        const [userIds, mediaKeys] = await Promise.all([repo.participantIds(row.id), repo.mediaKeys(row.id)]);
        await repo.remove(row.id);
        await emit('tickets.chat.deleted', auth.companyId, { chatId: row.id, userIds });
        return row.groupImage ? [...mediaKeys, row.groupImage] : mediaKeys;
      });
      await Promise.all(keys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    },

    /** Page 1 holds the newest messages, each page oldest first; `read` tells the caller's unread ones. */
    async messages(auth: AuthUser, ref: ChatRef, query: ChatMessagesQuery): Promise<ChatMessagesPage> {
      const repo = chatsRepository(db);
      const row = await participating(db, auth, ref);
      const offset = (query.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
      const unreads = await repo.unreadsOf(row.id, auth.userId);
      const [{ rows, count }, oldestUnread] = await Promise.all([
        repo.messagesPage(row.id, CHAT_MESSAGES_PAGE_SIZE, offset),
        repo.oldestUnreadId(row.id, auth.userId, unreads),
      ]);
      const photos = await pictures(rows.map((r) => r.senderId));
      const records = rows
        .map((r) => {
          const read = r.senderId === auth.userId || oldestUnread === null || r.id < oldestUnread;
          return toChatMessage(r, { name: r.senderName, picture: photos.get(r.senderId) ?? null }, deps.mediaUrl, read);
        })
        .reverse();
      return { records, hasMore: offset + rows.length < count, count };
    },

    /** A message (text and/or one file): the chat shows it as its newest activity and every other participant has one more unread. */
    async send(auth: AuthUser, ref: ChatRef, body: SendChatMessageBody, file: UploadedFile | null): Promise<ChatMessage> {
      checkChatMessage(body.message, file);
      await participating(db, auth, ref);
      return withUpload(auth, file, chatFileTypes, (saved) =>
        unitOfWork(async (tx, emit) => {
          const repo = chatsRepository(tx);
          const row = await participating(tx, auth, ref, true);
          const mediaName = saved ? sanitizeName(file!.filename, saved.key.split('.').pop() ?? 'bin') : null;
          const stored = await repo.insertMessage({
            chatId: row.id,
            senderId: auth.userId,
            message: body.message,
            mediaKey: saved?.key ?? null,
            mediaName,
            mediaType: saved ? chatMediaTypeOf(saved.mime, file!.mimetype) : null,
          });
          await repo.countUnread(row.id, auth.userId);
          const chat = await presentOne(tx, await repo.touch(row.id, lastMessageOf(body.message, mediaName), stored.createdAt));
          const me = chat.users.find((u) => u.userId === auth.userId)?.user;
          const message = toChatMessage(stored, { name: me?.name ?? '', picture: me?.profileImage ?? null }, deps.mediaUrl);
          // The event goes to every participant (each reads it as their own unread or not); the sender has read it.
          await emit('tickets.chatMessage.created', auth.companyId, { message, chat });
          return { ...message, read: true };
        }),
      );
    },

    /** The caller read the chat: their unreads are 0 again (nobody may clear another's). */
    async read(auth: AuthUser, ref: ChatRef, body: ChatReadBody): Promise<Chat> {
      return unitOfWork(async (tx, emit) => {
        const row = await participating(tx, auth, ref);
        if (body.userId !== undefined && body.userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION', 'A user may only mark their own messages read');
        const changed = await chatsRepository(tx).clearUnreads(row.id, auth.userId);
        const chat = await presentOne(tx, row);
        if (changed) await emit('tickets.chat.read', auth.companyId, { chat, userId: auth.userId });
        return chat;
      });
    },
  };
}
export type ChatsDesk = ReturnType<typeof createChatsDesk>;
