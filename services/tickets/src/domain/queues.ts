import {
  AppError,
  ask,
  assertPlanFlag,
  CHATBOT_MAX_DEPTH,
  companyScope,
  validationError,
  type AuthUser,
  type ChatbotOption,
  type ChatbotOptionInput,
  type CreateChatbotBody,
  type CreateQueueBody,
  type Emit,
  type Queue,
  type QueueDetail,
  type UpdateChatbotBody,
  type UpdateQueueBody,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { loadTicketDetails } from '../db/ticket-details.repository.js';
import { QUEUE_COLOR_KEY, QUEUE_NAME_KEY, queuesRepository, type ChatbotRow, type QueueRow } from '../db/queues.repository.js';
import { uniqueViolation } from '../db/tickets.repository.js';
import { createAccess } from './access.js';
import { toQueue } from './presenters.js';
import { addReference, assertGreeting, assertQueueLimit, assertRotation, buildOptionTree, checkOption, checkOptionTree, defaultQueueSchedules, noReferences, toOption, type OptionReferences } from './queue-rules.js';
import { scopeOf } from './outbound.js';

const colorTaken = () => new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'This color is already used by another queue', { fields: [{ field: 'color', message: 'Cor já utilizada' }] });
const nameTaken = () => new AppError('ERR_DUPLICATED_NAME', 'A queue with this name already exists', { fields: [{ field: 'name', message: 'Nome já utilizado' }] });

/** How long a save waits for channels to say whether the integrations and file lists it names exist. */
const CHANNEL_REFS_TIMEOUT_MS = 2000;

/** The columns of an option from what the modal sent. */
const optionValues = (input: Omit<ChatbotOptionInput, 'options' | 'id'>) => ({
  name: input.name,
  greetingMessage: input.greetingMessage,
  queueType: input.queueType,
  closeTicket: input.closeTicket,
  optQueueId: input.optQueueId ?? null,
  optUserId: input.optUserId ?? null,
  optIntegrationId: input.optIntegrationId ?? null,
  optFileId: input.optFileId ?? null,
});

