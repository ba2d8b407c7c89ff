import './companiesLocales';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Company, Plan } from '@atende/kit/contracts';
import { useAuth } from '../../auth/AuthContext';
import { deleteCompany, listCompanies, listPlans, updateCompany } from '../../api/admin';
import { formatBytes } from '../../components/formatBytes';
import { toastError, toastSuccess } from '../../errors/toast';
import { formatAmount } from '../settings/planForm';
import { mergeById, removeById, upsertById } from '../users/listRules';
import { formatDateTime, formatDay } from '../../format/dates';
import { daysLeft, dueDateTone, renewDueDate } from './companyRules';
import { CompanyFormModal } from './CompanyFormModal';

/**
 * The companies table and form (super user), shared by the Settings → Companies tab and /companies:
 * create, edit, delete, and renew by the recurrence period.
 */
export function CompaniesManager() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const [modal, modalHolder] = Modal.useModal();
  const [companies, setCompanies] = useState<Company[]>([]);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [loading, setLoading] = useState(false);
  const [filter, setFilter] = useState('');
  const [renewing, setRenewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; company: Company | null }>({ open: false, company: null });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [list, planList] = await Promise.all([listCompanies(), listPlans()]);
      // Rows saved while the first read was in flight are newer than what it brought back.
      setCompanies((current) => mergeById(list, current));
      setPlans(planList);
    } catch {
      toastError(t('errors.load'));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    if (!term) return companies;
    return companies.filter((c) => [c.name, c.email ?? '', c.phone ?? '', c.document ?? ''].some((v) => v.toLowerCase().includes(term)));
  }, [companies, filter]);

  /** Opens the form with a fresh plan list (a plan may have just been created in the Plans tab). */
  const openForm = (company: Company | null) => {
    setEditing({ open: true, company });
    listPlans()
      .then(setPlans)
      .catch(() => undefined);
  };

  const planOf = (c: Company) => c.plan ?? plans.find((p) => p.id === c.planId) ?? null;

  const confirmDelete = (c: Company) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteCompany(c.id);
          setCompanies((list) => removeById(list, c.id));
          toastSuccess(t('toasts.success'));
        } catch {
          toastError(t('errors.delete'));
        }
      },
    });
  };

  const renew = async (c: Company) => {
    const next = renewDueDate(c.dueDate, c.recurrence);
    if (!next) return;
    setRenewing(c.id);
    try {
      const saved = await updateCompany(c.id, { dueDate: next });
      setCompanies((list) => upsertById(list, saved));
      toastSuccess(t('toasts.renewed', { date: formatDay(next) }));
    } catch {
      toastError(t('errors.save'));
    } finally {
      setRenewing(null);
    }
  };

  const columns: ColumnsType<Company> = [
    { title: t('table.id'), dataIndex: 'id', width: 70, align: 'center', sorter: (a, b) => a.id - b.id },
    { title: t('table.name'), dataIndex: 'name', width: 180, sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: t('table.plan'), key: 'plan', width: 130, render: (_: unknown, c) => planOf(c)?.name ?? '—' },
    {
      title: t('table.amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_: unknown, c) => {
        const p = planOf(c);
        return p ? formatAmount(p.amount) : '—';
      },
    },
    {
      title: t('table.dueDate'),
      dataIndex: 'dueDate',
      width: 130,
      sorter: (a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''),
      render: (v: string | null) => {
        if (!v) return '—';
        const tone = dueDateTone(v);
        const left = daysLeft(v) ?? 0;
        const text = formatDay(v);
        if (!tone) return text;
        const label = tone === 'danger' ? t('due.expired') : t('due.daysLeft', { count: left });
        return (
          <Tooltip title={label}>
            <Tag color={tone === 'danger' ? 'red' : 'gold'} aria-label={`${text} — ${label}`}>
              {text}
            </Tag>
          </Tooltip>
        );
      },
    },
    { title: t('table.recurrence'), dataIndex: 'recurrence', width: 120, render: (r: Company['recurrence']) => (r ? t(`recurrence.${r}`) : '—') },
    {
      title: t('table.status'),
      dataIndex: 'status',
      width: 80,
      align: 'center',
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('status.active') : t('status.inactive')}</Tag>,
    },
    { title: t('table.email'), dataIndex: 'email', width: 200, ellipsis: true },
    { title: t('table.phone'), dataIndex: 'phone', width: 130 },
    { title: t('table.createdAt'), dataIndex: 'createdAt', width: 110, render: (v: string) => formatDay(v) },
    { title: t('table.lastLogin'), dataIndex: 'lastLogin', width: 150, render: (v: string | null) => formatDateTime(v) || '—' },
    // The media folder as last measured by the server (hourly): size, files, when.
    { title: t('table.folderSize'), dataIndex: 'folderSize', width: 110, align: 'right', render: (v: number | null) => (v === null ? '—' : formatBytes(v)) },
    { title: t('table.numberFileFolder'), dataIndex: 'numberFileFolder', width: 90, align: 'right', render: (v: number | null) => v ?? '—' },
    { title: t('table.updatedAtFolder'), dataIndex: 'updatedAtFolder', width: 150, render: (v: string | null) => formatDateTime(v) || '—' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 150,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, c) => (
        <Space size={4}>
          <Tooltip title={t('buttons.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('buttons.editCompany', { name: c.name })} onClick={() => openForm(c)} />
          </Tooltip>
          <Tooltip title={renewDueDate(c.dueDate, c.recurrence) ? t('buttons.renew') : t('buttons.renewUnavailable')}>
            <Button
              type="text"
              icon={<SyncOutlined />}
              aria-label={t('buttons.renewCompany', { name: c.name })}
              disabled={!renewDueDate(c.dueDate, c.recurrence)}
              loading={renewing === c.id}
              onClick={() => void renew(c)}
            />
          </Tooltip>
          <Tooltip title={t('buttons.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('buttons.deleteCompany', { name: c.name })}
              disabled={c.id === user?.companyId}
              onClick={() => confirmDelete(c)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text type="secondary">{t('count', { count: companies.length })}</Typography.Text>
        <Space wrap>
          <Input
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 240 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            {t('buttons.addCompany')}
          </Button>
        </Space>
      </Flex>
      <Table<Company>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={loading}
        size="middle"
        scroll={{ x: 1600 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('empty') }}
      />
      <CompanyFormModal
        open={editing.open}
        company={editing.company}
        plans={plans}
        onClose={() => setEditing({ open: false, company: null })}
        onSaved={(saved) => setCompanies((list) => upsertById(list, saved))}
      />
    </Flex>
  );
}
