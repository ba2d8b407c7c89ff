import type { SortOrder } from '../ticketRules';

/**
 * Per-user preferences of the list panel kept in local storage: the sort order of the open view and
 * whether the filters are shown. Storage may be missing (privacy mode): the defaults apply.
 */
export type ListPrefs = { sort: SortOrder; showFilters: boolean };
export const DEFAULT_PREFS: ListPrefs = { sort: 'DESC', showFilters: true };

const keyOf = (userId: number | undefined) => `tickets-list-prefs:${userId ?? 0}`;

/** Reads stored preferences, keeping only valid values. */
export function parsePrefs(text: string | null): ListPrefs {
  if (!text) return DEFAULT_PREFS;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ListPrefs, unknown>>;
    return {
      sort: value.sort === 'ASC' || value.sort === 'DESC' ? value.sort : DEFAULT_PREFS.sort,
      showFilters: typeof value.showFilters === 'boolean' ? value.showFilters : DEFAULT_PREFS.showFilters,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function loadPrefs(userId: number | undefined): ListPrefs {
  try {
    return parsePrefs(localStorage.getItem(keyOf(userId)));
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePrefs(userId: number | undefined, prefs: ListPrefs): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(prefs));
  } catch {
    // no storage: the preference lasts for this page only
  }
}
