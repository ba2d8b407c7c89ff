import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Queue, Ticket } from '@atende/kit/contracts';
import { deleteTicket, listQueues, listUserOptions, updateTicket, type UserOption } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import type { ListTab } from './ticketRules';

/**
 * The ticket actions of spec 000 §4 shared by the list items and the conversation header, with their
 * dialogs: queue choice (accept/reopen without queue), transfer, resolve, delete confirmation and the
 * 'ticket already handled by' notice.
 */
export type TicketActionsValue = {
  /** Every queue of the company (transfer) and the ones the user may pick (filters, accept, new ticket). */
  queues: Queue[];
  userQueues: Queue[];
  accept(ticket: Ticket): void;
  reopen(ticket: Ticket): void;
  returnToQueue(ticket: Ticket): void;
  resolve(ticket: Ticket, farewell: boolean): void;
  transfer(ticket: Ticket): void;
  remove(ticket: Ticket): void;
  /** Says that another user holds the contact's ticket. */
  notifyHolder(user: string | null, queue: string | null): void;
  /** The ticket is being updated (buttons show a spinner). */
  busyId: number | null;
};

const Ctx = createContext<TicketActionsValue | null>(null);

export function useTicketActions(): TicketActionsValue {
  const value = useContext(Ctx);
  if (!value) throw new Error('useTicketActions must be used inside <TicketActionsProvider>');
  return value;
}

type QueueChoice = { ticket: Ticket; mode: 'accept' | 'reopen' };

export function TicketActionsProvider({ children, onTab }: { children: ReactNode; onTab(tab: ListTab): void }) {
  const { t } = useTranslation('tickets');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [queueChoice, setQueueChoice] = useState<QueueChoice | null>(null);
  const [transferring, setTransferring] = useState<Ticket | null>(null);
  const me = user?.id ?? 0;
  const admin = isAdmin(user);

  useEffect(() => {
    listQueues()
      .then(setQueues)
      .catch(() => setQueues([]));
  }, []);

  const userQueues = useMemo(() => (admin ? queues : queues.filter((q) => user?.queueIds.includes(q.id))), [admin, queues, user?.queueIds]);

  const notifyHolder = useCallback(
    (holder: string | null, queue: string | null) => {
      void modal.warning({
        title: t('holder.title'),
        content: t('holder.message', { user: holder ?? t('holder.someone'), queue: queue ?? t('item.noQueue') }),
        okText: t('buttons.ok'),
      });
    },
    [modal, t],
  );

  const run = useCallback(
    async (ticket: Ticket, body: Parameters<typeof updateTicket>[1]): Promise<Ticket | null> => {
      setBusyId(ticket.id);
      try {
        return await updateTicket(ticket.id, body);
      } catch (err) {
        toastError(err);
        return null;
      } finally {
        setBusyId(null);
      }
    },
    [],
  );

  /** Accept and reopen: open (or group) with me as the user; another holder gets the notice. */
  const takeOver = useCallback(
    async (ticket: Ticket, queueId: number | null) => {
      const answer = await run(ticket, { status: 'open', userId: me, queueId });
      if (!answer) return;
      if (answer.id !== ticket.id && answer.userId !== null && answer.userId !== me) {
        notifyHolder(answer.user?.name ?? null, answer.queue?.name ?? null);
        return;
      }
      onTab(answer.status === 'group' ? 'group' : 'open');
      navigate(`/tickets/${answer.uuid}`);
    },
    [me, navigate, notifyHolder, onTab, run],
  );

  const accept = useCallback(
    (ticket: Ticket) => {
      if (ticket.queueId === null) setQueueChoice({ ticket, mode: 'accept' });
      else void takeOver(ticket, ticket.queueId);
    },
    [takeOver],
  );

  const reopen = useCallback(
    (ticket: Ticket) => {
      if (ticket.queueId === null) setQueueChoice({ ticket, mode: 'reopen' });
      else void takeOver(ticket, ticket.queueId);
    },
    [takeOver],
  );

  const returnToQueue = useCallback(
    async (ticket: Ticket) => {
      const answer = await run(ticket, { status: 'pending', userId: null, queueId: ticket.queueId });
      if (!answer) return;
      onTab('pending');
      navigate(`/tickets/${answer.uuid}`);
    },
    [navigate, onTab, run],
  );

  const resolve = useCallback(
    async (ticket: Ticket, farewell: boolean) => {
      const answer = await run(ticket, { status: 'closed', userId: me, queueId: ticket.queueId, sendFarewellMessage: farewell, amountUsedBotQueues: 0 });
      if (!answer) return;
      toastSuccess(t('toasts.resolved'));
      navigate('/tickets');
    },
    [me, navigate, run, t],
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
            navigate('/tickets');
          } catch (err) {
            toastError(err);
          }
        },
      });
    },
    [modal, navigate, t],
  );

  const value = useMemo<TicketActionsValue>(
    () => ({
      queues,
      userQueues,
      accept,
      reopen,
      returnToQueue: (ticket) => void returnToQueue(ticket),
      resolve: (ticket, farewell) => void resolve(ticket, farewell),
      transfer: setTransferring,
      remove,
      notifyHolder,
      busyId,
    }),
    [queues, userQueues, accept, reopen, returnToQueue, resolve, remove, notifyHolder, busyId],
  );

  return (
    <Ctx.Provider value={value}>
      {modalHolder}
      {children}
      <QueueChoiceDialog
        choice={queueChoice}
        queues={userQueues}
        onCancel={() => setQueueChoice(null)}
        onChosen={(queueId) => {
          const choice = queueChoice;
          setQueueChoice(null);
          if (choice) void takeOver(choice.ticket, queueId);
        }}
      />
      <TransferDialog
        ticket={transferring}
        queues={queues}
        onClose={() => setTransferring(null)}
        onDone={() => {
          setTransferring(null);
          navigate('/tickets');
        }}
      />
    </Ctx.Provider>
  );
}

