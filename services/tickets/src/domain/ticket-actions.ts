import {
  AppError,
  areas,
  scopedCompany,
  validationError,
  visibilityRule,
  type AuthUser,
  type CloseAllTicketsBody,
  type CreateTicketBody,
  type DashboardMomentsQuery,
  type Emit,
  type ListTicketsQuery,
  type Ticket,
  type TicketLogEntry,
  type TicketStatus,
  type UpdateTicketBody,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';
import { loadTicketDetail, loadTicketDetails } from '../db/ticket-details.repository.js';
import { ONE_OPEN_TICKET_KEY, ticketsRepository, uniqueViolation, type TicketRow } from '../db/tickets.repository.js';
import { createAccess, type Caller } from './access.js';
import { projectedConnection } from './connection-lookup.js';
import type { CompanySettings } from './company-settings.js';
import { announceTicket, farewellText, postAutomaticText, postMessage, scopeOf } from './outbound.js';
import {
  COUNT_CAP,
  and,
  buildTicketListFilter,
  narrowing,
  queueSelection,
  specialize,
  visibilityPredicate,
  viewStatuses,
  TRUE,
  type TicketListFilter,
} from './ticket-list-filter.js';
import { assertCanCloseAll, assertCanDelete, assertOwnQueue, isAcceptOfHeldTicket, newTicketStatus, planTicketUpdate, type TicketPlan } from './tickets.js';
import { createRatingDesk } from './rating-runtime.js';

/** The real-time panel lists at most this many tickets of the period. */
export const MOMENTS_LIMIT = 2000;
const MOMENTS_DAYS = 30;

type Holder = { id: number; userId: number | null; user: string | null; queue: string | null; uuid: string; status: TicketStatus };

/** The 409 answer naming who holds a ticket: user (name) and queue (name) as objects, as spec 000 §4 writes them. */
function holderAnswer(holder: Holder | undefined, message: string): AppError {
  return new AppError('ERR_OTHER_OPEN_TICKET', message, {
    extra: holder
      ? {
          ticketId: holder.id,
          userId: holder.userId,
          user: holder.user === null ? null : { name: holder.user },
          queue: holder.queue === null ? null : { name: holder.queue },
          uuid: holder.uuid,
          status: holder.status,
        }
      : { ticketId: null, userId: null, user: null, queue: null, uuid: null, status: null },
  });
}

/** The 409 naming who holds the contact's open ticket. */
export async function holderError(db: TicketsDb, companyId: number, contactId: number, connectionId: number | null): Promise<AppError> {
  return holderAnswer(await ticketsRepository(db).holder(companyId, contactId, connectionId), 'An open ticket already exists for this contact');
}

/** The 409 naming who holds this very ticket (an accept that came too late). */
async function takenError(db: TicketsDb, companyId: number, ticketId: number): Promise<AppError> {
  const t = await loadTicketDetail(db, companyId, ticketId);
  const holder = t && { id: t.id, userId: t.userId, user: t.user?.name ?? null, queue: t.queue?.name ?? null, uuid: t.uuid, status: t.status };
  return holderAnswer(holder, 'Another user already holds this ticket');
}

/** Tickets: the list, one ticket, creation, the transitions of spec 000 §4, deletion, close all, logs, moments. */
export function createTicketDesk(deps: TicketsDeps) {
  const { db, unitOfWork, config } = deps;
  const access = createAccess(deps);
  const rating = createRatingDesk(deps);
  const tz = config.TICKETS_TIME_ZONE;

  const details = async (tx: TicketsDb, companyId: number, id: number): Promise<Ticket> => {
    const t = await loadTicketDetail(tx, companyId, id);
    if (!t) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
    return t;
  };

  const postAutomatic = async (
    tx: TicketsDb,
    emit: Emit,
    c: Caller,
    plan: TicketPlan,
    ticket: TicketRow,
    s: CompanySettings,
    connection: ConnectionProjection | undefined,
  ): Promise<TicketRow> => {
    const repo = ticketsRepository(tx);
    const contact = await repo.contact(ticket.companyId, ticket.contactId);
    if (!contact) return ticket;
    const queue = ticket.queueId ? ((await repo.queue(ticket.companyId, ticket.queueId)) ?? null) : null;
    const actorName = c.user ? { name: c.user.name } : null;
    let current = ticket;
    const post = async (text: string, user: { name: string } | null) => {
      const posted = await postAutomaticText(deps, tx, emit, { ticket: current, contact, text, user, queue, connection, userId: c.auth.userId });
      if (posted) current = posted.ticket;
    };
    if (plan.transferNote) current = (await postMessage(deps, tx, emit, { ticket: current, contact, body: plan.transferNote, userId: c.auth.userId, isPrivate: true })).ticket;
    if (plan.transferMessage) {
      // {{userName}} names who the contact goes to: nobody yet when only the queue was chosen (not the one transferring).
      const target = plan.targetUserId ? await deps.users.get(plan.targetUserId).catch(() => null) : null;
      await post(s.value('transferMessage'), target ? { name: target.name } : null);
    }
    if (plan.greeting) await post(s.value('greetingAcceptedMessage'), actorName);
    if (plan.farewell && !ticket.isGroup) await post(farewellText(c.user, connection), actorName);
    if (plan.rating) current = await rating.request(tx, emit, current, contact, connection);
    return current;
  };

  return {
    /** GET /tickets for a caller (the route resolves the caller first: its answers are cached per viewer). */
    async list(c: Caller, query: ListTicketsQuery): Promise<{ tickets: Ticket[]; hasMore: boolean; count: number }> {
      const filter = buildTicketListFilter(c.companyId, c.viewer, query, { numbersHidden: await access.numbersHidden(c.auth) });
      const repo = ticketsRepository(db);
      const page = await repo.list(filter, tz, COUNT_CAP, await repo.messageSearchPlan(filter));
      return { tickets: await loadTicketDetails(db, c.companyId, page.ids), hasMore: page.hasMore, count: page.count };
    },

    async show(auth: AuthUser, id: number): Promise<Ticket> {
      const c = await access.caller(auth);
      const row = await access.visibleTicket(db, c, id);
      return details(db, c.companyId, row.id);
    },

    /** GET /tickets/u/:uuid: the ticket opened in the conversation screen (logged as an access). */
    async showByUuid(auth: AuthUser, uuid: string): Promise<Ticket> {
      const c = await access.caller(auth);
      const row = await ticketsRepository(db).findByUuid(c.companyId, uuid);
      if (!row || !access.canSee(c, row)) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
      const logs = logsRepository(db);
      const last = await logs.last(row.id);
      if (!(last?.type === 'access' && last.userId === auth.userId)) await logs.add(c.companyId, row.id, [{ type: 'access', userId: auth.userId, queueId: row.queueId }]);
      return details(db, c.companyId, row.id);
    },

    async create(auth: AuthUser, body: CreateTicketBody): Promise<Ticket> {
      const c = await access.caller(auth);
      const companyId = await scopedCompany(deps.ctx.companies, auth, body.companyId);
      const repo = ticketsRepository(db);
      const contact = await repo.contact(companyId, body.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      const projections = projectionsRepository(db);
      let connection: ConnectionProjection | undefined;
      if (body.whatsappId) {
        connection = await projectedConnection(deps, db, companyId, body.whatsappId);
        if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
      } else {
        connection = await projections.defaultConnection(companyId);
      }
      const privileged = c.viewer.profile === 'admin' || c.viewer.super;
      if (body.queueId) {
        if (!(await repo.queue(companyId, body.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
        assertOwnQueue(c.viewer, body.queueId);
      } else if (await repo.hasQueues(companyId)) {
        throw validationError('queueId', 'Selecione uma fila');
      }
      const status = newTicketStatus(body.status, contact.isGroup);
      // A super user opening a ticket in another company hands it to one of that company's users.
      if (companyId !== auth.companyId && status !== 'pending' && !body.userId) throw validationError('userId', 'Required: a user of the company the ticket opens in');
      // Admins may hand the new ticket to someone; a user's own new ticket is theirs (a pending one nobody's).
      const userId = status === 'pending' ? (privileged ? (body.userId ?? null) : null) : privileged && body.userId ? body.userId : auth.userId;
      const connectionId = connection?.id ?? null;
      const active = await repo.findActive(companyId, contact.id, connectionId);
      // A rating request still waiting for the contact's answer holds nobody: a new conversation ends it, unrated.
      if (active && active.status !== 'nps') throw await holderError(db, companyId, contact.id, connectionId);
      try {
        return await unitOfWork(async (tx, emit) => {
          if (active) {
            const waiting = await ticketsRepository(tx).findById(companyId, active.id, { lock: true });
            if (waiting?.status === 'nps') await rating.expire(tx, emit, waiting);
          }
          if (userId !== null) await access.companyUser(tx, companyId, userId);
          const row = await ticketsRepository(tx).insert({
            companyId,
            contactId: contact.id,
            whatsappId: connectionId,
            queueId: body.queueId ?? null,
            userId,
            status,
            channel: connection?.channel ?? contact.channel,
            isGroup: contact.isGroup,
          });
          await logsRepository(tx).add(companyId, row.id, [
            { type: 'create', userId: auth.userId, queueId: row.queueId },
            ...(status === 'pending' ? [] : [{ type: 'open' as const, userId, queueId: row.queueId }]),
          ]);
          return announceTicket(tx, emit, row, 'new');
        });
      } catch (err) {
        if (uniqueViolation(err) === ONE_OPEN_TICKET_KEY) throw await holderError(db, companyId, contact.id, connectionId);
        throw err;
      }
    },

    async update(auth: AuthUser, id: number, body: UpdateTicketBody): Promise<Ticket> {
      const c = await access.caller(auth);
      const settingsPending = access.settings(c.companyId);
      let conflict: { contactId: number; connectionId: number | null } | null = null;
      try {
        return await unitOfWork(async (tx, emit) => {
          // Locked: of two accepts at once, the second reads the ticket as the first left it.
          const locked = await ticketsRepository(tx).findById(c.companyId, id, { lock: true });
          // An accept that came too late is told who holds the ticket, also when the caller, who saw it
          // waiting in their queue, may no longer see it now that it is someone else's.
          if (locked && isAcceptOfHeldTicket(scopeOf(locked), body, c.viewer) && (access.canSee(c, locked) || access.canSee(c, { ...locked, status: 'pending', userId: null }))) {
            throw await takenError(tx, c.companyId, locked.id);
          }
          if (!locked || !access.canSee(c, locked)) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
          const row = locked;
          conflict = { contactId: row.contactId, connectionId: row.whatsappId };
          const repo = ticketsRepository(tx);
          const connection = row.whatsappId ? await projectionsRepository(tx).findConnection(c.companyId, row.whatsappId) : undefined;
          const s = await settingsPending;
          const plan = planTicketUpdate(scopeOf(row), body, c.viewer, {
            sendGreetingAccepted: s.on('sendGreetingAccepted'),
            sendMsgTransfTicket: s.on('sendMsgTransfTicket'),
            closeTicketOnTransfer: s.on('closeTicketOnTransfer'),
            sendFarewellWaitingTicket: s.on('sendFarewellWaitingTicket'),
            requiredTag: s.on('requiredTag'),
            groupAsTicket: connection?.groupAsTicket === 'enabled',
            // A request no connection can deliver would leave the ticket waiting for an answer that cannot come.
            userRating: s.on('userRating') && connection !== undefined,
            // Asked only when it matters: the ticket has no queue and none is chosen.
            queuesExist: row.queueId !== null || !!body.queueId || (await repo.hasQueues(c.companyId)),
          });
          if (plan.targetQueueId !== null && !(await repo.queue(c.companyId, plan.targetQueueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 'Queue not found');
          if (plan.targetUserId !== null) await access.companyUser(tx, c.companyId, plan.targetUserId);
          if (plan.changes.userId === auth.userId && c.user) await projectionsRepository(tx).ensureUser(c.user);
          if (plan.requiresTag && !(await repo.hasTags(row.id, row.contactId))) {
            throw new AppError('ERR_TAG_REQUIRED', 'You must assign a tag before closing the ticket');
          }
          if (plan.action === 'update' && Object.keys(plan.changes).length === 0) return details(tx, c.companyId, row.id);

          const logs = logsRepository(tx);
          const previous = scopeOf(row);
          if (plan.splitOnTransfer && plan.action === 'transfer') {
            // closeTicketOnTransfer: this ticket ends here (closed by the caller) and the receiver gets a new one.
            const closed = await repo.update(c.companyId, row.id, { status: 'closed', userId: row.userId ?? auth.userId });
            await logs.add(c.companyId, row.id, [plan.logs[0]!, { type: 'closed', userId: auth.userId, queueId: row.queueId }]);
            await announceTicket(tx, emit, closed, previous);
            const created = await repo.insert({
              companyId: c.companyId,
              contactId: row.contactId,
              whatsappId: row.whatsappId,
              channel: row.channel,
              isGroup: row.isGroup,
              status: plan.changes.status ?? 'pending',
              userId: plan.changes.userId ?? null,
              queueId: plan.changes.queueId ?? null,
              isTransfered: true,
              useIntegration: plan.changes.useIntegration ?? row.useIntegration,
              amountUsedBotQueues: plan.changes.amountUsedBotQueues ?? 0,
            });
            await logs.add(c.companyId, created.id, [{ type: 'create', userId: auth.userId, queueId: created.queueId }, ...plan.logs.slice(1)]);
            const withMessages = await postAutomatic(tx, emit, c, plan, created, s, connection);
            return announceTicket(tx, emit, withMessages, 'new');
          }

          // A person taking any step ends the chatbot's conversation.
          const updated = await repo.update(c.companyId, row.id, {
            ...plan.changes,
            ...(row.isBot && plan.action !== 'update' ? { isBot: false } : {}),
            ...(plan.rating ? { ratingRequestedAt: new Date() } : {}),
          });
          await logs.add(c.companyId, row.id, plan.logs);
          const withMessages = await postAutomatic(tx, emit, c, plan, updated, s, connection);
          return announceTicket(tx, emit, withMessages, previous);
        });
      } catch (err) {
        const hit = conflict as { contactId: number; connectionId: number | null } | null;
        if (hit && uniqueViolation(err) === ONE_OPEN_TICKET_KEY) throw await holderError(db, c.companyId, hit.contactId, hit.connectionId);
        throw err;
      }
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      const c = await access.caller(auth);
      await unitOfWork(async (tx, emit) => {
        const row = await access.visibleTicket(tx, c, id, { lock: true });
        assertCanDelete(scopeOf(row), c.viewer);
        await ticketsRepository(tx).remove(c.companyId, row.id);
        await emit('tickets.ticket.deleted', c.companyId, { ticketId: row.id, scope: scopeOf(row) });
      });
    },

    /**
     * Close every ticket of the tab's status within the selected queues (all queues when none are selected).
     * With requiredTag on, tickets without a tag (on them or their contact) cannot be closed: they are left
     * as they were, and the answer says how many (`left`).
     */
    async closeAll(auth: AuthUser, body: CloseAllTicketsBody): Promise<{ message: string; count: number; left: number }> {
      const c = await access.caller(auth);
      assertCanCloseAll(c.viewer);
      const statuses = viewStatuses(body.status) ?? [body.status];
      const queueIds = body.selectedQueueIds && body.selectedQueueIds.length ? body.selectedQueueIds : null;
      const taggedOnly = (await access.settings(c.companyId)).on('requiredTag');
      let left = 0;
      const count = await unitOfWork(async (tx, emit) => {
        const { before, after, untagged } = await ticketsRepository(tx).closeMany(c.companyId, statuses, queueIds, { taggedOnly });
        left = untagged;
        if (after.length === 0) return 0;
        await logsRepository(tx).addMany(c.companyId, after.map((t) => ({ ticketId: t.id, entry: { type: 'closed', userId: auth.userId, queueId: t.queueId } })));
        const previous = new Map(before.map((t) => [t.id, scopeOf(t)]));
        for (let i = 0; i < after.length; i += 200) {
          const chunk = after.slice(i, i + 200);
          const loaded = await loadTicketDetails(tx, c.companyId, chunk.map((t) => t.id));
          for (const ticket of loaded) await emit('tickets.ticket.updated', c.companyId, { ticket, previous: previous.get(ticket.id) ?? null });
        }
        return after.length;
      });
      return { message: left > 0 ? `Tickets closed; ${left} not closed: they have no tag` : 'Tickets closed', count, left };
    },

    async logs(auth: AuthUser, ticketId: number): Promise<TicketLogEntry[]> {
      const c = await access.caller(auth);
      const row = await access.visibleTicket(db, c, ticketId);
      return logsRepository(db).list(c.companyId, row.id);
    },

    /** GET /dashboard/moments: the real-time panel's tickets of the period (default the last 30 days). */
    async moments(auth: AuthUser, query: DashboardMomentsQuery): Promise<Ticket[]> {
      const now = new Date();
      return panelTickets(auth, {
        statuses: query.status ? [query.status] : null,
        showAll: query.showAll === true,
        queueIds: query.queueIds,
        userId: query.userId ?? null,
        updatedBetween: {
          from: query.dateStart ?? new Date(now.getTime() - MOMENTS_DAYS * 86_400_000).toISOString(),
          to: query.dateEnd ?? now.toISOString(),
        },
      });
    },

    /** GET /usersMoments: the service panel's tickets being handled now (waiting or in service), whatever their age. */
    async usersMoments(auth: AuthUser): Promise<Ticket[]> {
      return panelTickets(auth, { statuses: ['pending', 'open'], showAll: true, queueIds: undefined, userId: null, updatedBetween: null });
    },
  };

  /** The real-time panel's tickets: its permission, the caller's visibility, newest first, at most MOMENTS_LIMIT. */
  async function panelTickets(
    auth: AuthUser,
    query: { statuses: TicketStatus[] | null; showAll: boolean; queueIds: number[] | undefined; userId: number | null; updatedBetween: TicketListFilter['updatedBetween'] },
  ): Promise<Ticket[]> {
    const c = await access.caller(auth);
    if (!areas.realTimePanel(c.viewer)) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    // A user let into the panel by allowRealTime is treated as an admin there (spec 000 §6): the whole company's tickets.
    const viewer = { ...c.viewer, profile: 'admin' as const };
    const where = specialize(
      and(
        visibilityPredicate(visibilityRule(viewer)),
        narrowing(viewer, query.showAll, query.userId !== null),
        queueSelection(viewer, query.queueIds),
        query.userId ? { op: 'userIs', userId: query.userId } : TRUE,
      ),
      query.statuses,
    );
    const filter: TicketListFilter = {
      companyId: c.companyId,
      statuses: query.statuses,
      where,
      connectionIds: null,
      tagIds: null,
      withUnread: false,
      search: null,
      createdOn: null,
      updatedOn: null,
      updatedBetween: query.updatedBetween,
      sort: 'DESC',
      limit: MOMENTS_LIMIT,
      offset: 0,
    };
    const { ids } = await ticketsRepository(db).pageIds(filter, tz);
    return loadTicketDetails(db, c.companyId, ids);
  }
}
export type TicketDesk = ReturnType<typeof createTicketDesk>;
