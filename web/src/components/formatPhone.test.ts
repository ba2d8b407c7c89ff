import { describe, expect, it } from 'vitest';
import { formatPhone } from './formatPhone';

describe('phone mask (spec 000 §5)', () => {
  it('masks Brazil numbers of 12 and 13 digits', () => {
    expect(formatPhone('5511999990001')).toBe('+55 (11) 99999-0001');
    expect(formatPhone('551132654321')).toBe('+55 (11) 3265-4321');
    expect(formatPhone('+5511987654321')).toBe('+55 (11) 98765-4321');
  });

  it('leaves other numbers as stored', () => {
    expect(formatPhone('14155550123')).toBe('14155550123');
    expect(formatPhone('120363025555555555@g.us')).toBe('120363025555555555@g.us');
    expect(formatPhone('55119876')).toBe('55119876');
    expect(formatPhone(null)).toBe('');
  });

  it('keeps a number hidden by LGPD as the server sent it', () => {
    expect(formatPhone('5511999****02')).toBe('5511999****02');
  });
});
