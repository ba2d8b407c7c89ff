import { removeById, upsertById } from '../users/listRules';

/**
 * The live events of this area (spec 002 §4 "Live updates"): create/update upsert the record,
 * delete removes it; list items may also ask for a reload. `contactListId` tells which list an
 * item delete or reload is about.
 */
export type RecordEvent<T> =
  { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number; contactListId?: number } | { action: 'reload'; contactListId?: number };

/** Where a payload carries its record and its deleted id: most events use record/id, schedules schedule/scheduleId. */
export type EventKeys = { record: string; id: string };
export const DEFAULT_KEYS: EventKeys = { record: 'record', id: 'id' };

/** A socket payload as a RecordEvent, or null when it is not a well-formed one. */
export function toRecordEvent<T extends { id: number }>(value: unknown, keys: EventKeys = DEFAULT_KEYS): RecordEvent<T> | null {
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  const listId = typeof event.contactListId === 'number' ? { contactListId: event.contactListId } : {};
  if (event.action === 'delete') return typeof event[keys.id] === 'number' ? { action: 'delete', id: event[keys.id] as number, ...listId } : null;
  if (event.action === 'reload') return { action: 'reload', ...listId };
  const record = event[keys.record] as { id?: unknown } | undefined;
  if ((event.action === 'create' || event.action === 'update') && record && typeof record.id === 'number') return { action: event.action, record: record as T };
  return null;
}

/**
 * The list after an event, and the change of its total count. A created or updated record that
 * does not match the current search (or filter) leaves the list.
 */
export function applyRecordEvent<T extends { id: number }>(
  list: readonly T[],
  event: RecordEvent<T>,
  matches: (record: T) => boolean = () => true,
): { list: T[]; delta: number } {
  if (event.action === 'reload') return { list: [...list], delta: 0 };
  const id = event.action === 'delete' ? event.id : event.record.id;
  const had = list.some((r) => r.id === id);
  if (event.action === 'delete' || !matches(event.record)) return { list: removeById(list, id), delta: had ? -1 : 0 };
  return { list: upsertById(list, event.record), delta: had ? 0 : 1 };
}

/** Case-insensitive search over some text fields (empty search matches all). */
export function textMatches(search: string, ...fields: (string | null | undefined)[]): boolean {
  const s = search.trim().toLowerCase();
  if (!s) return true;
  return fields.some((f) => (f ?? '').toLowerCase().includes(s));
}
