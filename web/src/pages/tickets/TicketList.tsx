import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message, Ticket } from '@atende/kit/contracts';
import { listTickets } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import { useCompanyEvent, useSocket } from '../../socket/SocketContext';
import { TicketListItem } from './TicketListItem';
import { applyNewMessage, applyTicketUpdate, LIST_SCROLL_THRESHOLD, mergePage, removeTicket, resetUnread, type ListState, type ListTab } from './ticketRules';

export type TicketEvent = { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number } | { action: 'updateUnread'; ticketId: number };
export type AppMessageEvent =
  | { action: 'create'; message: Message; ticket: Ticket; contact?: unknown }
  | { action: 'update'; message: Message }
  | { action: 'delete'; messageId: number; ticketId: number };

type Props = {
  /** A tab of the open view, or the search view (every status). */
  view: ListTab | 'search';
  active: boolean;
  showAll: boolean;
  queueIds: number[];
  searchParam: string;
  searchOnMessages: boolean;
  selectedUuid: string | undefined;
  onSelect(ticket: Ticket): void;
  onCount?(count: number): void;
};

/**
 * One list of the Tickets page: pages of GET /api/tickets with infinite scroll (100 px from the
 * bottom) and the live updates of spec 000 §4 (insert/replace/remove by tab and visibility, a new
 * message moves its ticket to the top, unread reset).
 */
export function TicketList({ view, active, showAll, queueIds, searchParam, searchOnMessages, selectedUuid, onSelect, onCount }: Props) {
  const { t } = useTranslation('tickets');
  const { user } = useAuth();
  const socket = useSocket();
  const [state, setState] = useState<ListState>({ tickets: [], count: 0 });
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const searching = view === 'search';
  const queueKey = queueIds.join(',');

  // A new filter starts again at page 1.
  useEffect(() => {
    setPageNumber(1);
    setState({ tickets: [], count: 0 });
  }, [view, showAll, queueKey, searchParam, searchOnMessages]);

  useEffect(() => {
    if (searching && !searchParam) return;
    const id = ++request.current;
    setLoading(true);
    listTickets({
      status: view,
      pageNumber,
      showAll,
      queueIds: queueKey ? queueKey.split(',').map(Number) : undefined,
      searchParam: searching ? searchParam : undefined,
      searchOnMessages,
    })
      .then((page) => {
        if (id !== request.current) return;
        setState((current) => ({ tickets: mergePage(current.tickets, page.tickets, pageNumber), count: page.count }));
        setHasMore(page.hasMore);
      })
      .catch((err) => {
        if (id === request.current) toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
  }, [view, pageNumber, showAll, queueKey, searchParam, searchOnMessages, searching]);

  useEffect(() => {
    onCount?.(state.count);
  }, [state.count, onCount]);

  // The status room of this tab (and again after a reconnection).
  useEffect(() => {
    if (!socket || searching) return;
    const join = () => socket.emit('joinTickets', view);
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveTickets', view);
    };
  }, [socket, view, searching]);

  const filterRef = useRef({ showAll, queueIds, searching, view });
  filterRef.current = { showAll, queueIds, searching, view };

  const applyWith = useCallback(
    (fn: (state: ListState, filter: { tab: ListTab; showAll: boolean; queueIds: number[]; searching: boolean }) => ListState) => {
      const f = filterRef.current;
      setState((current) => fn(current, { tab: f.view === 'search' ? 'open' : f.view, showAll: f.showAll, queueIds: f.queueIds, searching: f.searching }));
    },
    [],
  );

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (!event || !user) return;
    if (event.action === 'delete') applyWith((s) => removeTicket(s, event.ticketId));
    else if (event.action === 'updateUnread') applyWith((s) => resetUnread(s, event.ticketId));
    else if (event.action === 'update' && event.ticket) {
      if (filterRef.current.view === 'search') {
        // The search view lists every status: only refresh what it shows.
        setState((s) => (s.tickets.some((x) => x.id === event.ticket.id) ? { ...s, tickets: s.tickets.map((x) => (x.id === event.ticket.id ? event.ticket : x)) } : s));
      } else applyWith((s, f) => applyTicketUpdate(s, event.ticket, user, f));
    }
  });

  useCompanyEvent<AppMessageEvent>('appMessage', (event) => {
    if (!event || event.action !== 'create' || !event.ticket || !user || filterRef.current.view === 'search') return;
    applyWith((s, f) => applyNewMessage(s, event.ticket, user, f));
  });

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPageNumber((p) => p + 1);
  }, [loading, hasMore]);

  // A first page that does not fill the box cannot be scrolled: load the next one right away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (active && el && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [state.tickets, loading, hasMore, loadMore, active]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LIST_SCROLL_THRESHOLD) loadMore();
  };

  const showAttendant = isAdmin(user);

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="list"
      aria-label={t(`tabs.${view}`)}
      aria-busy={loading}
      data-testid={`ticket-list-${view}`}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', display: active ? 'block' : 'none' }}
    >
      {state.tickets.map((ticket) => (
        <TicketListItem key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} showAttendant={showAttendant} onSelect={onSelect} />
      ))}
      {loading && (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" />
        </div>
      )}
      {!loading && state.tickets.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />}
    </div>
  );
}
