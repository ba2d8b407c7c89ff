/** Company 1 is the platform's own and never expires (end of 2999). */
export const MAIN_COMPANY_ID = 1;
export const NEVER_EXPIRES = '2999-12-31';

export type SubscriptionState = { dueDate: string | null; expired: boolean; daysLeft: number | null; expiresSoon: boolean };

const DAY = 86_400_000;

/** What login tells the web about the subscription (spec 000 §4 "Subscription"). */
export function subscriptionState(companyId: number, dueDate: string | null, now = new Date()): SubscriptionState {
  const due = companyId === MAIN_COMPANY_ID ? NEVER_EXPIRES : dueDate;
  if (!due) return { dueDate: null, expired: false, daysLeft: null, expiresSoon: false };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [y, m, d] = due.slice(0, 10).split('-').map(Number) as [number, number, number];
  const daysLeft = Math.round((Date.UTC(y, m - 1, d) - today) / DAY);
  const expired = daysLeft < 0;
  return { dueDate: due.slice(0, 10), expired, daysLeft, expiresSoon: !expired && daysLeft < 5 };
}
