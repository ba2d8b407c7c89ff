import {
  AppError,
  ask as askService,
  assertPlanFlag,
  defaultConnectionSchedules,
  importStatus,
  mediaBase,
  mediaWhitelists,
  sniffType,
  validationError,
  type AuthUser,
  type Channel,
  type NewConnectionBody,
  type Emit,
  type UpdateConnectionBody,
  type WhatsappConnection,
  type connectionCounts,
} from '@atende/kit';
import type { z } from 'zod';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { CONNECTION_NAME_KEY, CONNECTION_TOKEN_KEY, connectionsRepository, uniqueViolation, type ConnectionRow, type NewConnectionRow } from '../db/connections.repository.js';
import { queuesRepository, type QueueRow } from '../db/queues.repository.js';
import { promptsRepository } from '../db/prompts.repository.js';
import { queueIntegrationsRepository } from '../db/queue-integrations.repository.js';
import type { SessionAction } from './sessions.js';
import {
  assertChannelAllowed,
  assertConnectionLimit,
  assertGreeting,
  checkConnectionRules,
  connectionCompany,
  connectionNotFound as noConnection,
  initialStatus,
  newConnectionToken,
  runsSession,
  type ConnectionPlan,
} from './connection-rules.js';
import { toConnectionProjection, toWhatsappConnection } from './presenters.js';

export type ConnectionCounts = z.infer<typeof connectionCounts>;
export type ListOptions = { session?: number | undefined; channel?: Channel | undefined };

/** A greeting's attachment: an image or a video, recognised by its bytes. */
const MEDIA_NAME_MAX = 500;
/** Closing a big import's tickets takes a while (one statement, events by the hundred). */
const CLOSE_IMPORTED_TIMEOUT_MS = 60_000;

const noCompany = () => new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
const nameTaken = () => new AppError('ERR_DUPLICATED_NAME', 'A connection with this name already exists', { fields: [{ field: 'name', message: 'Nome já utilizado' }] });
const tokenTaken = () => new AppError('ERR_DUPLICATED_TOKEN', 'Another connection has this token', { fields: [{ field: 'token', message: 'Token já utilizado' }] });
const noOtherDefault = () =>
  new AppError('ERR_NO_OTHER_WHATSAPP', 'At least one default connection is needed: make another connection the default instead', {
    fields: [{ field: 'isDefault', message: 'Required' }],
  });

const dateOf = (s: string | null | undefined): Date | null => (s ? new Date(s) : null);
const canReadToken = (auth: AuthUser) => auth.profile === 'admin' || auth.super;

/** The columns an editor body sets (only the fields it carries). */
function columnsOf(body: UpdateConnectionBody): Partial<NewConnectionRow> {
  const c: Partial<NewConnectionRow> = {};
  const set = <K extends keyof NewConnectionRow>(key: K, value: NewConnectionRow[K] | undefined) => {
    if (value !== undefined) c[key] = value;
  };
  set('name', body.name);
  set('channel', body.channel);
  set('isDefault', body.isDefault);
  set('allowGroup', body.allowGroup);
  set('groupAsTicket', body.groupAsTicket);
  if (body.importOldMessages !== undefined) c.importOldMessages = dateOf(body.importOldMessages);
  if (body.importRecentMessages !== undefined) c.importRecentMessages = dateOf(body.importRecentMessages);
  set('importOldMessagesGroups', body.importOldMessagesGroups);
  set('closedTicketsPostImported', body.closedTicketsPostImported);
  set('queueIdImportMessages', body.queueIdImportMessages);
  if (body.queueIds !== undefined) c.queueIds = [...new Set(body.queueIds)];
  set('integrationId', body.integrationId);
  set('promptId', body.promptId);
  set('sendIdQueue', body.sendIdQueue);
  set('timeSendQueue', body.timeSendQueue);
  set('greetingMessage', body.greetingMessage);
  set('complationMessage', body.complationMessage);
  set('outOfHoursMessage', body.outOfHoursMessage);
  set('collectiveVacationMessage', body.collectiveVacationMessage);
  if (body.collectiveVacationStart !== undefined) c.collectiveVacationStart = dateOf(body.collectiveVacationStart);
  if (body.collectiveVacationEnd !== undefined) c.collectiveVacationEnd = dateOf(body.collectiveVacationEnd);
  set('timeCreateNewTicket', body.timeCreateNewTicket);
  set('maxUseBotQueues', body.maxUseBotQueues);
  set('timeUseBotQueues', body.timeUseBotQueues);
  set('provider', body.provider);
  set('expiresTicket', body.expiresTicket);
  set('whenExpiresTicket', body.whenExpiresTicket);
  set('expiresInactiveMessage', body.expiresInactiveMessage);
  set('timeInactiveMessage', body.timeInactiveMessage);
  set('inactiveMessage', body.inactiveMessage);
  set('ratingMessage', body.ratingMessage);
  set('maxUseBotQueuesNps', body.maxUseBotQueuesNPS);
  set('expiresTicketNps', body.expiresTicketNPS);
  set('schedules', body.schedules);
  return c;
}

