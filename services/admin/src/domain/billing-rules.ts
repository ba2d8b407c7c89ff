import { randomInt } from 'node:crypto';
import { recurrence as recurrenceSchema, recurrenceMonths, type Recurrence } from '@atende/kit';
import { TXID_MAX } from './pix-code.js';

/** An invoice is made this many days before its due date (and for a due date already past). */
export const INVOICE_LEAD_DAYS = 10;
/** How often the invoice job runs (it also runs at start and on every change of a company). */
export const INVOICE_JOB_INTERVAL_MS = 60 * 60 * 1000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar day in UTC, as YYYY-MM-DD. */
export function isoDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  return isoDay(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)));
}

/** Calendar months later; the 31st becomes the month's last day when the month is shorter (Jan 31 + 1 → Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  const year = Number(m[1]);
  const month = Number(m[2]) - 1 + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month, Math.min(Number(m[3]), lastDay))));
}

/** The company's recurrence, MENSAL when it has none (or an unknown word). */
export function recurrenceOf(value: string | null | undefined): Recurrence {
  const parsed = recurrenceSchema.safeParse(value);
  return parsed.success ? parsed.data : 'MENSAL';
}

/**
 * The due date after a confirmed payment (spec 001 §4): the recurrence period (MENSAL 1 month … ANUAL 12)
 * added to the later of the current due date and today, so a late payment still buys a whole period.
 */
export function renewedDueDate(current: string | null, recurrence: string | null, today: string): string {
  const from = current && current > today ? current : today;
  return addMonths(from, recurrenceMonths[recurrenceOf(recurrence)]);
}

/** The last due date the invoice job bills today. */
export function invoiceHorizon(today: string): string {
  return addDays(today, INVOICE_LEAD_DAYS);
}

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh Pix txid: 25 random letters and digits (the most a static BR Code carries). */
export function newTxid(): string {
  let txid = '';
  for (let i = 0; i < TXID_MAX; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** True when the amount paid covers the amount billed (both decimal text). */
export function covers(paid: string, billed: string): boolean {
  return Math.round(Number(paid) * 100) >= Math.round(Number(billed) * 100);
}
