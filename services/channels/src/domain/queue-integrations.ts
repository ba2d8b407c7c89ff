import {
  AppError,
  QUEUE_INTEGRATIONS_PAGE_SIZE,
  TYPEBOT_DEFAULTS,
  mediaBase,
  planScopedCompany,
  queueIntegrationBody,
  type AuthUser,
  type Emit,
  type IntegrationLanguage,
  type QueueIntegration,
  type QueueIntegrationBody,
  type QueueIntegrationType,
  type QueueIntegrationsPage,
  type QueueIntegrationsQuery,
  type QueueIntegrationTestBody,
  type QueueIntegrationTestResult,
  type UpdateQueueIntegrationBody,
} from '@atende/kit';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { uniqueViolation } from '../db/connections.repository.js';
import { QUEUE_INTEGRATION_NAME_KEY, queueIntegrationsRepository, type NewQueueIntegrationRow, type QueueIntegrationRow } from '../db/queue-integrations.repository.js';
import { createIntegrationTester, type IntegrationTester } from '../integrations/integration-tester.js';
import { toConnectionProjection, toWhatsappConnection } from './presenters.js';
import { queuesRepository } from '../db/queues.repository.js';

// ---------- rules (pure) ----------

export const noIntegration = () => new AppError('ERR_NO_QUEUE_INTEGRATION_FOUND', 'Queue integration not found');
export const integrationNameInUse = () =>
  new AppError('ERR_QUEUE_INTEGRATION_NAME_IN_USE', 'Another integration of the company already has this name', {
    fields: [{ field: 'name', message: 'Nome já utilizado' }],
  });

/**
 * The columns stored for a checked body (spec 002 §5): n8n, webhook and typebot take their name as
 * projectName; fields of other types are cleared (a key does not linger once the type changed).
 */
export function integrationColumns(body: QueueIntegrationBody): Omit<NewQueueIntegrationRow, 'companyId'> {
  const typebot = body.type === 'typebot';
  const dialogflow = body.type === 'dialogflow';
  return {
    type: body.type,
    name: body.name,
    projectName: dialogflow ? body.projectName : body.name,
    jsonContent: dialogflow ? body.jsonContent : '',
    language: body.language,
    urlN8N: dialogflow ? '' : body.urlN8N,
    typebotSlug: typebot ? body.typebotSlug : '',
    typebotExpires: typebot ? body.typebotExpires : TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: typebot ? body.typebotDelayMessage : TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: typebot ? body.typebotKeywordFinish : '',
    typebotKeywordRestart: typebot ? body.typebotKeywordRestart : '',
    typebotUnknownMessage: typebot ? body.typebotUnknownMessage : '',
    typebotRestartMessage: typebot ? body.typebotRestartMessage : '',
  };
}

