import { useCallback, useEffect, useRef, useState } from 'react';
import type { Contact, Ticket } from '@atende/kit/contracts';
import { listMoments } from '../../api/moments';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { useCompanyEvent, useSocket } from '../../socket/SocketContext';
import { applyPanelChanges, PANEL_STATUSES, type PanelChange } from './momentsRules';

/** Live changes are applied together at most this often (a busy company sends many messages a second). */
export const FLUSH_MS = 250;

type TicketEvent = { action: 'update'; ticket?: Ticket } | { action: 'delete'; ticketId: number } | { action: 'updateUnread'; ticketId: number };
type AppMessageEvent = { action: 'create'; ticket?: Ticket } | { action: 'update' | 'delete' };
type ContactEvent = { action: 'create' | 'update'; contact?: Contact } | { action: 'delete'; contactId: number };

export type MomentsState = {
  tickets: readonly Ticket[];
  /** A request is running. */
  loading: boolean;
  /** Some answer arrived (the tickets are the server's, kept live since). */
  loaded: boolean;
  /** The last request failed (the tickets shown, if any, are the previous ones). */
  failed: boolean;
  /** The server refused the panel to this user (403). */
  denied: boolean;
};

const isDenied = (err: unknown): boolean => {
  if (errorCodeOf(err) === 'ERR_NO_PERMISSION') return true;
  const response = (err as { response?: { status?: unknown } } | null)?.response;
  return response?.status === 403;
};

/**
 * The panel's tickets: the open and pending ones of GET /dashboard/moments (every attendant's), kept live from the company's ticket, message and contact events (spec 002 §7
 * "Live channels"), and loaded again after a reconnection (events may have been missed meanwhile).
 */
export function useMomentsTickets(): MomentsState & { reload(): void } {
  const [state, setState] = useState<MomentsState>({ tickets: [], loading: true, loaded: false, failed: false, denied: false });
  const request = useRef(0);
  const controller = useRef<AbortController | null>(null);
  /** Changes waiting for the next flush. */
  const queued = useRef<PanelChange[]>([]);
  /** While a request runs, every change seen since it started (applied again on its answer). */
  const sinceRequest = useRef<PanelChange[] | null>(null);
  const timer = useRef<number | null>(null);
  const loadedRef = useRef(false);

  const load = useCallback(async () => {
    const id = ++request.current;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    sinceRequest.current = [];
    setState((s) => (s.loading && !s.failed ? s : { ...s, loading: true, failed: false }));
    try {
      const lists = await Promise.all(PANEL_STATUSES.map((status) => listMoments({ status, showAll: true }, abort.signal)));
      if (id !== request.current) return;
      const fetched = [...new Map(lists.flat().map((t) => [t.id, t])).values()];
      const changes = sinceRequest.current ?? [];
      sinceRequest.current = null;
      loadedRef.current = true;
      setState({ tickets: applyPanelChanges(fetched, changes), loading: false, loaded: true, failed: false, denied: false });
    } catch (err) {
      if (id !== request.current || abort.signal.aborted) return;
      sinceRequest.current = null;
      if (isDenied(err)) {
        setState({ tickets: [], loading: false, loaded: false, failed: false, denied: true });
        return;
      }
      // With tickets on screen they stay (and keep updating): the failure is only told.
      if (loadedRef.current) toastError(err);
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, []);

  useEffect(() => {
    void load();
    return () => {
      request.current++;
      controller.current?.abort();
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [load]);

  const flush = useCallback(() => {
    timer.current = null;
    const changes = queued.current;
    queued.current = [];
    setState((s) => {
      const tickets = applyPanelChanges(s.tickets, changes);
      return tickets === s.tickets ? s : { ...s, tickets };
    });
  }, []);

  const push = useCallback(
    (change: PanelChange) => {
      queued.current.push(change);
      sinceRequest.current?.push(change);
      if (timer.current === null) timer.current = window.setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (event?.action === 'update' && event.ticket) push({ kind: 'ticket', ticket: event.ticket });
    else if (event?.action === 'delete') push({ kind: 'remove', ticketId: event.ticketId });
  });

  // A new message changes its ticket's last message and time.
  useCompanyEvent<AppMessageEvent>('appMessage', (event) => {
    if (event?.action === 'create' && event.ticket) push({ kind: 'ticket', ticket: event.ticket });
  });

  useCompanyEvent<ContactEvent>('contact', (event) => {
    if (event?.action === 'update' && event.contact) push({ kind: 'contact', contact: event.contact });
  });

  // Events sent while the socket was away are lost: a (re)connection loads the panel again.
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const again = () => void load();
    socket.on('connect', again);
    return () => {
      socket.off('connect', again);
    };
  }, [socket, load]);

  const reload = useCallback(() => void load(), [load]);
  return { ...state, reload };
}
