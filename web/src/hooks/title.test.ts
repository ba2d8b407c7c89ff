import { describe, expect, it } from 'vitest';
import { formatTitle, unreadMark } from './title';

describe('page title', () => {
  it('shows nothing without unread', () => {
    expect(formatTitle('Atende', 0)).toBe('Atende');
    expect(formatTitle('Atende', -3)).toBe('Atende');
  });
  it('uses circled digits from 1 to 20', () => {
    expect(unreadMark(1)).toBe('①');
    expect(unreadMark(2)).toBe('②');
    expect(unreadMark(10)).toBe('⑩');
    expect(unreadMark(20)).toBe('⑳');
    expect(formatTitle('Atende', 3)).toBe('③ Atende');
  });
  it('uses (N) above 20', () => {
    expect(unreadMark(21)).toBe('(21)');
    expect(formatTitle('Clínica', 150)).toBe('(150) Clínica');
  });
});
