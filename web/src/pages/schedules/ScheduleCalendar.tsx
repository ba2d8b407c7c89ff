import { useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, Flex, Space, Spin, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '../../api/schedules';
import {
  CALENDAR_VIEWS,
  dayKey,
  eventTitle,
  MONTH_CELL_EVENTS,
  navigateDate,
  schedulesByDay,
  schedulesInView,
  viewDays,
  viewRange,
  type CalendarView,
} from './calendarRules';
import { STATE_COLORS } from './ScheduleDialog';
import { isScheduleLocked, scheduleState } from './scheduleRules';
import { DAY_FORMAT } from '../../format/dates';

export type ScheduleCalendarProps = {
  schedules: readonly Schedule[];
  view: CalendarView;
  date: Dayjs;
  loading: boolean;
  onView(view: CalendarView): void;
  onDate(date: Dayjs): void;
  /** A double-click on an event (or Enter on it): the schedule's dialog. */
  onOpen(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
};

const cut = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/**
 * The schedules as a calendar (spec 002 §2): month, week, work week ("Agendamentos"), day and agenda views in
 * the user's language; each event shows the contact's name and a delete icon, a double-click opens it.
 */
export function ScheduleCalendar({ schedules, view, date, loading, onView, onDate, onOpen, onDelete }: ScheduleCalendarProps) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shown = useMemo(() => schedulesInView(schedules, view, date), [schedules, view, date]);

  const title = useMemo(() => {
    const capital = (text: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
    const { start, end } = viewRange(view, date);
    const last = end.subtract(1, 'day');
    if (view === 'month') return capital(new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(date.toDate()));
    if (view === 'day')
      return capital(new Intl.DateTimeFormat(language, { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date.toDate()));
    return `${start.format(DAY_FORMAT)} – ${last.format(DAY_FORMAT)}`;
  }, [view, date, language]);

  return (
    <Flex vertical gap={12} style={{ minHeight: 0 }} data-testid="schedules-calendar">
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space.Compact>
          <Button onClick={() => onDate(navigateDate(view, date, 'today'))}>{t('calendar.today')}</Button>
          <Button icon={<LeftOutlined />} onClick={() => onDate(navigateDate(view, date, 'prev'))}>
            {t('calendar.previous')}
          </Button>
          <Button onClick={() => onDate(navigateDate(view, date, 'next'))}>
            {t('calendar.next')} <RightOutlined />
          </Button>
        </Space.Compact>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="schedules-calendar-title">
          {title}
        </Typography.Title>
        <div role="group" aria-label={t('calendar.views')}>
          <Space.Compact>
            {CALENDAR_VIEWS.map((v) => (
              <Button key={v} type={v === view ? 'primary' : 'default'} aria-pressed={v === view} onClick={() => onView(v)}>
                {t(`calendar.view.${v}`)}
              </Button>
            ))}
          </Space.Compact>
        </div>
      </Flex>
      {view !== 'agenda' && !loading && shown.length === 0 && (
        <Typography.Text type="secondary" role="status">
          {t('empty')}
        </Typography.Text>
      )}
      {view === 'agenda' ? (
        <AgendaView schedules={shown} loading={loading} onOpen={onOpen} onDelete={onDelete} />
      ) : (
        <Spin spinning={loading}>
          <DaysView
            view={view}
            date={date}
            schedules={shown}
            language={language}
            onOpen={onOpen}
            onDelete={onDelete}
            onDay={(day) => {
              onDate(day);
              onView('day');
            }}
          />
        </Spin>
      )}
    </Flex>
  );
}

type EventProps = { schedule: Schedule; showTime: boolean; onOpen(schedule: Schedule): void; onDelete(schedule: Schedule): void };

/** One event: time, the contact's name and the delete icon; double-click (or Enter) opens it. */
function CalendarEvent({ schedule, showTime, onOpen, onDelete }: EventProps) {
  const { t } = useTranslation('schedules');
  const { token } = theme.useToken();
  const state = scheduleState(schedule);
  const name = eventTitle(schedule);
  const colors = { pending: token.colorPrimary, sent: token.colorSuccess, error: token.colorError };
  const stop = (e: MouseEvent) => e.stopPropagation();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') onOpen(schedule);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="schedule-event"
      title={`${t(`states.${state}`)} · ${t('calendar.openHint')}\n${cut(schedule.body ?? '', 200)}`}
      onDoubleClick={() => onOpen(schedule)}
      onKeyDown={onKey}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        minWidth: 0,
        padding: '1px 2px 1px 6px',
        borderInlineStart: `3px solid ${colors[state]}`,
        borderRadius: token.borderRadiusSM,
        background: token.colorFillQuaternary,
        cursor: 'pointer',
        fontSize: 12,
        userSelect: 'none',
      }}
    >
      {showTime && <span style={{ flex: 'none', color: token.colorTextSecondary }}>{dayjs(schedule.sendAt).format('HH:mm')}</span>}
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('buttons.deleteItem', { name })}
        onClick={(e) => {
          stop(e);
          onDelete(schedule);
        }}
        onDoubleClick={stop}
        style={{ flex: 'none', height: 20, width: 20, minWidth: 20 }}
      />
    </div>
  );
}

