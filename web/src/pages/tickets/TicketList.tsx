import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type UIEvent } from 'react';
import { Empty, Spin, theme } from 'antd';
import { IconProvider } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Contact, Message, Ticket } from '@atende/kit/contracts';
import { fetchTicketsPage } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError } from '../../errors/toast';
import { canSee, hasPermission, isAdmin } from '../../permissions';
import { useCompanyEvent, useReconnected, useSocket } from '../../socket/SocketContext';
import { TicketListItem } from './TicketListItem';
import { ITEM_HEIGHT, type ItemPermissions } from './list/itemRules';
import { buildListQuery, isSortableView, listKey, searchCriteria, type ListFilters } from './list/listQuery';
import {
  applyContactUpdate,
  applyNewMessage,
  applySearchUpdate,
  applyTicketUpdate,
  LIST_SCROLL_THRESHOLD,
  mergePage,
  removeTicket,
  resetUnread,
  type ListFilter,
  type ListState,
  type ListView,
} from './ticketRules';

export type TicketEvent = { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number } | { action: 'updateUnread'; ticketId: number };
export type AppMessageEvent =
  | { action: 'create'; message: Message; ticket: Ticket; contact?: unknown }
  | { action: 'update'; message: Message }
  | { action: 'delete'; messageId: number; ticketId: number };
type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

type Props = {
  /** A tab of the open view, the closed view, or the search view (every status). */
  view: ListView;
  active: boolean;
  filters: ListFilters;
  /** Bumped to reload the list from page 1 (after 'close all'). */
  refreshKey?: number;
  selectedUuid: string | undefined;
  onSelect(ticket: Ticket): void;
  onCount?(count: number): void;
};

/** Cards rendered beyond the visible ones (cards have a fixed height: a few are enough). */
const OVERSCAN = 3;
/**
 * Icons of the cards skip their run-time style check (ConfigProvider already inserted the icon styles):
 * each icon otherwise scans the document's style elements when it mounts, and scrolling mounts cards
 * (several icons each) on every frame.
 */
const CARD_ICONS = { zeroRuntime: true };

/**
 * One list of the Tickets page: pages of GET /api/tickets with infinite scroll (100 px from the
 * bottom), virtualized (only the visible cards are in the DOM, so thousands of loaded tickets
 * scroll smoothly) and kept live (spec 000 §4: insert/replace/remove by status and visibility, a new
 * message moves its ticket to the top, unread reset, contact changes).
 */
