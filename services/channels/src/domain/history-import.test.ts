import { describe, expect, it } from 'vitest';
import { finishedStatus, importWindow, progressEvery, selectHistory } from './history-import.js';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const msg = (wid: string, iso: string, isGroup = false) => ({ wid, timestamp: at(iso), isGroup });

describe('the import window (spec 001 §3, §9)', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it('runs from the start date to the end date', () => {
    const w = importWindow({ importOldMessages: new Date('2024-01-01T00:00:00Z'), importRecentMessages: new Date('2024-06-30T23:59:00Z'), importOldMessagesGroups: false }, now);
    expect(w).toEqual({ from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-06-30T23:59:00Z'), groups: false });
  });

  it('without an end date (or one in the future) runs until now', () => {
    expect(importWindow({ importOldMessages: new Date('2024-01-01T00:00:00Z'), importRecentMessages: null, importOldMessagesGroups: true }, now)?.to).toEqual(now);
    expect(importWindow({ importOldMessages: new Date('2024-01-01T00:00:00Z'), importRecentMessages: new Date('2026-01-01T00:00:00Z'), importOldMessagesGroups: true }, now)?.to).toEqual(now);
  });

  it('is none when the connection imports nothing', () => {
    expect(importWindow({ importOldMessages: null, importRecentMessages: null, importOldMessagesGroups: false }, now)).toBeNull();
  });
});

describe('the history messages an import hands on', () => {
  const window = { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-01-31T23:59:59Z'), groups: false };

  it('keeps the window’s messages, bounds included, oldest first', () => {
    // WhatsApp sends its history newest first.
    const kept = selectHistory(
      [msg('after', '2024-02-01T00:00:00Z'), msg('last', '2024-01-31T23:59:59Z'), msg('mid', '2024-01-15T10:00:00Z'), msg('first', '2024-01-01T00:00:00Z'), msg('before', '2023-12-31T23:59:59Z')],
      window,
    );
    expect(kept.map((m) => m.wid)).toEqual(['first', 'mid', 'last']);
  });

  it('leaves groups out unless the connection imports them', () => {
    const messages = [msg('group', '2024-01-10T00:00:00Z', true), msg('chat', '2024-01-11T00:00:00Z')];
    expect(selectHistory(messages, window).map((m) => m.wid)).toEqual(['chat']);
    expect(selectHistory(messages, { ...window, groups: true }).map((m) => m.wid)).toEqual(['group', 'chat']);
  });

  it('keeps each message once, and same-second messages in the order the channel gave them', () => {
    const kept = selectHistory([msg('a', '2024-01-05T08:00:00Z'), msg('b', '2024-01-05T08:00:00Z'), msg('a', '2024-01-05T08:00:00Z'), msg('c', '2024-01-04T08:00:00Z')], window);
    expect(kept.map((m) => m.wid)).toEqual(['c', 'a', 'b']);
  });
});

describe('progress and the end of an import', () => {
  it('tells the progress about a hundred times, and every message of a small import', () => {
    expect(progressEvery(0)).toBe(1);
    expect(progressEvery(7)).toBe(1);
    expect(progressEvery(100)).toBe(1);
    expect(progressEvery(101)).toBe(2);
    expect(progressEvery(25_000)).toBe(250);
  });

  it('offers to close the imported tickets unless they were created closed, or there were none', () => {
    expect(finishedStatus(false, 12)).toBe('renderButtonCloseTickets');
    expect(finishedStatus(true, 12)).toBe('Finished');
    expect(finishedStatus(false, 0)).toBe('Finished');
  });
});
