import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { notifiedList, type NotifiedTicket } from './messageNotifications';
import { useMessageNotifications } from './useMessageNotifications';

const Ctx = createContext<NotifiedTicket[]>([]);

/** Runs the new-message notifications once for the shell and shares the notified tickets with the bell. */
export function MessageNotificationsProvider({ children }: { children: ReactNode }) {
  const notified = useMessageNotifications();
  const list = useMemo(() => notifiedList(notified), [notified]);
  return <Ctx.Provider value={list}>{children}</Ctx.Provider>;
}

/** The tickets of the notification bell, newest first. */
export function useNotifiedTickets(): NotifiedTicket[] {
  return useContext(Ctx);
}
