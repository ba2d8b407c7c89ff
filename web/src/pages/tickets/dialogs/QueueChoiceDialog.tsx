import { useEffect, useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@atende/kit/contracts';
import { preselectedQueue } from './dialogRules';
import { QueueSelect } from './QueueSelect';

export type QueueChoiceMode = 'accept' | 'reopen';

/**
 * Accept or reopen a ticket without a queue (spec 000 §4): a queue is chosen first; a single queue
 * is preselected. Enter in the list picks, Tab reaches the buttons, Esc cancels.
 */
export function QueueChoiceDialog({
  mode,
  queues,
  busy,
  onCancel,
  onChosen,
}: {
  /** null: closed. */
  mode: QueueChoiceMode | null;
  queues: Queue[];
  busy?: boolean;
  onCancel(): void;
  onChosen(queueId: number): void;
}) {
  const { t } = useTranslation('ticketDialogs');
  const [queueId, setQueueId] = useState<number | undefined>();
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!mode) return;
    setQueueId(preselectedQueue(queues.map((q) => q.id)));
    setTouched(false);
  }, [mode, queues]);

  const submit = () => {
    setTouched(true);
    if (queueId) onChosen(queueId);
  };
  const missing = touched && !queueId;

  return (
    <Modal
      open={!!mode}
      title={mode === 'reopen' ? t('queueChoice.reopenTitle') : t('queueChoice.acceptTitle')}
      onCancel={onCancel}
      onOk={submit}
      okText={mode === 'reopen' ? t('buttons.reopen') : t('buttons.accept')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('queueChoice.hint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('fields.queue')}
          htmlFor="queue-choice-select"
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('validation.queueRequired') : undefined}
        >
          <QueueSelect id="queue-choice-select" autoFocus queues={queues} value={queueId} onChange={(v) => setQueueId(v)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
