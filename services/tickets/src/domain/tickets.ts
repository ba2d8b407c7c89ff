import { AppError, areas, can, validationError, type PermissionSubject, type TicketLogType, type TicketStatus, type UpdateTicketBody } from '@atende/kit';

/**
 * The ticket state machine (spec 000 §4 "Transitions"), pure: from the ticket's state, the PUT body
 * and the caller, the action it means, the changes, the log entries and the automatic messages.
 * Visibility (who may act on a ticket at all) is checked before; this decides what they may do.
 */
export type TicketActor = PermissionSubject & { userId: number; /** The user's queues (spec 000 §2: a user picks only among them). */ queueIds: readonly number[] };

export type TicketState = { status: TicketStatus; userId: number | null; queueId: number | null; isGroup: boolean };

/** Company settings and connection flags the transitions read. */
export type TransitionSettings = {
  sendGreetingAccepted: boolean;
  sendMsgTransfTicket: boolean;
  closeTicketOnTransfer: boolean;
  sendFarewellWaitingTicket: boolean;
  requiredTag: boolean;
  /** The ticket's connection treats groups as tickets (greeting on accept for groups). */
  groupAsTicket: boolean;
  /** userRating: resolving asks the contact for a rate (status nps) before the ticket closes. */
  userRating: boolean;
  /**
   * The company has queues: a ticket without one is accepted or reopened into a queue chosen then. A
   * company without any serves its tickets without a queue (nothing to choose; new tickets too).
   */
  queuesExist: boolean;
};

export type TicketAction = 'accept' | 'reopen' | 'returnToQueue' | 'transfer' | 'resolve' | 'ignore' | 'closePending' | 'update';

export type LogEntry = { type: TicketLogType; userId: number | null; queueId: number | null };

export type TicketChanges = {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  isTransfered?: boolean;
  amountUsedBotQueues?: number;
  useIntegration?: boolean;
  ratingAttempts?: number;
};

export type TicketPlan = {
  action: TicketAction;
  changes: TicketChanges;
  logs: LogEntry[];
  /** Post the company's greetingAcceptedMessage (variables replaced). */
  greeting: boolean;
  /** Post the farewell (the resolving user's farewellMessage, else the connection's complationMessage). */
  farewell: boolean;
  /** Post the rating request (status nps); the farewell follows the contact's rate. */
  rating: boolean;
  /** msgTransfer: kept on the ticket as a private note for the receiving attendant. */
  transferNote: string | null;
  /** Post the company's transferMessage to the contact (setting sendMsgTransfTicket). */
  transferMessage: boolean;
  /** requiredTag: the ticket or its contact must carry a tag. */
  requiresTag: boolean;
  /** closeTicketOnTransfer: close this ticket and open a new one with `changes` instead. */
  splitOnTransfer: boolean;
  /** A user the ticket is handed to (must exist in the company). */
  targetUserId: number | null;
  /** A queue the ticket moves to (must exist in the company). */
  targetQueueId: number | null;
};

const invalid = (from: TicketStatus, what: string) =>
  new AppError('ERR_INVALID_TRANSITION', `A ${from} ticket cannot ${what}`);

const chooseQueue = () => validationError('queueId', 'Selecione uma fila');

/**
 * "A user can only pick among their own queues" (spec 000 §2), for a ticket they create, accept or reopen:
 * admins and super users pick any; a user without queues is not narrowed (as the web offers them every queue).
 */
export function assertOwnQueue(actor: TicketActor, queueId: number): void {
  if (actor.profile === 'admin' || actor.super || actor.queueIds.length === 0 || actor.queueIds.includes(queueId)) return;
  throw new AppError('ERR_NO_PERMISSION', 'A user can only pick among their own queues');
}

/**
 * An accept (open, or group, for the caller themselves, not marked as a transfer) of a ticket another
 * user already holds: it came from a stale list or lost a race with that user's accept. It must not take
 * the ticket from them (accept exists only from pending, spec 000 §4); the caller is told who holds it.
 */
export function isAcceptOfHeldTicket(state: Pick<TicketState, 'status' | 'userId'>, body: UpdateTicketBody, actor: Pick<TicketActor, 'userId'>): boolean {
  const held = (state.status === 'open' || state.status === 'group') && state.userId !== null && state.userId !== actor.userId;
  const accept = (body.status === 'open' || body.status === 'group') && body.userId === actor.userId && body.isTransfered !== true;
  return held && accept;
}

