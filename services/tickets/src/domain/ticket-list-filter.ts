import { areas, visibilityRule, type EnabledDisabled, type ListTicketsQuery, type TicketScope, type TicketStatus, type Viewer, type VisibilityRule } from '@atende/kit';

/**
 * The ticket list as a structured filter (pure). Visibility comes from kit's `visibilityRule`, turned
 * into a small predicate language that mirrors `canSeeTicket` term by term (tests check they agree on
 * every combination), so the list and realtime show the same tickets. The repository compiles the
 * predicate to SQL; when the view fixes the status, the predicate is simplified for that status so
 * PostgreSQL gets a plain, index-friendly condition.
 */
export type Pred =
  | { op: 'const'; value: boolean }
  | { op: 'and'; args: Pred[] }
  | { op: 'or'; args: Pred[] }
  | { op: 'not'; arg: Pred }
  | { op: 'userIs'; userId: number }
  | { op: 'userIn'; userIds: number[] }
  | { op: 'userNull' }
  | { op: 'queueIn'; queueIds: number[] }
  | { op: 'queueNull' }
  | { op: 'statusIn'; statuses: TicketStatus[] }
  | { op: 'isGroup' };

export const TRUE: Pred = { op: 'const', value: true };
export const FALSE: Pred = { op: 'const', value: false };
const isConst = (p: Pred, value: boolean) => p.op === 'const' && p.value === value;

// Predicates are never mutated once built: their keys are computed once (the simplifications compare them pairwise).
const predKeys = new WeakMap<Pred, string>();
const key = (p: Pred): string => {
  let k = predKeys.get(p);
  if (k === undefined) predKeys.set(p, (k = JSON.stringify(p)));
  return k;
};

/**
 * Conjunction, simplified: constants fold, `p ∧ ¬p` is false, and disjunctions sharing terms are
 * factored (`(a ∨ x) ∧ (a ∨ y)` = `a ∨ (x ∧ y)`), so "own tickets" stays one plain condition.
 */
export function and(...args: Pred[]): Pred {
  let flat = args.flatMap((a) => (a.op === 'and' ? a.args : [a])).filter((a) => !isConst(a, true));
  if (flat.some((a) => isConst(a, false))) return FALSE;
  const keys = new Set(flat.map(key));
  flat = flat.filter((a, i) => flat.findIndex((b) => key(b) === key(a)) === i);
  if (flat.some((a) => keys.has(key(not(a))))) return FALSE;
  const ors = flat.filter((a): a is Extract<Pred, { op: 'or' }> => a.op === 'or');
  if (ors.length >= 2) {
    const [first, ...rest] = ors;
    const common = first!.args.filter((d) => rest.every((o) => o.args.some((e) => key(e) === key(d))));
    if (common.length > 0) {
      const commonKeys = new Set(common.map(key));
      const remainders = ors.map((o) => or(...o.args.filter((d) => !commonKeys.has(key(d)))));
      const others = flat.filter((a) => a.op !== 'or');
      return and(...others, or(...common, and(...remainders)));
    }
  }
  if (flat.length === 0) return TRUE;
  return flat.length === 1 ? flat[0]! : { op: 'and', args: flat };
}

export function or(...args: Pred[]): Pred {
  let flat = args.flatMap((a) => (a.op === 'or' ? a.args : [a])).filter((a) => !isConst(a, false));
  if (flat.some((a) => isConst(a, true))) return TRUE;
  flat = flat.filter((a, i) => flat.findIndex((b) => key(b) === key(a)) === i);
  if (flat.length === 0) return FALSE;
  return flat.length === 1 ? flat[0]! : { op: 'or', args: flat };
}

export function not(arg: Pred): Pred {
  if (arg.op === 'const') return { op: 'const', value: !arg.value };
  if (arg.op === 'not') return arg.arg;
  return { op: 'not', arg };
}

const constant = (value: boolean): Pred => (value ? TRUE : FALSE);
const statusIn = (...statuses: TicketStatus[]): Pred => ({ op: 'statusIn', statuses });
const queueIn = (queueIds: number[]): Pred => (queueIds.length ? { op: 'queueIn', queueIds: [...new Set(queueIds)] } : FALSE);

