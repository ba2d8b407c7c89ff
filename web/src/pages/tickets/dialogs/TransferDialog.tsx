import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Queue, Ticket } from '@atende/kit/contracts';
import { listUserOptions, updateTicket, type UserOption } from '../../../api/tickets';
import { toastError, toastSuccess } from '../../../errors/toast';
import { transferBody, usersOfQueue } from './dialogRules';
import { QueueSelect } from './QueueSelect';

type TransferValues = { queueId?: number; userId?: number; message?: string };

/**
 * Transfer (spec 000 §4, §5): the queue is required; the optional user is chosen among that queue's
 * users; an optional message goes to the attendant. With a user the ticket stays active for them,
 * with only a queue it waits (pending).
 */
export function TransferDialog({ ticket, queues, onClose, onDone }: { ticket: Ticket | null; queues: Queue[]; onClose(): void; onDone(answer: Ticket): void }) {
  const { t } = useTranslation('ticketDialogs');
  const [form] = Form.useForm<TransferValues>();
  const [users, setUsers] = useState<UserOption[]>([]);
  const [loadingUsers, setLoadingUsers] = useState(false);
  const [saving, setSaving] = useState(false);
  const queueId = Form.useWatch('queueId', form);

  useEffect(() => {
    if (!ticket) return;
    let active = true;
    form.resetFields();
    setLoadingUsers(true);
    listUserOptions()
      .then((list) => active && setUsers(list))
      .catch(() => active && setUsers([]))
      .finally(() => active && setLoadingUsers(false));
    return () => {
      active = false;
    };
  }, [ticket, form]);

  const offered = useMemo(() => usersOfQueue(users, queueId), [users, queueId]);

  const submit = async (values: TransferValues) => {
    if (!ticket || !values.queueId) return;
    setSaving(true);
    try {
      const answer = await updateTicket(ticket.id, transferBody({ queueId: values.queueId, userId: values.userId, message: values.message }, ticket.isGroup));
      toastSuccess(t('toasts.transferred'));
      onDone(answer);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!ticket}
      title={ticket ? t('transfer.title', { id: ticket.id }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('buttons.transfer')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<TransferValues>
        form={form}
        layout="vertical"
        name="ticket-transfer"
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: TransferValues) => {
          // A user of another queue no longer fits the new queue.
          if ('queueId' in changed) {
            const userId = form.getFieldValue('userId') as number | undefined;
            if (userId && !usersOfQueue(users, changed.queueId).some((u) => u.id === userId)) form.setFieldValue('userId', undefined);
          }
        }}
      >
        <Form.Item name="queueId" label={t('fields.queue')} rules={[{ required: true, message: t('validation.queueRequired') }]}>
          <QueueSelect autoFocus queues={queues} />
        </Form.Item>
        <Form.Item name="userId" label={t('fields.user')} extra={queueId ? undefined : t('transfer.chooseQueueFirst')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={loadingUsers}
            disabled={!queueId}
            options={offered.map((u) => ({ value: u.id, label: u.name }))}
            placeholder={t('fields.selectUser')}
            notFoundContent={t('transfer.noUsers')}
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
