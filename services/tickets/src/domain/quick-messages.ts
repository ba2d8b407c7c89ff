import {
  AppError,
  QUICK_MESSAGES_PAGE_SIZE,
  canEditQuickMessage,
  mediaWhitelists,
  sniffType,
  type AuthUser,
  type Emit,
  type CreateQuickMessageBody,
  type QuickMessage,
  type QuickMessagesQuery,
  type UpdateQuickMessageBody,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { quickMessagesRepository, type QuickMessageReader, type QuickMessageRow } from '../db/quick-messages.repository.js';
import { toQuickMessage } from './presenters.js';
import type { UploadedFile } from './message-actions.js';

/** Who acts on quick messages. */
export type QuickMessageActor = { userId: number; admin: boolean };

/**
 * Quick messages (spec 002 §3, §5, §6), pure: everyone sees their own, shared (geral) and visible
 * (visao) ones, admins all of the company; who may change them is kit's canEditQuickMessage.
 */
export function canReadQuickMessage(row: Pick<QuickMessageRow, 'userId' | 'geral' | 'visao'>, actor: QuickMessageActor): boolean {
  return actor.admin || row.userId === actor.userId || row.geral || row.visao;
}

const duplicated = () =>
  new AppError('ERR_DUPLICATED_SHORTCUT', 'A quick message with this shortcode already exists', { fields: [{ field: 'shortcode', message: 'Atalho já existe' }] });

export function createQuickMessagesDesk(deps: TicketsDeps) {
  const { db, unitOfWork, ctx } = deps;

  const actorOf = (auth: AuthUser): QuickMessageActor => ({ userId: auth.userId, admin: auth.profile === 'admin' || auth.super });
  const readerOf = (auth: AuthUser): QuickMessageReader => ({ companyId: auth.companyId, userId: auth.userId, all: actorOf(auth).admin });
  const present = (row: QuickMessageRow) => toQuickMessage(row, deps.mediaUrl);

  const readable = async (auth: AuthUser, id: number): Promise<QuickMessageRow> => {
    const row = await quickMessagesRepository(db).find(auth.companyId, id);
    if (!row || !canReadQuickMessage(row, actorOf(auth))) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', 'Quick message not found');
    return row;
  };

  const readOnly = () => new AppError('ERR_NO_PERMISSION', "Another user's quick message is read-only");

  /** Runs `work` on a quick message the caller may edit, in a transaction, announcing the result. */
  const editing = async (auth: AuthUser, id: number, work: (row: QuickMessageRow, repo: ReturnType<typeof quickMessagesRepository>) => Promise<QuickMessageRow>): Promise<QuickMessage> =>
    unitOfWork(async (tx, emit) => {
      const repo = quickMessagesRepository(tx);
      await repo.lockCompany(auth.companyId);
      const row = await repo.find(auth.companyId, id, { lock: true });
      const actor = actorOf(auth);
      if (!row || !canReadQuickMessage(row, actor)) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', 'Quick message not found');
      if (!canEditQuickMessage(row, actor)) throw readOnly();
      const updated = await work(row, repo);
      const quickMessage = present(updated);
      await emit('tickets.quickMessage.updated', auth.companyId, { quickMessage });
      return quickMessage;
    });

  return {
    /** auth.user.deleted: the user's quick messages stay with the company, no one's now (its admins manage them). */
    async userDeleted(tx: TicketsDb, emit: Emit, userId: number): Promise<void> {
      for (const row of await quickMessagesRepository(tx).disown(userId)) await emit('tickets.quickMessage.updated', row.companyId, { quickMessage: present(row) });
    },

    async page(auth: AuthUser, query: QuickMessagesQuery): Promise<{ records: QuickMessage[]; count: number; hasMore: boolean }> {
      const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
      const { rows, count } = await quickMessagesRepository(db).page(readerOf(auth), query.searchParam, QUICK_MESSAGES_PAGE_SIZE, offset);
      return { records: rows.map(present), count, hasMore: offset + rows.length < count };
    },

    /** The '/' picker: active ones the caller may use (own, shared, visible). */
    async usable(auth: AuthUser, searchParam?: string): Promise<QuickMessage[]> {
      return (await quickMessagesRepository(db).usable(readerOf(auth), searchParam)).map(present);
    },

    async show(auth: AuthUser, id: number): Promise<QuickMessage> {
      return present(await readable(auth, id));
    },

    async create(auth: AuthUser, body: CreateQuickMessageBody): Promise<QuickMessage> {
      return unitOfWork(async (tx, emit) => {
        const repo = quickMessagesRepository(tx);
        await repo.lockCompany(auth.companyId);
        if (await repo.shortcodeTaken(auth.companyId, body.shortcode, auth.userId, body.geral, null)) throw duplicated();
        const row = await repo.insert({
          companyId: auth.companyId,
          userId: auth.userId,
          shortcode: body.shortcode,
          message: body.message,
          geral: body.geral,
          visao: body.visao,
          status: body.status,
        });
        const quickMessage = present(row);
        await emit('tickets.quickMessage.created', auth.companyId, { quickMessage });
        return quickMessage;
      });
    },

    async update(auth: AuthUser, id: number, body: UpdateQuickMessageBody): Promise<QuickMessage> {
      return editing(auth, id, async (row, repo) => {
        const shortcode = body.shortcode ?? row.shortcode;
        const geral = body.geral ?? row.geral;
        if ((shortcode.toLowerCase() !== row.shortcode.toLowerCase() || geral !== row.geral) && (await repo.shortcodeTaken(auth.companyId, shortcode, row.userId, geral, row.id))) {
          throw duplicated();
        }
        const changes = {
          ...(body.shortcode !== undefined ? { shortcode: body.shortcode } : {}),
          ...(body.message !== undefined ? { message: body.message } : {}),
          ...(body.geral !== undefined ? { geral: body.geral } : {}),
          ...(body.visao !== undefined ? { visao: body.visao } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        };
        return Object.keys(changes).length ? repo.update(row.id, changes) : row;
      });
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      const key = await unitOfWork(async (tx, emit) => {
        const repo = quickMessagesRepository(tx);
        const row = await repo.find(auth.companyId, id, { lock: true });
        const actor = actorOf(auth);
        if (!row || !canReadQuickMessage(row, actor)) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', 'Quick message not found');
        if (!canEditQuickMessage(row, actor)) throw readOnly();
        await repo.remove(row.id);
        await emit('tickets.quickMessage.deleted', auth.companyId, { quickMessageId: row.id, userId: row.userId });
        return row.mediaKey;
      });
      if (key) await ctx.storage.remove(key).catch(() => undefined);
    },

    /** Attach (or replace) the quick message's file, checked by its bytes, under the company's folder. */
    async uploadMedia(auth: AuthUser, id: number, file: UploadedFile | null): Promise<QuickMessage> {
      if (!file) throw new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });
      // Who may edit it is told before anything is said of the file.
      if (!canEditQuickMessage(await readable(auth, id), actorOf(auth))) throw readOnly();
      const type = await sniffType(file.data, mediaWhitelists.message);
      const saved = await ctx.storage.save(auth.companyId, 'quick-messages', file.data, type);
      let previous: string | null = null;
      try {
        const answer = await editing(auth, id, async (row, repo) => {
          previous = row.mediaKey;
          const name = (file.filename ?? `arquivo.${type.ext}`).replace(/[\\/\0\r\n]/g, '_').slice(0, 200);
          return repo.update(row.id, { mediaKey: saved.key, mediaName: name });
        });
        if (previous) await ctx.storage.remove(previous).catch(() => undefined);
        return answer;
      } catch (err) {
        await ctx.storage.remove(saved.key).catch(() => undefined);
        throw err;
      }
    },

    async removeMedia(auth: AuthUser, id: number): Promise<QuickMessage> {
      let previous: string | null = null;
      const answer = await editing(auth, id, async (row, repo) => {
        previous = row.mediaKey;
        return row.mediaKey ? repo.update(row.id, { mediaKey: null, mediaName: null }) : row;
      });
      if (previous) await ctx.storage.remove(previous).catch(() => undefined);
      return answer;
    },
  };
}
export type QuickMessagesDesk = ReturnType<typeof createQuickMessagesDesk>;
