import { describe, expect, it } from 'vitest';
import { createTagBody, syncTagsBody, tagsQuery } from '@atende/kit';
import { assertCanCreateTag, laneSelfReference, randomTagColor, tagChanges, tagFilter } from './tags.js';

describe('tag rules', () => {
  it('gives a new tag a random hex colour', () => {
    const colours = new Set(Array.from({ length: 20 }, randomTagColor));
    for (const c of colours) expect(c).toMatch(/^#[0-9A-F]{6}$/);
    expect(colours.size).toBeGreaterThan(1);
  });

  it('lets anyone create a plain tag, only admins (or super users) a kanban lane', () => {
    expect(() => assertCanCreateTag({ profile: 'user', super: false }, 0)).not.toThrow();
    expect(() => assertCanCreateTag({ profile: 'user', super: false }, undefined)).not.toThrow();
    expect(() => assertCanCreateTag({ profile: 'user', super: false }, 1)).toThrow(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
    expect(() => assertCanCreateTag({ profile: 'admin', super: false }, 1)).not.toThrow();
    expect(() => assertCanCreateTag({ profile: 'user', super: true }, 1)).not.toThrow();
  });

  it('searches lowercased and escapes LIKE wildcards', () => {
    expect(tagFilter(1, tagsQuery.parse({ searchParam: 'VIP_%' }))).toEqual({ companyId: 1, search: '%vip\\_\\%%', kanban: null, exceptId: null });
    expect(tagFilter(1, tagsQuery.parse({ kanban: '1', tagId: '9' }))).toEqual({ companyId: 1, search: null, kanban: 1, exceptId: 9 });
  });

  it('refuses a lane chained to itself', () => {
    expect(laneSelfReference({ nextLaneId: 5 }, 5)).toBe('nextLaneId');
    expect(laneSelfReference({ rollbackLaneId: 5 }, 5)).toBe('rollbackLaneId');
    expect(laneSelfReference({ nextLaneId: 5 }, null)).toBeNull();
    expect(laneSelfReference({ nextLaneId: 6 }, 5)).toBeNull();
  });

  it('writes only the fields given', () => {
    expect(tagChanges({ name: 'Novo', nextLaneId: null })).toEqual({ name: 'Novo', nextLaneId: null });
  });
});

describe('tag contracts', () => {
  it('validate names with the spec wording and accept kanban as 0/1, true/false or text', () => {
    expect(createTagBody.safeParse({}).error!.issues.map((i) => i.message)).toEqual(['Obrigatório']);
    expect(createTagBody.safeParse({ name: 'ab' }).error!.issues.map((i) => i.message)).toEqual(['Mensagem muito curta']);
    expect(createTagBody.parse({ name: 'abc', kanban: true, color: '' })).toEqual({ name: 'abc', kanban: 1 });
    expect(createTagBody.parse({ name: 'abc', kanban: '0' }).kanban).toBe(0);
  });

  it('sync takes ids or tag objects', () => {
    expect(syncTagsBody.parse({ contactId: '3', tags: [1, { id: 2, name: 'x' }, '4'] })).toEqual({ contactId: 3, tags: [1, 2, 4] });
  });
});
