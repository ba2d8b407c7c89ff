import dayjs from 'dayjs';
import type { SessionAnswer } from '@atende/kit/contracts';

export type Subscription = SessionAnswer['subscription'];

/** DD/MM/YYYY of a YYYY-MM-DD (or ISO) date; '' when absent. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = dayjs(value.slice(0, 10));
  return day.isValid() ? day.format('DD/MM/YYYY') : '';
}

/** What the login answer's subscription asks of the web (spec 000 §4 "Subscription"). */
export function subscriptionNotice(sub: Subscription | null | undefined): { kind: 'expired'; date: string } | { kind: 'expiresSoon'; days: number } | null {
  if (!sub) return null;
  if (sub.expired) return { kind: 'expired', date: formatDate(sub.dueDate) };
  if (sub.expiresSoon && sub.daysLeft !== null) return { kind: 'expiresSoon', days: Math.max(0, sub.daysLeft) };
  return null;
}
