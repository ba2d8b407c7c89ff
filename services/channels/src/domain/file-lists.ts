import {
  AppError,
  FILE_LISTS_PAGE_SIZE,
  mediaBase,
  mediaWhitelists,
  sniffType,
  validationError,
  type AuthUser,
  type Emit,
  type FileListRecord,
  type FileListBody,
  type FileListOption,
  type FileListsPage,
  type FileListsQuery,
  type ResponseOf,
} from '@atende/kit';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { uniqueViolation } from '../db/connections.repository.js';
import { FILE_LIST_NAME_KEY, fileListsRepository, type FileListOptionRow, type FileListWithOptions } from '../db/file-lists.repository.js';

/** Where a company's file-list files live in the media storage (`company<id>/file-lists/…`). */
export const FILE_LIST_AREA = 'file-lists';

const notFound = () => new AppError('ERR_NO_FILE_LIST_FOUND', 'File list not found');
const nameTaken = () =>
  new AppError('ERR_FILE_LIST_NAME_ALREADY_EXISTS', 'A file list with this name already exists', { fields: [{ field: 'name', message: 'Nome já utilizado' }] });
const unknownOption = (field: string) => validationError(field, 'must be a file of this list');

// ---------- rules (pure) ----------

export const toFileListOption = (row: FileListOptionRow, mediaUrl: (key: string) => string): FileListOption => ({
  id: row.id,
  fileListId: row.fileListId,
  name: row.name,
  path: row.path ? mediaUrl(row.path) : '',
  mediaType: row.mediaType,
});

export const toFileList = (row: FileListWithOptions, mediaUrl: (key: string) => string): FileListRecord => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  message: row.message,
  userId: row.userId,
  options: row.options.map((o) => toFileListOption(o, mediaUrl)),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * What saving a list's options means (PUT /files/:id): inputs with an id update that option of the
 * list, inputs without one are new, options left out are deleted. An id that is not one of the
 * list's options names the failing field.
 */
export function planOptions(
  existing: Pick<FileListOptionRow, 'id' | 'path'>[],
  inputs: FileListBody['options'],
): { update: { id: number; name: string; mediaType: string | null }[]; create: { name: string; mediaType: string }[]; remove: Pick<FileListOptionRow, 'id' | 'path'>[] } {
  const byId = new Map(existing.map((o) => [o.id, o]));
  const kept = new Set<number>();
  const update: { id: number; name: string; mediaType: string | null }[] = [];
  const create: { name: string; mediaType: string }[] = [];
  inputs.forEach((input, i) => {
    if (input.id == null) {
      create.push({ name: input.name, mediaType: input.mediaType ?? '' });
      return;
    }
    const found = byId.get(input.id);
    if (!found) throw unknownOption(`options.${i}.id`);
    kept.add(found.id);
    // An uploaded file keeps the type read from its bytes; before the upload the declared one is kept.
    update.push({ id: found.id, name: input.name, mediaType: found.path ? null : (input.mediaType ?? null) });
  });
  return { update, create, remove: existing.filter((o) => !kept.has(o.id)) };
}

// ---------- use cases ----------

