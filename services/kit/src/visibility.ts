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
    case 'nps': // resolved, waiting for the contact's rating: history like closed ones
      return rule.history;
    default:
      return false;
  }
}

/**
 * Numbers under LGPD (spec 000 §2, §6; spec 001 §2): with enableLGPD and lgpdHideNumber on, a profile
 * user sees a contact's number only as its first digits and last two; admins and super users see it all.
 */
export function hidesNumbers(viewer: { profile: 'admin' | 'user'; super: boolean }, settingOn: (key: 'enableLGPD' | 'lgpdHideNumber') => boolean): boolean {
  return viewer.profile === 'user' && !viewer.super && companyHidesNumbers(settingOn);
}

/** The company's half of the rule: LGPD and hide-number both on (its profile users then get masked numbers). */
export function companyHidesNumbers(settingOn: (key: 'enableLGPD' | 'lgpdHideNumber') => boolean): boolean {
  return settingOn('enableLGPD') && settingOn('lgpdHideNumber');
}

const MASK = '****';

/** All but the last 6 characters, then '****', then the last 2 ("5511987****21"); a masked number stays as it is. */
export function maskNumber(number: string): string {
  if (number.includes(MASK)) return number;
  if (number.length <= 2) return '*'.repeat(number.length);
  return `${number.slice(0, Math.max(0, number.length - 6))}${MASK}${number.slice(-2)}`;
}

/** A contact with its number masked and its WhatsApp address (which carries the number) dropped. */
export function maskContact<T extends { number: string; remoteJid?: string | null }>(contact: T): T {
  return { ...contact, number: maskNumber(contact.number), ...('remoteJid' in contact ? { remoteJid: null } : {}) };
}

/**
 * A copy of an answer or event payload in which every contact (any `contact` object carrying a number,
 * at any depth: tickets, messages, pages of them) has its number masked. Everything else is untouched.
 */
export function maskContactNumbers<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => maskContactNumbers(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    let next = item;
    if (key === 'contact' && item !== null && typeof item === 'object' && typeof (item as { number?: unknown }).number === 'string') {
      next = maskContact(maskContactNumbers(item) as { number: string; remoteJid?: string | null });
    } else if (item !== null && typeof item === 'object') next = maskContactNumbers(item);
    if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return (copy ?? value) as T;
}