/** Accept/reopen a ticket without queue: a queue must be chosen first (a single queue is preselected). */
function QueueChoiceDialog({ choice, queues, onCancel, onChosen }: { choice: QueueChoice | null; queues: Queue[]; onCancel(): void; onChosen(queueId: number): void }) {
  const { t } = useTranslation('tickets');
  const [queueId, setQueueId] = useState<number | undefined>();
  useEffect(() => {
    if (choice) setQueueId(queues.length === 1 ? queues[0]!.id : undefined);
  }, [choice, queues]);
  return (
    <Modal
      open={!!choice}
      title={t('acceptDialog.title')}
      onCancel={onCancel}
      onOk={() => queueId && onChosen(queueId)}
      okText={choice?.mode === 'reopen' ? t('buttons.reopen') : t('buttons.accept')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: !queueId }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('fields.queue')} required>
          <Select
            value={queueId}
            onChange={setQueueId}
            options={queues.map((q) => ({ value: q.id, label: q.name }))}
            placeholder={t('fields.selectQueue')}
            aria-label={t('fields.queue')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TransferValues = { queueId?: number; userId?: number; message?: string };

/** Transfer (spec 000 §4): queue required; with a user the ticket stays open for them, else pending. */
function TransferDialog({ ticket, queues, onClose, onDone }: { ticket: Ticket | null; queues: Queue[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('tickets');
  const [form] = Form.useForm<TransferValues>();
  const [users, setUsers] = useState<UserOption[]>([]);
  const [saving, setSaving] = useState(false);
  const queueId = Form.useWatch('queueId', form);

  useEffect(() => {
    if (!ticket) return;
    form.resetFields();
    listUserOptions()
      .then(setUsers)
      .catch(() => setUsers([]));
  }, [ticket, form]);

  const usersOfQueue = queueId ? users.filter((u) => !u.queueIds?.length || u.queueIds.includes(queueId)) : users;

  const submit = async (values: TransferValues) => {
    if (!ticket || !values.queueId) return;
    setSaving(true);
    try {
      const withUser = !!values.userId;
      await updateTicket(ticket.id, {
        queueId: values.queueId,
        userId: values.userId ?? null,
        status: withUser ? (ticket.isGroup ? 'group' : 'open') : 'pending',
        isTransfered: true,
        msgTransfer: values.message?.trim() ? values.message.trim() : null,
      });
      toastSuccess(t('toasts.transferred'));
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!ticket}
      title={t('transfer.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('buttons.transfer')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<TransferValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="queueId" label={t('fields.queue')} rules={[{ required: true, message: t('validation.queueRequired') }]}>
          <Select options={queues.map((q) => ({ value: q.id, label: q.name }))} placeholder={t('fields.selectQueue')} aria-label={t('fields.queue')} />
        </Form.Item>
        <Form.Item name="userId" label={t('fields.user')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={usersOfQueue.map((u) => ({ value: u.id, label: u.name }))}
            placeholder={t('fields.selectUser')}
            aria-label={t('fields.user')}
          />
        </Form.Item>
        <Form.Item name="message" label={t('fields.transferMessage')}>
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