/** The connection as it will be saved: the row's values overlaid with the body's. */
type Merged = Pick<
  ConnectionRow,
  | 'importOldMessages'
  | 'importRecentMessages'
  | 'queueIdImportMessages'
  | 'timeSendQueue'
  | 'sendIdQueue'
  | 'collectiveVacationMessage'
  | 'collectiveVacationStart'
  | 'collectiveVacationEnd'
  | 'timeInactiveMessage'
  | 'expiresTicket'
  | 'ratingMessage'
  | 'expiresTicketNps'
  | 'queueIds'
  | 'greetingMessage'
  | 'promptId'
  | 'integrationId'
>;

/**
 * Per company: connected (status CONNECTED), disconnected (any other status) and total. `companies`: every
 * company the page lists, each with zeros until a connection counts (companies with connections are added anyway).
 */
export function countByCompany(
  rows: Pick<ConnectionRow, 'companyId' | 'status'>[],
  companyName: (companyId: number) => string,
  companies: readonly number[] = [],
): ConnectionCounts[] {
  const counts = new Map<number, ConnectionCounts>(companies.map((id) => [id, { companyId: id, companyName: companyName(id), connected: 0, disconnected: 0, total: 0 }]));
  for (const row of rows) {
    const c = counts.get(row.companyId) ?? { companyId: row.companyId, companyName: companyName(row.companyId), connected: 0, disconnected: 0, total: 0 };
    if (row.status === 'CONNECTED') c.connected++;
    else c.disconnected++;
    c.total++;
    counts.set(row.companyId, c);
  }
  return [...counts.values()].sort((a, b) => a.companyId - b.companyId);
}

