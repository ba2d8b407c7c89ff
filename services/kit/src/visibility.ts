import type { EnabledDisabled } from './contracts/common.js';

/**
 * Ticket visibility (spec 000 §6), one pure definition used twice: the tickets service turns the rule
 * into its SQL filter, realtime evaluates it for every socket before it forwards a ticket or message.
 */
export type TicketStatus = 'pending' | 'open' | 'closed' | 'group' | 'lgpd' | 'nps';

export type Viewer = {
  userId: number;
  profile: 'admin' | 'user';
  super: boolean;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  allHistoric: EnabledDisabled | null;
  allUserChat: EnabledDisabled;
};

/** What visibility needs to know of a ticket. */
export type TicketScope = {
  id: number;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
};

/**
 * `all`: admins see every ticket of their company. `scoped`: a user's own tickets always; otherwise
 * tickets of their queues (or without queue when allTicket is enabled): pending and lgpd ones,
 * other users' open ones with allUserChat, closed ones with allHistoric, group ones with allowGroup.
 */
export type VisibilityRule =
  | { kind: 'all' }
  | { kind: 'scoped'; userId: number; queueIds: number[]; noQueue: boolean; groups: boolean; othersOpen: boolean; history: boolean };

export function visibilityRule(viewer: Viewer): VisibilityRule {
  if (viewer.profile === 'admin' || viewer.super) return { kind: 'all' };
  return {
    kind: 'scoped',
    userId: viewer.userId,
    queueIds: [...viewer.queueIds],
    noQueue: viewer.allTicket === 'enable',
    groups: viewer.allowGroup,
    othersOpen: viewer.allUserChat === 'enabled',
    history: viewer.allHistoric === 'enabled',
  };
}

export function canSeeTicket(rule: VisibilityRule, ticket: TicketScope): boolean {
  if (rule.kind === 'all') return true;
  if (ticket.userId === rule.userId) return true;
  const inQueues = ticket.queueId === null ? rule.noQueue : rule.queueIds.includes(ticket.queueId);
  if (!inQueues) return false;
  if (ticket.isGroup || ticket.status === 'group') return rule.groups;
  switch (ticket.status) {
    case 'pending':
    case 'lgpd':
      return true;
    case 'open':
      return ticket.userId === null || rule.othersOpen;
    case 'closed':
      return rule.history;
    case 'nps':
      return false;
    default:
      return false;
  }
}
