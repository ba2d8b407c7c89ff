import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, parsePrefs } from './prefs';

describe('list preferences', () => {
  it('defaults to newest first with the filters shown', () => {
    expect(parsePrefs(null)).toEqual({ sort: 'DESC', showFilters: true });
    expect(parsePrefs('not json')).toEqual(DEFAULT_PREFS);
  });
  it('keeps valid stored values only', () => {
    expect(parsePrefs('{"sort":"ASC","showFilters":false}')).toEqual({ sort: 'ASC', showFilters: false });
    expect(parsePrefs('{"sort":"up","showFilters":"no"}')).toEqual(DEFAULT_PREFS);
  });
});
