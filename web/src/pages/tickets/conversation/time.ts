/**
 * Time windows of the conversation (spec 000 §2, §9): a message can be edited within 15 minutes of
 * its creation; social channels (facebook, instagram) only allow replies within 24 hours of the
 * contact's last message. Pure: no React, no DOM.
 */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
export const SOCIAL_WINDOW_MS = 24 * 60 * 60 * 1000;

const time = (iso: string | null | undefined): number => {
  if (!iso) return Number.NaN;
  return Date.parse(iso);
};

type Editable = { fromMe: boolean; isDeleted: boolean; isPrivate?: boolean; createdAt: string; mediaType: string };

/** Milliseconds left to edit a message (0 when it cannot be edited any more or at all). */
export function editTimeLeft(m: Editable, now: number = Date.now()): number {
  if (!m.fromMe || m.isDeleted) return 0;
  if (m.mediaType !== 'chat') return 0;
  const created = time(m.createdAt);
  if (!Number.isFinite(created)) return 0;
  return Math.max(0, EDIT_WINDOW_MS - Math.max(0, now - created));
}

/** Own text messages, not deleted, within 15 minutes of creation. */
export function canEditMessage(m: Editable, now: number = Date.now()): boolean {
  return editTimeLeft(m, now) > 0;
}

/** Own messages that are not deleted yet. */
export function canDeleteMessage(m: { fromMe: boolean; isDeleted: boolean }): boolean {
  return m.fromMe && !m.isDeleted;
}

export const isSocialChannel = (channel: string | null | undefined): boolean => channel === 'facebook' || channel === 'instagram';

/**
 * Whether a message may still be edited, deleted or reacted to on its ticket's channel: Facebook and
 * Instagram take none of these for what was sent (the server refuses them); private notes never left us.
 */
export const changeableOnChannel = (m: { isPrivate: boolean }, social: boolean): boolean => !social || m.isPrivate;

type Inbound = { fromMe: boolean; isPrivate: boolean; createdAt: string };

/** The newest message the contact sent among the loaded ones (private notes are never inbound). */
export function lastInboundAt(messages: readonly Inbound[]): string | null {
  let best: string | null = null;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const m of messages) {
    if (m.fromMe || m.isPrivate) continue;
    const at = time(m.createdAt);
    if (Number.isFinite(at) && at > bestTime) {
      bestTime = at;
      best = m.createdAt;
    }
  }
  return best;
}

export type SocialWindow = { state: 'open'; closesAt: number } | { state: 'closed' } | { state: 'unknown' };

/**
 * The 24-hour reply window of a social ticket. `oldest` is the oldest loaded message and `complete`
 * tells whether the whole history is loaded: without an inbound message among the loaded ones the
 * window is closed when everything is loaded or the loaded span already reaches past 24 hours.
 */
export function socialWindow(input: { lastInbound: string | null; oldest: string | null; complete: boolean; now?: number }): SocialWindow {
  const now = input.now ?? Date.now();
  const last = time(input.lastInbound);
  if (Number.isFinite(last)) {
    const closesAt = last + SOCIAL_WINDOW_MS;
    return now < closesAt ? { state: 'open', closesAt } : { state: 'closed' };
  }
  if (input.complete) return { state: 'closed' };
  const oldest = time(input.oldest);
  if (Number.isFinite(oldest) && now - oldest >= SOCIAL_WINDOW_MS) return { state: 'closed' };
  return { state: 'unknown' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm of a bubble. */
export function formatClock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local calendar day of an instant (yyyy-MM-dd), for the day separators of the list. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'today', 'yesterday' or the date as dd/MM/yyyy (the separator label, translated by the caller). */
export function dayLabel(iso: string, now: Date = new Date()): { kind: 'today' | 'yesterday' } | { kind: 'date'; text: string } {
  const d = new Date(iso);
  const today = dayKey(now.toISOString());
  const key = dayKey(iso);
  if (key === today) return { kind: 'today' };
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (key === dayKey(y.toISOString())) return { kind: 'yesterday' };
  return { kind: 'date', text: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` };
}