const plan = (action: TicketAction, changes: TicketChanges, logs: LogEntry[], extra: Partial<TicketPlan> = {}): TicketPlan => ({
  action,
  changes,
  logs,
  greeting: false,
  farewell: false,
  rating: false,
  transferNote: null,
  transferMessage: false,
  requiresTag: false,
  splitOnTransfer: false,
  targetUserId: null,
  targetQueueId: null,
  ...extra,
});

/** Fields that ride along any action. */
function passengers(body: UpdateTicketBody): TicketChanges {
  return {
    ...(body.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
    ...(body.useIntegration !== undefined ? { useIntegration: body.useIntegration } : {}),
  };
}

const note = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

/** Infer the transition meant by `body` on a ticket in `state`, or refuse it. */
export function planTicketUpdate(state: TicketState, body: UpdateTicketBody, actor: TicketActor, settings: TransitionSettings): TicketPlan {
  const from = state.status;
  const active: TicketStatus = state.isGroup ? 'group' : 'open';
  const requested = body.status;
  const queueChange = body.queueId !== undefined && body.queueId !== state.queueId;
  const userChange = body.userId !== undefined && body.userId !== state.userId;
  const rides = passengers(body);
  // 'group' is the active status of a group's ticket only; asked of a person's ticket it would do nothing, or something else.
  if (requested === 'group' && !state.isGroup) throw invalid(from, 'become group (it is not a group conversation)');

  switch (from) {
    case 'closed':
    case 'nps': {
      if (requested === 'open' || requested === 'group') {
        const queueId = body.queueId !== undefined ? body.queueId : state.queueId;
        if (queueId === null && settings.queuesExist) throw chooseQueue();
        if (queueId !== null) assertOwnQueue(actor, queueId);
        // Reopened into another queue: the move is logged as well, as when a waiting ticket is accepted into one.
        const queueLog: LogEntry[] = queueChange ? [{ type: 'queue', userId: actor.userId, queueId }] : [];
        return plan('reopen', { ...rides, status: active, userId: actor.userId, queueId }, [{ type: 'reopen', userId: actor.userId, queueId }, ...queueLog], {
          targetQueueId: queueChange ? queueId : null,
        });
      }
      if (requested === 'closed' && from === 'nps') {
        return plan('resolve', { ...rides, status: 'closed' }, [{ type: 'closed', userId: actor.userId, queueId: state.queueId }]);
      }
      if (requested === undefined && !queueChange && !userChange) return plan('update', rides, []);
      throw invalid(from, requested === 'closed' ? 'be closed again' : requested === 'pending' ? 'return to the queue (reopen it)' : 'be transferred (reopen it)');
    }

    case 'pending':
    case 'lgpd': {
      if (requested === 'closed') {
        const ignore = areas.ignorePending(actor);
        const closePending = from === 'pending' && areas.closePending(actor);
        if (!ignore && !closePending) throw new AppError('ERR_NO_PERMISSION', 'Closing waiting tickets is not allowed for this user');
        // A farewell only with the close-pending right (from pending); ignoring says nothing to the contact.
        const farewell = closePending && body.sendFarewellMessage === true && settings.sendFarewellWaitingTicket;
        return plan(
          ignore && !farewell ? 'ignore' : 'closePending',
          { ...rides, status: 'closed', userId: actor.userId, ...(ignore && !farewell ? { amountUsedBotQueues: 0 } : {}) },
          [{ type: 'closed', userId: actor.userId, queueId: state.queueId }],
          { farewell, requiresTag: settings.requiredTag },
        );
      }
      const toActive = requested === 'open' || requested === 'group' || (requested === undefined && body.userId !== undefined && body.userId !== null);
      if (toActive) {
        if (from === 'lgpd') throw invalid(from, 'be accepted before the contact answers the consent');
        const queueId = body.queueId !== undefined ? body.queueId : state.queueId;
        const target = body.userId ?? actor.userId;
        if (queueId === null && settings.queuesExist) throw chooseQueue();
        const queueLog: LogEntry[] = queueChange ? [{ type: 'queue', userId: actor.userId, queueId }] : [];
        if (target === actor.userId) {
          if (queueId !== null) assertOwnQueue(actor, queueId);
          return plan('accept', { ...rides, status: active, userId: actor.userId, queueId }, [...queueLog, { type: 'open', userId: actor.userId, queueId }], {
            greeting: settings.sendGreetingAccepted && (!state.isGroup || settings.groupAsTicket),
            targetQueueId: queueChange ? queueId : null,
          });
        }
        // A transfer names a queue (spec 000 §5), whether the company has queues or not.
        if (queueId === null) throw chooseQueue();
        return transferPlan(state, body, actor, settings, { queueId, userId: target, status: active });
      }
      if (queueChange) {
        if (body.queueId === null || body.queueId === undefined) throw chooseQueue();
        return transferPlan(state, body, actor, settings, { queueId: body.queueId, userId: null, status: 'pending' });
      }
      if (requested === undefined || requested === 'pending') return plan('update', rides, []);
      throw invalid(from, `go to ${requested}`);
    }

    case 'open':
    case 'group': {
      if (requested === 'closed') {
        // The web always says whether to say goodbye; an integrator who does not, gets it (Whaticket's default).
        const farewell = body.sendFarewellMessage !== false;
        if (settings.userRating && !state.isGroup && (body.sendRating ?? farewell)) {
          return plan(
            'resolve',
            { ...rides, status: 'nps', userId: actor.userId, ratingAttempts: 0 },
            [{ type: 'closed', userId: actor.userId, queueId: state.queueId }],
            { rating: true, requiresTag: settings.requiredTag },
          );
        }
        return plan('resolve', { ...rides, status: 'closed', userId: actor.userId }, [{ type: 'closed', userId: actor.userId, queueId: state.queueId }], {
          farewell,
          requiresTag: settings.requiredTag,
        });
      }
      // Too late to accept: someone else holds it (the caller answers 409 naming them, see ticket-actions).
      if (isAcceptOfHeldTicket(state, body, actor)) throw new AppError('ERR_OTHER_OPEN_TICKET', 'Another user already holds this ticket');
      // Returning to the queue sends userId null: only a queue change or a new user is a transfer.
      const transfer = queueChange || (userChange && body.userId !== null) || body.isTransfered === true;
      if (transfer) {
        if (body.queueId === undefined || body.queueId === null) throw chooseQueue();
        const userId = requested === 'pending' ? null : (body.userId ?? null);
        return transferPlan(state, body, actor, settings, { queueId: body.queueId, userId, status: userId === null ? 'pending' : active });
      }
      if (requested === 'pending') {
        return plan('returnToQueue', { ...rides, status: 'pending', userId: null }, [{ type: 'pending', userId: actor.userId, queueId: state.queueId }]);
      }
      return plan('update', rides, []);
    }
  }
}

function transferPlan(
  state: TicketState,
  body: UpdateTicketBody,
  actor: TicketActor,
  settings: TransitionSettings,
  to: { queueId: number; userId: number | null; status: TicketStatus },
): TicketPlan {
  const logs: LogEntry[] = [{ type: 'transfered', userId: actor.userId, queueId: state.queueId }];
  logs.push(to.userId !== null ? { type: 'receivedTransfer', userId: to.userId, queueId: to.queueId } : { type: 'queue', userId: null, queueId: to.queueId });
  return plan('transfer', { ...passengers(body), status: to.status, userId: to.userId, queueId: to.queueId, isTransfered: true }, logs, {
    transferNote: note(body.msgTransfer),
    transferMessage: settings.sendMsgTransfTicket,
    splitOnTransfer: settings.closeTicketOnTransfer,
    targetUserId: to.userId,
    targetQueueId: to.queueId,
  });
}

/** Delete: permission ticket-options:deleteTicket (admins); never a closed ticket. */
export function assertCanDelete(state: Pick<TicketState, 'status'>, actor: TicketActor): void {
  if (!can(actor, 'ticket-options:deleteTicket') && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Only admins delete tickets');
  if (state.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'PARA DELETAR REABRA O TICKET');
}

/** Close all: permission tickets-manager:closeAll (admins). */
export function assertCanCloseAll(actor: TicketActor): void {
  if (!can(actor, 'tickets-manager:closeAll') && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Only admins close all tickets');
}

/** Status of a new ticket: open by hand (group for a group contact), or pending when asked. */
export function newTicketStatus(requested: 'open' | 'pending' | undefined, isGroup: boolean): TicketStatus {
  if (requested === 'pending') return 'pending';
  return isGroup ? 'group' : 'open';
}
