import {
  AUTO_RESPONSE_TOP,
  autoResponsePriorities,
  confidenceLabel,
  priorityName,
  type AutoResponseStats,
  type AutoResponseTestResult,
  type ConfidenceLabel,
} from '@atende/kit';

/**
 * Keyword auto-responses, pure (spec 002 §4 "Auto-response active now"): when a rule is active now, which
 * rule answers a message and with which text, how usage statistics move, and the statistics screen.
 *
 * Matching is a case-insensitive substring search that also ignores accents ("Horário" and "horario" are
 * the same word): a main keyword found in the message gives confidence 1, a similar word 0.8; a main match
 * outranks a similar one, then the higher priority wins, then the older rule (lower id). Inactive rules
 * never match. A rule matches whether or not it is inside its window; outside it, its outside-hours
 * message is sent when it has one, else its normal response.
 */

/** What matching and the window read of a rule. */
export type RuleView = {
  id: number;
  name: string;
  keywords: readonly string[];
  similarWords: readonly string[];
  response: string;
  priority: number;
  isActive: boolean;
  timeRestriction: boolean;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly number[];
  outsideHoursMessage: string | null;
};

export const MAIN_CONFIDENCE = 1;
export const SIMILAR_CONFIDENCE = 0.8;

/** Lowercase, without accents, spaces collapsed: the form both messages and keywords are compared in. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim();
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday (1 Monday … 7 Sunday) and HH:mm of `now` on the wall clock of `timeZone`. */
export function wallClock(now: Date, timeZone: string): { day: number; time: string } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: WEEKDAYS[parts.weekday ?? ''] ?? 1, time: `${parts.hour}:${parts.minute}` };
}

/** Whether HH:mm `time` is in [start, end); a window whose start is after its end spans midnight. */
export function inTimeWindow(time: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? start <= time && time < end : time >= start || time < end;
}

/** No time restriction, or today is one of the rule's days and the time is inside its window. */
export function insideWindow(rule: Pick<RuleView, 'timeRestriction' | 'startTime' | 'endTime' | 'daysOfWeek'>, now: Date, timeZone: string): boolean {
  if (!rule.timeRestriction) return true;
  const { day, time } = wallClock(now, timeZone);
  return rule.daysOfWeek.includes(day) && inTimeWindow(time, rule.startTime, rule.endTime);
}

/** Spec 002 §4: the active flag is on and the rule is inside its window (or has none). */
export function isActiveNow(rule: Pick<RuleView, 'isActive' | 'timeRestriction' | 'startTime' | 'endTime' | 'daysOfWeek'>, now: Date, timeZone: string): boolean {
  return rule.isActive && insideWindow(rule, now, timeZone);
}

/** The text a matching rule sends now: outside its window the outside-hours message when set, else the response. */
export function responseFor(rule: Pick<RuleView, 'response' | 'outsideHoursMessage' | 'timeRestriction' | 'startTime' | 'endTime' | 'daysOfWeek'>, now: Date, timeZone: string): string {
  if (insideWindow(rule, now, timeZone)) return rule.response;
  return rule.outsideHoursMessage?.trim() ? rule.outsideHoursMessage : rule.response;
}

export type Match<R extends RuleView = RuleView> = {
  rule: R;
  confidence: number;
  label: ConfidenceLabel;
  matchedKeyword: string;
  matchType: 'keyword' | 'similar';
  response: string;
  isActiveNow: boolean;
};

/** The longest of `words` found in the normalized message (longest: the most specific), or null. */
function foundWord(words: readonly string[], message: string): string | null {
  let best: string | null = null;
  let bestLength = 0;
  for (const word of words) {
    const w = normalizeText(word);
    if (w && w.length > bestLength && message.includes(w)) {
      best = word;
      bestLength = w.length;
    }
  }
  return best;
}

