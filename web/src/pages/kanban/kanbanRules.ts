import type { KanbanSort, KanbanTicket, Tag } from '@atende/kit/contracts';
import { stripWhatsapp } from '../tickets/conversation/whatsappFormat';

/** The default (first, grey) lane (spec 001 §2, §4). */
export const DEFAULT_LANE_ID = 0;
export const DEFAULT_LANE_COLOR = '#757575';
export const SORT_OPTIONS: KanbanSort[] = ['ticketNumber', 'lastMessageTime', 'valorDesc'];

export type Lane = { id: number; name: string; color: string; isDefault: boolean };

/** The board's columns: the default lane, then one per kanban tag (its colour, grey if none). */
export function buildLanes(tags: readonly Pick<Tag, 'id' | 'name' | 'color'>[], defaultName: string): Lane[] {
  return [
    { id: DEFAULT_LANE_ID, name: defaultName, color: DEFAULT_LANE_COLOR, isDefault: true },
    ...tags.map((t) => ({ id: t.id, name: t.name, color: t.color || DEFAULT_LANE_COLOR, isDefault: false })),
  ];
}

type CardLike = Pick<KanbanTicket, 'id' | 'updatedAt' | 'valor' | 'tags'> & { laneIds?: number[] | null };

/**
 * The lanes a card sits in (spec 001 §4): each of its kanban tags' lanes, several when it has
 * several; the default lane when it has none of the board's lanes.
 */
export function lanesOfCard(card: CardLike, laneIds: ReadonlySet<number>): number[] {
  const fromServer = card.laneIds ?? card.tags.filter((t) => t.kanban === 1 || laneIds.has(t.id)).map((t) => t.id);
  const present = [...new Set(fromServer)].filter((id) => id !== DEFAULT_LANE_ID && laneIds.has(id));
  return present.length ? present : [DEFAULT_LANE_ID];
}

/** Sorting (spec 001 §4): ticket id ascending, updatedAt descending, or valor descending (no value last). */
export function sortCards<T extends Pick<KanbanTicket, 'id' | 'updatedAt' | 'valor'>>(list: readonly T[], sort: KanbanSort): T[] {
  const copy = [...list];
  switch (sort) {
    case 'lastMessageTime':
      return copy.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
    case 'valorDesc':
      return copy.sort((a, b) => (b.valor ?? Number.NEGATIVE_INFINITY) - (a.valor ?? Number.NEGATIVE_INFINITY) || a.id - b.id);
    default:
      return copy.sort((a, b) => a.id - b.id);
  }
}

/** The cards of every lane, each lane sorted. */
export function assignCards<T extends CardLike>(lanes: readonly Lane[], cards: readonly T[], sort: KanbanSort): Map<number, T[]> {
  const ids = new Set(lanes.map((l) => l.id));
  const out = new Map<number, T[]>(lanes.map((l) => [l.id, []]));
  for (const card of cards) for (const lane of lanesOfCard(card, ids)) out.get(lane)?.push(card);
  for (const [lane, list] of out) out.set(lane, sortCards(list, sort));
  return out;
}

export type MoveCall = { op: 'clear'; ticketId: number } | { op: 'link'; ticketId: number; tagId: number };

/**
 * Moving a card (spec 001 §4): its tag links are deleted, then, unless the target is the default
 * lane, it is linked to the target tag. Dropping on the lane it sits in alone changes nothing.
 */
export function moveCalls(ticketId: number, fromLanes: readonly number[], target: number): MoveCall[] {
  if (fromLanes.length === 1 && fromLanes[0] === target) return [];
  const calls: MoveCall[] = [{ op: 'clear', ticketId }];
  if (target !== DEFAULT_LANE_ID) calls.push({ op: 'link', ticketId, tagId: target });
  return calls;
}

// ---- the board's choices kept in browser storage ----

export const SORT_STORAGE_KEY = 'kanbanSortBy';
export const START_STORAGE_KEY = 'kanbanStartDate';
export const END_STORAGE_KEY = 'kanbanEndDate';

export type BoardPrefs = { sortBy: KanbanSort; startDate: string; endDate: string };
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

export function readBoardPrefs(store: KeyValueStore | null): BoardPrefs {
  try {
    const sort = store?.getItem(SORT_STORAGE_KEY) ?? null;
    const start = store?.getItem(START_STORAGE_KEY) ?? null;
    const end = store?.getItem(END_STORAGE_KEY) ?? null;
    return {
      sortBy: SORT_OPTIONS.includes(sort as KanbanSort) ? (sort as KanbanSort) : 'ticketNumber',
      startDate: isDay(start) ? start : '',
      endDate: isDay(end) ? end : '',
    };
  } catch {
    return { sortBy: 'ticketNumber', startDate: '', endDate: '' };
  }
}

export function writeBoardPrefs(store: KeyValueStore | null, prefs: BoardPrefs): void {
  try {
    store?.setItem(SORT_STORAGE_KEY, prefs.sortBy);
    if (prefs.startDate) store?.setItem(START_STORAGE_KEY, prefs.startDate);
    else store?.removeItem(START_STORAGE_KEY);
    if (prefs.endDate) store?.setItem(END_STORAGE_KEY, prefs.endDate);
    else store?.removeItem(END_STORAGE_KEY);
  } catch {
    // no storage: the choice lasts for the visit
  }
}

// ---- card texts ----

/** Kanban cards cut the contact name at 10 characters (spec 000 §2, 002 §9); the card's title keeps the full name. */
export const CARD_NAME_CUT = 10;
export const cutName = (s: string): string => (s.length > CARD_NAME_CUT ? `${s.slice(0, CARD_NAME_CUT)}...` : s);
/** The last message as plain text (no WhatsApp markup, as the ticket list shows it) at 30 characters (27 plus ellipsis). */
export function cutMessage(message: string): string {
  const s = stripWhatsapp(message);
  return s.length > 30 ? `${s.slice(0, 27)}...` : s;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm on the same day, else dd/MM/yyyy. */
export function cardTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** The opportunity value as money (BRL). */
export function formatValor(valor: number | null, locale = 'pt-BR'): string | null {
  if (valor === null || !Number.isFinite(valor)) return null;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(valor);
}

/** The total value of a lane's cards. */
export function laneTotal(cards: readonly { valor: number | null }[]): number {
  return cards.reduce((sum, c) => sum + (c.valor ?? 0), 0);
}