/** File lists (spec 002 §2 "Files", §3, §5, §7): admins of the company; the files sit under the company's own folder. */
export function createFileListsDesk(deps: ChannelsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);
  const present = (row: FileListWithOptions) => toFileList(row, mediaUrl);

  /** Files whose rows are gone (after the commit): a failure to delete one is logged, never answered. */
  const discard = async (keys: string[]) => {
    for (const key of keys) {
      if (!key) continue;
      await ctx.storage.remove(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'file of a file list not removed'));
    }
  };

  const lockedList = async (tx: ChannelsDb, companyId: number, id: number) => {
    const row = await fileListsRepository(tx).find(companyId, id, { lock: true });
    if (!row) throw notFound();
    return row;
  };

  /** The list as it is now, announced as `subject` and answered. */
  const announce = async (tx: ChannelsDb, emit: Emit, subject: 'channels.fileList.created' | 'channels.fileList.updated', companyId: number, id: number): Promise<FileListRecord> => {
    const row = await fileListsRepository(tx).findWithOptions(companyId, id);
    if (!row) throw notFound();
    const fileList = present(row);
    await emit(subject, companyId, { fileList });
    return fileList;
  };

  /** The name is checked first for a clear answer; the unique index settles races. */
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err) === FILE_LIST_NAME_KEY) throw nameTaken();
      throw err;
    }
  };

  return {
    /** GET /files: the company's lists by name, 20 per page, each with its files. */
    async page(auth: AuthUser, query: FileListsQuery): Promise<FileListsPage> {
      const offset = (query.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
      const { rows, count } = await fileListsRepository(db).page(auth.companyId, query.searchParam, FILE_LISTS_PAGE_SIZE, offset);
      return { files: rows.map(present), count, hasMore: offset + rows.length < count };
    },

    /** GET /files/list: every list of the company (selects). */
    async all(auth: AuthUser): Promise<{ files: FileListRecord[] }> {
      return { files: (await fileListsRepository(db).all(auth.companyId)).map(present) };
    },

    async show(auth: AuthUser, id: number): Promise<FileListRecord> {
      const row = await fileListsRepository(db).findWithOptions(auth.companyId, id);
      if (!row) throw notFound();
      return present(row);
    },

    /** POST /files: the list and its options (files are uploaded next, one per option, through uploadList). */
    async create(auth: AuthUser, body: FileListBody): Promise<FileListRecord> {
      return guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = fileListsRepository(tx);
          if (await repo.nameTaken(auth.companyId, body.name, null)) throw nameTaken();
          const row = await repo.insert({ companyId: auth.companyId, name: body.name, message: body.message, userId: auth.userId });
          for (const o of planOptions([], body.options).create) await repo.insertOption({ fileListId: row.id, companyId: auth.companyId, ...o });
          return announce(tx, emit, 'channels.fileList.created', auth.companyId, row.id);
        }),
      );
    },

    /** PUT /files/:id: name, message and the options (kept by id, new ones added, the others deleted with their files). */
    async update(auth: AuthUser, id: number, body: FileListBody): Promise<FileListRecord> {
      let removed: string[] = [];
      const answer = await guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = fileListsRepository(tx);
          await lockedList(tx, auth.companyId, id);
          if (await repo.nameTaken(auth.companyId, body.name, id)) throw nameTaken();
          const plan = planOptions(await repo.options(id), body.options);
          await repo.update(id, { name: body.name, message: body.message });
          await repo.removeOptions(plan.remove.map((o) => o.id));
          for (const o of plan.update) await repo.updateOption(o.id, { name: o.name, ...(o.mediaType !== null ? { mediaType: o.mediaType } : {}) });
          for (const o of plan.create) await repo.insertOption({ fileListId: id, companyId: auth.companyId, ...o });
          removed = plan.remove.map((o) => o.path);
          return announce(tx, emit, 'channels.fileList.updated', auth.companyId, id);
        }),
      );
      await discard(removed);
      return answer;
    },

    /** DELETE /files/:id: the list, its options and their stored files. */
    async remove(auth: AuthUser, id: number): Promise<void> {
      const keys = await unitOfWork(async (tx, emit) => {
        const repo = fileListsRepository(tx);
        await lockedList(tx, auth.companyId, id);
        const options = await repo.options(id);
        await repo.remove(id);
        await emit('channels.fileList.deleted', auth.companyId, { fileListId: id });
        return options.map((o) => o.path);
      });
      await discard(keys);
    },

    /**
     * POST /files/uploadList/:id: options' files, each checked by its bytes and stored under the company's
     * folder; each replaces its option's previous file (deleted after the commit). All or none are kept.
     */
    async upload(auth: AuthUser, id: number, files: readonly { optionId: number; data: Buffer }[]): Promise<FileListRecord> {
      const repo = fileListsRepository(db);
      if (!(await repo.find(auth.companyId, id))) throw notFound();
      const known = new Set((await repo.options(id)).map((o) => o.id));
      const field = files.length === 1 ? 'fileId' : 'id';
      if (files.some((f) => !known.has(f.optionId))) throw unknownOption(field);
      if (new Set(files.map((f) => f.optionId)).size < files.length) throw validationError('id', 'one file per option');
      const types = await Promise.all(files.map((f) => sniffType(f.data, mediaWhitelists.message)));
      const stored: string[] = [];
      const previous: string[] = [];
      try {
        for (const [i, file] of files.entries()) stored.push((await ctx.storage.save(auth.companyId, FILE_LIST_AREA, file.data, types[i]!)).key);
        const answer = await unitOfWork(async (tx, emit) => {
          const locked = fileListsRepository(tx);
          await lockedList(tx, auth.companyId, id);
          const options = await locked.options(id);
          for (const [i, file] of files.entries()) {
            const option = options.find((o) => o.id === file.optionId);
            if (!option) throw unknownOption(field);
            previous.push(option.path);
            await locked.updateOption(option.id, { path: stored[i]!, mediaType: types[i]!.mime });
          }
          await locked.touch(id);
          return announce(tx, emit, 'channels.fileList.updated', auth.companyId, id);
        });
        await discard(previous);
        return answer;
      } catch (err) {
        await discard(stored);
        throw err;
      }
    },

    /** channels.fileList.get (the chatbot sends a list): its message and its uploaded files by storage key. */
    async forSending(companyId: number, id: number): Promise<ResponseOf<'channels.fileList.get'>> {
      const row = await fileListsRepository(db).findWithOptions(companyId, id);
      if (!row) return null;
      return {
        name: row.name,
        message: row.message,
        options: row.options.filter((o) => o.path !== '').map((o) => ({ name: o.name, path: o.path, mediaType: o.mediaType })),
      };
    },
  };
}
export type FileListsDesk = ReturnType<typeof createFileListsDesk>;
