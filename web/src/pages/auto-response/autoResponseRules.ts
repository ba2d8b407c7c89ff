import { AUTO_RESPONSE_DEFAULTS, type AutoResponse, type AutoResponseInput, type AutoResponseTestResult } from '@atende/kit/contracts';

/** The screen's rules, pure (spec 002 §2 "Auto-responses", §4 "Auto-response tester", §9). */

export type PriorityKey = 'high' | 'medium' | 'low';
/** UI high / medium / low stored as 5 / 3 / 1, with the tag colour of each. */
export const PRIORITIES: { value: 1 | 3 | 5; key: PriorityKey; color: string }[] = [
  { value: 5, key: 'high', color: 'red' },
  { value: 3, key: 'medium', color: 'gold' },
  { value: 1, key: 'low', color: 'green' },
];
export function priorityOf(value: number): (typeof PRIORITIES)[number] {
  return PRIORITIES.find((p) => value >= p.value) ?? PRIORITIES[2]!;
}

/** 1 Monday … 7 Sunday. */
export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Spec 002 §9: time choices hourly 00:00 to 23:00 (a stored time off the hour is offered too). */
export function hourOptions(...keep: (string | undefined)[]): string[] {
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  for (const t of keep) if (t && /^\d{2}:\d{2}$/.test(t) && !hours.includes(t)) hours.push(t);
  return hours.sort();
}

/** The list's order, as the server gives it: higher priority first, then by name. */
export function sortAutoResponses(list: readonly AutoResponse[]): AutoResponse[] {
  return [...list].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id - b.id);
}

export type AutoResponseEvent = { action: 'create' | 'update'; autoResponse: AutoResponse } | { action: 'delete'; autoResponseId: number };

/** A company-{id}-autoResponse payload, or null when it is not a well-formed one. */
export function toAutoResponseEvent(value: unknown): AutoResponseEvent | null {
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  if (event.action === 'delete') return typeof event.autoResponseId === 'number' ? { action: 'delete', autoResponseId: event.autoResponseId } : null;
  const record = event.autoResponse as { id?: unknown } | undefined;
  if ((event.action === 'create' || event.action === 'update') && record && typeof record.id === 'number') return { action: event.action, autoResponse: record as AutoResponse };
  return null;
}

/** The list after a live event (or the caller's own change): upserted in order, or removed. */
export function applyAutoResponseEvent(list: readonly AutoResponse[], event: AutoResponseEvent): AutoResponse[] {
  if (event.action === 'delete') return list.filter((r) => r.id !== event.autoResponseId);
  const others = list.filter((r) => r.id !== event.autoResponse.id);
  return sortAutoResponses([...others, event.autoResponse]);
}

/** Case- and accent-insensitive search over name, keywords and response. */
export function filterAutoResponses(list: readonly AutoResponse[], search: string): AutoResponse[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const s = fold(search.trim());
  if (!s) return [...list];
  return list.filter((r) => [r.name, r.response, ...r.keywords, ...r.similarWords].some((f) => fold(f).includes(s)));
}

// ---- the dialog's form ----

export type AutoResponseForm = {
  name: string;
  keywords: string[];
  similarWords: string[];
  response: string;
  priority: 1 | 3 | 5;
  isActive: boolean;
  timeRestriction: boolean;
  startTime: string;
  endTime: string;
  daysOfWeek: number[];
  outsideHoursMessage: string;
};

export function emptyForm(): AutoResponseForm {
  return {
    name: '',
    keywords: [],
    similarWords: [],
    response: '',
    priority: 3,
    isActive: true,
    timeRestriction: false,
    startTime: AUTO_RESPONSE_DEFAULTS.startTime,
    endTime: AUTO_RESPONSE_DEFAULTS.endTime,
    daysOfWeek: [...AUTO_RESPONSE_DEFAULTS.daysOfWeek],
    outsideHoursMessage: '',
  };
}

export function toForm(record: AutoResponse): AutoResponseForm {
  return {
    name: record.name,
    keywords: [...record.keywords],
    similarWords: [...record.similarWords],
    response: record.response,
    priority: priorityOf(record.priority).value,
    isActive: record.isActive,
    timeRestriction: record.timeRestriction,
    startTime: record.startTime,
    endTime: record.endTime,
    daysOfWeek: [...record.daysOfWeek],
    outsideHoursMessage: record.outsideHoursMessage ?? '',
  };
}

/** Trimmed, blanks and repeats (ignoring case) dropped, as the server keeps them. */
export function cleanTags(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words
    .map((w) => w.trim())
    .filter((w) => {
      const key = w.toLocaleLowerCase('pt-BR');
      if (!w || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export type FormProblem = { field: keyof AutoResponseForm; message: 'required' | 'days' | 'sameTime' };

/** Spec 002 §5, checked before sending: name, a keyword and the response; with a time restriction a non-empty window and a day. */
export function formProblems(form: AutoResponseForm): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!form.name.trim()) problems.push({ field: 'name', message: 'required' });
  if (cleanTags(form.keywords).length === 0) problems.push({ field: 'keywords', message: 'required' });
  if (!form.response.trim()) problems.push({ field: 'response', message: 'required' });
  if (form.timeRestriction) {
    if (!form.startTime) problems.push({ field: 'startTime', message: 'required' });
    if (!form.endTime) problems.push({ field: 'endTime', message: 'required' });
    if (form.startTime && form.startTime === form.endTime) problems.push({ field: 'endTime', message: 'sameTime' });
    if (form.daysOfWeek.length === 0) problems.push({ field: 'daysOfWeek', message: 'days' });
  }
  return problems;
}

export function toBody(form: AutoResponseForm): AutoResponseInput {
  return {
    name: form.name.trim(),
    keywords: cleanTags(form.keywords),
    similarWords: cleanTags(form.similarWords),
    response: form.response.trim(),
    priority: form.priority,
    isActive: form.isActive,
    timeRestriction: form.timeRestriction,
    startTime: form.startTime,
    endTime: form.endTime,
    daysOfWeek: [...new Set(form.daysOfWeek)].sort((a, b) => a - b),
    outsideHoursMessage: form.outsideHoursMessage.trim() ? form.outsideHoursMessage.trim() : null,
  };
}

// ---- the tester ----

/** Spec 002 §4: the automatic tester's intervals (seconds), 3 by default. */
export const TEST_INTERVALS = [1, 2, 3, 5, 10] as const;
export const DEFAULT_TEST_INTERVAL = 3;
/** The history keeps the last 10 manual and the last 20 automatic tests. */
export const HISTORY_LIMITS = { manual: 10, automatic: 20 } as const;

export type TestEntry = {
  id: number;
  kind: 'manual' | 'automatic';
  message: string;
  at: string;
  result: AutoResponseTestResult | null;
  /** The request failed (the entry shows an error chip). */
  failed: boolean;
};

/** The history with `entry` first, each kind cut to its limit. */
export function pushHistory(history: readonly TestEntry[], entry: TestEntry): TestEntry[] {
  const count = { manual: 0, automatic: 0 };
  return [entry, ...history].filter((e) => {
    count[e.kind] += 1;
    return count[e.kind] <= HISTORY_LIMITS[e.kind];
  });
}

/** A random sample message, never the one just sent when there is another. */
export function pickSample(samples: readonly string[], previous: string | null, random: () => number = Math.random): string {
  const pool = samples.length > 1 ? samples.filter((s) => s !== previous) : samples;
  return pool[Math.floor(random() * pool.length)] ?? '';
}
