import { instantOfWallClock, wallClockOf, type CampaignStatus, type WallClock } from '@atende/kit';

/** Rules of campaigns (spec 002 §4) and of their sending pace (campaign settings), without I/O. */

const HOUR_MS = 60 * 60 * 1000;

type Editable = { status: string; scheduledAt: Date | null };

/** Editable when INATIVA, or PROGRAMADA more than 1 hour ahead; CANCELADA still allows saving (spec 002 §4). */
export function campaignEditable(c: Editable, now: Date): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status === 'PROGRAMADA') return c.scheduledAt !== null && c.scheduledAt.getTime() - now.getTime() > HOUR_MS;
  return false;
}

/**
 * Saving with a schedule programs the campaign; without one it is inactive. A cancelled campaign stays
 * CANCELADA (spec 002 §4: it still allows saving, and restart resumes it).
 */
export const statusForSave = (scheduledAt: Date | null, current: string | null = null): CampaignStatus =>
  current === 'CANCELADA' ? 'CANCELADA' : scheduledAt ? 'PROGRAMADA' : 'INATIVA';

/** Spec 002 §4: "EM_ANDAMENTO to CANCELADA by the cancel action"; a scheduled one is edited or deleted instead. */
export const canCancel = (status: string): boolean => status === 'EM_ANDAMENTO';
export const canRestart = (status: string): boolean => status === 'CANCELADA';

type Variants = {
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
};

/** The non-empty variants of the message (or of the confirmation message), in order. */
export function variantsOf(c: Variants, kind: 'message' | 'confirmation'): string[] {
  const all =
    kind === 'message'
      ? [c.message1, c.message2, c.message3, c.message4, c.message5]
      : [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5];
  return all.filter((m): m is string => m !== null && m.trim() !== '');
}

/** Variants are used in rotation: recipient i gets variant i mod n ('' when there is none). */
export const pickVariant = (variants: string[], index: number): string => (variants.length === 0 ? '' : variants[index % variants.length]!);

export type Recipient = { name: string; number: string; email: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** {nome}/{name}, {numero}, {email} and the company's own variables (campaign settings) replaced. */
export function fillVariables(template: string, recipient: Recipient, custom: { key: string; value: string }[] = []): string {
  const values: [string, string][] = [
    ['nome', recipient.name],
    ['name', recipient.name],
    ['numero', recipient.number],
    ['email', recipient.email],
    ...custom.filter((v) => v.key.trim() !== '').map((v) => [v.key.trim(), v.value] as [string, string]),
  ];
  let out = template;
  for (const [key, value] of values) out = out.replace(new RegExp(`\\{${escape(key)}\\}`, 'gi'), () => value);
  return out;
}

/** Only digits: how numbers are compared (a reply's number against a shipment's). */
export const normalizeNumber = (n: string): string => n.replace(/\D/g, '');

/** The pace of a campaign (campaign settings): seconds between messages, a longer pause every N, a window of hours and days. */
export type Pace = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  /** 'HH:mm'; equal start and end: all day. */
  startHour: string;
  endHour: string;
  sabado: boolean;
  domingo: boolean;
};

export const defaultPace = (): Pace => ({
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  startHour: '08:00',
  endHour: '20:00',
  sabado: false,
  domingo: false,
});

const minutesOf = (hhmm: string): number => {
  const m = /^(\d{1,2}):?(\d{2})?/.exec(hhmm.trim());
  if (!m) return 0;
  return Math.min(24 * 60, Number(m[1]) * 60 + Number(m[2] ?? 0));
};

/** `minutes` after midnight of the wall-clock day `clock` reads. */
const at = (clock: WallClock, minutes: number, timeZone: string) =>
  instantOfWallClock({ year: clock.year, month: clock.month, day: clock.day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);

/**
 * The earliest instant at or after `t` inside the sending window, read on the companies' wall clock
 * (`timeZone`, TICKETS_TIME_ZONE: hours and Saturday/Sunday are the company's), or null when no day is allowed.
 */
export function allowedFrom(pace: Pick<Pace, 'startHour' | 'endHour' | 'sabado' | 'domingo'>, t: Date, timeZone: string): Date | null {
  const start = minutesOf(pace.startHour);
  const end = minutesOf(pace.endHour);
  let cursor = new Date(t.getTime());
  for (let i = 0; i < 9; i++) {
    const clock = wallClockOf(cursor, timeZone);
    const dayAllowed = (clock.weekday !== 6 || pace.sabado) && (clock.weekday !== 0 || pace.domingo);
    if (dayAllowed) {
      const minute = clock.hour * 60 + clock.minute;
      if (start === end) return cursor;
      if (start < end) {
        if (minute < start) return at(clock, start, timeZone);
        if (minute < end) return cursor;
      } else {
        // A window across midnight (e.g. 22:00 to 06:00).
        if (minute >= start || minute < end) return cursor;
        return at(clock, start, timeZone);
      }
    }
    const next = at({ ...clock, day: clock.day + 1 }, 0, timeZone);
    // Never backwards (a midnight skipped by a daylight-saving jump).
    cursor = next.getTime() > cursor.getTime() ? next : new Date(cursor.getTime() + 60 * 60 * 1000);
  }
  return null;
}

/**
 * When the campaign's next message may go: `messageInterval` seconds after the previous one, `greaterInterval`
 * after every `longerIntervalAfter` messages, moved into the allowed hours and days. null: never (no day allowed).
 */
export function nextSendAt(pace: Pace, state: { now: Date; lastSentAt: Date | null; sentSoFar: number }, timeZone: string): Date | null {
  const longPause = pace.longerIntervalAfter > 0 && state.sentSoFar > 0 && state.sentSoFar % pace.longerIntervalAfter === 0;
  const seconds = longPause ? pace.greaterInterval : pace.messageInterval;
  const earliest = state.lastSentAt ? Math.max(state.now.getTime(), state.lastSentAt.getTime() + Math.max(0, seconds) * 1000) : state.now.getTime();
  return allowedFrom(pace, new Date(earliest), timeZone);
}
