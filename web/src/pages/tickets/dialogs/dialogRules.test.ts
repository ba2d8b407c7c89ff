import { describe, expect, it } from 'vitest';
import {
  answerHeldByOther,
  currentKanbanStage,
  displayNumber,
  hidesNumber,
  holderOutcome,
  kanbanStageCalls,
  maskNumber,
  navigationAfter,
  preselectedQueue,
  queueForTakeOver,
  readHolder,
  searchTerm,
  transferBody,
  usersOfQueue,
  notesWithEdits,
  validateNote,
  visibleExtraInfo,
} from './dialogRules';

describe('numbers', () => {
  it('hides all but the first digits and the last two', () => {
    expect(maskNumber('5511987654321')).toBe('+55 (11) 9876**-**21');
    expect(maskNumber('14155550123')).toBe('14155**-**23');
    expect(maskNumber('1234567')).toBe('**-**67');
    expect(maskNumber('5511987654321')).not.toContain('54321');
  });

  it('hides only for profile user with lgpdHideNumber enabled', () => {
    const user = { profile: 'user' as const, super: false };
    expect(hidesNumber('enabled', user)).toBe(true);
    expect(hidesNumber('disabled', user)).toBe(false);
    expect(hidesNumber(null, user)).toBe(false);
    expect(hidesNumber('enabled', { profile: 'admin' })).toBe(false);
    expect(hidesNumber('enabled', { profile: 'user', super: true })).toBe(false);
    expect(displayNumber('5511987654321', true)).toBe('+55 (11) 9876**-**21');
    expect(displayNumber('5511987654321', false)).toBe('+55 (11) 98765-4321');
  });
});

describe('notes', () => {
  it('requires at least 2 characters', () => {
    expect(validateNote('')).toBe('required');
    expect(validateNote('   ')).toBe('required');
    expect(validateNote(undefined)).toBe('required');
    expect(validateNote(' a ')).toBe('tooShort');
    expect(validateNote('ok')).toBeNull();
    expect(validateNote('x'.repeat(10_001))).toBe('tooLong');
  });
});

describe('queue of accept and reopen', () => {
  it("uses the ticket's queue without a dialog", () => {
    expect(queueForTakeOver(4, [1, 2])).toEqual({ kind: 'use', queueId: 4 });
    expect(queueForTakeOver(4, [])).toEqual({ kind: 'use', queueId: 4 });
  });
  it("uses the user's single queue without a dialog", () => {
    expect(queueForTakeOver(null, [7])).toEqual({ kind: 'use', queueId: 7 });
  });
  it('asks otherwise', () => {
    expect(queueForTakeOver(null, [1, 2])).toEqual({ kind: 'ask' });
    expect(queueForTakeOver(null, null)).toEqual({ kind: 'ask' });
  });
  it('takes the ticket without a queue in a company that has none (nothing to choose)', () => {
    expect(queueForTakeOver(null, [])).toEqual({ kind: 'use', queueId: null });
  });
  it('preselects a single queue in a dialog', () => {
    expect(preselectedQueue([3])).toBe(3);
    expect(preselectedQueue([3, 4])).toBeUndefined();
    expect(preselectedQueue([])).toBeUndefined();
  });
});

describe('navigation after an action', () => {
  const open = { uuid: 'u-1', status: 'open', isGroup: false };
  it('opens the ticket on the open tab after accept, reopen and return to queue', () => {
    expect(navigationAfter('accept', open)).toEqual({ path: '/tickets/u-1', tab: 'open' });
    expect(navigationAfter('reopen', open)).toEqual({ path: '/tickets/u-1', tab: 'open' });
    expect(navigationAfter('returnToQueue', { ...open, status: 'pending' })).toEqual({ path: '/tickets/u-1', tab: 'open' });
    expect(navigationAfter('create', open)).toEqual({ path: '/tickets/u-1', tab: 'open' });
  });
  it('uses the group tab for group tickets', () => {
    expect(navigationAfter('accept', { uuid: 'g', status: 'group', isGroup: true })).toEqual({ path: '/tickets/g', tab: 'group' });
    expect(navigationAfter('returnToQueue', { uuid: 'g', status: 'pending', isGroup: true })).toEqual({ path: '/tickets/g', tab: 'group' });
  });
  it('goes to /tickets/ after closing, ignoring, transferring and deleting', () => {
    for (const action of ['resolve', 'ignore', 'transfer', 'delete'] as const) expect(navigationAfter(action, open)).toEqual({ path: '/tickets/', tab: null });
  });
});

