import {
  AppError,
  PROMPTS_PAGE_SIZE,
  PROMPT_QUEUE_REQUIRED,
  mediaBase,
  planScopedCompany,
  promptDefaults,
  ask,
  validationError,
  type AuthUser,
  type CreatePromptBody,
  type Emit,
  type Prompt,
  type PromptsPage,
  type PromptsQuery,
  type UpdatePromptBody,
} from '@atende/kit';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';
import { promptsRepository, type NewPromptRow, type PromptRow } from '../db/prompts.repository.js';
import { queuesRepository, type QueueRow } from '../db/queues.repository.js';
import { toConnectionProjection, toWhatsappConnection } from './presenters.js';

// ---------- rules (pure) ----------

/** What a masked secret starts with. */
const MASK = '••••••••';

/** A secret as lists and live events show it: dots and its last 4 characters (short ones: dots only). */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK;
}

/** A key sent back as lists show it (the mask, or anything starting with its dots): not a new key, "keep the stored one". */
export const isMaskedSecret = (value: string): boolean => value.startsWith(MASK);

/** The prompt as the API answers it; `revealKey` false masks the API key (lists, live events). */
export function toPrompt(row: PromptRow, queue: Pick<QueueRow, 'id' | 'name'> | undefined, options: { revealKey: boolean }): Prompt {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    prompt: row.prompt,
    voice: row.voice,
    voiceKey: row.voiceKey,
    voiceRegion: row.voiceRegion,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    apiKey: options.revealKey ? row.apiKey : maskSecret(row.apiKey),
    queueId: row.queueId,
    queue: queue ? { id: queue.id, name: queue.name } : null,
    maxMessages: row.maxMessages,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a body sets (only the fields it carries). */
function columnsOf(body: UpdatePromptBody): Partial<NewPromptRow> {
  const c: Partial<NewPromptRow> = {};
  for (const key of ['name', 'prompt', 'apiKey', 'queueId', 'voice', 'voiceKey', 'voiceRegion', 'maxTokens', 'temperature', 'maxMessages'] as const) {
    if (body[key] !== undefined) (c as Record<string, unknown>)[key] = body[key];
  }
  return c;
}

const notFound = () => new AppError('ERR_NO_PROMPT_FOUND', 'Prompt not found');
/** A new prompt has no stored key a mask could stand for. */
const maskedKey = () => validationError('apiKey', 'must be the API key itself, not its masked form');
/** Spec 002 §8: the queue must be one of the company's ("Informe o setor" on queueId). */
const unknownQueue = () => new AppError('ERR_VALIDATION', `queueId: ${PROMPT_QUEUE_REQUIRED}`, { fields: [{ field: 'queueId', message: PROMPT_QUEUE_REQUIRED }] });

// ---------- use cases ----------

/**
 * AI prompts (spec 002 §2, §3, §5, §7): the assistants that answer a queue's tickets. Admins of
 * companies whose plan has useOpenAi; every change is told to the company's admins
 * (company-{id}-prompt). Deleting a prompt takes it off the connections that answered with it.
 */
export function createPromptsDesk(deps: ChannelsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);

  const queuesOf = async (tx: ChannelsDb, companyId: number, rows: PromptRow[]): Promise<Map<number, QueueRow>> =>
    new Map((await queuesRepository(tx).byIds(companyId, [...new Set(rows.map((r) => r.queueId))])).map((q) => [q.id, q]));

  /** `queue`: the prompt's queue when already known (one tickets answered for, not in the projection yet). */
  const present = async (tx: ChannelsDb, row: PromptRow, revealKey: boolean, queue?: Pick<QueueRow, 'id' | 'name'>): Promise<Prompt> =>
    toPrompt(row, (await queuesOf(tx, row.companyId, [row])).get(row.queueId) ?? (queue?.id === row.queueId ? queue : undefined), { revealKey });

  /**
   * The company's queue named by a prompt: the projection answers first; a queue it does not know yet (created
   * a moment ago, its event not arrived) is asked of tickets, which owns queues, before "Informe o setor".
   */
  const assertQueue = async (tx: ChannelsDb, companyId: number, queueId: number): Promise<Pick<QueueRow, 'id' | 'name'>> => {
    const [known] = await queuesRepository(tx).byIdsAnyCompany([queueId]);
    if (known) {
      if (known.companyId !== companyId) throw unknownQueue();
      return known;
    }
    const answer = await ask(ctx.bus, 'tickets.queue.get', { companyId, queueId });
    if (!answer) throw unknownQueue();
    return answer.queue;
  };

  /** The connections that lost the prompt, announced like any connection change. */
  const announceConnections = async (tx: ChannelsDb, emit: Emit, companyId: number, promptId: number) => {
    const changed = await connectionsRepository(tx).withoutPrompt(companyId, promptId);
    if (changed.length === 0) return;
    const queues = new Map((await queuesRepository(tx).byIds(companyId, [...new Set(changed.flatMap((c) => c.queueIds))])).map((q) => [q.id, q]));
    for (const connection of changed) {
      await emit('channels.connection.updated', companyId, {
        connection: toConnectionProjection(connection),
        whatsapp: toWhatsappConnection(connection, queues, { showToken: false, withQrcode: true, mediaUrl }),
      });
    }
  };

  return {
    /** GET /prompt: pages of 20 by name, searched by name. */
    async page(auth: AuthUser, query: PromptsQuery): Promise<PromptsPage> {
      const companyId = await planScopedCompany(ctx.companies, auth, query.companyId, 'useOpenAi');
      const offset = (query.pageNumber - 1) * PROMPTS_PAGE_SIZE;
      const { rows, count } = await promptsRepository(db).page(companyId, query.searchParam, PROMPTS_PAGE_SIZE, offset);
      const queues = await queuesOf(db, companyId, rows);
      return { prompts: rows.map((r) => toPrompt(r, queues.get(r.queueId), { revealKey: false })), count, hasMore: offset + rows.length < count };
    },

    /** GET /prompt/{id}: the prompt with its API key, for the edit form. */
    async show(auth: AuthUser, id: number): Promise<Prompt> {
      const row = await promptsRepository(db).find(auth.companyId, id);
      if (!row) throw notFound();
      return present(db, row, true);
    },

    async create(auth: AuthUser, body: CreatePromptBody): Promise<Prompt> {
      if (isMaskedSecret(body.apiKey)) throw maskedKey();
      const queue = await assertQueue(db, auth.companyId, body.queueId);
      return unitOfWork(async (tx, emit) => {
        const row = await promptsRepository(tx).insert({ ...promptDefaults, ...columnsOf(body), companyId: auth.companyId } as NewPromptRow);
        await emit('channels.prompt.created', auth.companyId, { prompt: await present(tx, row, false, queue) });
        return present(tx, row, true, queue);
      });
    },

    async update(auth: AuthUser, id: number, body: UpdatePromptBody): Promise<Prompt> {
      return unitOfWork(async (tx, emit) => {
        const repo = promptsRepository(tx);
        if (!(await repo.find(auth.companyId, id, { lock: true }))) throw notFound();
        const queue = body.queueId !== undefined ? await assertQueue(tx, auth.companyId, body.queueId) : undefined;
        // The list's masked key sent back (an integrator editing from GET /prompt) keeps the stored key.
        const changes = body.apiKey !== undefined && isMaskedSecret(body.apiKey) ? { ...body, apiKey: undefined } : body;
        const row = await repo.update(auth.companyId, id, columnsOf(changes));
        if (!row) throw notFound();
        await emit('channels.prompt.updated', auth.companyId, { prompt: await present(tx, row, false, queue) });
        return present(tx, row, true, queue);
      });
    },

    /** DELETE /prompt/{id}: connections that answered with it stop using it (announced). */
    async remove(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const row = await promptsRepository(tx).remove(auth.companyId, id);
        if (!row) throw notFound();
        await announceConnections(tx, emit, auth.companyId, id);
        await emit('channels.prompt.deleted', auth.companyId, { promptId: id });
      });
    },
  };
}

export type PromptsDesk = ReturnType<typeof createPromptsDesk>;
