import { describe, expect, it } from 'vitest';
import { id, idParams } from './common.js';

describe('ids', () => {
  it('reads decimal text and numbers', () => {
    expect(idParams.parse({ id: '16' })).toEqual({ id: 16 });
    expect(id.parse(7)).toBe(7);
  });

  it("refuses what Number() would read as another id: hex, binary, exponents, signs, spaces, booleans ('0x10' deleted ticket 16)", () => {
    for (const bad of ['0x10', '0b10', '1e1', '+2', ' 2', '2 ', '', '1.5', 'abc', true, null]) {
      const answer = id.safeParse(bad);
      expect(answer.success, String(bad)).toBe(false);
    }
    expect(id.safeParse('0').success).toBe(false);
    expect(id.safeParse('99999999999').success).toBe(false);
  });
});
