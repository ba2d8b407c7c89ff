import { AppError, type AuthUser, type Channel } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { sessionsRepository } from '../db/sessions.repository.js';
import { connectionNotFound, runsSession } from './connection-rules.js';
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
    // A Facebook or Instagram connection disconnected has no page token left (logout drops it): nothing to
    // start again until the page is linked again through the Facebook login.
    if (action !== 'logout' && !runsSession(connection.channel as Channel) && !(await sessionsRepository(deps.db).hasCredentials(connectionId))) {
      throw new AppError('ERR_FACEBOOK_TOKEN_INVALID', 'The page must be linked again (Facebook login) before it can connect');
    }
    await deps.sessions.command(connection.companyId, connectionId, action);
  };
  return {
    retry: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'start'),
    newQrCode: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'renew'),
    disconnect: (auth: AuthUser, connectionId: number) => run(auth, connectionId, 'logout'),
  };
}