/** `canSeeTicket(rule, ·)` as a predicate. */
export function visibilityPredicate(rule: VisibilityRule): Pred {
  if (rule.kind === 'all') return TRUE;
  const inQueues = or(queueIn(rule.queueIds), rule.noQueue ? { op: 'queueNull' } : FALSE);
  const groupish = or({ op: 'isGroup' }, statusIn('group'));
  const byStatus = or(
    statusIn('pending', 'lgpd'),
    and(statusIn('open'), rule.othersOpen ? TRUE : { op: 'userNull' }),
    and(statusIn('closed', 'nps'), constant(rule.history)),
  );
  return or({ op: 'userIs', userId: rule.userId }, and(inQueues, or(and(groupish, constant(rule.groups)), and(not(groupish), byStatus))));
}

/** Evaluate a predicate on one ticket (tests, and any in-memory check). */
export function evaluate(pred: Pred, t: TicketScope): boolean {
  switch (pred.op) {
    case 'const':
      return pred.value;
    case 'and':
      return pred.args.every((a) => evaluate(a, t));
    case 'or':
      return pred.args.some((a) => evaluate(a, t));
    case 'not':
      return !evaluate(pred.arg, t);
    case 'userIs':
      return t.userId === pred.userId;
    case 'userIn':
      return t.userId !== null && pred.userIds.includes(t.userId);
    case 'userNull':
      return t.userId === null;
    case 'queueIn':
      return t.queueId !== null && pred.queueIds.includes(t.queueId);
    case 'queueNull':
      return t.queueId === null;
    case 'statusIn':
      return pred.statuses.includes(t.status);
    case 'isGroup':
      return t.isGroup;
  }
}

/** Simplify `pred` knowing the ticket's status is one of `statuses` (statusIn terms become constants where decided). */
export function specialize(pred: Pred, statuses: readonly TicketStatus[] | null): Pred {
  if (!statuses) return pred;
  switch (pred.op) {
    case 'statusIn': {
      const inside = statuses.filter((s) => pred.statuses.includes(s));
      if (inside.length === 0) return FALSE;
      if (inside.length === statuses.length) return TRUE;
      return statusIn(...inside);
    }
    case 'and':
      return and(...pred.args.map((a) => specialize(a, statuses)));
    case 'or':
      return or(...pred.args.map((a) => specialize(a, statuses)));
    case 'not':
      return not(specialize(pred.arg, statuses));
    default:
      return pred;
  }
}

export const TICKETS_PAGE_SIZE = 40;
/** The list's count is exact up to this value; beyond it the answer says COUNT_CAP (the badge reads "1000+"). */
export const COUNT_CAP = 1000;

export type TicketListViewer = Viewer & {
  showDashboard?: EnabledDisabled | null;
  allowRealTime?: EnabledDisabled | null;
  allowConnections?: EnabledDisabled | null;
  userClosePendingTicket?: EnabledDisabled | null;
};