type DaysViewProps = {
  view: Exclude<CalendarView, 'agenda'>;
  date: Dayjs;
  schedules: readonly Schedule[];
  language: string;
  onOpen(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
  /** "+N": that day in the day view. */
  onDay(day: Dayjs): void;
};

/** The month grid, or the columns of a week, a work week or a day. */
function DaysView({ view, date, schedules, language, onOpen, onDelete, onDay }: DaysViewProps) {
  const { t } = useTranslation('schedules');
  const { token } = theme.useToken();
  const days = useMemo(() => viewDays(view, date), [view, date]);
  const byDay = useMemo(() => schedulesByDay(schedules), [schedules]);
  const month = view === 'month';
  const columns = month ? 7 : days.length;
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' });
  const today = dayKey(dayjs());
  const border = `1px solid ${token.colorBorderSecondary}`;

  return (
    <div
      role="group"
      aria-label={t(`calendar.view.${view}`)}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, borderTop: border, borderInlineStart: border }}
    >
      {month &&
        days.slice(0, 7).map((day) => (
          <div key={`h-${dayKey(day)}`} style={{ padding: 4, textAlign: 'center', fontWeight: 600, borderInlineEnd: border, borderBottom: border }}>
            {weekday.format(day.toDate())}
          </div>
        ))}
      {days.map((day) => {
        const key = dayKey(day);
        const events = byDay.get(key) ?? [];
        const shownEvents = month ? events.slice(0, MONTH_CELL_EVENTS) : events;
        const outside = month && day.month() !== date.month();
        return (
          <div
            key={key}
            role="group"
            aria-label={day.format(DAY_FORMAT)}
            style={{
              minHeight: month ? 110 : 320,
              padding: 4,
              borderInlineEnd: border,
              borderBottom: border,
              background: key === today ? token.colorPrimaryBg : undefined,
              display: 'flex',
              flexDirection: 'column',
              gap: 3,
              minWidth: 0,
            }}
          >
            <Typography.Text type={outside ? 'secondary' : undefined} strong={key === today} style={{ fontSize: 12, textAlign: month ? 'end' : 'center' }}>
              {month ? day.format('DD') : `${weekday.format(day.toDate())} ${day.format('DD/MM')}`}
            </Typography.Text>
            {shownEvents.map((schedule) => (
              <CalendarEvent key={schedule.id} schedule={schedule} showTime onOpen={onOpen} onDelete={onDelete} />
            ))}
            {events.length > shownEvents.length && (
              <Button type="link" size="small" style={{ padding: 0, height: 'auto', alignSelf: 'flex-start' }} onClick={() => onDay(day)}>
                {t('calendar.more', { count: events.length - shownEvents.length })}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}

type AgendaProps = { schedules: readonly Schedule[]; loading: boolean; onOpen(schedule: Schedule): void; onDelete(schedule: Schedule): void };

/** The next 30 days as a list: date, time, contact, message, status, open and delete. */
function AgendaView({ schedules, loading, onOpen, onDelete }: AgendaProps) {
  const { t } = useTranslation('schedules');
  const columns: ColumnsType<Schedule> = [
    { title: t('calendar.date'), key: 'date', width: 120, render: (_: unknown, row) => dayjs(row.sendAt).format(DAY_FORMAT) },
    { title: t('calendar.time'), key: 'time', width: 80, render: (_: unknown, row) => dayjs(row.sendAt).format('HH:mm') },
    { title: t('table.contact'), key: 'contact', render: (_: unknown, row) => <Typography.Text strong>{eventTitle(row)}</Typography.Text> },
    { title: t('table.body'), dataIndex: 'body', render: (body: string) => cut(body ?? '') },
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
        const name = eventTitle(row);
        return (
          <Space size={2}>
            <Tooltip title={locked ? t('buttons.view') : t('buttons.edit')}>
              <Button
                type="text"
                icon={locked ? <EyeOutlined /> : <EditOutlined />}
                aria-label={locked ? t('buttons.viewItem', { name }) : t('buttons.editItem', { name })}
                onClick={() => onOpen(row)}
              />
            </Tooltip>
            <Tooltip title={t('buttons.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteItem', { name })} onClick={() => onDelete(row)} />
            </Tooltip>
          </Space>
        );
      },
    },
  ];
  return (
    <Table<Schedule>
      rowKey="id"
      columns={columns}
      dataSource={schedules as Schedule[]}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 760 }}
      onRow={(row) => ({ onDoubleClick: () => onOpen(row) })}
      locale={{ emptyText: t('empty') }}
    />
  );
}
