import './schedulesLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { deleteSchedule, listSchedules, type Schedule } from '../../api/schedules';
import { toastError, toastSuccess } from '../../errors/toast';
import { applyRecordEvent } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { useInfiniteList } from '../tags/useInfiniteList';
import { ScheduleDialog, STATE_COLORS } from './ScheduleDialog';
import { contactIdParam, isScheduleLocked, scheduleMatches, scheduleState } from './scheduleRules';
import { useScheduleEvents } from './useScheduleEvents';

/** '/schedules' (spec 002 §2): plan useSchedules; ?contactId= opens the add dialog for that contact. */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules');
  return (
    <PlanGate flag="useSchedules" refusedText={t('planRefused')}>
      <SchedulesScreen />
    </PlanGate>
  );
}

const cut = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

function SchedulesScreen() {
  const { t } = useTranslation('schedules');
  const location = useLocation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; scheduleId: number | null; contactId: number | null }>({
    open: false,
    scheduleId: null,
    contactId: null,
  });

  useEffect(() => {
    const contactId = contactIdParam(location.search);
    if (contactId) setDialog({ open: true, scheduleId: null, contactId });
  }, [location.search]);

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listSchedules({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.schedules, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Schedule>(fetchPage);
  const { apply, search } = list;

  useScheduleEvents((event) => apply((current) => applyRecordEvent(current, event, (s) => scheduleMatches(s, search))));

  const closeDialog = useCallback(() => {
    setDialog({ open: false, scheduleId: null, contactId: null });
    // The contactId query parameter did its work: drop it so closing does not reopen.
    if (contactIdParam(window.location.search)) navigate('/schedules', { replace: true });
  }, [navigate]);

  const confirmDelete = (target: Schedule) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteSchedule(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<Schedule> = [
    {
      title: t('table.contact'),
      key: 'contact',
      render: (_: unknown, row) => <Typography.Text strong>{row.contact?.name ?? `#${row.contactId}`}</Typography.Text>,
    },
    { title: t('table.body'), dataIndex: 'body', render: (body: string) => cut(body ?? '') },
    { title: t('table.sendAt'), dataIndex: 'sendAt', width: 160, render: (v: string) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '—') },
    {
      title: t('table.status'),
      key: 'status',
      width: 140,
      render: (_: unknown, row) => {
        const state = scheduleState(row);
        return <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>;
      },
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => {
        const locked = isScheduleLocked(row);
        const name = row.contact?.name ?? String(row.contactId);
        return (
          <Space size={2}>
            <Tooltip title={locked ? t('buttons.view') : t('buttons.edit')}>
              <Button
                type="text"
                icon={locked ? <EyeOutlined /> : <EditOutlined />}
                aria-label={locked ? t('buttons.viewItem', { name }) : t('buttons.editItem', { name })}
                onClick={() => setDialog({ open: true, scheduleId: row.id, contactId: null })}
              />
            </Tooltip>
            <Tooltip title={t('buttons.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteItem', { name })} onClick={() => confirmDelete(row)} />
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, scheduleId: null, contactId: null })}>
            {t('buttons.add')}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}>
        <Table<Schedule>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 700 }}
          locale={{ emptyText: t('empty') }}
        />
      </div>
      <ScheduleDialog
        open={dialog.open}
        scheduleId={dialog.scheduleId}
        contactId={dialog.contactId}
        onClose={closeDialog}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }))}
      />
    </Flex>
  );
}