/** The record as the API answers it; `withSecret` false leaves the service-account key out (lists, live events). */
export function toQueueIntegration(row: QueueIntegrationRow, withSecret: boolean): QueueIntegration {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type as QueueIntegrationType,
    name: row.name,
    projectName: row.projectName,
    jsonContent: withSecret ? row.jsonContent : '',
    language: row.language as IntegrationLanguage,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored record with an update's fields over it, checked whole like a new one (throws a ZodError → 400 naming the field). */
export function mergeUpdate(row: QueueIntegrationRow, body: UpdateQueueIntegrationBody): QueueIntegrationBody {
  const stored = toQueueIntegration(row, true);
  const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  return queueIntegrationBody.parse({ ...stored, ...defined });
}

// ---------- use cases ----------

/** Queue integrations (spec 002 §2, §3, §5, §7): admins of companies whose plan has useIntegrations. */
export function createQueueIntegrationsDesk(deps: ChannelsDeps, tester?: IntegrationTester) {
  const { db, unitOfWork, ctx, config } = deps;
  const integrationTester =
    tester ?? createIntegrationTester({ tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL, dialogflowUrl: config.DIALOGFLOW_API_URL, timeoutMs: config.INTEGRATION_TEST_TIMEOUT_MS });

  const find = async (tx: ChannelsDb, companyId: number, id: number, lock?: 'update'): Promise<QueueIntegrationRow> => {
    const row = await queueIntegrationsRepository(tx).find(companyId, id, lock ? { lock } : {});
    if (!row) throw noIntegration();
    return row;
  };

  /** The name is checked first for a clear answer; the unique index settles races. */
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err) === QUEUE_INTEGRATION_NAME_KEY) throw integrationNameInUse();
      throw err;
    }
  };

  /** Connections that used a deleted integration lose it; they are announced changed (the browsers' connection lists). */
  const announceConnections = async (tx: ChannelsDb, emit: Emit, companyId: number, id: number) => {
    const changed = await queueIntegrationsRepository(tx).clearFromConnections(companyId, id);
    if (changed.length === 0) return;
    const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);
    const queues = new Map((await queuesRepository(tx).byIds(companyId, [...new Set(changed.flatMap((c) => c.queueIds))])).map((q) => [q.id, q]));
    for (const connection of changed) {
      await emit('channels.connection.updated', companyId, {
        connection: toConnectionProjection(connection),
        whatsapp: toWhatsappConnection(connection, queues, { showToken: false, withQrcode: true, mediaUrl }),
      });
    }
  };

  return {
    /** GET /queueIntegration: 20 per page by name, searched by name, type or project. */
    async page(auth: AuthUser, query: QueueIntegrationsQuery): Promise<QueueIntegrationsPage> {
      const companyId = await planScopedCompany(ctx.companies, auth, query.companyId, 'useIntegrations');
      const offset = (query.pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE;
      const { rows, count } = await queueIntegrationsRepository(db).page(companyId, query.searchParam, QUEUE_INTEGRATIONS_PAGE_SIZE, offset);
      return { queueIntegrations: rows.map((r) => toQueueIntegration(r, false)), count, hasMore: offset + rows.length < count };
    },

    /** GET /queueIntegration/{id}: the whole record, key included (the edit dialog). */
    async show(auth: AuthUser, id: number): Promise<QueueIntegration> {
      return toQueueIntegration(await find(db, auth.companyId, id), true);
    },

    async create(auth: AuthUser, body: QueueIntegrationBody): Promise<QueueIntegration> {
      const row = await guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = queueIntegrationsRepository(tx);
          if (await repo.nameTaken(auth.companyId, body.name, null)) throw integrationNameInUse();
          const inserted = await repo.insert({ ...integrationColumns(body), companyId: auth.companyId });
          await emit('channels.queueIntegration.created', auth.companyId, { queueIntegration: toQueueIntegration(inserted, false) });
          return inserted;
        }),
      );
      return toQueueIntegration(row, true);
    },

    async update(auth: AuthUser, id: number, body: UpdateQueueIntegrationBody): Promise<QueueIntegration> {
      const row = await guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = queueIntegrationsRepository(tx);
          const current = await find(tx, auth.companyId, id, 'update');
          const merged = mergeUpdate(current, body);
          if (merged.name.toLowerCase() !== current.name.toLowerCase() && (await repo.nameTaken(auth.companyId, merged.name, id))) throw integrationNameInUse();
          const updated = (await repo.update(auth.companyId, id, integrationColumns(merged)))!;
          await emit('channels.queueIntegration.updated', auth.companyId, { queueIntegration: toQueueIntegration(updated, false) });
          return updated;
        }),
      );
      return toQueueIntegration(row, true);
    },

    /**
     * DELETE /queueIntegration/{id}: connections that used it lose it here; tickets clears its queues and
     * chatbot options on channels.queueIntegration.deleted.
     */
    async remove(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        await find(tx, auth.companyId, id, 'update');
        await queueIntegrationsRepository(tx).remove(auth.companyId, id);
        await announceConnections(tx, emit, auth.companyId, id);
        await emit('channels.queueIntegration.deleted', auth.companyId, { integrationId: id });
      });
    },

    /** POST /queueIntegration/testSession. */
    async test(body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> {
      return integrationTester.test(body);
    },
  };
}
