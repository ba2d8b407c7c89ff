import { describe, expect, it } from 'vitest';
import type { Contact } from '@atende/kit/contracts';
import {
  applyContactEvent,
  CONTACT_NAME_MAX,
  contactFormValues,
  contactMatches,
  contactNameSchema,
  DRAWER_CONTACT_NAME_MAX,
  shortName,
  tagsChanged,
  toContactBody,
} from './contactRules';

const contact = (id: number, over: Partial<Contact> = {}): Contact =>
  ({
    id,
    uuid: `u${id}`,
    name: `Ana ${id}`,
    number: '5511999990000',
    email: '',
    tags: [],
    extraInfo: [],
    active: true,
    ...over,
  }) as Contact;

describe('contact rules', () => {
  it('form values and body drop blank extra lines', () => {
    const v = contactFormValues(contact(1, { tags: [{ id: 3, name: 'vip', color: '#000' }], extraInfo: [{ name: 'valor', value: '10' }] }));
    expect(v.tagIds).toEqual([3]);
    expect(toContactBody({ ...v, name: ' Ana ', extraInfo: [...v.extraInfo, { name: '', value: '' }] })).toEqual({
      name: 'Ana',
      number: '5511999990000',
      email: '',
      extraInfo: [{ name: 'valor', value: '10' }],
    });
  });
  it('tag changes', () => {
    expect(tagsChanged([1, 2], [2, 1])).toBe(false);
    expect(tagsChanged([1], [1, 2])).toBe(true);
  });
  it('matches search and tags', () => {
    const c = contact(1, { tags: [{ id: 3, name: 'vip', color: '#000' }] });
    expect(contactMatches(c, { search: 'ana', tagIds: [] })).toBe(true);
    expect(contactMatches(c, { search: '99999', tagIds: [3] })).toBe(true);
    expect(contactMatches(c, { search: 'ana', tagIds: [4] })).toBe(false);
    expect(contactMatches(c, { search: 'zzz', tagIds: [] })).toBe(false);
  });
  it('live events', () => {
    const f = { search: '', tagIds: [] };
    let r = applyContactEvent([contact(1)], { action: 'create', contact: contact(2) }, f);
    expect(r.list.map((c) => c.id)).toEqual([2, 1]);
    r = applyContactEvent(r.list, { action: 'update', contact: contact(1, { active: false }) }, f);
    expect(r.list.find((c) => c.id === 1)?.active).toBe(false);
    expect(r.delta).toBe(0);
    r = applyContactEvent(r.list, { action: 'delete', contactId: 2 }, f);
    expect(r.list.map((c) => c.id)).toEqual([1]);
    expect(r.delta).toBe(-1);
  });
  it('short names', () => {
    expect(shortName('a'.repeat(31))).toBe(`${'a'.repeat(25)}...`);
    expect(shortName('abc')).toBe('abc');
  });
});

describe('contact name rule', () => {
  const problem = (max: number, name: string) => {
    const result = contactNameSchema(max).safeParse(name);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it('takes 2 to 250 characters in the contact form, 2 to 50 in the drawer edit form', () => {
    expect(problem(CONTACT_NAME_MAX, 'a'.repeat(250))).toBeNull();
    expect(problem(CONTACT_NAME_MAX, 'a'.repeat(251))).toBe('Too Long!');
    expect(problem(DRAWER_CONTACT_NAME_MAX, 'a'.repeat(50))).toBeNull();
    expect(problem(DRAWER_CONTACT_NAME_MAX, 'a'.repeat(51))).toBe('Too Long!');
    expect(problem(DRAWER_CONTACT_NAME_MAX, ' a ')).toBe('Too Short!');
    expect(problem(DRAWER_CONTACT_NAME_MAX, '  ')).toBe('Required');
  });
});
