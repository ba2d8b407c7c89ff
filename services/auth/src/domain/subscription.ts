/** Company 1 is the platform's own and never expires (end of 2999). */
export const MAIN_COMPANY_ID = 1;
export const NEVER_EXPIRES = '2999-12-31';

export type SubscriptionState = { dueDate: string | null; expired: boolean; daysLeft: number | null; expiresSoon: boolean };

const DAY = 86_400_000;

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `now` on the wall clock of `timeZone`, as a UTC midnight (for whole-day arithmetic). */
function dayIn(now: Date, timeZone: string): number {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendars.set(timeZone, calendar);
  }
  const [y, m, d] = calendar.format(now).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/**
 * What login tells the web about the subscription (spec 000 §4 "Subscription"): the days left counted on the
 * companies' calendar (TICKETS_TIME_ZONE), so that a due date is today until midnight there, not in UTC.
 */
export function subscriptionState(companyId: number, dueDate: string | null, timeZone: string, now = new Date()): SubscriptionState {
  const due = companyId === MAIN_COMPANY_ID ? NEVER_EXPIRES : dueDate;
  if (!due) return { dueDate: null, expired: false, daysLeft: null, expiresSoon: false };
  const today = dayIn(now, timeZone);
  const [y, m, d] = due.slice(0, 10).split('-').map(Number) as [number, number, number];
  const daysLeft = Math.round((Date.UTC(y, m - 1, d) - today) / DAY);
  const expired = daysLeft < 0;
  return { dueDate: due.slice(0, 10), expired, daysLeft, expiresSoon: !expired && daysLeft < 5 };
}
