import { useEffect, useState } from 'react';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@atende/kit/contracts';
import type { DashboardPeriod } from '../../api/dashboard';
import { listQueues } from '../../api/tickets';
import { toastError } from '../../errors/toast';
import { checkedPeriod, PeriodFields } from './PeriodFields';

/** What the counters and the attendants are counted over: a period and some queues (none: every queue). */
export type DashboardFilter = DashboardPeriod & { queueIds: number[] };

type Props = { id: string; applied: DashboardFilter; loading: boolean; onApply(next: DashboardFilter): void };

/** The dashboard's filters (spec 002 §2): start date, end date, queues; Filtrar applies them. */
export function DashboardFilters({ id, applied, loading, onApply }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const [period, setPeriod] = useState<Partial<DashboardPeriod>>({ initialDate: applied.initialDate, finalDate: applied.finalDate });
  const [queueIds, setQueueIds] = useState(applied.queueIds);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queuesLoading, setQueuesLoading] = useState(true);

  useEffect(() => {
    let live = true;
    listQueues()
      .then((list) => live && setQueues(list))
      .catch(() => live && toastError(i18n.t('errors.queues', { ns: 'dashboard' })))
      .finally(() => live && setQueuesLoading(false));
    return () => {
      live = false;
    };
  }, [i18n]);

  const apply = () => {
    const checked = checkedPeriod(t, period);
    if (checked) onApply({ ...checked, queueIds });
  };

  return (
    <Card size="small" id={id} role="search" aria-label={t('filters.label')}>
      <Flex wrap gap={12} align="flex-end">
        <PeriodFields value={period} onChange={setPeriod} />
        <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('filters.queues')}</Typography.Text>
          <Select<number[]>
            mode="multiple"
            allowClear
            value={queueIds}
            onChange={setQueueIds}
            loading={queuesLoading}
            options={queues.map((q) => ({ value: q.id, label: q.name }))}
            optionFilterProp="label"
            maxTagCount="responsive"
            placeholder={t('allQueues')}
            aria-label={t('filters.queues')}
          />
        </Flex>
        <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={apply}>
          {t('filters.apply')}
        </Button>
      </Flex>
    </Card>
  );
}
