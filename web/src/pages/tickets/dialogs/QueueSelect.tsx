import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@atende/kit/contracts';

/** The searchable queue picker of the ticket dialogs (new ticket, queue choice, transfer). */
export function QueueSelect({ queues, ...props }: { queues: Pick<Queue, 'id' | 'name'>[] } & Omit<SelectProps<number>, 'options'>) {
  const { t } = useTranslation('ticketDialogs');
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      options={queues.map((q) => ({ value: q.id, label: q.name }))}
      placeholder={t('fields.selectQueue')}
      notFoundContent={t('queueChoice.noQueues')}
      aria-label={t('fields.queue')}
      {...props}
    />
  );
}
