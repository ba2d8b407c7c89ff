import {
  ANNOUNCEMENTS_PAGE_SIZE,
  AppError,
  mediaBase,
  sniffType,
  type Announcement,
  type AnnouncementsPage,
  type AuthUser,
  type CreateAnnouncementBody,
  type ServiceContext,
  type UnitOfWork,
  type UpdateAnnouncementBody,
} from '@atende/kit';
import { announcementsRepository, type AdminDb } from '../db/repositories.js';
import type { AnnouncementRow } from '../db/schema.js';

/** The attachment of an announcement: an image (spec 002 §5 accepts .png, .jpg and .jpeg). */
const ANNOUNCEMENT_MEDIA = ['image/png', 'image/jpeg'] as const;
const MEDIA_NAME_MAX = 500;

const noAnnouncement = () => new AppError('ERR_NO_ANNOUNCEMENT_FOUND', 'Announcement not found');

/**
 * Announcements (spec 002): platform-wide notices written by super users. Everyone reads the active ones
 * (the top bar's bell); super users also see the inactive ones they manage.
 */
export function createAnnouncements(deps: { ctx: ServiceContext; db: AdminDb; unitOfWork: UnitOfWork<AdminDb> }) {
  const { ctx, db, unitOfWork } = deps;

  const present = (row: AnnouncementRow): Announcement => ({
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaPath: row.mediaPath ? ctx.media.url(mediaBase('admin'), row.mediaPath) : null,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** Changes a stored announcement and announces it in the same commit. */
  const change = (id: number, values: Parameters<ReturnType<typeof announcementsRepository>['update']>[1]) =>
    unitOfWork(async (tx, emit) => {
      const row = await announcementsRepository(tx).update(id, values);
      if (!row) throw noAnnouncement();
      const announcement = present(row);
      await emit('admin.announcement.updated', row.companyId, { announcement });
      return { row, announcement };
    });

  const findForWriting = async (id: number): Promise<AnnouncementRow> => {
    const row = await announcementsRepository(db).findById(id, { activeOnly: false });
    if (!row) throw noAnnouncement();
    return row;
  };

  return {
    async page(actor: AuthUser, search: string | undefined, pageNumber: number): Promise<AnnouncementsPage> {
      const { rows, count } = await announcementsRepository(db).page({ search, activeOnly: !actor.super, page: pageNumber, pageSize: ANNOUNCEMENTS_PAGE_SIZE });
      return { records: rows.map(present), count, hasMore: count > pageNumber * ANNOUNCEMENTS_PAGE_SIZE };
    },

    async show(actor: AuthUser, id: number): Promise<Announcement> {
      const row = await announcementsRepository(db).findById(id, { activeOnly: !actor.super });
      if (!row) throw noAnnouncement();
      return present(row);
    },

    create: (actor: AuthUser, input: CreateAnnouncementBody): Promise<Announcement> =>
      unitOfWork(async (tx, emit) => {
        const row = await announcementsRepository(tx).insert({ ...input, companyId: actor.companyId });
        const announcement = present(row);
        await emit('admin.announcement.created', row.companyId, { announcement });
        return announcement;
      }),

    async update(id: number, input: UpdateAnnouncementBody): Promise<Announcement> {
      return (await change(id, input)).announcement;
    },

    async remove(id: number): Promise<void> {
      const row = await unitOfWork(async (tx, emit) => {
        const removed = await announcementsRepository(tx).remove(id);
        if (!removed) throw noAnnouncement();
        await emit('admin.announcement.deleted', removed.companyId, { announcementId: removed.id });
        return removed;
      });
      if (row.mediaPath) await ctx.storage.remove(row.mediaPath).catch(() => undefined);
    },

    /** POST /announcements/:id/media-upload: the attachment replaces the previous one (whose file is removed after the commit). */
    async attach(id: number, data: Buffer, fileName: string | undefined): Promise<Announcement> {
      const before = await findForWriting(id);
      const type = await sniffType(data, ANNOUNCEMENT_MEDIA);
      const stored = await ctx.storage.save(before.companyId ?? 0, 'announcements', data, type);
      const mediaName = (fileName?.trim() || `anexo.${type.ext}`).slice(0, MEDIA_NAME_MAX);
      try {
        const { announcement } = await change(id, { mediaPath: stored.key, mediaName });
        if (before.mediaPath) await ctx.storage.remove(before.mediaPath).catch(() => undefined);
        return announcement;
      } catch (err) {
        await ctx.storage.remove(stored.key).catch(() => undefined);
        throw err;
      }
    },

    /** DELETE /announcements/:id/media-upload. */
    async detach(id: number): Promise<Announcement> {
      const before = await findForWriting(id);
      const { announcement } = await change(id, { mediaPath: null, mediaName: null });
      if (before.mediaPath) await ctx.storage.remove(before.mediaPath).catch(() => undefined);
      return announcement;
    },
  };
}

export type Announcements = ReturnType<typeof createAnnouncements>;
