import { describe, expect, it } from 'vitest';
import { randomTagColor, tagSelection } from './contactTags';

const known = [
  { id: 1, name: 'VIP' },
  { id: 2, name: 'Ortodontia' },
];

describe("the contact's tags on the ticket screen (spec 000 §5, §7)", () => {
  it('keeps the tags chosen from the list', () => {
    expect(tagSelection([1, 2], known)).toEqual({ ids: [1, 2], create: [], tooShort: [] });
  });
  it('creates a tag typed freely, once', () => {
    expect(tagSelection([1, ' Implante  dentário ', 'implante dentário'], known)).toEqual({ ids: [1], create: ['Implante dentário'], tooShort: [] });
  });
  it('a typed name of a known tag, whatever its case, is that tag', () => {
    expect(tagSelection(['vip', 'ORTODONTIA'], known)).toEqual({ ids: [1, 2], create: [], tooShort: [] });
  });
  it("refuses typed names under 3 characters ('Tag muito curta!')", () => {
    expect(tagSelection([2, 'ab', ' '], known)).toEqual({ ids: [2], create: [], tooShort: ['ab'] });
  });
  it('gives a random #RRGGBB colour', () => {
    expect(randomTagColor(() => 0)).toBe('#000000');
    expect(randomTagColor(() => 0.999999999)).toBe('#FFFFFF');
    expect(randomTagColor()).toMatch(/^#[0-9A-F]{6}$/);
  });
});
