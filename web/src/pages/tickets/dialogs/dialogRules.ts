import { formatPhone } from '../../../components/formatPhone';

/**
 * Pure rules of the contact drawer and the ticket dialogs (spec 000 §2 'Contact drawer', 'Dialogs of
 * this area', §4 transitions, §5 validation; spec 001 §2 number masking, §4 kanban). No React, no
 * DOM: unit-tested in dialogRules.test.ts.
 */

export type ListTab = 'open' | 'pending' | 'group';

// ---- numbers ----

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * LGPD number hiding (spec 000 §2, 001 §2): the shown number keeps all but its last 6 characters,
 * then '**-**' and the last 2 digits. Too short numbers only keep the last 2 digits.
 */
export function maskNumber(number: string | null | undefined): string {
  const shown = formatPhone(number);
  const digits = digitsOf(number ?? '');
  const last2 = digits.slice(-2);
  if (shown.length <= 8) return `**-**${last2}`;
  return `${shown.slice(0, -6)}**-**${last2}`;
}

/** Whether the number is hidden: setting lgpdHideNumber 'enabled' and a viewer of profile user (admins and super users see it). */
export function hidesNumber(lgpdHideNumber: string | null | undefined, viewer: { profile: 'admin' | 'user'; super?: boolean } | null | undefined): boolean {
  if (!viewer) return true;
  return lgpdHideNumber === 'enabled' && viewer.profile === 'user' && !viewer.super;
}

/** The number as the drawer shows it. */
export function displayNumber(number: string | null | undefined, hide: boolean): string {
  return hide ? maskNumber(number) : formatPhone(number);
}

// ---- notes ----

export const NOTE_MIN_LENGTH = 2;
export const NOTE_MAX_LENGTH = 10_000;

export type NoteProblem = 'required' | 'tooShort' | 'tooLong' | null;

/** A ticket note: required, at least 2 characters once trimmed ('Required', 'Too Short!'). */
export function validateNote(text: string | null | undefined): NoteProblem {
  const value = (text ?? '').trim();
  if (!value) return 'required';
  if (value.length < NOTE_MIN_LENGTH) return 'tooShort';
  if (value.length > NOTE_MAX_LENGTH) return 'tooLong';
  return null;
}

/** What the user added and deleted in the drawer while its notes were still being read. */
export interface NoteEdits<N extends { id: number }> {
  added: N[];
  deleted: Set<number>;
}

/**
 * The notes to show once the list is read: the read list with the user's own edits made meanwhile
 * on top, so a note added before the answer stays and a deleted one does not come back.
 */
export function notesWithEdits<N extends { id: number }>(read: readonly N[], edits: NoteEdits<N>): N[] {
  const readIds = new Set(read.map((n) => n.id));
  return [...edits.added.filter((n) => !readIds.has(n.id)), ...read].filter((n) => !edits.deleted.has(n.id));
}

// ---- queue of accept / reopen ----

export type QueueDecision = { kind: 'use'; queueId: number | null } | { kind: 'ask' };

/**
 * The queue of an accept or reopen: the ticket's own queue; else the user's single queue (picked
 * without a dialog); else, in a company without queues (`pickable` loaded and empty), none: there is
 * nothing to choose and the ticket is served without one; else the queue-choice dialog opens.
 * `pickable` null: the queues are not known (yet).
 */
export function queueForTakeOver(ticketQueueId: number | null, pickable: readonly number[] | null): QueueDecision {
  if (ticketQueueId !== null) return { kind: 'use', queueId: ticketQueueId };
  if (pickable?.length === 1) return { kind: 'use', queueId: pickable[0]! };
  if (pickable?.length === 0) return { kind: 'use', queueId: null };
  return { kind: 'ask' };
}

/** The queue preselected by a dialog: the only one offered, else none. */
export function preselectedQueue(queueIds: readonly number[]): number | undefined {
  return queueIds.length === 1 ? queueIds[0] : undefined;
}

// ---- navigation after an action (spec 000 §2 'Tickets page') ----

export type TicketAction = 'accept' | 'reopen' | 'returnToQueue' | 'resolve' | 'ignore' | 'transfer' | 'delete' | 'create';

/** Where the page goes: a route, and the list tab to show (null keeps the current tab). */
export type NavigationTarget = { path: string; tab: ListTab | null };

/**
 * After accepting, reopening or returning to pending (and creating), the ticket opens at its route
 * and the list switches to the open tab (group for a group ticket). After closing, transferring
 * (and deleting) the page goes to /tickets/.
 */
export function navigationAfter(action: TicketAction, ticket: { uuid: string; status: string; isGroup: boolean }): NavigationTarget {
  switch (action) {
    case 'accept':
    case 'reopen':
    case 'returnToQueue':
    case 'create':
      return { path: `/tickets/${ticket.uuid}`, tab: ticket.status === 'group' || ticket.isGroup ? 'group' : 'open' };
    case 'resolve':
    case 'ignore':
    case 'transfer':
    case 'delete':
      return { path: '/tickets/', tab: null };
  }
}

