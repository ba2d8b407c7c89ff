import { describe, expect, it } from 'vitest';
import { addTask, editTask, isBlankTask, readTasks, removeTask, tasksStorageKey } from './todoRules';

const t0 = new Date('2026-11-24T10:00:00.000Z');
const t1 = new Date('2026-11-24T11:30:00.000Z');

describe('to-do list rules', () => {
  it('adds trimmed tasks at the end with their creation time; blank text adds nothing', () => {
    const one = addTask([], '  Ligar para a clínica  ', t0, 'a');
    expect(one).toEqual([{ id: 'a', text: 'Ligar para a clínica', createdAt: t0.toISOString(), updatedAt: t0.toISOString() }]);
    const two = addTask(one, 'Responder orçamento', t1, 'b');
    expect(two.map((t) => t.id)).toEqual(['a', 'b']);
    expect(addTask(two, '   ', t1, 'c')).toEqual(two);
    expect(isBlankTask('\n\t ')).toBe(true);
    expect(isBlankTask(' x ')).toBe(false);
  });

  it('edits the text and the update time, keeps the creation time; blank or unknown changes nothing', () => {
    const tasks = addTask([], 'Rascunho', t0, 'a');
    const edited = editTask(tasks, 'a', ' Versão final ', t1);
    expect(edited[0]).toEqual({ id: 'a', text: 'Versão final', createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(editTask(edited, 'a', '  ', t1)).toEqual(edited);
    expect(editTask(edited, 'zzz', 'outro', t1)).toEqual(edited);
  });

  it('removes by id', () => {
    const tasks = addTask(addTask([], 'um', t0, 'a'), 'dois', t0, 'b');
    expect(removeTask(tasks, 'a').map((t) => t.text)).toEqual(['dois']);
    expect(removeTask(tasks, 'x')).toEqual(tasks);
  });

  it('reads only well-formed tasks from whatever the storage holds', () => {
    const good = { id: 'a', text: 'ok', createdAt: t0.toISOString(), updatedAt: t0.toISOString() };
    expect(readTasks(null)).toEqual([]);
    expect(readTasks('not json')).toEqual([]);
    expect(readTasks('{"id":"a"}')).toEqual([]);
    expect(readTasks(JSON.stringify([good, { id: 1, text: 'bad' }, null, 'x']))).toEqual([good]);
  });

  it('keeps each user’s list under its own key', () => {
    expect(tasksStorageKey(7)).not.toBe(tasksStorageKey(8));
  });
});
