import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Empty, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { saveTicketsPaneWidth } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { TicketActionsProvider } from './TicketActions';
import { TicketConversation } from './TicketConversation';
import { TicketsManager, type PanelView } from './TicketsManager';
import { clampPaneWidth, PANE_MAX, PANE_MIN, type ListTab } from './ticketRules';

const NARROW = '(max-width: 599.98px)';

/** The pane width saved during this session (the signed-in user object keeps the width read at login). */
const savedWidths = new Map<number, number>();

/** /tickets and /tickets/:ticketId (uuid): the list panel and the conversation (spec 000 §2). */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { ticketId: uuid } = useParams();
  const { user } = useAuth();
  const narrow = useMediaQuery(NARROW);
  const [tab, setTabState] = useState<ListTab>('open');
  const [view, setView] = useState<PanelView>('open');
  const [mobileTab, setMobileTab] = useState<'list' | 'ticket'>(uuid ? 'ticket' : 'list');
  const [width, setWidth] = useState(() => clampPaneWidth((user && savedWidths.get(user.id)) ?? user?.defaultTicketsManagerWidth));
  const savedWidth = useRef(width);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  useEffect(() => {
    setMobileTab(uuid ? 'ticket' : 'list');
  }, [uuid]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { startX: e.clientX, startWidth: width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(clampPaneWidth(drag.current.startWidth + e.clientX - drag.current.startX));
  };
  const finishDrag = (next: number) => {
    drag.current = null;
    if (!user || next === savedWidth.current) return;
    savedWidth.current = next;
    savedWidths.set(user.id, next);
    void saveTicketsPaneWidth(user.id, next).catch(() => undefined);
  };

  // Accepting, reopening or returning a ticket switches the list to the open view's tab (spec 000 §2).
  const setTab = useCallback((next: ListTab) => {
    setTabState(next);
    setView('open');
  }, []);

  const manager = <TicketsManager view={view} onView={setView} tab={tab} onTab={setTab} selectedUuid={uuid} />;
  const conversation = uuid ? (
    <TicketConversation uuid={uuid} />
  ) : (
    <Flex justify="center" align="center" style={{ height: '100%' }}>
      <Empty description={t('conversation.select')} />
    </Flex>
  );

  return (
    <TicketActionsProvider onTab={setTab}>
      {narrow ? (
        <Flex vertical style={{ height: 'calc(100vh - 112px)', minHeight: 0 }}>
          <Tabs
            activeKey={mobileTab}
            onChange={(k) => setMobileTab(k as 'list' | 'ticket')}
            centered
            size="small"
            style={{ marginBottom: 0 }}
            items={[
              { key: 'ticket', label: t('mobile.ticket') },
              { key: 'list', label: t('mobile.list') },
            ]}
          />
          <div style={{ flex: 1, minHeight: 0, display: mobileTab === 'list' ? 'flex' : 'none', flexDirection: 'column' }}>{manager}</div>
          <div style={{ flex: 1, minHeight: 0, display: mobileTab === 'ticket' ? 'flex' : 'none', flexDirection: 'column' }}>{conversation}</div>
        </Flex>
      ) : (
        <Flex style={{ height: 'calc(100vh - 112px)', minHeight: 400 }} data-testid="tickets-page">
          <div style={{ width, flex: 'none', display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: '1px solid rgba(128,128,128,0.2)' }}>{manager}</div>
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={t('divider')}
            aria-valuemin={PANE_MIN}
            aria-valuemax={PANE_MAX}
            aria-valuenow={width}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => finishDrag(width)}
            onPointerCancel={() => finishDrag(width)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              const next = clampPaneWidth(width + (e.key === 'ArrowRight' ? 10 : -10));
              setWidth(next);
              finishDrag(next);
            }}
            style={{ width: 6, cursor: 'col-resize', flex: 'none', touchAction: 'none', background: 'rgba(128,128,128,0.08)' }}
          />
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>{conversation}</div>
        </Flex>
      )}
    </TicketActionsProvider>
  );
}
