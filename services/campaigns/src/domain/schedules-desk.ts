import {
  AppError,
  SCHEDULES_PAGE_SIZE,
  ask,
  mediaBase,
  parseCompanyDateTime,
  sniffType,
  type AuthUser,
  type CreateScheduleBody,
  type Emit,
  type Schedule,
  type ScheduleDayRule,
  type ScheduleInterval,
  type SchedulesQuery,
  type UpdateScheduleBody,
} from '@atende/kit';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { defaultConnectionOf } from '../db/connections.repository.js';
import { schedulesRepository, type NewScheduleRow, type ScheduleRow } from '../db/schedules.repository.js';
import { isCompanyConnection, isCompanyQueue } from './references.js';
import { firstSendAt, isLocked, timingAfterEdit } from './schedules.js';

/** A file of a multipart upload. */
export type UploadedFile = { data: Buffer; filename: string | null; mimetype: string | null };

/** Attachments of a schedule (spec 002 §3): png, jpg, jpeg, gif, pdf, xls, xlsx — checked by their bytes. */
export const SCHEDULE_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
] as const;

const invalid = (field: string, message: string) => new AppError('ERR_VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
const notFound = () => new AppError('ERR_NO_SCHEDULE_FOUND', 'Schedule not found');
const locked = () => new AppError('ERR_SCHEDULE_SENT', 'A sent schedule cannot be changed');

export function toSchedule(row: ScheduleRow, mediaUrl: (key: string) => string): Schedule {
  return {
    id: row.id,
    companyId: row.companyId,
    body: row.body,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    userId: row.userId,
    whatsappId: row.whatsappId,
    ticketUserId: row.ticketUserId,
    queueId: row.queueId,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status as Schedule['status'],
    error: row.error,
    mediaPath: row.mediaPath ? mediaUrl(row.mediaPath) : null,
    mediaName: row.mediaName,
    openTicket: row.openTicket as Schedule['openTicket'],
    statusTicket: row.statusTicket as Schedule['statusTicket'],
    assinar: row.assinar,
    intervalo: row.intervalo as ScheduleInterval,
    valorIntervalo: row.valorIntervalo,
    enviarQuantasVezes: row.enviarQuantasVezes,
    sentCount: row.sentCount,
    tipoDias: row.tipoDias as ScheduleDayRule,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Schedules of the company (spec 002 §3-§7): every user of the company sees and manages them all. */
export function createSchedulesDesk(deps: CampaignsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('campaigns'), key);
  const present = (row: ScheduleRow) => toSchedule(row, mediaUrl);

  /** The contact's name and number as tickets knows them (schedules copy them for the sender). */
  const contactOf = async (companyId: number, contactId: number) => {
    const answer = await ask(ctx.bus, 'tickets.contact.get', { companyId, contactId });
    if (!answer) throw invalid('contactId', 'must be a contact of the company');
    return answer.contact;
  };

  const checkConnection = async (companyId: number, whatsappId: number) => {
    if (!(await isCompanyConnection(ctx.bus, db, companyId, whatsappId))) throw invalid('whatsappId', 'must be a connection of the company');
  };

  const checkQueue = async (companyId: number, queueId: number) => {
    if (!(await isCompanyQueue(ctx.bus, db, companyId, queueId))) throw invalid('queueId', 'must be a queue of the company');
  };

  /** A zone-less 'YYYY-MM-DD HH:mm[:ss]' is the companies' wall clock (TICKETS_TIME_ZONE); an ISO instant is exact. */
  const sendAtOf = (text: string): Date => parseCompanyDateTime(text, deps.config.TICKETS_TIME_ZONE);

  const checkUser = async (companyId: number, userId: number) => {
    const user = await deps.users.get(userId).catch(() => null);
    if (!user || user.companyId !== companyId) throw invalid('ticketUserId', 'must be a user of the company');
  };

  /** Runs `work` on an unsent schedule of the company, locked, announcing the result. */
  const editing = (auth: AuthUser, id: number, work: (row: ScheduleRow, tx: CampaignsDb) => Promise<ScheduleRow>): Promise<Schedule> =>
    unitOfWork(async (tx, emit) => {
      const row = await schedulesRepository(tx).find(auth.companyId, id, { lock: true });
      if (!row) throw notFound();
      if (isLocked(row)) throw locked();
      const updated = await work(row, tx);
      return announce(emit, auth.companyId, updated);
    });

  const announce = async (emit: Emit, companyId: number, row: ScheduleRow): Promise<Schedule> => {
    const schedule = present(row);
    await emit('campaigns.schedule.updated', companyId, { schedule });
    return schedule;
  };

  return {
    async page(auth: AuthUser, query: SchedulesQuery): Promise<{ schedules: Schedule[]; count: number; hasMore: boolean }> {
      const offset = (query.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
      const { rows, count } = await schedulesRepository(db).page({ companyId: auth.companyId, searchParam: query.searchParam, contactId: query.contactId }, SCHEDULES_PAGE_SIZE, offset);
      return { schedules: rows.map(present), count, hasMore: offset + rows.length < count };
    },

    async show(auth: AuthUser, id: number): Promise<Schedule> {
      const row = await schedulesRepository(db).find(auth.companyId, id);
      if (!row) throw notFound();
      return present(row);
    },

    async create(auth: AuthUser, body: CreateScheduleBody): Promise<Schedule> {
      const contact = await contactOf(auth.companyId, body.contactId);
      if (body.whatsappId !== null) await checkConnection(auth.companyId, body.whatsappId);
      if (body.ticketUserId !== null) await checkUser(auth.companyId, body.ticketUserId);
      if (body.queueId !== null) await checkQueue(auth.companyId, body.queueId);
      const chosen = sendAtOf(body.sendAt);
      // Without a connection the company's default sends it (none yet: the dispatcher looks again when it is due).
      const whatsappId = body.whatsappId ?? (await defaultConnectionOf(db, auth.companyId))?.id ?? null;
      return unitOfWork(async (tx, emit) => {
        const row = await schedulesRepository(tx).insert({
          companyId: auth.companyId,
          body: body.body,
          contactId: contact.id,
          contactNumber: contact.number,
          contactName: contact.name,
          userId: auth.userId,
          whatsappId,
          ticketUserId: body.ticketUserId,
          queueId: body.queueId,
          // A weekend time goes to the business day tipoDias names (the list shows the real send); repetitions count from the time chosen.
          sendAt: firstSendAt(chosen, body.tipoDias, deps.config.TICKETS_TIME_ZONE),
          anchorAt: chosen,
          status: 'PENDENTE',
          openTicket: body.openTicket,
          statusTicket: body.statusTicket,
          assinar: body.assinar,
          intervalo: body.intervalo,
          valorIntervalo: body.valorIntervalo,
          enviarQuantasVezes: body.enviarQuantasVezes,
          tipoDias: body.tipoDias,
        });
        const schedule = present(row);
        await emit('campaigns.schedule.created', auth.companyId, { schedule });
        return schedule;
      });
    },

    async update(auth: AuthUser, id: number, body: UpdateScheduleBody): Promise<Schedule> {
      const contact = body.contactId !== undefined ? await contactOf(auth.companyId, body.contactId) : null;
      if (body.whatsappId !== undefined && body.whatsappId !== null) await checkConnection(auth.companyId, body.whatsappId);
      if (body.ticketUserId !== undefined && body.ticketUserId !== null) await checkUser(auth.companyId, body.ticketUserId);
      if (body.queueId !== undefined && body.queueId !== null) await checkQueue(auth.companyId, body.queueId);
      const sendAt = body.sendAt !== undefined ? sendAtOf(body.sendAt) : undefined;
      return editing(auth, id, async (row, tx) => {
        const repetitionChanged =
          (body.intervalo !== undefined && body.intervalo !== row.intervalo) ||
          (body.valorIntervalo !== undefined && body.valorIntervalo !== row.valorIntervalo) ||
          (body.enviarQuantasVezes !== undefined && body.enviarQuantasVezes !== row.enviarQuantasVezes);
        // A new time restarts the repetition from it; a new tipoDias or repetition moves the pending send.
        const timing = timingAfterEdit(
          {
            sendAt: row.sendAt,
            anchorAt: row.anchorAt,
            sentCount: row.sentCount,
            intervalo: (body.intervalo ?? row.intervalo) as ScheduleInterval,
            valorIntervalo: body.valorIntervalo ?? row.valorIntervalo,
            enviarQuantasVezes: body.enviarQuantasVezes ?? row.enviarQuantasVezes,
            tipoDias: row.tipoDias as ScheduleDayRule,
          },
          { sendAt, tipoDias: body.tipoDias, repetitionChanged },
          new Date(),
          deps.config.TICKETS_TIME_ZONE,
        );
        // A repetition whose count the edit says was reached is done, as if its last send had just gone.
        const timingChanges: Partial<NewScheduleRow> = timing === null ? {} : 'finished' in timing ? { status: 'ENVIADA', sentAt: new Date() } : timing;
        const changes: Partial<NewScheduleRow> = {
          ...(body.body !== undefined ? { body: body.body } : {}),
          ...(contact ? { contactId: contact.id, contactNumber: contact.number, contactName: contact.name } : {}),
          ...(body.whatsappId !== undefined ? { whatsappId: body.whatsappId } : {}),
          ...(body.ticketUserId !== undefined ? { ticketUserId: body.ticketUserId } : {}),
          ...(body.queueId !== undefined ? { queueId: body.queueId } : {}),
          ...timingChanges,
          ...(body.openTicket !== undefined ? { openTicket: body.openTicket } : {}),
          ...(body.statusTicket !== undefined ? { statusTicket: body.statusTicket } : {}),
          ...(body.assinar !== undefined ? { assinar: body.assinar } : {}),
          ...(body.intervalo !== undefined ? { intervalo: body.intervalo } : {}),
          ...(body.valorIntervalo !== undefined ? { valorIntervalo: body.valorIntervalo } : {}),
          ...(body.enviarQuantasVezes !== undefined ? { enviarQuantasVezes: body.enviarQuantasVezes } : {}),
          ...(body.tipoDias !== undefined ? { tipoDias: body.tipoDias } : {}),
        };
        // Saving a failed schedule puts it back in line (the user fixed what failed).
        if (row.status === 'ERRO' && timingChanges.status === undefined) Object.assign(changes, { status: row.sentCount > 0 ? 'AGENDADA' : 'PENDENTE', error: null });
        return Object.keys(changes).length ? schedulesRepository(tx).update(row.id, changes) : row;
      });
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      const key = await unitOfWork(async (tx, emit) => {
        const repo = schedulesRepository(tx);
        const row = await repo.find(auth.companyId, id, { lock: true });
        if (!row) throw notFound();
        await repo.remove(row.id);
        await emit('campaigns.schedule.deleted', auth.companyId, { scheduleId: row.id });
        return row.mediaPath;
      });
      if (key) await ctx.storage.remove(key).catch(() => undefined);
    },

    /** Attach (or replace) the file, checked by its bytes, stored under the company's folder. */
    async uploadMedia(auth: AuthUser, id: number, file: UploadedFile | null): Promise<Schedule> {
      if (!file) throw invalid('file', 'Required');
      const current = await schedulesRepository(db).find(auth.companyId, id);
      if (!current) throw notFound();
      if (isLocked(current)) throw locked();
      const type = await sniffType(file.data, SCHEDULE_MEDIA_TYPES);
      const saved = await ctx.storage.save(auth.companyId, 'schedules', file.data, type);
      let previous: string | null = null;
      try {
        const answer = await editing(auth, id, async (row, tx) => {
          previous = row.mediaPath;
          const name = (file.filename ?? `arquivo.${type.ext}`).replace(/[\\/\0\r\n]/g, '_').slice(0, 200);
          return schedulesRepository(tx).update(row.id, { mediaPath: saved.key, mediaName: name, mediaMime: type.mime, mediaSize: saved.size });
        });
        if (previous) await ctx.storage.remove(previous).catch(() => undefined);
        return answer;
      } catch (err) {
        await ctx.storage.remove(saved.key).catch(() => undefined);
        throw err;
      }
    },

    async removeMedia(auth: AuthUser, id: number): Promise<Schedule> {
      let previous: string | null = null;
      const answer = await editing(auth, id, async (row, tx) => {
        previous = row.mediaPath;
        return row.mediaPath ? schedulesRepository(tx).update(row.id, { mediaPath: null, mediaName: null, mediaMime: null, mediaSize: null }) : row;
      });
      if (previous) await ctx.storage.remove(previous).catch(() => undefined);
      return answer;
    },

    present,
  };
}
