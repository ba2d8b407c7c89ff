import './schedulesLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { deleteSchedule, listSchedules, type Schedule } from '../../api/schedules';
import { confirmDeletion } from '../../components/confirmDeletion';
import { toastError, toastSuccess } from '../../errors/toast';
import { applyRecordEvent, type RecordEvent } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { effectiveSearch, SEARCH_DEBOUNCE_MS } from '../users/listRules';
import { DEFAULT_CALENDAR_VIEW, type CalendarView } from './calendarRules';
import { ScheduleCalendar } from './ScheduleCalendar';
import { ScheduleDialog } from './ScheduleDialog';
import { contactIdParam, scheduleMatches } from './scheduleRules';
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

/** The pages read for the calendar at most (40 each): the calendar places every schedule found. */
const MAX_PAGES = 50;

/** Every schedule matching the search (all its pages), kept live. */
function useAllSchedules(search: string) {
  const [schedules, setSchedules] = useState<Schedule[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    setLoading(true);
    const readAll = async () => {
      const all = new Map<number, Schedule>();
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await listSchedules({ searchParam: search || undefined, pageNumber: page });
        for (const s of answer.schedules) all.set(s.id, s);
        if (!answer.hasMore) break;
      }
      return [...all.values()];
    };
    readAll()
      .then((list) => active && setSchedules(list))
      .catch((err: unknown) => active && toastError(err))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [search]);

  const apply = useCallback(
    (event: RecordEvent<Schedule>) => setSchedules((current) => applyRecordEvent(current, event, (s) => scheduleMatches(s, search)).list),
    [search],
  );
  return { schedules, loading, apply };
}

function SchedulesScreen() {
  const { t } = useTranslation('schedules');
  const location = useLocation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<CalendarView>(DEFAULT_CALENDAR_VIEW);
  const [date, setDate] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [dialog, setDialog] = useState<{ open: boolean; scheduleId: number | null; contactId: number | null }>({
    open: false,
    scheduleId: null,
    contactId: null,
  });

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(effectiveSearch(input)), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    const contactId = contactIdParam(location.search);
    if (contactId) setDialog({ open: true, scheduleId: null, contactId });
  }, [location.search]);

  const { schedules, loading, apply } = useAllSchedules(search);
  useScheduleEvents(apply);

  const closeDialog = useCallback(() => {
    setDialog({ open: false, scheduleId: null, contactId: null });
    // The contactId query parameter did its work: drop it so closing does not reopen.
    if (contactIdParam(window.location.search)) navigate('/schedules', { replace: true });
  }, [navigate]);

  const confirmDelete = (target: Schedule) =>
    confirmDeletion(
      modal,
      { title: t('confirm.deleteTitle'), content: t('confirm.deleteMessage'), okText: t('buttons.delete'), cancelText: t('buttons.cancel') },
      async () => {
        try {
          await deleteSchedule(target.id);
          apply({ action: 'delete', id: target.id });
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    );

  const onSaved = (saved: Schedule) => {
    apply({ action: 'update', record: saved });
    // The calendar goes to the saved schedule's day, so it is seen where it landed.
    const at = dayjs(saved.sendAt);
    if (at.isValid()) setDate(at.startOf('day'));
  };

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')} ({schedules.length})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={input}
            onChange={(e) => setInput(e.target.value)}
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
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <ScheduleCalendar
          schedules={schedules}
          view={view}
          date={date}
          loading={loading}
          onView={setView}
          onDate={setDate}
          onOpen={(s) => setDialog({ open: true, scheduleId: s.id, contactId: null })}
          onDelete={confirmDelete}
        />
      </div>
      <ScheduleDialog open={dialog.open} scheduleId={dialog.scheduleId} contactId={dialog.contactId} onClose={closeDialog} onSaved={onSaved} />
    </Flex>
  );
}
