import { ANNOUNCEMENT_PRIORITIES, createAnnouncementBody, msg, type Announcement, type CreateAnnouncementBody } from '@atende/kit/contracts';
import { errorBodyOf } from '../../errors/errorMessage';
import { removeById } from '../users/listRules';

// ---------- priorities (spec 002 §3, §9: 1 Alta, 2 Média, 3 Baixa) ----------

export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const PRIORITIES: readonly AnnouncementPriority[] = ANNOUNCEMENT_PRIORITIES;
/** A new announcement is low priority and active (spec 002 §3). */
export const DEFAULT_PRIORITY: AnnouncementPriority = 3;

export type PriorityLevel = 'high' | 'medium' | 'low';
const LEVELS: Record<AnnouncementPriority, PriorityLevel> = { 1: 'high', 2: 'medium', 3: 'low' };

const isPriority = (value: unknown): value is AnnouncementPriority => (PRIORITIES as readonly unknown[]).includes(value);

/** The level of a priority; anything unknown reads as low. */
export function priorityLevel(priority: number): PriorityLevel {
  return isPriority(priority) ? LEVELS[priority] : 'low';
}

/** The label's key in the 'announcements' namespace: priority.high (Alta), priority.medium (Média), priority.low (Baixa). */
export function priorityLabelKey(priority: number): `priority.${PriorityLevel}` {
  return `priority.${priorityLevel(priority)}`;
}

/** The colour of a priority (spec 002 §2: the bell's border is red, orange or grey). */
export type PriorityColor = 'red' | 'orange' | 'grey';
const COLORS: Record<PriorityLevel, PriorityColor> = { high: 'red', medium: 'orange', low: 'grey' };

export function priorityColor(priority: number): PriorityColor {
  return COLORS[priorityLevel(priority)];
}

// ---------- the list and its live events ----------

/** Announcements are platform-wide: their socket event has no company in its name (kit's socket mapping). */
export const ANNOUNCEMENT_EVENT = 'company-announcement';

/** `company-announcement`: create/update carry the record, delete the id (an inactive one reaches normal users as a delete). */
export type AnnouncementEvent = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };

export function isAnnouncementEvent(value: unknown): value is AnnouncementEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  if (event.action === 'delete') return typeof event.id === 'number';
  if (event.action !== 'create' && event.action !== 'update') return false;
  const record = event.record as Record<string, unknown> | null | undefined;
  return !!record && typeof record === 'object' && typeof record.id === 'number' && typeof record.status === 'boolean';
}

/** The server's search: the term inside the title or the text, ignoring case. */
export function announcementMatches(row: Pick<Announcement, 'title' | 'text'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return row.title.toLowerCase().includes(term) || row.text.toLowerCase().includes(term);
}

/** Newest first, as the server pages them (createdAt, then id, descending). */
const newerFirst = (a: Pick<Announcement, 'id' | 'createdAt'>, b: Pick<Announcement, 'id' | 'createdAt'>): number =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/** Replaces a row in place, or inserts a new one where the server's order puts it. */
export function upsertInOrder(list: readonly Announcement[], row: Announcement): Announcement[] {
  if (list.some((r) => r.id === row.id)) return list.map((r) => (r.id === row.id ? row : r));
  const at = list.findIndex((r) => newerFirst(row, r) < 0);
  return at < 0 ? [...list, row] : [...list.slice(0, at), row, ...list.slice(at)];
}

/**
 * A live event (or a save) applied to a list: create/update upsert the record when it belongs there
 * (it matches the search; with activeOnly, it is active), otherwise it leaves; delete removes it.
 * Answers the new rows and the change of the total count.
 */
export function applyAnnouncementEvent(
  list: readonly Announcement[],
  event: AnnouncementEvent,
  options: { search: string; activeOnly: boolean },
): { list: Announcement[]; delta: number } {
  const id = event.action === 'delete' ? event.id : event.record.id;
  const had = list.some((r) => r.id === id);
  const keep = event.action !== 'delete' && (!options.activeOnly || event.record.status) && announcementMatches(event.record, options.search);
  if (!keep) return { list: had ? removeById(list, id) : [...list], delta: had ? -1 : 0 };
  return { list: upsertInOrder(list, event.record), delta: had ? 0 : 1 };
}

// ---------- what the user has viewed (the top bar's dot) ----------

/** Announcement id → the updatedAt it had when the user saw it (an edit makes it new again). */
export type ViewedMap = Map<number, string>;

/** Kept per user in local storage. */
export const viewedStorageKey = (userId: number): string => `announcementsViewed:${userId}`;
/** Only the latest ones are remembered. */
export const VIEWED_MAX = 500;

