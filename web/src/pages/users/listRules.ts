/** Search starts at 3 characters (spec 000 §5); shorter input means the whole list. */
export const MIN_SEARCH_LENGTH = 3;
/** Pause after the last keystroke before searching (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** The next page loads when the scroll is this close to the bottom (spec 000 §9). */
export const NEAR_BOTTOM_PX = 100;

/** The search term actually sent for what the user typed. */
export function effectiveSearch(input: string): string {
  const term = input.trim();
  return term.length >= MIN_SEARCH_LENGTH ? term : '';
}

export function isNearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, threshold = NEAR_BOTTOM_PX): boolean {
  return el.scrollHeight - (el.scrollTop + el.clientHeight) <= threshold;
}

/** Appends a page to a list: rows already present are replaced in place, new ones appended. */
export function mergeById<T extends { id: number }>(current: readonly T[], page: readonly T[]): T[] {
  const incoming = new Map(page.map((row) => [row.id, row]));
  const merged = current.map((row) => {
    const next = incoming.get(row.id);
    if (next) incoming.delete(row.id);
    return next ?? row;
  });
  return [...merged, ...incoming.values()];
}

/** Replaces or inserts (at the top) one row, as a live update or a save does. */
export function upsertById<T extends { id: number }>(current: readonly T[], row: T): T[] {
  return current.some((r) => r.id === row.id) ? current.map((r) => (r.id === row.id ? row : r)) : [row, ...current];
}

export function removeById<T extends { id: number }>(current: readonly T[], id: number): T[] {
  return current.filter((r) => r.id !== id);
}