describe('the open ticket of the contact', () => {
  const body = { error: 'ERR_OTHER_OPEN_TICKET', ticketId: 9, userId: 5, user: { name: 'Ana' }, queue: { name: 'Vendas' }, uuid: 'abc', status: 'open' };
  it('reads the 409 body', () => {
    expect(readHolder(body)).toEqual({ userId: 5, user: 'Ana', queue: 'Vendas', uuid: 'abc', status: 'open' });
    expect(readHolder(undefined)).toEqual({ userId: null, user: null, queue: null, uuid: null, status: null });
    expect(readHolder('text')).toEqual({ userId: null, user: null, queue: null, uuid: null, status: null });
  });
  it('opens my own ticket on its tab', () => {
    expect(holderOutcome(readHolder(body), 5)).toEqual({ kind: 'open', uuid: 'abc', tab: 'open' });
    expect(holderOutcome(readHolder({ ...body, status: 'group' }), 5)).toEqual({ kind: 'open', uuid: 'abc', tab: 'group' });
  });
  it("names another attendant's ticket and its queue", () => {
    expect(holderOutcome(readHolder(body), 6)).toEqual({ kind: 'held', user: 'Ana', queue: 'Vendas' });
  });
  it('says when the ticket waits for nobody', () => {
    expect(holderOutcome(readHolder({ ...body, userId: null, user: null, status: 'pending' }), 6)).toEqual({ kind: 'waiting', uuid: 'abc', queue: 'Vendas' });
  });
  it('detects an accept answered with a ticket of someone else', () => {
    expect(answerHeldByOther(1, { id: 2, userId: 7 }, 5)).toBe(true);
    expect(answerHeldByOther(1, { id: 1, userId: 5 }, 5)).toBe(false);
    expect(answerHeldByOther(1, { id: 2, userId: 5 }, 5)).toBe(false);
    expect(answerHeldByOther(1, { id: 2, userId: null }, 5)).toBe(false);
  });
});

describe('transfer', () => {
  const users = [
    { id: 1, name: 'Zeca', queueIds: [1, 2] },
    { id: 2, name: 'Ana', queueIds: [2] },
    { id: 3, name: 'Bia', queueIds: [] },
    { id: 4, name: 'Caio', queueIds: null },
  ];
  it('offers the users of the chosen queue, by name', () => {
    expect(usersOfQueue(users, 2).map((u) => u.name)).toEqual(['Ana', 'Zeca']);
    expect(usersOfQueue(users, 1).map((u) => u.id)).toEqual([1]);
    expect(usersOfQueue(users, undefined)).toEqual([]);
  });
  it('keeps the ticket active for a chosen user, pending for a queue only', () => {
    expect(transferBody({ queueId: 2, userId: 1, message: '  veja o pedido ' }, false)).toEqual({
      queueId: 2,
      userId: 1,
      status: 'open',
      isTransfered: true,
      msgTransfer: 'veja o pedido',
    });
    expect(transferBody({ queueId: 2, userId: 1 }, true).status).toBe('group');
    expect(transferBody({ queueId: 2, message: '  ' }, false)).toEqual({ queueId: 2, userId: null, status: 'pending', isTransfered: true, msgTransfer: null });
  });
});

describe('kanban stage', () => {
  const lanes = [10, 11, 12];
  it('finds the current lane', () => {
    expect(currentKanbanStage([3, 11], lanes)).toBe(11);
    expect(currentKanbanStage([3], lanes)).toBeNull();
  });
  it('deletes the links then links the new lane, keeping other tags', () => {
    expect(kanbanStageCalls([11, 3], lanes, 12)).toEqual([{ op: 'clear' }, { op: 'link', tagId: 12 }, { op: 'link', tagId: 3 }]);
    expect(kanbanStageCalls([], lanes, 10)).toEqual([{ op: 'clear' }, { op: 'link', tagId: 10 }]);
  });
  it('only deletes for the default lane', () => {
    expect(kanbanStageCalls([11], lanes, null)).toEqual([{ op: 'clear' }]);
  });
  it('does nothing when the lane does not change', () => {
    expect(kanbanStageCalls([11, 3], lanes, 11)).toEqual([]);
    expect(kanbanStageCalls([3], lanes, null)).toEqual([]);
  });
  it('leaves a single lane when the ticket sat in several', () => {
    expect(kanbanStageCalls([10, 11], lanes, 10)).toEqual([{ op: 'clear' }, { op: 'link', tagId: 10 }]);
  });
});

describe('contact helpers', () => {
  it('drops blank extra-info lines', () => {
    expect(
      visibleExtraInfo([
        { name: 'valor', value: '100' },
        { name: ' ', value: '' },
      ]),
    ).toEqual([{ name: 'valor', value: '100' }]);
    expect(visibleExtraInfo(null)).toEqual([]);
  });
  it('searches from 3 characters', () => {
    expect(searchTerm(' an ')).toBeNull();
    expect(searchTerm(' ana ')).toBe('ana');
  });
});

describe('notesWithEdits', () => {
  const read = [{ id: 2, note: 'b' }, { id: 1, note: 'a' }];
  it('shows the read list as it is when nothing was edited meanwhile', () => {
    expect(notesWithEdits(read, { added: [], deleted: new Set() })).toEqual(read);
  });
  it('keeps a note added before the list answered, first, once even when the list has it', () => {
    const added = { id: 3, note: 'c' };
    expect(notesWithEdits(read, { added: [added], deleted: new Set() }).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(notesWithEdits([added, ...read], { added: [added], deleted: new Set() }).map((n) => n.id)).toEqual([3, 2, 1]);
  });
  it('leaves out a note deleted before the list answered, read or added', () => {
    expect(notesWithEdits(read, { added: [{ id: 3, note: 'c' }], deleted: new Set([2, 3]) }).map((n) => n.id)).toEqual([1]);
  });
});
