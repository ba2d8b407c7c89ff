import type { AuthUser } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { sessionsRepository } from '../db/sessions.repository.js';
import { connectionNotFound } from './connection-rules.js';
import type { SessionAction } from './sessions.js';

/**
 * The connections page's session buttons (spec 001 §1): try again (start), new QR (renew) and disconnect
 * (logout), on a connection of the caller's own company; a super user also acts from the all-connections
 * page's dialog on any company's (spec 001 §2). The worker running the session acts; the page follows
 * through company-{id}-whatsappSession.
 */
export function createSessionActions(deps: Pick<ChannelsDeps, 'db' | 'sessions'>) {
  const run = async (auth: AuthUser, connectionId: number, action: SessionAction): Promise<void> => {
    const connection = await sessionsRepository(deps.db).connection(connectionId);
    if (!connection || (connection.companyId !== auth.companyId && !auth.super)) throw connectionNotFound();
    await deps.sessions.command(connection.companyId, connectionId, action);
  };
  return {
    retry: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'start'),
    newQrCode: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'renew'),
    disconnect: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'logout'),
  };
}
