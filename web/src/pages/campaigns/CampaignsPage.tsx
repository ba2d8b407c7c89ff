import './campaignsLocales';
import { useCallback, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ProjectOutlined,
  DeleteOutlined,
  EditOutlined,
  StopOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cancelCampaign, deleteCampaign, listCampaigns, restartCampaign, type Campaign, type CampaignStatus } from '../../api/campaigns';
import { toastError, toastSuccess } from '../../errors/toast';
import { useInfiniteList } from '../tags/useInfiniteList';
import { CampaignDialog } from './CampaignDialog';
import { applyRecordEvent, textMatches } from './liveRecords';
import { PlanGate } from './PlanGate';
import { useLiveRecords } from './useLiveRecords';
import { formatDateTime } from '../../format/dates';

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  INATIVA: 'default',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'processing',
  CANCELADA: 'red',
  FINALIZADA: 'green',
};

/** '/campaigns' (spec 002 §2): admins whose plan has useCampaigns. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  return (
    <PlanGate flag="useCampaigns" adminOnly refusedText={t('planRefused')}>
      <CampaignsScreen />
    </PlanGate>
  );
}

function CampaignsScreen() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; campaignId: number | null }>({ open: false, campaignId: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listCampaigns({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Campaign>(fetchPage);
  const { apply, search } = list;
  const matches = useCallback((c: Campaign) => textMatches(search, c.name), [search]);

  useLiveRecords<Campaign>('campaign', (event) => apply((current) => applyRecordEvent(current, event, matches)));

  const act = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      toastSuccess(done);
    } catch (err) {
      toastError(err);
    }
  };

  const confirmDelete = (target: Campaign) => {
    void modal.confirm({
      title: t('confirm.deleteTitle', { name: target.name }),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: () =>
        act(async () => {
          await deleteCampaign(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
        }, t('toasts.deleted')),
    });
  };

  const columns: ColumnsType<Campaign> = [
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('table.status'), dataIndex: 'status', width: 140, render: (s: CampaignStatus) => <Tag color={STATUS_COLORS[s]}>{t(`status.${s}`)}</Tag> },
    { title: t('table.contactList'), key: 'contactList', render: (_: unknown, row) => row.contactList?.name ?? t('table.none') },
    { title: t('table.whatsapp'), key: 'whatsapp', render: (_: unknown, row) => row.whatsapp?.name ?? t('table.none') },
    { title: t('table.scheduledAt'), dataIndex: 'scheduledAt', width: 150, render: (v: string | null) => (formatDateTime(v) || t('table.noSchedule')) },
    { title: t('table.completedAt'), dataIndex: 'completedAt', width: 150, render: (v: string | null) => (formatDateTime(v) || t('table.notCompleted')) },
    { title: t('table.confirmation'), dataIndex: 'confirmation', width: 120, align: 'center', render: (v: boolean) => (v ? t('yes') : t('no')) },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 190,
      align: 'center',
      render: (_: unknown, row) => (
        <Space size={2}>
          {row.status === 'EM_ANDAMENTO' && (
            <Tooltip title={t('buttons.stop')}>
              <Button
                type="text"
                icon={<StopOutlined />}
                aria-label={t('buttons.stopItem', { name: row.name })}
                onClick={() => void act(() => cancelCampaign(row.id), t('toasts.stopped'))}
              />
            </Tooltip>
          )}
          {row.status === 'CANCELADA' && (
            <Tooltip title={t('buttons.restart')}>
              <Button
                type="text"
                icon={<PlayCircleOutlined />}
                aria-label={t('buttons.restartItem', { name: row.name })}
                onClick={() => void act(() => restartCampaign(row.id), t('toasts.restarted'))}
              />
            </Tooltip>
          )}
          <Tooltip title={t('buttons.report')}>
            <Button
              type="text"
              icon={<ProjectOutlined />}
              aria-label={t('buttons.reportItem', { name: row.name })}
              onClick={() => navigate(`/campaign/${row.id}/report`)}
            />
          </Tooltip>
          <Tooltip title={t('buttons.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('buttons.editItem', { name: row.name })}
              onClick={() => setDialog({ open: true, campaignId: row.id })}
            />
          </Tooltip>
          <Tooltip title={t('buttons.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteItem', { name: row.name })} onClick={() => confirmDelete(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="campaigns-title">
          {t('title')} ({list.count})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={list.input}
            onChange={(e) => list.setInput(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 240 }}
          />
          <Button icon={<SettingOutlined />} onClick={() => navigate('/campaigns-config')}>
            {t('buttons.settings')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, campaignId: null })}>
            {t('buttons.add')}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}>
        <Table<Campaign>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('empty') }}
        />
      </div>
      <CampaignDialog
        open={dialog.open}
        campaignId={dialog.campaignId}
        onClose={() => setDialog({ open: false, campaignId: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }))}
      />
    </Flex>
  );
}
