/**
 * The to-do list (spec 002 §2 "/todolist"): a user's own tasks, kept only in this browser's storage
 * (spec 002 §3 Task: text, createdAt, updatedAt). Pure rules; the page reads and writes the storage.
 */
export type Task = { id: string; text: string; createdAt: string; updatedAt: string };

/** One list per user of this browser (a shared computer keeps each attendant's tasks apart). */
export const tasksStorageKey = (userId: number): string => `todolist:${userId}`;

/** Spec 002 §5: a task's text must not be blank. */
export const isBlankTask = (text: string): boolean => text.trim() === '';

const isTask = (value: unknown): value is Task => {
  const t = value as Partial<Task> | null;
  return !!t && typeof t.id === 'string' && typeof t.text === 'string' && typeof t.createdAt === 'string' && typeof t.updatedAt === 'string';
};

/** Whatever the storage holds (nothing, another app's value, a hand-edited entry): only well-formed tasks. */
export function readTasks(raw: string | null): Task[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

/** A new task at the end of the list; a blank text changes nothing. */
export function addTask(tasks: readonly Task[], text: string, now: Date, id: string): Task[] {
  if (isBlankTask(text)) return [...tasks];
  const at = now.toISOString();
  return [...tasks, { id, text: text.trim(), createdAt: at, updatedAt: at }];
}

/** The task's new text (its creation time kept); a blank text or an unknown id changes nothing. */
export function editTask(tasks: readonly Task[], id: string, text: string, now: Date): Task[] {
  if (isBlankTask(text)) return [...tasks];
  return tasks.map((t) => (t.id === id ? { ...t, text: text.trim(), updatedAt: now.toISOString() } : t));
}

export const removeTask = (tasks: readonly Task[], id: string): Task[] => tasks.filter((t) => t.id !== id);
