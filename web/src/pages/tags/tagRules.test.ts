import { describe, expect, it } from 'vitest';
import type { Tag } from '@atende/kit/contracts';
import { applyTagEvent, randomHexColor, tagFormValues, tagMatches, tagSearchText, textColorOn, toTagBody } from './tagRules';

const tag = (id: number, over: Partial<Tag> = {}): Tag => ({
  id,
  companyId: 1,
  name: `tag ${id}`,
  color: '#FF0000',
  kanban: 0,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: '',
  userId: null,
  contactsCount: 0,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('tag rules', () => {
  it('random colours are 6-digit hex', () => {
    expect(randomHexColor(() => 0)).toBe('#000000');
    expect(randomHexColor(() => 0.9999999999)).toBe('#FFFFFF');
    expect(randomHexColor()).toMatch(/^#[0-9A-F]{6}$/);
  });
  it('text colour contrasts with the chip', () => {
    expect(textColorOn('#FFFFFF')).toBe('#000');
    expect(textColorOn('#000000')).toBe('#fff');
    expect(textColorOn(null)).toBe('#fff');
  });
  it('matches search (case-insensitive) and the kanban filter', () => {
    expect(tagMatches({ name: 'Vendas', kanban: 0 }, { search: 'ven', kanbanOnly: false })).toBe(true);
    expect(tagMatches({ name: 'Vendas', kanban: 0 }, { search: 'ven', kanbanOnly: true })).toBe(false);
    expect(tagMatches({ name: 'Vendas', kanban: 1 }, { search: 'xyz', kanbanOnly: true })).toBe(false);
  });
  it('live events insert, replace and remove', () => {
    const f = { search: '', kanbanOnly: false };
    let r = applyTagEvent([tag(1)], { action: 'create', tag: tag(2) }, f);
    expect(r.list.map((t) => t.id)).toEqual([2, 1]);
    expect(r.delta).toBe(1);
    r = applyTagEvent(r.list, { action: 'update', tag: tag(1, { name: 'x' }) }, f);
    expect(r.list.find((t) => t.id === 1)?.name).toBe('x');
    expect(r.delta).toBe(0);
    r = applyTagEvent(r.list, { action: 'delete', tagId: 2 }, f);
    expect(r.list.map((t) => t.id)).toEqual([1]);
    expect(r.delta).toBe(-1);
    expect(applyTagEvent(r.list, { action: 'delete', tagId: 9 }, f).delta).toBe(0);
  });
  it('a tag leaving the kanban filter leaves the list', () => {
    const r = applyTagEvent([tag(1, { kanban: 1 })], { action: 'update', tag: tag(1, { kanban: 0 }) }, { search: '', kanbanOnly: true });
    expect(r.list).toEqual([]);
    expect(r.delta).toBe(-1);
  });
  it('form values and body', () => {
    const v = tagFormValues(null, { kanbanMode: true, random: () => 0 });
    expect(v).toMatchObject({ name: '', color: '#000000', kanban: true });
    expect(toTagBody({ ...v, name: ' abc ' }, { isAdmin: false, kanbanMode: false, current: null })).toEqual({ name: 'abc', color: '#000000', kanban: 0 });
    expect(toTagBody({ ...v, name: 'abc', timeLane: 2, nextLaneId: 3 }, { isAdmin: true, kanbanMode: true, current: null })).toMatchObject({
      kanban: 1,
      timeLane: 2,
      nextLaneId: 3,
      rollbackLaneId: null,
    });
    expect(toTagBody({ ...v, kanban: false, name: 'abc' }, { isAdmin: false, kanbanMode: false, current: tag(1, { kanban: 1 }) }).kanban).toBe(1);
  });
});

describe('tag search', () => {
  it('sends the text lowercased (spec 001 §5), nothing when blank', () => {
    expect(tagSearchText('PROSP')).toBe('prosp');
    expect(tagSearchText('  Dois ')).toBe('dois');
    expect(tagSearchText('  ')).toBeUndefined();
  });
});
