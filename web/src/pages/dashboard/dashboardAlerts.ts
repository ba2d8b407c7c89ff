import type { DashboardAttendant, DashboardCounters } from '@atende/kit/contracts';
import { onlineShare } from './dashboardRules';

/** The smart alerts' thresholds (spec 002 §9). */
export const ALERT_LIMITS = {
  /** Tickets waiting, above which the queue needs hands. */
  pending: 10,
  /** Average attendance time in minutes. */
  supportMinutes: 30,
  /** NPS (-100..100). */
  nps: 50,
  /** Share of the attendants online, in percent. */
  onlinePercent: 60,
  /** An attendant's average rate (1–5). */
  attendantRating: 3.5,
  /** Share of the period's tickets finished, in percent. */
  resolutionPercent: 80,
} as const;

export type AlertSeverity = 'high' | 'medium' | 'success';

/** One alert; `id` stays the same while its cause lasts (dismissing hides it by id). */
export type DashboardAlert =
  | { id: 'pending'; kind: 'pending'; severity: 'high'; pending: number }
  | { id: 'supportTime'; kind: 'supportTime'; severity: 'medium'; minutes: number }
  | { id: 'nps'; kind: 'nps'; severity: 'high'; score: number; ratings: number }
  | { id: 'online'; kind: 'online'; severity: 'medium'; online: number; total: number; percent: number }
  | { id: `attendant-${number}`; kind: 'attendantRating'; severity: 'medium'; name: string; rating: number; ratings: number; tickets: number }
  | { id: 'resolution'; kind: 'resolution'; severity: 'success'; percent: number };

const order: Record<AlertSeverity, number> = { high: 0, medium: 1, success: 2 };

/** The alerts the period's figures raise, the most serious first. */
export function dashboardAlerts(counters: DashboardCounters, attendants: DashboardAttendant[]): DashboardAlert[] {
  const alerts: DashboardAlert[] = [];
  if (counters.supportPending > ALERT_LIMITS.pending) alerts.push({ id: 'pending', kind: 'pending', severity: 'high', pending: counters.supportPending });
  if (counters.avgSupportTime > ALERT_LIMITS.supportMinutes) {
    alerts.push({ id: 'supportTime', kind: 'supportTime', severity: 'medium', minutes: counters.avgSupportTime });
  }
  // The score is 0 when nobody rated: that is no low NPS, so it takes at least one rate.
  const ratings = counters.promoters + counters.passives + counters.detractors;
  if (ratings > 0 && counters.npsScore < ALERT_LIMITS.nps) alerts.push({ id: 'nps', kind: 'nps', severity: 'high', score: counters.npsScore, ratings });
  const presence = onlineShare(attendants);
  if (presence.percent !== null && presence.percent < ALERT_LIMITS.onlinePercent) {
    alerts.push({ id: 'online', kind: 'online', severity: 'medium', online: presence.online, total: presence.total, percent: presence.percent });
  }
  for (const a of attendants) {
    // rating is 0 for an attendant nobody rated: only an average of real rates can be low.
    if (a.tickets > 0 && a.countRating > 0 && a.rating < ALERT_LIMITS.attendantRating) {
      alerts.push({
        id: `attendant-${a.id}`,
        kind: 'attendantRating',
        severity: 'medium',
        name: a.name,
        rating: a.rating,
        ratings: a.countRating,
        tickets: a.tickets,
      });
    }
  }
  if (counters.conversionRate > ALERT_LIMITS.resolutionPercent)
    alerts.push({ id: 'resolution', kind: 'resolution', severity: 'success', percent: counters.conversionRate });
  // Array.prototype.sort is stable: within a severity the rules keep their order.
  return alerts.sort((a, b) => order[a.severity] - order[b.severity]);
}

/** Where this tab keeps the alerts a user dismissed: they stay hidden for the session (spec 002 §2). */
export const dismissedAlertsKey = (userId: number): string => `dashboard:dismissedAlerts:${userId}`;

/** The dismissed ids a stored value holds (nothing, or a value that is not a list of ids: none). */
export function readDismissedAlerts(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}
