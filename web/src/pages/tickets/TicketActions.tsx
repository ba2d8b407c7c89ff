import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Queue, Ticket } from '@atende/kit/contracts';
import { deleteTicket, listQueues, readSetting, updateTicket, type UpdateTicketInput } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { errorBodyOf, errorCodeOf } from '../../errors/errorMessage';
import { toastError, toastSuccess, toastWarning, translateError } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import { QueueChoiceDialog, type QueueChoiceMode } from './dialogs/QueueChoiceDialog';
import { RatingDialog } from './dialogs/RatingDialog';
import { TransferDialog } from './dialogs/TransferDialog';
import {
  answerHeldByOther,
  holderOutcome,
  navigationAfter,
  queueForTakeOver,
  readHolder,
  type ListTab,
  type OpenTicketHolder,
  type TicketAction,
} from './dialogs/dialogRules';

/**
 * The ticket actions of spec 000 §4 shared by the list items and the conversation header, with their
 * dialogs: queue choice (accept/reopen without queue), transfer, delete confirmation and the
 * 'ticket already handled by' notice. Where the page goes afterwards follows spec 000 §2
 * (dialogs/dialogRules.ts navigationAfter).
 */
export type TicketActionsValue = {
  /** Every queue of the company (transfer) and the ones the user may pick (filters, accept, new ticket). */
  queues: Queue[];
  userQueues: Queue[];
  accept(ticket: Ticket): void;
  reopen(ticket: Ticket): void;
  returnToQueue(ticket: Ticket): void;
  resolve(ticket: Ticket, farewell: boolean): void;
  /** Closes a pending (or lgpd) ticket without farewell and with the bot-queue counter at 0. */
  ignore(ticket: Ticket): void;
  /** Closes a ticket waiting for the contact's rating (nps) without it. */
  endRating(ticket: Ticket): void;
  transfer(ticket: Ticket): void;
  remove(ticket: Ticket): void;
  /** Says that another user holds the contact's ticket. */
  notifyHolder(user: string | null, queue: string | null): void;
  /**
   * A 409 ERR_OTHER_OPEN_TICKET (new ticket, reopen): my own ticket opens, another holder is named.
   * Returns false for any other error (left to the caller).
   */
  handleOpenTicketConflict(err: unknown): boolean;
  /** The ticket is being updated (buttons show a spinner). */
  busyId: number | null;
};

const Ctx = createContext<TicketActionsValue | null>(null);

export function useTicketActions(): TicketActionsValue {
  const value = useContext(Ctx);
  if (!value) throw new Error('useTicketActions must be used inside <TicketActionsProvider>');
  return value;
}

type QueueChoice = { ticket: Ticket; mode: QueueChoiceMode };