/** The connections screens (spec 001 §2, §3, §5): list, editor, delete, greeting media, restart. */
export function createConnectionsDesk(deps: ChannelsDeps) {
  const { db, unitOfWork, ctx, sessions } = deps;
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);

  const queuesOf = async (tx: ChannelsDb, rows: ConnectionRow[]): Promise<Map<number, QueueRow>> => {
    const ids = [...new Set(rows.flatMap((r) => r.queueIds))];
    return new Map((await queuesRepository(tx).byIdsAnyCompany(ids)).map((q) => [q.id, q]));
  };

  const present = async (tx: ChannelsDb, rows: ConnectionRow[], auth: AuthUser, withQrcode: boolean): Promise<WhatsappConnection[]> => {
    const queues = await queuesOf(tx, rows);
    return rows.map((row) => toWhatsappConnection(row, queues, { showToken: canReadToken(auth), withQrcode, mediaUrl }));
  };

  /** channels.connection.updated for each row: the projection for other services, the full connection (no token) for sockets. */
  const announce = async (tx: ChannelsDb, emit: Emit, rows: ConnectionRow[]) => {
    const queues = await queuesOf(tx, rows);
    for (const row of rows) {
      await emit('channels.connection.updated', row.companyId, {
        connection: toConnectionProjection(row),
        whatsapp: toWhatsappConnection(row, queues, { showToken: false, withQrcode: true, mediaUrl }),
      });
    }
  };

  /** Super users act on any company's connection (all-connections page); everyone else on their own company's. */
  const scopeOf = (auth: AuthUser): number | null => (auth.super ? null : auth.companyId);

  const find = async (tx: ChannelsDb, auth: AuthUser, id: number, lock = false): Promise<ConnectionRow> => {
    const row = await connectionsRepository(tx).findById(scopeOf(auth), id, { lock });
    if (!row) throw noConnection();
    return row;
  };

  const companyExists = async (companyId: number): Promise<boolean> => !!(await ctx.companies.get(companyId));
  const planOf = async (companyId: number): Promise<ConnectionPlan | null> => (await ctx.companies.get(companyId).catch(() => null))?.plan ?? null;

  /** Spec 001 §5 on the merged connection, and the queues it names must be the company's. */
  const checkMerged = async (
    tx: ChannelsDb,
    companyId: number,
    merged: Merged,
    changed: ReadonlySet<string>,
    /** The connection before this save (none when created): a prompt or integration it kept needs no plan check. */
    before: Pick<Merged, 'promptId' | 'integrationId'> | null,
  ) => {
    checkConnectionRules({ ...merged, expiresTicketNPS: merged.expiresTicketNps }, changed, deps.config.TICKETS_TIME_ZONE);
    // AI prompts and integrations are plan features (spec 000, plan-gated items): naming one anew needs its flag.
    if (merged.promptId != null && merged.promptId !== before?.promptId) await assertPlanFlag(ctx.companies, companyId, 'useOpenAi');
    if (merged.integrationId != null && merged.integrationId !== before?.integrationId) await assertPlanFlag(ctx.companies, companyId, 'useIntegrations');
    const named = [...new Set([...merged.queueIds, merged.sendIdQueue, merged.queueIdImportMessages].filter((id): id is number => id !== null))];
    const found = new Set((await queuesRepository(tx).byIds(companyId, named)).map((q) => q.id));
    // A queue created a moment ago may not have reached the projection yet: tickets, which owns queues, is
    // asked, and what it knows is projected now (the queue's own event, when it comes, writes the same).
    // Tickets out of reach: the queue stays unknown, as the projection says.
    const unknown = named.filter((id) => !found.has(id));
    const fetched = await Promise.all(
      unknown.map((queueId) =>
        askService(ctx.bus, 'tickets.queue.get', { companyId, queueId }).catch((err: unknown) => {
          ctx.logger.warn({ err, queueId }, 'queue not in the projection and tickets did not answer');
          return null;
        }),
      ),
    );
    for (const answer of fetched) {
      if (!answer) continue;
      await queuesRepository(tx).upsert({ ...answer.queue, companyId });
      found.add(answer.queue.id);
    }
    if (merged.queueIds.some((id) => !found.has(id))) throw validationError('queueIds', 'Unknown queue');
    if (merged.sendIdQueue !== null && !found.has(merged.sendIdQueue)) throw validationError('sendIdQueue', 'Unknown queue');
    if (merged.queueIdImportMessages !== null && !found.has(merged.queueIdImportMessages)) throw validationError('queueIdImportMessages', 'Unknown queue');
    assertGreeting(merged.greetingMessage, merged.queueIds.length);
    // The AI prompt a connection answers with must be one of the company's (spec 001 §2 integrations tab).
    if (merged.promptId != null && !(await promptsRepository(tx).existing(companyId, [merged.promptId])).has(merged.promptId)) {
      throw validationError('promptId', 'Unknown prompt');
    }
    // The queue integration it hands conversations to must be the company's; read with a share lock, so
    // a delete running now waits and then clears this connection's reference too.
    if (merged.integrationId != null && !(await queueIntegrationsRepository(tx).find(companyId, merged.integrationId, { lock: 'share' }))) {
      throw validationError('integrationId', 'Unknown integration');
    }
  };

  /** The name is checked first for a clear answer; the unique index settles races. */
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === CONNECTION_NAME_KEY) throw nameTaken();
      if (constraint === CONNECTION_TOKEN_KEY) throw tokenTaken();
      throw err;
    }
  };

  /** Asks the session's worker to act; the change is committed already, so a failure to ask is logged, not answered. */
  const ask = async (row: Pick<ConnectionRow, 'companyId' | 'id'>, action: SessionAction) => {
    try {
      await sessions.command(row.companyId, row.id, action);
    } catch (err) {
      ctx.logger.warn({ err, connectionId: row.id, action }, 'session command not delivered');
    }
  };

  return {
    /** GET /whatsapp and /whatsapp/filter: the caller's company's connections by name. */
    async list(auth: AuthUser, options: ListOptions): Promise<WhatsappConnection[]> {
      return present(db, await connectionsRepository(db).list(auth.companyId, options.channel), auth, options.session !== 0);
    },

    /** GET /whatsapp-admin/{companyId} (super users): 404 for a company that does not exist. */
    async ofCompany(auth: AuthUser, companyId: number, options: ListOptions): Promise<WhatsappConnection[]> {
      if (!(await companyExists(companyId))) throw noCompany();
      return present(db, await connectionsRepository(db).list(companyId, options.channel), auth, options.session !== 0);
    },

    /** GET /whatsapp/all (super users): every company's connections. */
    async all(auth: AuthUser, options: ListOptions): Promise<WhatsappConnection[]> {
      return present(db, await connectionsRepository(db).listAll(options.channel), auth, options.session !== 0);
    },

    /**
     * GET /whatsapp/all/counts (super users, the all-connections page): per company counts, companies without a
     * connection included (0/0/0). Should admin not answer for the list, the counts cover the companies with connections.
     */
    async countsByCompany(options: Pick<ListOptions, 'channel'>): Promise<ConnectionCounts[]> {
      const rows = await connectionsRepository(db).listAll(options.channel);
      const listed = await askService(ctx.bus, 'admin.company.list', {}).catch((err: unknown) => {
        ctx.logger.warn({ err }, 'company list unavailable: counting the companies with connections only');
        return null;
      });
      const names = new Map(listed?.companies.map((c) => [c.id, c.name] as const));
      const unnamed = [...new Set(rows.map((r) => r.companyId))].filter((id) => !names.has(id));
      for (const [id, name] of await Promise.all(unnamed.map(async (id) => [id, (await ctx.companies.get(id).catch(() => null))?.company.name ?? ''] as const))) {
        names.set(id, name);
      }
      return countByCompany(rows, (id) => names.get(id) ?? '', listed?.companies.map((c) => c.id));
    },

    /** GET /whatsapp/{id}: one connection with its QR code. */
    async show(auth: AuthUser, id: number): Promise<WhatsappConnection> {
      const [answer] = await present(db, [await find(db, auth, id)], auth, true);
      return answer!;
    },

    async create(auth: AuthUser, body: NewConnectionBody): Promise<WhatsappConnection> {
      const companyId = await connectionCompany(auth, body.companyId, companyExists);
      const plan = await planOf(companyId);
      assertChannelAllowed(plan, body.channel);
      const columns = columnsOf(body);
      const created = await guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = connectionsRepository(tx);
          await repo.lockCompany(companyId);
          const others = await repo.count(companyId);
          assertConnectionLimit(plan, others);
          await checkMerged(tx, companyId, columns as Merged, new Set(Object.keys(body)), null);
          if (await repo.nameTaken(companyId, body.name, null)) throw nameTaken();
          // The first connection is the default; a new default takes the flag from the others.
          const isDefault = others === 0 || body.isDefault;
          const unset = isDefault ? await repo.unsetDefaults(companyId, null) : [];
          const row = await repo.insert({
            ...columns,
            companyId,
            name: body.name,
            isDefault,
            status: initialStatus(body.channel),
            token: body.token || newConnectionToken(),
            schedules: body.schedules ?? defaultConnectionSchedules(),
          });
          await announce(tx, emit, [...unset, row]);
          return row;
        }),
      );
      if (runsSession(body.channel)) await ask(created, 'start');
      const [answer] = await present(db, [created], auth, true);
      return answer!;
    },

    async update(auth: AuthUser, id: number, body: UpdateConnectionBody): Promise<WhatsappConnection> {
      const row = await guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = connectionsRepository(tx);
          const before = await find(tx, auth, id);
          const companyId = before.companyId;
          await repo.lockCompany(companyId);
          const current = (await repo.findById(companyId, id, { lock: true })) ?? null;
          if (!current) throw noConnection();
          // A connection keeps its channel: its session, number and contacts belong to it (a new channel is a new connection).
          if (body.channel !== undefined && body.channel !== current.channel) throw validationError('channel', 'cannot be changed once the connection exists');
          const columns = columnsOf(body);
          await checkMerged(tx, companyId, { ...current, ...columns } as Merged, new Set(Object.keys(body)), current);
          if (body.name !== undefined && (await repo.nameTaken(companyId, body.name, id))) throw nameTaken();
          if (body.isDefault === false && current.isDefault) throw noOtherDefault();
          const unset = body.isDefault === true && !current.isDefault ? await repo.unsetDefaults(companyId, id) : [];
          if (body.regenerateToken) columns.token = newConnectionToken();
          else if (body.token) columns.token = body.token;
          const updated = await repo.update(companyId, id, columns);
          await announce(tx, emit, [...unset, updated]);
          return updated;
        }),
      );
      const [answer] = await present(db, [row], auth, true);
      return answer!;
    },

    /** DELETE /whatsapp/{id}: the session logs out, then the connection goes; the oldest remaining one inherits the default flag. */
    async remove(auth: AuthUser, id: number): Promise<void> {
      const target = await find(db, auth, id);
      if (runsSession(target.channel as Channel)) await ask(target, 'logout');
      const removed = await unitOfWork(async (tx, emit) => {
        const repo = connectionsRepository(tx);
        await repo.lockCompany(target.companyId);
        const row = await repo.remove(target.companyId, id);
        if (!row) throw noConnection();
        await emit('channels.connection.deleted', row.companyId, { connectionId: row.id });
        if (row.isDefault) {
          const heir = await repo.oldest(row.companyId);
          if (heir) await announce(tx, emit, [await repo.update(row.companyId, heir.id, { isDefault: true })]);
        }
        return row;
      });
      if (removed.greetingMediaAttachment) await ctx.storage.remove(removed.greetingMediaAttachment).catch(() => undefined);
    },

    /** POST /whatsapp/{id}/media-upload: the greeting's image or video replaces the previous one (whose file goes after the commit). */
    async attachMedia(auth: AuthUser, id: number, data: Buffer, fileName: string | undefined): Promise<WhatsappConnection> {
      const before = await find(db, auth, id);
      const type = await sniffType(data, mediaWhitelists.greeting);
      const stored = await ctx.storage.save(before.companyId, 'connections', data, type);
      const name = (fileName?.trim() || `saudacao.${type.ext}`).slice(0, MEDIA_NAME_MAX);
      try {
        const row = await unitOfWork(async (tx, emit) => {
          const updated = await connectionsRepository(tx).update(before.companyId, id, { greetingMediaAttachment: stored.key, greetingMediaName: name });
          if (!updated) throw noConnection();
          await announce(tx, emit, [updated]);
          return updated;
        });
        if (before.greetingMediaAttachment) await ctx.storage.remove(before.greetingMediaAttachment).catch(() => undefined);
        const [answer] = await present(db, [row], auth, true);
        return answer!;
      } catch (err) {
        await ctx.storage.remove(stored.key).catch(() => undefined);
        throw err;
      }
    },

    /** DELETE /whatsapp/{id}/media-upload. */
    async detachMedia(auth: AuthUser, id: number): Promise<WhatsappConnection> {
      const before = await find(db, auth, id);
      const row = await unitOfWork(async (tx, emit) => {
        const updated = await connectionsRepository(tx).update(before.companyId, id, { greetingMediaAttachment: null, greetingMediaName: null });
        if (!updated) throw noConnection();
        await announce(tx, emit, [updated]);
        return updated;
      });
      if (before.greetingMediaAttachment) await ctx.storage.remove(before.greetingMediaAttachment).catch(() => undefined);
      const [answer] = await present(db, [row], auth, true);
      return answer!;
    },

    /**
     * POST /closedimported/{id} (spec 001 §2, §7): tickets closes the tickets the connection's history import
     * created that are still open; the close-imported button goes (statusImportMessages cleared).
     */
    async closeImported(auth: AuthUser, id: number): Promise<{ closed: number }> {
      const target = await find(db, auth, id);
      const { closed } = await askService(ctx.bus, 'tickets.imported.close', { companyId: target.companyId, connectionId: target.id, userId: auth.userId }, { timeoutMs: CLOSE_IMPORTED_TIMEOUT_MS });
      await unitOfWork(async (tx, emit) => {
        const row = await connectionsRepository(tx).findById(target.companyId, id, { lock: true });
        if (!row) return;
        const updated = row.statusImportMessages === importStatus.closeTickets ? await connectionsRepository(tx).update(row.companyId, id, { statusImportMessages: null }) : row;
        await announce(tx, emit, [updated]);
        await emit('channels.import.progress', row.companyId, { action: 'refresh', connectionId: id });
      });
      return { closed };
    },

    /** POST /whatsapp-restart: every WhatsApp session of the company that is not connected starts again. */
    async restartAll(auth: AuthUser): Promise<number> {
      const rows = (await connectionsRepository(db).list(auth.companyId)).filter((r) => runsSession(r.channel as Channel) && r.status !== 'CONNECTED');
      for (const row of rows) await sessions.command(row.companyId, row.id, 'start');
      return rows.length;
    },
  };
}

export type ConnectionsDesk = ReturnType<typeof createConnectionsDesk>;