export type TicketListFilter = {
  companyId: number;
  /** null: every status. */
  statuses: TicketStatus[] | null;
  /** Visibility ∧ the view's narrowing ∧ queue and user filters, simplified for `statuses`. */
  where: Pred;
  connectionIds: number[] | null;
  /** Every one of these tags must be on the ticket or on its contact. */
  tagIds: number[] | null;
  withUnread: boolean;
  /** numbers: whether the contact's number is searched too (never for a caller it is hidden from). */
  search: { term: string; digits: string | null; numbers: boolean; onMessages: boolean } | null;
  createdOn: string | null;
  updatedOn: string | null;
  /** Updated within [from, to]: a day (YYYY-MM-DD, whole day in the company's zone) or an instant (ISO). */
  updatedBetween: { from: string; to: string } | null;
  sort: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

const ALL_STATUSES: TicketStatus[] = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'];

/**
 * The statuses a view lists: the pending tab holds lgpd tickets too, the closed view those waiting for
 * the contact's rating (nps); search (or no status) lists all of them.
 */
export function viewStatuses(view: ListTicketsQuery['status'], statusFilter?: TicketStatus[]): TicketStatus[] | null {
  let statuses: TicketStatus[] | null;
  switch (view) {
    case 'pending':
      statuses = ['pending', 'lgpd'];
      break;
    case 'closed':
      statuses = ['closed', 'nps'];
      break;
    case undefined:
    case null:
    case 'search':
      statuses = null;
      break;
    default:
      statuses = [view];
  }
  if (statusFilter && statusFilter.length > 0) {
    const wanted = [...new Set(statusFilter)];
    statuses = statuses ? statuses.filter((s) => wanted.includes(s)) : wanted;
  }
  return statuses && statuses.length === ALL_STATUSES.length ? null : statuses;
}

/**
 * Without "show all" (or without the right to it: admins and users with allUserChat) a list is the
 * viewer's own tickets plus the waiting ones (pending, lgpd), group tickets and, with allHistoric,
 * the closed history — always within what visibility allows. An admin who filters by users gets
 * those users' tickets whatever show all says (spec 000 §6: admins see all tickets, can filter by users).
 */
export function narrowing(viewer: TicketListViewer, showAll: boolean, filtersUsers = false): Pred {
  if (showAll && areas.showAllTickets(viewer)) return TRUE;
  if (filtersUsers && (viewer.profile === 'admin' || viewer.super)) return TRUE;
  return or(
    { op: 'userIs', userId: viewer.userId },
    statusIn('pending', 'lgpd', 'group'),
    { op: 'isGroup' },
    viewer.allHistoric === 'enabled' ? statusIn('closed', 'nps') : FALSE,
  );
}

/**
 * The queues a viewer may filter on: any for admins and super users, otherwise only their own
 * (an attendant asking for another queue gets nothing of it). Tickets without queue stay subject
 * to visibility (allTicket).
 */
export function queueSelection(viewer: TicketListViewer, requested: number[] | undefined): Pred {
  if (!requested || requested.length === 0) return TRUE;
  const allowed = viewer.profile === 'admin' || viewer.super ? requested : requested.filter((q) => viewer.queueIds.includes(q));
  return or(queueIn(allowed), { op: 'queueNull' });
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** Simplified list predicates by their inputs (predicates are never mutated once built). */
const simplified = new Map<string, Pred>();
const SIMPLIFIED_MAX = 2000;

/** `numbersHidden`: contact numbers are masked for this caller (LGPD), so they are not searched either: digit by digit a search would tell them. */
export function buildTicketListFilter(companyId: number, viewer: TicketListViewer, query: ListTicketsQuery, options: { numbersHidden?: boolean } = {}): TicketListFilter {
  const statuses = viewStatuses(query.status, query.statusFilter);
  const userIds = [...new Set([...(query.users ?? []), ...(query.userFilter ?? [])])];
  // The simplified predicate is a function of these alone; the same viewer asks the same list again and again.
  const whereKey = JSON.stringify([viewer, query.showAll === true, query.queueIds ?? null, userIds, statuses]);
  let where = simplified.get(whereKey);
  if (where === undefined) {
    const rule = visibilityRule(viewer);
    where = specialize(
      and(
        visibilityPredicate(rule),
        narrowing(viewer, query.showAll === true, userIds.length > 0),
        queueSelection(viewer, query.queueIds),
        userIds.length ? { op: 'userIn', userIds } : TRUE,
      ),
      statuses,
    );
    if (simplified.size >= SIMPLIFIED_MAX) simplified.delete(simplified.keys().next().value as string);
    simplified.set(whereKey, where);
  }
  const connectionIds = [...new Set([...(query.whatsapps ?? []), ...(query.whatsappIds ?? [])])];
  const term = query.searchParam?.trim() ?? '';
  const digits = term.replace(/\D/g, '');
  return {
    companyId,
    statuses,
    where,
    connectionIds: connectionIds.length ? connectionIds : null,
    tagIds: query.tags && query.tags.length ? [...new Set(query.tags)] : null,
    withUnread: query.withUnreadMessages === true,
    search: term
      ? {
          term: `%${escapeLike(term)}%`,
          digits: !options.numbersHidden && digits.length >= 3 && digits.length === term.replace(/[\s()+\-.]/g, '').length ? `%${digits}%` : null,
          numbers: !options.numbersHidden,
          // Inside message bodies only from 3 characters: the trigram index cannot serve shorter terms.
          onMessages: query.searchOnMessages === true && term.length >= 3,
        }
      : null,
    createdOn: query.date ?? null,
    updatedOn: query.updatedAt ?? null,
    updatedBetween: null,
    sort: query.sortTickets,
    limit: TICKETS_PAGE_SIZE,
    offset: (query.pageNumber - 1) * TICKETS_PAGE_SIZE,
  };
}
