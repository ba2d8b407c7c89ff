import { describe, expect, it } from 'vitest';
import {
  canDeleteMessage,
  canEditMessage,
  changeableOnChannel,
  dayLabel,
  editTimeLeft,
  EDIT_WINDOW_MS,
  isSocialChannel,
  lastInboundAt,
  socialWindow,
  SOCIAL_WINDOW_MS,
} from './time';

const now = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const own = (createdAt: string, extra: Partial<{ fromMe: boolean; isDeleted: boolean; mediaType: string }> = {}) => ({
  fromMe: true,
  isDeleted: false,
  mediaType: 'chat',
  createdAt,
  ...extra,
});

describe('edit window (15 minutes)', () => {
  it('allows own text messages younger than 15 minutes', () => {
    expect(canEditMessage(own(ago(60_000)), now)).toBe(true);
    expect(canEditMessage(own(ago(EDIT_WINDOW_MS - 1)), now)).toBe(true);
    expect(editTimeLeft(own(ago(5 * 60_000)), now)).toBe(10 * 60_000);
  });
  it('refuses at 15 minutes and later, others’ messages, deleted and media', () => {
    expect(canEditMessage(own(ago(EDIT_WINDOW_MS)), now)).toBe(false);
    expect(canEditMessage(own(ago(EDIT_WINDOW_MS + 1)), now)).toBe(false);
    expect(canEditMessage(own(ago(1000), { fromMe: false }), now)).toBe(false);
    expect(canEditMessage(own(ago(1000), { isDeleted: true }), now)).toBe(false);
    expect(canEditMessage(own(ago(1000), { mediaType: 'image' }), now)).toBe(false);
    expect(canEditMessage(own('garbage'), now)).toBe(false);
  });
  it('a clock slightly ahead of the server still allows the full window', () => {
    expect(editTimeLeft(own(new Date(now + 5000).toISOString()), now)).toBe(EDIT_WINDOW_MS);
  });
  it('deletes only own, not yet deleted messages', () => {
    expect(canDeleteMessage({ fromMe: true, isDeleted: false })).toBe(true);
    expect(canDeleteMessage({ fromMe: false, isDeleted: false })).toBe(false);
    expect(canDeleteMessage({ fromMe: true, isDeleted: true })).toBe(false);
  });
});

describe('24-hour window of social channels', () => {
  it('knows the social channels', () => {
    expect(isSocialChannel('facebook')).toBe(true);
    expect(isSocialChannel('instagram')).toBe(true);
    expect(isSocialChannel('whatsapp')).toBe(false);
    expect(isSocialChannel(null)).toBe(false);
  });
  it('offers no edit, delete or reaction of what was sent on Facebook/Instagram; private notes stay changeable', () => {
    expect(changeableOnChannel({ isPrivate: false }, true)).toBe(false);
    expect(changeableOnChannel({ isPrivate: true }, true)).toBe(true);
    expect(changeableOnChannel({ isPrivate: false }, false)).toBe(true);
  });
  it('finds the last inbound message, skipping own messages and notes', () => {
    const list = [
      { fromMe: false, isPrivate: false, createdAt: ago(5000) },
      { fromMe: false, isPrivate: false, createdAt: ago(1000) },
      { fromMe: true, isPrivate: false, createdAt: ago(10) },
      { fromMe: false, isPrivate: true, createdAt: ago(5) },
    ];
    expect(lastInboundAt(list)).toBe(ago(1000));
    expect(lastInboundAt([])).toBeNull();
  });
  it('is open within 24 hours of the last inbound message, closed after', () => {
    expect(socialWindow({ lastInbound: ago(SOCIAL_WINDOW_MS - 1000), oldest: null, complete: false, now })).toEqual({ state: 'open', closesAt: now + 1000 });
    expect(socialWindow({ lastInbound: ago(SOCIAL_WINDOW_MS), oldest: null, complete: false, now })).toEqual({ state: 'closed' });
  });
  it('without an inbound message: closed when everything is loaded or the loaded span passes 24 h, else unknown', () => {
    expect(socialWindow({ lastInbound: null, oldest: ago(1000), complete: true, now })).toEqual({ state: 'closed' });
    expect(socialWindow({ lastInbound: null, oldest: ago(SOCIAL_WINDOW_MS + 1), complete: false, now })).toEqual({ state: 'closed' });
    expect(socialWindow({ lastInbound: null, oldest: ago(1000), complete: false, now })).toEqual({ state: 'unknown' });
  });
});

describe('day separators', () => {
  it('labels today, yesterday and older days', () => {
    const today = new Date(2025, 2, 10, 15, 0);
    expect(dayLabel(new Date(2025, 2, 10, 1, 0).toISOString(), today)).toEqual({ kind: 'today' });
    expect(dayLabel(new Date(2025, 2, 9, 23, 0).toISOString(), today)).toEqual({ kind: 'yesterday' });
    expect(dayLabel(new Date(2025, 1, 3, 9, 0).toISOString(), today)).toEqual({ kind: 'date', text: '03/02/2025' });
  });
});