export function TicketList({ view, active, filters, refreshKey = 0, selectedUuid, onSelect, onCount }: Props) {
  const { t } = useTranslation(['ticketsList', 'tickets']);
  const { user } = useAuth();
  const { token } = theme.useToken();
  const socket = useSocket();
  const admin = isAdmin(user);
  const [state, setState] = useState<ListState>({ tickets: [], count: 0 });
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const searching = view === 'search';
  const key = listKey(view, filters, admin);

  // A new filter (or a refresh) starts again at page 1, at the top.
  useEffect(() => {
    setPageNumber(1);
    setState({ tickets: [], count: 0 });
    setHasMore(false);
    scroller.current?.scrollTo({ top: 0 });
  }, [key, refreshKey]);

  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // Back from a lost connection: page 1 again, read afresh (the events of the meantime never came).
  const [resync, setResync] = useState(0);
  useReconnected(() => {
    setPageNumber(1);
    setResync((n) => n + 1);
  });

  useEffect(() => {
    const id = ++request.current;
    const controller = new AbortController();
    setLoading(true);
    fetchTicketsPage(buildListQuery(view, pageNumber, filtersRef.current, admin), controller.signal)
      .then((page) => {
        if (id !== request.current) return;
        setState((current) => ({ tickets: mergePage(current.tickets, page.tickets, pageNumber), count: page.count }));
        setHasMore(page.hasMore);
      })
      .catch((err) => {
        if (id === request.current && !controller.signal.aborted) toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
    return () => controller.abort();
    // `key` holds every filter the request depends on.
  }, [key, refreshKey, pageNumber, view, admin, resync]);

  useEffect(() => {
    onCount?.(state.count);
  }, [state.count, onCount]);

  // The status room of this list (and again after a reconnection).
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

  const liveRef = useRef({ view, hasMore });
  liveRef.current = { view, hasMore };

  const applyWith = useCallback((fn: (state: ListState, filter: ListFilter) => ListState) => {
    const { view: v, hasMore: more } = liveRef.current;
    const f = filtersRef.current;
    const filter: ListFilter = {
      tab: v === 'search' ? 'open' : v,
      showAll: f.showAll,
      queueIds: f.queueIds,
      searching: v === 'search',
      order: isSortableView(v) ? f.sort : 'DESC',
      hasMore: more,
    };
    setState((current) => fn(current, filter));
  }, []);

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (!event || !user) return;
    if (event.action === 'delete') applyWith((s) => removeTicket(s, event.ticketId));
    else if (event.action === 'updateUnread') applyWith((s) => resetUnread(s, event.ticketId));
    else if (event.action === 'update' && event.ticket) {
      if (liveRef.current.view === 'search') {
        // The search view lists what was searched: only refresh (or drop) what it shows.
        const criteria = searchCriteria(filtersRef.current, admin);
        setState((s) => applySearchUpdate(s, event.ticket, criteria));
      } else applyWith((s, f) => applyTicketUpdate(s, event.ticket, user, f));
    }
  });

  useCompanyEvent<AppMessageEvent>('appMessage', (event) => {
    if (!event || event.action !== 'create' || !event.ticket || !user) return;
    if (liveRef.current.view === 'search') {
      const criteria = searchCriteria(filtersRef.current, admin);
      setState((s) => applySearchUpdate(s, event.ticket, criteria));
    } else applyWith((s, f) => applyNewMessage(s, event.ticket, user, f));
  });

  useCompanyEvent<ContactEvent>('contact', (event) => {
    if (event?.action === 'update' && event.contact) setState((s) => applyContactUpdate(s, event.contact));
  });

  const virtualizer = useVirtualizer({
    count: state.tickets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ITEM_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => state.tickets[index]?.id ?? index,
  });

  // Keep what the user looks at in place when tickets are inserted or removed above it.
  const anchor = useRef<{ id: number; index: number } | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    const previous = anchor.current;
    if (el && previous && el.scrollTop > 0) {
      const index = state.tickets.findIndex((x) => x.id === previous.id);
      if (index >= 0 && index !== previous.index) el.scrollTop += (index - previous.index) * ITEM_HEIGHT;
    }
    if (el) {
      const first = Math.floor(el.scrollTop / ITEM_HEIGHT);
      const ticket = state.tickets[first];
      anchor.current = ticket ? { id: ticket.id, index: first } : null;
    }
  }, [state.tickets]);

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPageNumber((p) => p + 1);
  }, [loading, hasMore]);

  // A first page that does not fill the box cannot be scrolled: load the next one right away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (active && el && el.clientHeight > 0 && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [state.tickets, loading, hasMore, loadMore, active]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const first = Math.floor(el.scrollTop / ITEM_HEIGHT);
    const ticket = state.tickets[first];
    anchor.current = ticket ? { id: ticket.id, index: first } : null;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LIST_SCROLL_THRESHOLD) loadMore();
  };

  const items = virtualizer.getVirtualItems();
  const total = state.tickets.length;

  // Arrow keys, Home and End move between cards, scrolling the virtual list so the next one exists.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.getAttribute('role') !== 'listitem' || total === 0) return;
    const index = Number(target.getAttribute('aria-posinset') ?? 0) - 1;
    const next = e.key === 'ArrowDown' ? index + 1 : e.key === 'ArrowUp' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? total - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const to = Math.max(0, Math.min(total - 1, next));
    virtualizer.scrollToIndex(to, { align: 'auto' });
    const focus = (tries: number) => {
      const el = scroller.current?.querySelector<HTMLElement>(`[role="listitem"][aria-posinset="${to + 1}"]`);
      if (el) el.focus({ preventScroll: true });
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    requestAnimationFrame(() => focus(5));
  };

  const showAttendant = admin;
  const perms = useMemo<ItemPermissions>(() => ({ ignore: canSee(user, 'ignorePending'), delete: hasPermission(user, 'ticket-options:deleteTicket') }), [user]);
  const label = view === 'closed' || view === 'search' ? t(`views.${view}`) : t(`tickets:tabs.${view}`);

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      role="list"
      aria-label={label}
      aria-busy={loading}
      data-testid={`ticket-list-${view}`}
      data-count={state.count}
      style={
        {
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overflowAnchor: 'none',
          contain: 'content',
          display: active ? 'block' : 'none',
          // The theme's colours for the cards' text (plain elements, see TicketListItem).
          '--ticket-text': token.colorText,
          '--ticket-text-secondary': token.colorTextSecondary,
          '--ticket-success': token.colorSuccess,
        } as CSSProperties
      }
    >
      <IconProvider value={CARD_ICONS}>
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
          {items.map((item) => {
            const ticket = state.tickets[item.index];
            if (!ticket) return null;
            return (
              <TicketListItem
                key={ticket.id}
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
                showAttendant={showAttendant}
                perms={perms}
                onSelect={onSelect}
                top={item.start}
                index={item.index + 1}
                size={Math.max(state.count, total)}
              />
            );
          })}
        </div>
      </IconProvider>
      {loading && (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" aria-label={t('loading')} />
        </div>
      )}
      {!loading && total === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tickets:empty')} />}
      {!loading && !hasMore && total > 0 && total >= 20 && <div style={{ textAlign: 'center', padding: 8, fontSize: 12, opacity: 0.6 }}>{t('endOfList')}</div>}
    </div>
  );
}