/** Queues (admin screen, spec 001 §2/§3/§5/§7) with their chatbot menus, and the chatbot option routes. */
export function createQueuesDesk(deps: TicketsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const access = createAccess(deps);

  const detail = async (tx: TicketsDb, row: QueueRow): Promise<QueueDetail> => {
    const options = await queuesRepository(tx).optionsOfQueues(row.companyId, [row.id]);
    return { ...toQueue(row), chatbots: buildOptionTree(options) };
  };

  const optionTree = async (tx: TicketsDb, companyId: number, row: ChatbotRow): Promise<ChatbotOption> => {
    const rows = await queuesRepository(tx).subtree(companyId, row.id);
    return { ...toOption(row), options: buildOptionTree(rows, row.id) };
  };

  /** The queues and users an options tree names must be the company's. */
  /**
   * Integrations and file lists are channels' records: it is asked which of those named are not the
   * company's. When channels does not answer the save goes on (the runtime lookups are scoped to the
   * company, so an id that is not its own never sends anything).
   */
  const checkChannelReferences = async (
    companyId: number,
    refs: { integrationIds: Iterable<number>; fileListIds: Iterable<number> },
    fields: { integration: string; fileList: string },
  ) => {
    const integrationIds = [...new Set(refs.integrationIds)];
    const fileListIds = [...new Set(refs.fileListIds)];
    if (integrationIds.length === 0 && fileListIds.length === 0) return;
    const answer = await ask(ctx.bus, 'channels.refs.check', { companyId, integrationIds, fileListIds }, { timeoutMs: CHANNEL_REFS_TIMEOUT_MS }).catch((err: unknown) => {
      ctx.logger.warn({ err, companyId }, 'channels did not say whether the integrations and file lists exist; saved unchecked');
      return null;
    });
    if (answer?.missingIntegrationIds.length) throw validationError(fields.integration, 'must be an integration of the company');
    if (answer?.missingFileListIds.length) throw validationError(fields.fileList, 'must be a file list of the company');
  };
  /**
   * Integrations are a plan feature (spec 000, plan-gated items): attaching one anew, to a queue or a menu
   * option, needs useIntegrations; one attached before (`had`) stays when the plan loses the flag.
   */
  const assertIntegrationsAllowed = async (companyId: number, named: Iterable<number | null | undefined>, had: Iterable<number | null> = []) => {
    const before = new Set(had);
    if ([...named].some((id) => id != null && !before.has(id))) await assertPlanFlag(ctx.companies, companyId, 'useIntegrations');
  };
  /** The ids a queue body and its options name in channels. */
  const channelRefsOf = (body: { integrationId?: number | null; fileListId?: number | null }, refs: Pick<OptionReferences, 'integrationIds' | 'fileListIds'> | null) => ({
    integrationIds: [...(body.integrationId ? [body.integrationId] : []), ...(refs?.integrationIds ?? [])],
    fileListIds: [...(body.fileListId ? [body.fileListId] : []), ...(refs?.fileListIds ?? [])],
  });

  const checkReferences = async (tx: TicketsDb, companyId: number, refs: Pick<OptionReferences, 'queueIds' | 'userIds'>) => {
    // An option's target is part of what was sent: one that is not the company's is a 400 naming its field.
    const found = new Set((await queuesRepository(tx).byIds(companyId, [...refs.queueIds.keys()])).map((q) => q.id));
    for (const [queueId, field] of refs.queueIds) if (!found.has(queueId)) throw validationError(field, 'must be a queue of the company');
    for (const [userId, field] of refs.userIds) {
      try {
        await access.companyUser(tx, companyId, userId);
      } catch (err) {
        throw err instanceof AppError && err.code === 'ERR_NO_USER_FOUND' ? validationError(field, 'must be a user of the company') : err;
      }
    }
  };

  /**
   * Make the options under `parentId` of `queueId` what `inputs` say: an input with the id of an
   * option in `scope` updates it (and moves it here), others are created. Options of `scope` not kept
   * are deleted by the caller. Children of an input without `options` are kept as they are.
   */
  const syncOptions = async (
    tx: TicketsDb,
    companyId: number,
    queueId: number,
    parentId: number | null,
    inputs: ChatbotOptionInput[],
    scope: Map<number, ChatbotRow>,
    kept: Set<number>,
  ): Promise<void> => {
    const repo = queuesRepository(tx);
    const keepSubtree = (id: number) => {
      for (const row of scope.values()) {
        if (row.parentId === id && !kept.has(row.id)) {
          kept.add(row.id);
          keepSubtree(row.id);
        }
      }
    };
    for (const [i, input] of inputs.entries()) {
      const existing = input.id && !kept.has(input.id) ? scope.get(input.id) : undefined;
      const values = { ...optionValues(input), parentId, orderOption: i };
      const row = existing ? await repo.updateOption(existing.id, values) : await repo.insertOption({ ...values, companyId, queueId });
      kept.add(row.id);
      if (input.options !== undefined) await syncOptions(tx, companyId, queueId, row.id, input.options, scope, kept);
      else if (existing) keepSubtree(existing.id);
    }
  };

  /** The queue's whole menu becomes `inputs` (options kept by id). */
  const replaceMenu = async (tx: TicketsDb, companyId: number, queueId: number, inputs: ChatbotOptionInput[]) => {
    const repo = queuesRepository(tx);
    const scope = new Map((await repo.optionsOfQueues(companyId, [queueId])).map((r) => [r.id, r]));
    const kept = new Set<number>();
    await syncOptions(tx, companyId, queueId, null, inputs, scope, kept);
    await repo.removeOptions([...scope.keys()].filter((id) => !kept.has(id)));
  };

  const announce = async (tx: TicketsDb, emit: Emit, row: QueueRow, created = false) => {
    const queue: Queue = toQueue(row);
    await emit(created ? 'tickets.queue.created' : 'tickets.queue.updated', row.companyId, { queue });
  };

  /** Unique colour and name: checked first for a clear answer, the unique indexes settle races. */
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === QUEUE_COLOR_KEY) throw colorTaken();
      if (constraint === QUEUE_NAME_KEY) throw nameTaken();
      throw err;
    }
  };

  return {
    /** GET /queue: the company's queues; a super user may name another company's (its connection editor). */
    async list(auth: AuthUser, companyId?: number): Promise<Queue[]> {
      return (await queuesRepository(db).list(companyScope(auth, companyId))).map(toQueue);
    },

    /** GET /queue/user: the caller's queues (an admin may ask for another user's). */
    async ofUser(auth: AuthUser, userId?: number | null): Promise<Queue[]> {
      const c = await access.caller(auth);
      let queueIds = c.viewer.queueIds;
      if (userId && userId !== auth.userId) {
        if (c.viewer.profile !== 'admin' && !c.viewer.super) throw new AppError('ERR_NO_PERMISSION', 'Only admins read the queues of others');
        const user = await deps.users.get(userId).catch(() => null);
        if (!user || user.companyId !== c.companyId) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
        queueIds = user.queueIds;
      }
      return (await queuesRepository(db).byIds(c.companyId, queueIds)).map(toQueue);
    },

    async show(auth: AuthUser, id: number): Promise<QueueDetail> {
      const row = await queuesRepository(db).findById(auth.companyId, id);
      if (!row) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
      return detail(db, row);
    },

    async create(auth: AuthUser, body: CreateQueueBody): Promise<QueueDetail> {
      const companyId = auth.companyId;
      const refs = checkOptionTree(body.chatbots ?? [], 'chatbots.');
      const channelRefs = channelRefsOf(body, refs);
      await assertIntegrationsAllowed(companyId, channelRefs.integrationIds);
      await checkChannelReferences(companyId, channelRefs, { integration: 'integrationId', fileList: 'fileListId' });
      const plan = (await ctx.companies.get(companyId).catch(() => null))?.plan ?? null;
      return guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = queuesRepository(tx);
          await repo.lockCompany(companyId);
          const others = await repo.count(companyId);
          assertQueueLimit(plan?.queues, others);
          if (await repo.colorTaken(companyId, body.color, null)) throw colorTaken();
          if (await repo.nameTaken(companyId, body.name, null)) throw nameTaken();
          assertGreeting(body.greetingMessage, others);
          assertRotation(body.ativarRoteador, body.tempoRoteador);
          await checkReferences(tx, companyId, refs);
          const row = await repo.insert({
            companyId,
            name: body.name,
            color: body.color,
            greetingMessage: body.greetingMessage,
            outOfHoursMessage: body.outOfHoursMessage,
            orderQueue: body.orderQueue ?? null,
            tempoRoteador: body.tempoRoteador,
            ativarRoteador: body.ativarRoteador,
            integrationId: body.integrationId ?? null,
            fileListId: body.fileListId ?? null,
            closeTicket: body.closeTicket,
            schedules: body.schedules ?? defaultQueueSchedules(),
          });
          if (body.chatbots?.length) await replaceMenu(tx, companyId, row.id, body.chatbots);
          await announce(tx, emit, row, true);
          return detail(tx, row);
        }),
      );
    },

    async update(auth: AuthUser, id: number, body: UpdateQueueBody): Promise<QueueDetail> {
      const companyId = auth.companyId;
      const refs = body.chatbots ? checkOptionTree(body.chatbots, 'chatbots.') : null;
      const channelRefs = channelRefsOf(body, refs);
      await checkChannelReferences(companyId, channelRefs, { integration: 'integrationId', fileList: 'fileListId' });
      return guardUnique(() =>
        unitOfWork(async (tx, emit) => {
          const repo = queuesRepository(tx);
          await repo.lockCompany(companyId);
          const current = await repo.findById(companyId, id, { lock: true });
          if (!current) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
          if (channelRefs.integrationIds.length > 0) {
            const menu = refs?.integrationIds.size ? await repo.optionsOfQueues(companyId, [id]) : [];
            await assertIntegrationsAllowed(companyId, channelRefs.integrationIds, [current.integrationId, ...menu.map((o) => o.optIntegrationId)]);
          }
          if (body.color !== undefined && (await repo.colorTaken(companyId, body.color, id))) throw colorTaken();
          if (body.name !== undefined && (await repo.nameTaken(companyId, body.name, id))) throw nameTaken();
          // The queue as saved must hold the rule, whether or not this edit names the greeting (a rename of a
          // queue left without one, from before a second queue existed, is asked for it as the form does).
          assertGreeting(body.greetingMessage ?? current.greetingMessage, await repo.othersCount(companyId, id));
          assertRotation(body.ativarRoteador ?? current.ativarRoteador, body.tempoRoteador ?? current.tempoRoteador);
          if (refs) await checkReferences(tx, companyId, refs);
          const { chatbots: menu, ...fields } = body;
          const row = Object.keys(fields).length ? await repo.update(companyId, id, fields) : current;
          if (menu) await replaceMenu(tx, companyId, id, menu);
          await announce(tx, emit, row);
          return detail(tx, row);
        }),
      );
    },

    /** Delete: its menu goes with it; its tickets lose it (those not closed are announced); options pointing at it forget it. */
    async remove(auth: AuthUser, id: number): Promise<void> {
      const companyId = auth.companyId;
      await unitOfWork(async (tx, emit) => {
        const repo = queuesRepository(tx);
        await repo.lockCompany(companyId);
        const current = await repo.findById(companyId, id, { lock: true });
        if (!current) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
        const { before, after } = await repo.releaseTickets(companyId, id);
        await repo.forgetTargetQueue(companyId, id);
        await repo.remove(companyId, id);
        const previous = new Map(before.map((t) => [t.id, scopeOf(t)]));
        for (let i = 0; i < after.length; i += 200) {
          const loaded = await loadTicketDetails(tx, companyId, after.slice(i, i + 200).map((t) => t.id));
          for (const ticket of loaded) await emit('tickets.ticket.updated', companyId, { ticket, previous: previous.get(ticket.id) ?? null });
        }
        await emit('tickets.queue.deleted', companyId, { queueId: id });
      });
    },

    // ---- chatbot options (/chatbot) ----

    async showOption(auth: AuthUser, id: number): Promise<ChatbotOption> {
      const row = await queuesRepository(db).option(auth.companyId, id);
      if (!row) throw new AppError('ERR_NO_CHATBOT_FOUND', 'Chatbot option not found');
      return optionTree(db, auth.companyId, row);
    },

    /** An option (with nested options) on a queue's first level, or under another option. */
    async createOption(auth: AuthUser, body: CreateChatbotBody): Promise<ChatbotOption> {
      const companyId = auth.companyId;
      if (!body.queueId && !body.parentId) throw validationError('queueId', 'Required');
      return unitOfWork(async (tx, emit) => {
        const repo = queuesRepository(tx);
        let queueId = body.queueId ?? null;
        let level = 1;
        if (body.parentId) {
          const parent = await repo.option(companyId, body.parentId, { lock: true });
          if (!parent || parent.queueId === null) throw new AppError('ERR_NO_CHATBOT_FOUND', 'Parent option not found');
          if (queueId !== null && queueId !== parent.queueId) throw validationError('queueId', 'must be the queue of the parent option');
          queueId = parent.queueId;
          level = (await repo.depth(companyId, parent.id)) + 1;
          if (parent.greetingMessage.trim() === '') throw validationError('parentId', 'A message is required to go to the next level');
        }
        const queue = await repo.findById(companyId, queueId!, { lock: true });
        if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
        const { options, queueId: _q, parentId: _p, id: _id, ...own } = body;
        if (level > CHATBOT_MAX_DEPTH) throw validationError('parentId', `Options nest at most ${CHATBOT_MAX_DEPTH} levels`);
        checkOption({ ...own, options }, '');
        const refs = options?.length ? checkOptionTree(options, 'options.', level + 1) : noReferences();
        addReference(refs.queueIds, own.optQueueId, 'optQueueId');
        addReference(refs.userIds, own.optUserId, 'optUserId');
        if (own.optIntegrationId) refs.integrationIds.add(own.optIntegrationId);
        if (own.optFileId) refs.fileListIds.add(own.optFileId);
        await assertIntegrationsAllowed(companyId, refs.integrationIds);
        await checkReferences(tx, companyId, refs);
        await checkChannelReferences(companyId, refs, { integration: 'optIntegrationId', fileList: 'optFileId' });
        const siblings = await repo.level(companyId, queue.id, body.parentId ?? null);
        const row = await repo.insertOption({ ...optionValues(own), companyId, queueId: queue.id, parentId: body.parentId ?? null, orderOption: siblings.length });
        if (options?.length) await syncOptions(tx, companyId, queue.id, row.id, options, new Map(), new Set());
        await announce(tx, emit, await repo.update(companyId, queue.id, {}));
        return optionTree(tx, companyId, row);
      });
    },

    /** An option's fields; `options`, when sent, replace its children (kept by id). */
    async updateOption(auth: AuthUser, id: number, body: UpdateChatbotBody): Promise<ChatbotOption> {
      const companyId = auth.companyId;
      return unitOfWork(async (tx, emit) => {
        const repo = queuesRepository(tx);
        const current = await repo.option(companyId, id, { lock: true });
        if (!current || current.queueId === null) throw new AppError('ERR_NO_CHATBOT_FOUND', 'Chatbot option not found');
        const { options, ...fields } = body;
        const merged = { ...optionValues({ ...current, queueType: current.queueType as ChatbotOptionInput['queueType'] }), ...fields };
        const subtree = await repo.subtree(companyId, id);
        const hasChildren = options !== undefined ? options.length > 0 : subtree.length > 1;
        checkOption(merged, '', hasChildren);
        const refs = options ? checkOptionTree(options, 'options.', (await repo.depth(companyId, id)) + 1) : noReferences();
        addReference(refs.queueIds, merged.optQueueId, 'optQueueId');
        addReference(refs.userIds, merged.optUserId, 'optUserId');
        // Only what this save names anew is asked about (a reference kept as it was stays).
        if (fields.optIntegrationId) refs.integrationIds.add(fields.optIntegrationId);
        if (fields.optFileId) refs.fileListIds.add(fields.optFileId);
        await assertIntegrationsAllowed(companyId, refs.integrationIds, [current.optIntegrationId, ...subtree.map((o) => o.optIntegrationId)]);
        await checkReferences(tx, companyId, refs);
        await checkChannelReferences(companyId, refs, { integration: 'optIntegrationId', fileList: 'optFileId' });
        const row = await repo.updateOption(id, optionValues(merged));
        if (options !== undefined) {
          const scope = new Map(subtree.filter((r) => r.id !== id).map((r) => [r.id, r]));
          const kept = new Set<number>();
          await syncOptions(tx, companyId, current.queueId, id, options, scope, kept);
          await repo.removeOptions([...scope.keys()].filter((k) => !kept.has(k)));
        }
        await announce(tx, emit, await repo.update(companyId, current.queueId, {}));
        return optionTree(tx, companyId, row);
      });
    },

    /** Delete an option and everything under it. */
    async removeOption(auth: AuthUser, id: number): Promise<void> {
      const companyId = auth.companyId;
      await unitOfWork(async (tx, emit) => {
        const repo = queuesRepository(tx);
        const current = await repo.option(companyId, id, { lock: true });
        if (!current) throw new AppError('ERR_NO_CHATBOT_FOUND', 'Chatbot option not found');
        await repo.removeOptions((await repo.subtree(companyId, id)).map((r) => r.id));
        if (current.queueId !== null) {
          const queue = await repo.findById(companyId, current.queueId);
          if (queue) await announce(tx, emit, await repo.update(companyId, queue.id, {}));
        }
      });
    },
  };
}
export type QueuesDesk = ReturnType<typeof createQueuesDesk>;
