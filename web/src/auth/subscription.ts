import { formatDay } from '../format/dates';
import type { SessionAnswer } from '@atende/kit/contracts';

export type Subscription = SessionAnswer['subscription'];

/** What the login answer's subscription asks of the web (spec 000 §4 "Subscription"). */
export function subscriptionNotice(sub: Subscription | null | undefined): { kind: 'expired'; date: string } | { kind: 'expiresSoon'; days: number } | null {
  if (!sub) return null;
  if (sub.expired) return { kind: 'expired', date: formatDay(sub.dueDate) };
  if (sub.expiresSoon && sub.daysLeft !== null) return { kind: 'expiresSoon', days: Math.max(0, sub.daysLeft) };
  return null;
}
