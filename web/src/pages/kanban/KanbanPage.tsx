import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Button, DatePicker, Empty, Flex, Select, Space, Spin, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import type { KanbanSort, KanbanTicket, Tag } from '@atende/kit/contracts';
import { clearTicketTags, linkTicketTag, listKanbanLanes, listKanbanTickets } from '../../api/kanban';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { hasPermission } from '../../permissions';
import { PlanGate } from '../campaigns/PlanGate';
import { useCompanyEvent, useReconnected } from '../../socket/SocketContext';
import { textColorOn } from '../tags/tagRules';
import { DRAG_MIME, KanbanCard, type CardDrag } from './KanbanCard';
import { assignCards, buildLanes, formatValor, lanesOfCard, laneTotal, moveCalls, readBoardPrefs, SORT_OPTIONS, writeBoardPrefs, type BoardPrefs, type Lane } from './kanbanRules';
import { DAY_FORMAT } from '../../format/dates';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The board reloads this long after the last live event (bursts of messages load once). */
const LIVE_RELOAD_MS = 500;

/** /Kanban (spec 001 §2, §4): needs the plan flag useKanban. */
export default function KanbanPage() {
  const { t } = useTranslation('kanban');
  return (
    <PlanGate flag="useKanban" refusedText={t('noPlan')}>
      <KanbanBoard />
    </PlanGate>
  );
}