/** The stored map (a JSON list of [id, updatedAt] pairs, oldest first); anything unreadable is empty. */
export function parseViewed(raw: string | null | undefined): ViewedMap {
  const map: ViewedMap = new Map();
  if (!raw) return map;
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return map;
    for (const pair of data) {
      if (Array.isArray(pair) && Number.isInteger(pair[0]) && typeof pair[1] === 'string') map.set(pair[0] as number, pair[1]);
    }
  } catch {
    // a damaged value starts afresh
  }
  return map;
}

export function serializeViewed(map: ViewedMap, max = VIEWED_MAX): string {
  return JSON.stringify([...map.entries()].slice(-max));
}

export function isViewed(map: ViewedMap, row: Pick<Announcement, 'id' | 'updatedAt'>): boolean {
  return map.get(row.id) === row.updatedAt;
}

/** The map with these rows viewed (the most recently viewed last); `changed` says whether it is worth storing. */
export function markViewed(map: ViewedMap, rows: readonly Pick<Announcement, 'id' | 'updatedAt'>[]): { map: ViewedMap; changed: boolean } {
  const fresh = rows.filter((row) => !isViewed(map, row));
  if (fresh.length === 0) return { map, changed: false };
  const next: ViewedMap = new Map(map);
  for (const row of fresh) {
    next.delete(row.id);
    next.set(row.id, row.updatedAt);
  }
  return { map: next, changed: true };
}

/** The dot: some active announcement the user has not viewed (in its current version). */
export function hasUnviewed(rows: readonly Pick<Announcement, 'id' | 'updatedAt' | 'status'>[], map: ViewedMap): boolean {
  return rows.some((row) => row.status && !isViewed(map, row));
}

/** A live create/update of an active announcement not viewed yet lights the dot; delete and inactive ones do not. */
export function eventLightsDot(event: AnnouncementEvent, map: ViewedMap): boolean {
  return event.action !== 'delete' && event.record.status && !isViewed(map, event.record);
}

// ---------- the add/edit form (the server's createAnnouncementBody) ----------

export type AnnouncementFormValues = { title: string; text: string; priority: AnnouncementPriority; status: boolean };
export type AnnouncementField = 'title' | 'text' | 'priority' | 'status' | 'media';
export type FieldError = { field: AnnouncementField; message: string };

export function announcementFormValues(row: Announcement | null): AnnouncementFormValues {
  return {
    title: row?.title ?? '',
    text: row?.text ?? '',
    priority: row && isPriority(row.priority) ? row.priority : DEFAULT_PRIORITY,
    status: row?.status ?? true,
  };
}

/** The body of POST/PUT /announcements (the attachment only changes through media-upload). */
export function toAnnouncementBody(values: AnnouncementFormValues): CreateAnnouncementBody {
  return { title: (values.title ?? '').trim(), text: (values.text ?? '').trim(), priority: values.priority, status: !!values.status };
}

type FormField = Exclude<AnnouncementField, 'media'>;
const FORM_FIELDS: readonly FormField[] = ['title', 'text', 'priority', 'status'];

/** One field checked with the server's schema: its message, or undefined when valid. */
export function validateAnnouncementField(field: FormField, value: unknown): string | undefined {
  const result = createAnnouncementBody.shape[field].safeParse(value === '' ? undefined : value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid');
}

/** Every failing field of the form, as the server would answer them (title and text required: "Obrigatório"). */
export function validateAnnouncement(values: Partial<AnnouncementFormValues>): FieldError[] {
  return FORM_FIELDS.flatMap((field) => {
    const message = validateAnnouncementField(field, values[field]);
    return message ? [{ field, message }] : [];
  });
}

/** The attachment is an image: .png, .jpg or .jpeg (spec 002 §5). */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg';

export function isAcceptedAttachment(fileName: string): boolean {
  return /\.(png|jpe?g)$/i.test(fileName.trim());
}

const SERVER_FIELDS: Record<string, AnnouncementField> = { title: 'title', text: 'text', priority: 'priority', status: 'status', file: 'media' };

/** The failing fields of a 400 validation answer, named as the form's fields (file → media); others are left out. */
export function serverFieldErrors(err: unknown): FieldError[] {
  const body = errorBodyOf(err);
  if (!body || typeof body !== 'object' || !Array.isArray(body.fields)) return [];
  return (body.fields as { field?: unknown; message?: unknown }[]).flatMap((f) => {
    const field = typeof f?.field === 'string' ? SERVER_FIELDS[f.field] : undefined;
    return field ? [{ field, message: typeof f.message === 'string' ? f.message : '' }] : [];
  });
}

/** The key (in 'announcements') of a schema's message, so it shows translated; unknown messages show as written. */
export function validationKey(message: string): string | undefined {
  if (message === 'Obrigatório' || message === msg.required) return 'validation.required';
  if (message === msg.tooLong) return 'validation.tooLong';
  if (message === 'must be 1, 2 or 3') return 'validation.priority';
  return undefined;
}
