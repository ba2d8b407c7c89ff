import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { onPinsChanged } from '../api/pinsChanged';
import { listPins } from '../api/tickets';
import { useAuth } from '../auth/AuthContext';
import type { TicketEvent } from '../pages/tickets/TicketList';
import { useCompanyEvent, useReconnected } from '../socket/SocketContext';
import { debounced, initials, pinnedAvatars, pinsAfterTicketEvent, PINS_REFRESH_DELAY_MS, type PinnedAvatar } from './pinnedTickets';

/**
 * The top bar's pinned tickets (spec 000 §2): an avatar per pinned ticket (at most 10); a click opens that ticket.
 * They follow the tickets live: a pinned ticket updated or deleted (transferred and accepted elsewhere, closed,
 * out of the user's sight) has the pins read again from GET /pin-tickets, which lists only the ones the user
 * still sees (once for a burst of events); a deleted one goes at once.
 */
export function PinnedTickets() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [pins, setPins] = useState<PinnedAvatar[]>([]);
  const shown = useRef<PinnedAvatar[]>([]);
  // Only the latest read lands: an answer overtaken by a later read or a live removal is dropped.
  const reads = useRef(0);
  const refresher = useRef<{ schedule(): void; cancel(): void } | null>(null);
  const userId = user?.id;

  const show = useCallback((next: PinnedAvatar[]) => {
    shown.current = next;
    setPins(next);
  }, []);

  const load = useCallback(async () => {
    const read = ++reads.current;
    try {
      const next = pinnedAvatars(await listPins());
      if (read === reads.current) show(next);
    } catch {
      // the bar works without them; the next pin, unpin or ticket event reads them again
    }
  }, [show]);

  useEffect(() => {
    if (!userId) return;
    const refresh = debounced(() => void load(), PINS_REFRESH_DELAY_MS);
    refresher.current = refresh;
    void load();
    const off = onPinsChanged(() => void load());
    return () => {
      off();
      refresh.cancel();
      if (refresher.current === refresh) refresher.current = null;
    };
  }, [userId, load]);

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    const { pins: next, refresh } = pinsAfterTicketEvent(shown.current, event);
    if (next !== shown.current) {
      reads.current++;
      show(next);
    }
    if (refresh) refresher.current?.schedule();
  });

  // Events sent while the socket was down never arrive: the pins are read again.
  useReconnected(() => {
    if (userId) void load();
  });

  if (pins.length === 0) return null;
  return (
    <Flex component="nav" align="center" gap={4} aria-label={t('pinned.label')} data-testid="pinned-tickets" style={{ flex: 'none' }}>
      {pins.map((pin) => (
        <Tooltip key={pin.pinId} title={pin.name}>
          <button
            type="button"
            aria-label={t('pinned.open', { name: pin.name })}
            data-testid={`pinned-ticket-${pin.ticketId}`}
            onClick={() => navigate(`/tickets/${pin.uuid}`)}
            style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', lineHeight: 0, borderRadius: '50%' }}
          >
            <Avatar size={30} src={pin.picture} alt="">
              {initials(pin.name)}
            </Avatar>
          </button>
        </Tooltip>
      ))}
    </Flex>
  );
}