// ---- the contact's open ticket (409 ERR_OTHER_OPEN_TICKET) ----

export type OpenTicketHolder = { userId: number | null; user: string | null; queue: string | null; uuid: string | null; status: string | null };

/** Reads the holder fields of a 409 body: user and queue as { name } (anything missing is null). */
export function readHolder(body: unknown): OpenTicketHolder {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const name = (v: unknown) => (v && typeof v === 'object' ? str((v as { name?: unknown }).name) : null);
  return { userId: num(b.userId), user: name(b.user), queue: name(b.queue), uuid: str(b.uuid), status: str(b.status) };
}

export type HolderOutcome =
  | { kind: 'open'; uuid: string; tab: ListTab }
  /** Another attendant holds it: a notice naming them and the queue. */
  | { kind: 'held'; user: string | null; queue: string | null }
  /** Nobody holds it yet (waiting in a queue): a notice offering to open it. */
  | { kind: 'waiting'; uuid: string | null; queue: string | null };

/** My own ticket opens; another attendant's is named with its queue; an unassigned one is waiting. */
export function holderOutcome(holder: OpenTicketHolder, me: number): HolderOutcome {
  const tab: ListTab = holder.status === 'group' ? 'group' : holder.status === 'pending' || holder.status === 'lgpd' ? 'pending' : 'open';
  if (holder.userId !== null && holder.userId === me && holder.uuid) return { kind: 'open', uuid: holder.uuid, tab };
  if (holder.userId === null) return { kind: 'waiting', uuid: holder.uuid, queue: holder.queue };
  return { kind: 'held', user: holder.user, queue: holder.queue };
}

/**
 * An accept/reopen answered with another ticket of the contact (spec 000 §4): when that ticket has
 * another user, a notice names them instead of proceeding.
 */
export function answerHeldByOther(requestedId: number, answer: { id: number; userId: number | null }, me: number): boolean {
  return answer.id !== requestedId && answer.userId !== null && answer.userId !== me;
}

// ---- transfer ----

export type TransferUser = { id: number; name: string; queueIds?: number[] | null };

/** The users offered for a transfer: those of the chosen queue (none before a queue is chosen), by name. */
export function usersOfQueue<U extends TransferUser>(users: readonly U[], queueId: number | null | undefined): U[] {
  if (!queueId) return [];
  return users.filter((u) => (u.queueIds ?? []).includes(queueId)).sort((a, b) => a.name.localeCompare(b.name));
}

export type TransferBody = { queueId: number; userId: number | null; status: 'open' | 'group' | 'pending'; isTransfered: true; msgTransfer: string | null };

/** With a user the ticket stays active for them (open, or group); with only a queue it waits (pending). */
export function transferBody(values: { queueId: number; userId?: number | null; message?: string | null }, isGroup: boolean): TransferBody {
  const userId = values.userId ?? null;
  const message = (values.message ?? '').trim();
  return {
    queueId: values.queueId,
    userId,
    status: userId === null ? 'pending' : isGroup ? 'group' : 'open',
    isTransfered: true,
    msgTransfer: message ? message : null,
  };
}

// ---- kanban stage (spec 001 §4) ----

/** The ticket's lane: its first tag that is a kanban tag, or null (the default lane). */
export function currentKanbanStage(ticketTagIds: readonly number[], kanbanTagIds: readonly number[]): number | null {
  const lanes = new Set(kanbanTagIds);
  return ticketTagIds.find((id) => lanes.has(id)) ?? null;
}

export type TagCall = { op: 'clear' } | { op: 'link'; tagId: number };

/**
 * Moving a ticket to another lane, as the board does: its tag links are deleted, then the new lane
 * is linked (none for the default lane). Tags that are not lanes are linked again so they survive.
 */
export function kanbanStageCalls(ticketTagIds: readonly number[], kanbanTagIds: readonly number[], target: number | null): TagCall[] {
  const current = currentKanbanStage(ticketTagIds, kanbanTagIds);
  const lanes = new Set(kanbanTagIds);
  const others = [...new Set(ticketTagIds.filter((id) => !lanes.has(id)))];
  const otherLanes = ticketTagIds.filter((id) => lanes.has(id) && id !== current);
  if (current === target && otherLanes.length === 0) return [];
  const calls: TagCall[] = [{ op: 'clear' }];
  if (target !== null) calls.push({ op: 'link', tagId: target });
  for (const id of others) calls.push({ op: 'link', tagId: id });
  return calls;
}

// ---- contact ----

/** The extra-info lines worth showing (blank ones are dropped). */
export function visibleExtraInfo(list: readonly { name: string; value: string }[] | null | undefined): { name: string; value: string }[] {
  return (list ?? []).filter((e) => (e.name ?? '').trim() !== '' || String(e.value ?? '').trim() !== '');
}

/** Contact search (spec 000 §5): only from 3 characters. */
export const CONTACT_SEARCH_MIN = 3;
export const CONTACT_SEARCH_DEBOUNCE_MS = 500;

export function searchTerm(input: string): string | null {
  const value = input.trim();
  return value.length >= CONTACT_SEARCH_MIN ? value : null;
}
