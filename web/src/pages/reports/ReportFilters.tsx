import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Flex, Select, Typography } from 'antd';
import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@atende/kit/contracts';
import { listQueues, listUserOptions, type UserOption } from '../../api/tickets';
import { DayField } from '../../components/DayField';
import { toastError } from '../../errors/toast';
import { useConnections } from '../../hooks/useConnections';
import { ContactFilter } from './ContactFilter';
import { REPORT_STATUSES, type ReportFilter } from './reportRules';

type Props = {
  value: ReportFilter;
  onChange(next: ReportFilter): void;
  onApply(): void;
  onExport(): void;
  loading: boolean;
  exporting: boolean;
};

/** A labelled field of the filter card. */
function Field({ label, htmlFor, grow = 1, children }: { label: string; htmlFor?: string; grow?: number; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ flex: `${grow} 1 200px`, minWidth: 0 }}>
      <Typography.Text type="secondary">{htmlFor ? <label htmlFor={htmlFor}>{label}</label> : label}</Typography.Text>
      {children}
    </Flex>
  );
}

/**
 * The report's filters (spec 002 §2 "Tickets report"): contact, connections, statuses, users, queues,
 * start and end dates, only rated; Filtrar applies them, the Excel button exports every ticket they match.
 */
export function ReportFilters({ value, onChange, onApply, onExport, loading, exporting }: Props) {
  const { t, i18n } = useTranslation(['reports', 'tickets']);
  const { connections, loading: connectionsLoading } = useConnections();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [listsLoading, setListsLoading] = useState(true);

  useEffect(() => {
    let live = true;
    void Promise.allSettled([listQueues(), listUserOptions()]).then(([q, u]) => {
      if (!live) return;
      if (q.status === 'fulfilled') setQueues(q.value);
      if (u.status === 'fulfilled') setUsers([...u.value].sort((a, b) => a.name.localeCompare(b.name)));
      if (q.status === 'rejected' || u.status === 'rejected') toastError(i18n.t('errors.lists', { ns: 'reports' }));
      setListsLoading(false);
    });
    return () => {
      live = false;
    };
  }, [i18n]);

  const set = <K extends keyof ReportFilter>(key: K, next: ReportFilter[K]) => onChange({ ...value, [key]: next });
  const multi = { mode: 'multiple' as const, allowClear: true, maxTagCount: 'responsive' as const, placeholder: t('filters.all') };

  return (
    <Card size="small" role="search" aria-label={t('filters.label')}>
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          <Field label={t('filters.contact')} htmlFor="report-contact" grow={2}>
            <ContactFilter id="report-contact" value={value.contactId} onChange={(id) => set('contactId', id)} />
          </Field>
          <Field label={t('filters.connections')}>
            <Select<number[]>
              {...multi}
              value={value.whatsappIds}
              onChange={(ids) => set('whatsappIds', ids)}
              loading={connectionsLoading}
              options={connections.map((c) => ({ value: c.id, label: c.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('filters.connections')}
            />
          </Field>
          <Field label={t('filters.statuses')}>
            <Select<ReportFilter['statuses']>
              {...multi}
              value={value.statuses}
              onChange={(statuses) => set('statuses', statuses)}
              options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`tickets:status.${s}`) }))}
              aria-label={t('filters.statuses')}
            />
          </Field>
          <Field label={t('filters.users')}>
            <Select<number[]>
              {...multi}
              value={value.userIds}
              onChange={(ids) => set('userIds', ids)}
              loading={listsLoading}
              options={users.map((u) => ({ value: u.id, label: u.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('filters.users')}
            />
          </Field>
          <Field label={t('filters.queues')}>
            <Select<number[]>
              {...multi}
              value={value.queueIds}
              onChange={(ids) => set('queueIds', ids)}
              loading={listsLoading}
              options={queues.map((q) => ({ value: q.id, label: q.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('filters.queues')}
            />
          </Field>
        </Flex>
        <Flex wrap gap={12} align="flex-end">
          <DayField
            label={t('filters.startDate')}
            value={value.dateFrom}
            onChange={(day) => set('dateFrom', day)}
            disabledDate={(d) => !!value.dateTo && d.isAfter(value.dateTo, 'day')}
          />
          <DayField
            label={t('filters.endDate')}
            value={value.dateTo}
            onChange={(day) => set('dateTo', day)}
            disabledDate={(d) => !!value.dateFrom && d.isBefore(value.dateFrom, 'day')}
          />
          <Checkbox checked={value.onlyRated} onChange={(e) => set('onlyRated', e.target.checked)} style={{ paddingBottom: 5 }}>
            {t('filters.onlyRated')}
          </Checkbox>
          <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
            <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={onApply}>
              {t('filters.apply')}
            </Button>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={onExport}>
              {t('filters.export')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