/** The rule that answers `message` (see the module comment for the order), or null when none does. */
export function matchMessage<R extends RuleView>(rules: readonly R[], message: string, now: Date, timeZone: string): Match<R> | null {
  const text = normalizeText(message);
  if (!text) return null;
  let best: { rule: R; confidence: number; word: string; type: 'keyword' | 'similar' } | null = null;
  for (const rule of rules) {
    if (!rule.isActive) continue;
    const main = foundWord(rule.keywords, text);
    const similar = main === null ? foundWord(rule.similarWords, text) : null;
    const word = main ?? similar;
    if (word === null) continue;
    const confidence = main !== null ? MAIN_CONFIDENCE : SIMILAR_CONFIDENCE;
    const better =
      !best ||
      confidence > best.confidence ||
      (confidence === best.confidence && (rule.priority > best.rule.priority || (rule.priority === best.rule.priority && rule.id < best.rule.id)));
    if (better) best = { rule, confidence, word, type: main !== null ? 'keyword' : 'similar' };
  }
  if (!best) return null;
  return {
    rule: best.rule,
    confidence: best.confidence,
    label: confidenceLabel(best.confidence),
    matchedKeyword: best.word,
    matchType: best.type,
    response: responseFor(best.rule, now, timeZone),
    isActiveNow: isActiveNow(best.rule, now, timeZone),
  };
}

/** POST /auto-responses/test's answer for a match (or none). */
export function testResult(match: Match | null): AutoResponseTestResult {
  if (!match) {
    return { matched: false, autoResponse: null, response: null, confidence: 0, confidenceLabel: confidenceLabel(0), matchedKeyword: null, matchType: null, isActiveNow: false };
  }
  return {
    matched: true,
    autoResponse: { id: match.rule.id, name: match.rule.name, priority: match.rule.priority },
    response: match.response,
    confidence: match.confidence,
    confidenceLabel: match.label,
    matchedKeyword: match.matchedKeyword,
    matchType: match.matchType,
    isActiveNow: match.isActiveNow,
  };
}

/**
 * The success rate after one more rated use. A use succeeds when its answer reached the contact (the
 * channel accepted it: delivery report ack 1 or more) and fails when the channel refused it (ack -1).
 * The first rated use sets the rate to 100 or 0; later ones average it over all rated uses.
 * `ratedBefore`: how many uses were rated before this one.
 */
export function nextSuccessRate(current: number, ratedBefore: number, delivered: boolean): number {
  const value = delivered ? 100 : 0;
  if (ratedBefore <= 0) return value;
  return Math.round(((current * ratedBefore + value) / (ratedBefore + 1)) * 100) / 100;
}

/** What the statistics read of a rule. */
export type StatsRow = RuleView & { usageCount: number; lastUsed: Date | null; successRate: number };

/** GET /auto-responses/stats: counts, usage, the most used rules (used at least once) and the rules per priority. */
export function autoResponseStats(rows: readonly StatsRow[], now: Date, timeZone: string, top = AUTO_RESPONSE_TOP): AutoResponseStats {
  const used = rows.filter((r) => r.usageCount > 0);
  const byPriority = { high: 0, medium: 0, low: 0 };
  for (const r of rows) byPriority[priorityName(r.priority)] += 1;
  const mostUsed = [...used]
    .sort((a, b) => b.usageCount - a.usageCount || (b.lastUsed?.getTime() ?? 0) - (a.lastUsed?.getTime() ?? 0) || a.id - b.id)
    .slice(0, top)
    .map((r) => ({
      id: r.id,
      name: r.name,
      priority: r.priority,
      isActive: r.isActive,
      usageCount: r.usageCount,
      lastUsed: r.lastUsed ? r.lastUsed.toISOString() : null,
      successRate: r.successRate,
    }));
  const active = rows.filter((r) => r.isActive).length;
  return {
    total: rows.length,
    active,
    inactive: rows.length - active,
    activeNow: rows.filter((r) => isActiveNow(r, now, timeZone)).length,
    totalUsage: rows.reduce((sum, r) => sum + r.usageCount, 0),
    averageSuccessRate: used.length ? Math.round((used.reduce((sum, r) => sum + r.successRate, 0) / used.length) * 100) / 100 : 0,
    mostUsed,
    byPriority,
  };
}

/** A priority as the CSV writes it (pt-BR, as the spec's import reads it). */
export function csvPriority(priority: number): string {
  return { high: 'alta', medium: 'média', low: 'baixa' }[priorityName(priority)];
}

/** A priority as the CSV import reads it: alta/high, média/medium, baixa/low (or 5/3/1); null: unknown. */
export function priorityFromCsv(value: string): number | null {
  const v = normalizeText(value);
  if (v === '') return autoResponsePriorities.medium;
  if (['alta', 'high', '5'].includes(v)) return autoResponsePriorities.high;
  if (['media', 'medium', '3'].includes(v)) return autoResponsePriorities.medium;
  if (['baixa', 'low', '1'].includes(v)) return autoResponsePriorities.low;
  return null;
}
