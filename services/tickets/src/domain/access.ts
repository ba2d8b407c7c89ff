import { AppError, canSeeTicket, hidesNumbers, maskContactNumbers, visibilityRule, type AuthUser, type User } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { companySettings, type CompanySettings } from './company-settings.js';
import { toTicketScope } from './presenters.js';
import type { TicketListViewer } from './ticket-list-filter.js';
import type { TicketActor } from './tickets.js';

/** The caller as visibility and the transitions see them, with their user record when auth knows it. */
export type Caller = {
  auth: AuthUser;
  companyId: number;
  viewer: TicketListViewer & TicketActor;
  user: User | null;
};

/** Who the caller is, what they may see, and the company settings — shared by every use case. */
export function createAccess(deps: TicketsDeps) {
  const { ctx } = deps;

  const caller = async (auth: AuthUser): Promise<Caller> => {
    const user = await deps.users.get(auth.userId).catch((err: unknown) => {
      ctx.logger.warn({ err, userId: auth.userId }, 'user lookup failed');
      return null;
    });
    const privileged = auth.profile === 'admin' || auth.super;
    if (!user || user.companyId !== auth.companyId) {
      // Admins see everything anyway; a user auth no longer knows sees nothing.
      if (!privileged) throw new AppError('ERR_NO_PERMISSION', 'User not found');
      return {
        auth,
        companyId: auth.companyId,
        user: null,
        viewer: { userId: auth.userId, profile: 'admin', super: auth.super, queueIds: [], allTicket: 'enable', allowGroup: true, allHistoric: 'disabled', allUserChat: 'enabled' },
      };
    }
    return {
      auth,
      companyId: auth.companyId,
      user,
      viewer: {
        userId: user.id,
        profile: user.profile,
        super: auth.super,
        queueIds: user.queueIds,
        allTicket: user.allTicket,
        allowGroup: user.allowGroup,
        allHistoric: user.allHistoric,
        allUserChat: user.allUserChat,
        showDashboard: user.showDashboard,
        allowRealTime: user.allowRealTime,
        allowConnections: user.allowConnections,
        userClosePendingTicket: user.userClosePendingTicket,
      },
    };
  };

  const settings = async (companyId: number): Promise<CompanySettings> => {
    const entry = await ctx.companies.get(companyId).catch((err: unknown) => {
      ctx.logger.warn({ err, companyId }, 'company settings unavailable; defaults apply');
      return null;
    });
    return companySettings(entry?.settings);
  };

  const canSee = (c: Caller, row: Pick<TicketRow, 'id' | 'status' | 'userId' | 'queueId' | 'isGroup'>) => canSeeTicket(visibilityRule(c.viewer), toTicketScope(row));

  /** The ticket if it is the caller's company's and they may see it; 404 otherwise (never revealing which). */
  const visibleTicket = async (db: TicketsDb, c: Caller, ticketId: number, options: { lock?: boolean } = {}): Promise<TicketRow> => {
    const row = await ticketsRepository(db).findById(c.companyId, ticketId, options);
    if (!row || !canSee(c, row)) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
    return row;
  };

  /** A user of the company by id (auth), kept in the users projection so answers can name them. */
  const companyUser = async (db: TicketsDb, companyId: number, userId: number): Promise<User> => {
    const user = await deps.users.get(userId).catch(() => null);
    if (!user || user.companyId !== companyId) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
    await projectionsRepository(db).ensureUser(user);
    return user;
  };

  /** Whether contact numbers are masked for this caller (LGPD: profile user, enableLGPD and lgpdHideNumber on). */
  const numbersHidden = async (auth: Pick<AuthUser, 'profile' | 'super' | 'companyId'>): Promise<boolean> => {
    if (auth.profile !== 'user' || auth.super) return false;
    const s = await settings(auth.companyId);
    return hidesNumbers(auth, (key) => s.on(key));
  };

  /** An answer as this caller may see it: its contacts' numbers masked when they are hidden from them. */
  const shownTo = async <T>(auth: Pick<AuthUser, 'profile' | 'super' | 'companyId'>, answer: T): Promise<T> =>
    (await numbersHidden(auth)) ? maskContactNumbers(answer) : answer;

  return { caller, settings, canSee, visibleTicket, companyUser, numbersHidden, shownTo };
}
export type Access = ReturnType<typeof createAccess>;