export function TicketActionsProvider({ children, onTab }: { children: ReactNode; onTab(tab: ListTab): void }) {
  const { t } = useTranslation('ticketDialogs');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queuesKnown, setQueuesKnown] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [queueChoice, setQueueChoice] = useState<QueueChoice | null>(null);
  const [transferring, setTransferring] = useState<Ticket | null>(null);
  const [rating, setRating] = useState<{ ticket: Ticket; farewell: boolean } | null>(null);
  const me = user?.id ?? 0;
  const admin = isAdmin(user);

  useEffect(() => {
    listQueues()
      .then((list) => {
        setQueues(list);
        setQueuesKnown(true);
      })
      .catch(() => setQueues([]));
  }, []);

  const userQueues = useMemo(() => (admin ? queues : queues.filter((q) => user?.queueIds.includes(q.id))), [admin, queues, user?.queueIds]);
  // A user without any queue may take any (the server only narrows users who have queues).
  const pickable = userQueues.length > 0 ? userQueues : queues;

  const go = useCallback(
    (action: TicketAction, ticket: { uuid: string; status: string; isGroup: boolean }) => {
      const target = navigationAfter(action, ticket);
      if (target.tab) onTab(target.tab);
      navigate(target.path);
    },
    [navigate, onTab],
  );

  const notifyHolder = useCallback(
    (holder: string | null, queue: string | null) => {
      void modal.warning({
        title: t('holder.title'),
        content: t('holder.message', { user: holder ?? t('holder.someone'), queue: queue ?? t('holder.noQueue') }),
        okText: t('buttons.ok'),
      });
    },
    [modal, t],
  );

  const showHolder = useCallback(
    (holder: OpenTicketHolder) => {
      const outcome = holderOutcome(holder, me);
      if (outcome.kind === 'open') {
        onTab(outcome.tab);
        navigate(`/tickets/${outcome.uuid}`);
      } else if (outcome.kind === 'held') {
        notifyHolder(outcome.user, outcome.queue);
      } else {
        const uuid = outcome.uuid;
        void modal.confirm({
          title: t('holder.title'),
          content: t('holder.waiting', { queue: outcome.queue ?? t('holder.noQueue') }),
          okText: t('holder.open'),
          cancelText: t('buttons.close'),
          okButtonProps: { disabled: !uuid },
          onOk: () => {
            if (!uuid) return;
            onTab('pending');
            navigate(`/tickets/${uuid}`);
          },
        });
      }
    },
    [me, modal, navigate, notifyHolder, onTab, t],
  );

  const handleOpenTicketConflict = useCallback(
    (err: unknown) => {
      if (errorCodeOf(err) !== 'ERR_OTHER_OPEN_TICKET') return false;
      showHolder(readHolder(errorBodyOf(err)));
      return true;
    },
    [showHolder],
  );

  /** PUT /tickets/:id with the spinner on; errors are reported (an open-ticket conflict by its notice). */
  const run = useCallback(
    async (ticket: Ticket, body: UpdateTicketInput): Promise<Ticket | null> => {
      setBusyId(ticket.id);
      try {
        return await updateTicket(ticket.id, body);
      } catch (err) {
        if (handleOpenTicketConflict(err)) return null;
        if (errorCodeOf(err) === 'ERR_TAG_REQUIRED') toastWarning(translateError(err));
        else toastError(err);
        return null;
      } finally {
        setBusyId(null);
      }
    },
    [handleOpenTicketConflict],
  );

  /** Accept and reopen: open (or group) with me as the user; another holder gets the notice. */
  const takeOver = useCallback(
    async (ticket: Ticket, queueId: number | null, mode: QueueChoiceMode) => {
      const answer = await run(ticket, { status: ticket.isGroup ? 'group' : 'open', userId: me, queueId });
      if (!answer) return;
      if (answerHeldByOther(ticket.id, answer, me)) {
        notifyHolder(answer.user?.name ?? null, answer.queue?.name ?? null);
        return;
      }
      go(mode, answer);
    },
    [go, me, notifyHolder, run],
  );

  const startTakeOver = useCallback(
    (ticket: Ticket, mode: QueueChoiceMode) => {
      const decision = queueForTakeOver(ticket.queueId, queuesKnown ? pickable.map((q) => q.id) : null);
      if (decision.kind === 'use') void takeOver(ticket, decision.queueId, mode);
      else setQueueChoice({ ticket, mode });
    },
    [pickable, queuesKnown, takeOver],
  );

  const accept = useCallback((ticket: Ticket) => startTakeOver(ticket, 'accept'), [startTakeOver]);
  const reopen = useCallback((ticket: Ticket) => startTakeOver(ticket, 'reopen'), [startTakeOver]);

  const returnToQueue = useCallback(
    async (ticket: Ticket) => {
      const answer = await run(ticket, { status: 'pending', userId: null, queueId: ticket.queueId });
      if (!answer) return;
      toastSuccess(t('toasts.returned'));
      go('returnToQueue', answer);
    },
    [go, run, t],
  );

  const resolveNow = useCallback(
    async (ticket: Ticket, farewell: boolean, sendRating?: boolean) => {
      const answer = await run(ticket, { status: 'closed', userId: me, queueId: ticket.queueId, sendFarewellMessage: farewell, sendRating, amountUsedBotQueues: 0 });
      if (!answer) return;
      toastSuccess(t(answer.status === 'nps' ? 'toasts.ratingRequested' : 'toasts.resolved'));
      go('resolve', answer);
    },
    [go, me, run, t],
  );

  /** With the company's userRating on (read at each resolve: admins may switch it any time), the rating dialog decides first. */
  const resolve = useCallback(
    async (ticket: Ticket, farewell: boolean) => {
      if (!ticket.isGroup && (await readSetting('userRating')) === 'enabled') setRating({ ticket, farewell });
      else await resolveNow(ticket, farewell);
    },
    [resolveNow],
  );

  const endRating = useCallback(
    async (ticket: Ticket) => {
      const answer = await run(ticket, { status: 'closed' });
      if (!answer) return;
      toastSuccess(t('toasts.resolved'));
      go('resolve', answer);
    },
    [go, run, t],
  );

  const ignore = useCallback(
    async (ticket: Ticket) => {
      const answer = await run(ticket, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 });
      if (!answer) return;
      toastSuccess(t('toasts.ignored'));
      go('ignore', answer);
    },
    [go, run, t],
  );

  const remove = useCallback(
    (ticket: Ticket) => {
      void modal.confirm({
        title: t('confirm.deleteTitle', { id: ticket.id }),
        content: t('confirm.deleteMessage'),
        okText: t('buttons.delete'),
        okButtonProps: { danger: true },
        cancelText: t('buttons.cancel'),
        focusable: { autoFocusButton: 'cancel' },
        onOk: async () => {
          try {
            await deleteTicket(ticket.id);
            toastSuccess(t('toasts.deleted'));
            go('delete', ticket);
          } catch (err) {
            toastError(err);
          }
        },
      });
    },
    [go, modal, t],
  );

  const value = useMemo<TicketActionsValue>(
    () => ({
      queues,
      userQueues,
      accept,
      reopen,
      returnToQueue: (ticket) => void returnToQueue(ticket),
      resolve: (ticket, farewell) => void resolve(ticket, farewell),
      ignore: (ticket) => void ignore(ticket),
      endRating: (ticket) => void endRating(ticket),
      transfer: setTransferring,
      remove,
      notifyHolder,
      handleOpenTicketConflict,
      busyId,
    }),
    [queues, userQueues, accept, reopen, returnToQueue, resolve, ignore, endRating, remove, notifyHolder, handleOpenTicketConflict, busyId],
  );

  return (
    <Ctx.Provider value={value}>
      {modalHolder}
      {children}
      <QueueChoiceDialog
        mode={queueChoice?.mode ?? null}
        queues={pickable}
        busy={!!queueChoice && busyId === queueChoice.ticket.id}
        onCancel={() => setQueueChoice(null)}
        onChosen={(queueId) => {
          const choice = queueChoice;
          setQueueChoice(null);
          if (choice) void takeOver(choice.ticket, queueId, choice.mode);
        }}
      />
      <RatingDialog
        ticket={rating?.ticket ?? null}
        busy={!!rating && busyId === rating.ticket.id}
        onCancel={() => setRating(null)}
        onChosen={(sendRating) => {
          const chosen = rating;
          setRating(null);
          if (chosen) void resolveNow(chosen.ticket, chosen.farewell, sendRating);
        }}
      />
      <TransferDialog
        ticket={transferring}
        queues={queues}
        onClose={() => setTransferring(null)}
        onDone={(answer) => {
          setTransferring(null);
          go('transfer', answer);
        }}
      />
    </Ctx.Provider>
  );
}
