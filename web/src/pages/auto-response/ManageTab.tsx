import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Switch, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, DownloadOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { confirmDeletion } from '../../components/confirmDeletion';
import {
  deleteAutoResponse,
  duplicateAutoResponse,
  exportAutoResponsesCsv,
  importAutoResponsesCsv,
  listAutoResponses,
  updateAutoResponse,
  type AutoResponse,
} from '../../api/autoResponses';
import { saveBlob } from '../../api/contacts';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { LoadFailed } from '../../components/LoadFailed';
import { toastSuccess } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { AutoResponseDialog } from './AutoResponseDialog';
import { DAYS, applyAutoResponseEvent, filterAutoResponses, priorityOf, sortAutoResponses, toAutoResponseEvent } from './autoResponseRules';
import { snackbarError } from './snackbar';

const KEYWORDS_SHOWN = 4;

/** The Manage tab: the company's rules, live (company-{id}-autoResponse), with create, edit, switch, duplicate, delete, CSV export and import. */
export function ManageTab() {
  const { t } = useTranslation('autoResponses');
  const [modal, modalHolder] = Modal.useModal();
  const [list, setList] = useState<AutoResponse[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [switching, setSwitching] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<{ open: boolean; record: AutoResponse | null }>({ open: false, record: null });
  const [importing, setImporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setList(sortAutoResponses(await listAutoResponses()));
    } catch (err) {
      setFailed(true);
      snackbarError(t('errors.load'), err);
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  useCompanyEvent<unknown>('autoResponse', (payload) => {
    const event = toAutoResponseEvent(payload);
    if (event) setList((current) => applyAutoResponseEvent(current, event));
  });

  const upsert = (record: AutoResponse) => setList((current) => applyAutoResponseEvent(current, { action: 'update', autoResponse: record }));

  const setActive = async (record: AutoResponse, isActive: boolean) => {
    setSwitching((s) => new Set(s).add(record.id));
    try {
      // Spec 002 §7: the switch uses PUT with isActive.
      upsert(await updateAutoResponse(record.id, { isActive }));
      toastSuccess(t(isActive ? 'toasts.activated' : 'toasts.deactivated'));
    } catch (err) {
      snackbarError(t('errors.status'), err);
    } finally {
      setSwitching((s) => {
        const next = new Set(s);
        next.delete(record.id);
        return next;
      });
    }
  };

  const duplicate = async (record: AutoResponse) => {
    try {
      upsert(await duplicateAutoResponse(record.id));
      toastSuccess(t('toasts.duplicated'));
    } catch (err) {
      snackbarError(t('errors.duplicate'), err);
    }
  };

  const confirmDelete = (record: AutoResponse) => {
    confirmDeletion(
      modal,
      {
        title: t('confirm.deleteTitle', { name: record.name }),
        content: t('confirm.deleteMessage'),
        okText: t('buttons.delete'),
        cancelText: t('buttons.cancel'),
      },
      async () => {
        try {
          await deleteAutoResponse(record.id);
          setList((current) => applyAutoResponseEvent(current, { action: 'delete', autoResponseId: record.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          snackbarError(t('errors.delete'), err);
        }
      },
    );
  };

  const exportCsv = async () => {
    try {
      saveBlob(await exportAutoResponsesCsv(), `auto-respostas-${new Date().toISOString().slice(0, 10)}.csv`);
      toastSuccess(t('toasts.exported'));
    } catch (err) {
      snackbarError(t('errors.export'), err);
    }
  };

  const importCsv = async (file: File) => {
    setImporting(true);
    try {
      const result = await importAutoResponsesCsv(file);
      toastSuccess(t('toasts.imported', { created: result.created, ignored: result.ignored }));
      if (result.errors.length) {
        void modal.info({
          title: t('toasts.imported', { created: result.created, ignored: result.ignored }),
          width: 560,
          content: (
            <ul style={{ maxHeight: 300, overflow: 'auto', paddingInlineStart: 20 }}>
              {result.errors.map((e) => (
                <li key={`${e.row}-${e.field}`}>{t('import.ignoredRow', { row: e.row, message: e.field ? `${e.field}: ${e.message}` : e.message })}</li>
              ))}
            </ul>
          ),
        });
      }
      await load();
    } catch (err) {
      snackbarError(t('errors.import'), err);
    } finally {
      setImporting(false);
    }
  };

  const dayLabel = (days: number[]) => (days.length === DAYS.length ? t('everyDay') : days.map((d) => t(`days.${d}`)).join(', '));

  const columns: ColumnsType<AutoResponse> = [
    {
      title: t('table.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
            {row.response}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('table.keywords'),
      dataIndex: 'keywords',
      render: (keywords: string[], row) => (
        <Flex wrap gap={4}>
          {keywords.slice(0, KEYWORDS_SHOWN).map((k) => (
            <Tag key={k} color="blue">
              {k}
            </Tag>
          ))}
          {keywords.length > KEYWORDS_SHOWN && (
            <Tooltip title={[...keywords.slice(KEYWORDS_SHOWN), ...row.similarWords].join(', ')}>
              <Tag>{t('table.moreKeywords', { count: keywords.length - KEYWORDS_SHOWN })}</Tag>
            </Tooltip>
          )}
          {row.similarWords.slice(0, keywords.length > KEYWORDS_SHOWN ? 0 : 2).map((w) => (
            <Tag key={`s-${w}`} bordered={false}>
              {w}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('table.priority'),
      dataIndex: 'priority',
      width: 110,
      align: 'center',
      render: (priority: number) => {
        const p = priorityOf(priority);
        return <Tag color={p.color}>{t(`priority.${p.key}`)}</Tag>;
      },
    },
    {
      title: t('table.active'),
      dataIndex: 'isActive',
      width: 90,
      align: 'center',
      render: (isActive: boolean, row) => (
        <Switch
          checked={isActive}
          loading={switching.has(row.id)}
          aria-label={t('table.switchOf', { name: row.name })}
          onChange={(checked) => void setActive(row, checked)}
        />
      ),
    },
    {
      title: t('table.window'),
      key: 'window',
      width: 200,
      render: (_: unknown, row) =>
        row.timeRestriction ? (
          <Space direction="vertical" size={0}>
            <Typography.Text>
              {row.startTime}–{row.endTime}
            </Typography.Text>
            <Typography.Text type="secondary">{dayLabel(row.daysOfWeek)}</Typography.Text>
            {row.isActive && <Tag color={row.isActiveNow ? 'green' : 'default'}>{t(row.isActiveNow ? 'table.activeNow' : 'table.outsideWindow')}</Tag>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('table.always')}</Typography.Text>
        ),
    },
    { title: t('table.usage'), dataIndex: 'usageCount', width: 80, align: 'center' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 140,
      align: 'center',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Tooltip title={t('buttons.duplicate')}>
            <Button type="text" icon={<CopyOutlined />} aria-label={t('table.duplicateOf', { name: row.name })} onClick={() => void duplicate(row)} />
          </Tooltip>
          <EditDeleteActions
            editTitle={t('buttons.edit')}
            deleteTitle={t('buttons.delete')}
            editLabel={t('table.editOf', { name: row.name })}
            deleteLabel={t('table.deleteOf', { name: row.name })}
            onEdit={() => setDialog({ open: true, record: row })}
            onDelete={() => confirmDelete(row)}
          />
        </Space>
      ),
    },
  ];

  const rows = useMemo(() => filterAutoResponses(list, search), [list, search]);

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <Flex wrap gap={8} justify="space-between">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()}>
            {t('buttons.export')}
          </Button>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void importCsv(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importing}>
              {t('buttons.import')}
            </Button>
          </Upload>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })}>
            {t('buttons.new')}
          </Button>
        </Space>
      </Flex>
      {failed ? (
        <LoadFailed title={t('errors.load')} retryLabel={t('buttons.retry')} onRetry={() => void load()} />
      ) : (
        <Table<AutoResponse>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('table.empty') }}
          scroll={{ x: 900 }}
        />
      )}
      <AutoResponseDialog open={dialog.open} record={dialog.record} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={upsert} />
    </Flex>
  );
}