function KanbanBoard() {
  const { t, i18n } = useTranslation('kanban');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [prefs, setPrefs] = useState<BoardPrefs>(() => readBoardPrefs(storage()));
  // The dates being edited; applied (and stored) by the Search button.
  const [draftDates, setDraftDates] = useState({ startDate: prefs.startDate, endDate: prefs.endDate });
  const [tags, setTags] = useState<Tag[]>([]);
  const [tickets, setTickets] = useState<KanbanTicket[]>([]);
  const [loading, setLoading] = useState(true);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const request = useRef(0);
  const queueKey = (user?.queueIds ?? []).join(',');

  const load = useCallback(async () => {
    const id = ++request.current;
    setLoading(true);
    const queueIds = queueKey ? queueKey.split(',').map(Number) : undefined;
    const [lanesResult, ticketsResult] = await Promise.allSettled([
      listKanbanLanes(),
      listKanbanTickets({ queueIds, startDate: prefs.startDate || undefined, endDate: prefs.endDate || undefined, sortBy: prefs.sortBy }),
    ]);
    if (id !== request.current) return;
    if (lanesResult.status === 'fulfilled') setTags(lanesResult.value);
    else toastError(lanesResult.reason);
    if (ticketsResult.status === 'fulfilled') setTickets(ticketsResult.value.tickets);
    else {
      // A failed ticket load empties the board and is only logged (spec 001 §4, §8).
      console.warn('kanban: tickets not loaded', ticketsResult.reason);
      setTickets([]);
    }
    setLoading(false);
  }, [prefs, queueKey]);

  useEffect(() => {
    void load();
  }, [load]);

  // Live: ticket and message events reload the board; tag events too (lanes); and a reconnection, since
  // whatever happened while the socket was down never arrived.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scheduleReload = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(), LIVE_RELOAD_MS);
  }, [load]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useCompanyEvent('ticket', scheduleReload);
  useCompanyEvent('appMessage', scheduleReload);
  useCompanyEvent('tag', scheduleReload);
  useReconnected(scheduleReload);

  const lanes = useMemo(() => buildLanes(tags, t('defaultLane')), [tags, t]);
  const laneIds = useMemo(() => new Set(lanes.map((l) => l.id)), [lanes]);
  const byLane = useMemo(() => assignCards(lanes, tickets, prefs.sortBy), [lanes, tickets, prefs.sortBy]);

  const changePrefs = (next: BoardPrefs) => {
    writeBoardPrefs(storage(), next);
    setPrefs(next);
  };

  const move = useCallback(
    async (drag: CardDrag, target: number) => {
      const calls = moveCalls(drag.ticketId, drag.fromLanes, target);
      if (!calls.length) return;
      try {
        for (const call of calls) {
          if (call.op === 'clear') await clearTicketTags(call.ticketId);
          else await linkTicketTag(call.ticketId, call.tagId);
        }
        toastSuccess(calls.some((c) => c.op === 'link') ? t('toasts.updated') : t('toasts.removed'));
      } catch (err) {
        toastError(err);
      }
      await load();
    },
    [load, t],
  );

  const onDrop = (e: DragEvent<HTMLDivElement>, lane: Lane) => {
    e.preventDefault();
    setDropTarget(null);
    const raw = e.dataTransfer.getData(DRAG_MIME);
    if (!raw) return;
    try {
      const drag = JSON.parse(raw) as CardDrag;
      if (typeof drag?.ticketId === 'number' && Array.isArray(drag.fromLanes)) void move(drag, lane.id);
    } catch {
      // not one of our cards
    }
  };

  const openTicket = useCallback((ticket: KanbanTicket) => navigate(`/tickets/${ticket.uuid}`), [navigate]);
  const canAddColumns = hasPermission(user, 'dashboard:view');
  const locale = i18n.language;

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Select<KanbanSort>
            value={prefs.sortBy}
            onChange={(sortBy) => changePrefs({ ...prefs, sortBy })}
            options={SORT_OPTIONS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
            aria-label={t('sort.label')}
            style={{ width: 220 }}
          />
          <DatePicker
            value={draftDates.startDate ? dayjs(draftDates.startDate) : null}
            onChange={(d) => setDraftDates((v) => ({ ...v, startDate: d ? d.format('YYYY-MM-DD') : '' }))}
            format={DAY_FORMAT}
            placeholder={t('startDate')}
            aria-label={t('startDate')}
            allowClear
          />
          <DatePicker
            value={draftDates.endDate ? dayjs(draftDates.endDate) : null}
            onChange={(d) => setDraftDates((v) => ({ ...v, endDate: d ? d.format('YYYY-MM-DD') : '' }))}
            format={DAY_FORMAT}
            placeholder={t('endDate')}
            aria-label={t('endDate')}
            allowClear
          />
          <Button
            icon={<SearchOutlined />}
            onClick={() => {
              if (draftDates.startDate && draftDates.endDate && draftDates.startDate > draftDates.endDate) {
                toastError(t('errors.dateOrder'));
                return;
              }
              const next = { ...prefs, ...draftDates };
              writeBoardPrefs(storage(), next);
              // The same choice loads again (a new object identity re-runs load).
              setPrefs(next);
            }}
          >
            {t('search')}
          </Button>
          {canAddColumns && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/TagsKanban')}>
              {t('addColumns')}
            </Button>
          )}
        </Space>
      </Flex>
      <Spin spinning={loading}>
        <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8, alignItems: 'flex-start', minHeight: 400 }} data-testid="kanban-board">
          {lanes.map((lane) => {
            const cards = byLane.get(lane.id) ?? [];
            const total = laneTotal(cards);
            return (
              <div
                key={lane.id}
                role="region"
                aria-label={lane.name}
                data-testid={`kanban-lane-${lane.id}`}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(DRAG_MIME)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (dropTarget !== lane.id) setDropTarget(lane.id);
                }}
                onDragLeave={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropTarget((cur) => (cur === lane.id ? null : cur));
                }}
                onDrop={(e) => onDrop(e, lane)}
                style={{
                  flex: '0 0 280px',
                  background: 'var(--ant-color-fill-quaternary, #f5f5f5)',
                  borderRadius: 8,
                  outline: dropTarget === lane.id ? `2px dashed ${lane.color}` : 'none',
                  display: 'flex',
                  flexDirection: 'column',
                  maxHeight: 'calc(100vh - 220px)',
                }}
              >
                <div style={{ background: lane.color, color: textColorOn(lane.color), borderRadius: '8px 8px 0 0', padding: '8px 12px' }}>
                  <Flex justify="space-between" align="center">
                    <span style={{ fontWeight: 600 }}>{lane.name}</span>
                    <span aria-label={t('laneCount', { count: cards.length })}>{cards.length}</span>
                  </Flex>
                  {total > 0 && <div style={{ fontSize: 12 }}>{formatValor(total, locale)}</div>}
                </div>
                <Flex vertical gap={8} style={{ padding: 8, overflowY: 'auto', minHeight: 120 }}>
                  {cards.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyLane')} />
                  ) : (
                    cards.map((ticket) => (
                      <KanbanCard
                        key={ticket.id}
                        ticket={ticket}
                        laneId={lane.id}
                        lanesOfTicket={lanesOfCard(ticket, laneIds)}
                        lanes={lanes}
                        locale={locale}
                        onOpen={openTicket}
                        onMove={(drag, target) => void move(drag, target)}
                      />
                    ))
                  )}
                </Flex>
              </div>
            );
          })}
        </div>
      </Spin>
    </Flex>
  );
}
