import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates';

describe('formatDay', () => {
  it('shows a calendar day as DD/MM/YYYY, as written (no time zone shift)', () => {
    expect(formatDay('2025-03-07')).toBe('07/03/2025');
    expect(formatDay('2025-03-07T23:30:00.000Z')).toBe('07/03/2025');
  });
  it('is empty when there is no day to show', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows an instant as DD/MM/YYYY HH:mm in the local time zone', () => {
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31/12/2026 23:59');
    const iso = '2025-03-10T12:00:00.000Z';
    expect(formatDateTime(iso)).toBe(dayjs(iso).format('DD/MM/YYYY HH:mm'));
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 03:04');
  });
  it('adds the seconds when asked', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5).toISOString(), { seconds: true })).toBe('02/01/2026 03:04:05');
  });
  it('is empty when absent or unreadable', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
