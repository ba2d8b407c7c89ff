import type { Contact } from '@atende/kit/contracts';
import { errorBodyOf } from '../../../errors/errorMessage';
import { cut } from '../ticketRules';

/**
 * Pure rules of the message composer (spec 000 §2 'Input features', §5, §9). No React, no DOM:
 * unit-tested in composerRules.test.ts.
 */

// ---- signature (spec 000 §2 sign-message toggle; the server signs forwards the same way) ----

/** The text as sent when the sign toggle is on: the attendant's name in bold, then the text. */
export function signText(text: string, name: string | null | undefined, sign: boolean): string {
  const who = (name ?? '').trim();
  if (!sign || !who || !text.trim()) return text;
  return `*${who}:*\n${text}`;
}

/**
 * A signed message split for editing: the signature `name` put before it (kept as it went out) and the text
 * the attendant wrote; a message not signed by `name` is all text.
 */
export function splitSignature(body: string, name: string | null | undefined): { signature: string; text: string } {
  const who = (name ?? '').trim();
  const signature = `*${who}:*\n`;
  return who && body.startsWith(signature) ? { signature, text: body.slice(signature.length) } : { signature: '', text: body };
}

/** Whether the company lets attendants sign (setting sendSignMessage; default enabled). */
export const signAllowed = (setting: string | null | undefined) => setting !== 'disabled';

// ---- text corrector (spec 000 §2 input features, §5, §8) ----

/** The corrector button shows only when the company setting useTextCorrector is 'enabled' (default disabled). */
export const textCorrectorEnabled = (setting: string | null | undefined) => setting === 'enabled';

/** The corrected text of POST /text-corrector, or null when the answer has none. */
export function correctedTextOf(answer: { correctedText?: string | null } | null | undefined): string | null {
  const text = answer?.correctedText;
  return typeof text === 'string' && text.trim() ? text : null;
}

export type CorrectionFailure = { kind: 'server'; text: string } | { kind: 'invalidRequest' | 'serverError' | 'network' };

/** What a failed correction says: the server's error text if present; else 400 invalid request, 500 server error, otherwise a network error. */
export function correctionFailure(err: unknown): CorrectionFailure {
  const body = errorBodyOf(err);
  if (body && typeof body === 'object') {
    const text = [body.error, body.message].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (text) return { kind: 'server', text };
  } else if (typeof body === 'string' && body.trim() && !body.trim().startsWith('<')) {
    return { kind: 'server', text: body.trim() };
  }
  const status = (err as { response?: { status?: unknown } } | null)?.response?.status;
  if (status === 400) return { kind: 'invalidRequest' };
  if (status === 500) return { kind: 'serverError' };
  return { kind: 'network' };
}

// ---- quick replies (spec 000 §2, spec 002 quick messages) ----

export const QUICK_LABEL_CUT = 90;
export const QUICK_PREVIEW_CUT = 100;

/** '/shortcode - message' cut at 90 characters. */
export const quickLabel = (q: { shortcode: string; message: string }) => cut(`/${q.shortcode} - ${q.message}`, QUICK_LABEL_CUT);
/** The preview of a quick reply: its message cut at 100 characters. */
export const quickPreview = (q: { message: string }) => cut(q.message, QUICK_PREVIEW_CUT);

/** Favourite quick-reply ids from their stored JSON (anything unreadable is an empty list). */
export function parseFavourites(raw: string | null | undefined): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is number => Number.isInteger(v) && v > 0))];
  } catch {
    return [];
  }
}

/** Adds or removes a favourite. */
export function toggleFavourite(favourites: number[], id: number): number[] {
  return favourites.includes(id) ? favourites.filter((f) => f !== id) : [...favourites, id];
}

/** Favourites first (each group alphabetically by shortcode), keeping every entry once. */
export function orderQuickReplies<T extends { id: number; shortcode: string }>(list: T[], favourites: number[]): T[] {
  const favs = new Set(favourites);
  const byCode = (a: T, b: T) => a.shortcode.localeCompare(b.shortcode, undefined, { sensitivity: 'base' }) || a.id - b.id;
  return [...list.filter((q) => favs.has(q.id)).sort(byCode), ...list.filter((q) => !favs.has(q.id)).sort(byCode)];
}

/** Whether a quick reply carries a file to send. */
export const quickHasMedia = (q: { mediaPath: string | null; isMedia?: boolean }) => !!q.mediaPath;

// ---- text editing ----

/** Inserts `insert` in place of the selection [start, end) and says where the caret goes. */
export function insertAtCaret(text: string, start: number | null | undefined, end: number | null | undefined, insert: string): { text: string; caret: number } {
  const s = Math.max(0, Math.min(start ?? text.length, text.length));
  const e = Math.max(s, Math.min(end ?? s, text.length));
  return { text: text.slice(0, s) + insert + text.slice(e), caret: s + insert.length };
}

// ---- audio: the voice-note rules are shared (components/voice/voiceRules.ts) ----

export { audioPlan, audioTooSmall, encodePcm, formatElapsed, MIN_AUDIO_BYTES, MP3_KBPS, stampedName, toMono16 } from '../../../components/voice/voiceRules';
export type { AudioPlan, Mp3EncoderLike } from '../../../components/voice/voiceRules';

// ---- attachments ----

export const isImageType = (type: string) => /^image\/(jpeg|png|webp|gif)$/i.test(type);

/** Merges newly picked files into the pending ones, skipping the same file picked twice. */
export function mergeFiles<T extends { name: string; size: number; lastModified: number }>(current: T[], added: T[]): T[] {
  const key = (f: T) => `${f.name}|${f.size}|${f.lastModified}`;
  const seen = new Set(current.map(key));
  const out = current.slice();
  for (const f of added) {
    if (seen.has(key(f))) continue;
    seen.add(key(f));
    out.push(f);
  }
  return out;
}

/** A file name for a quick reply's media: its stored name, else the last segment of its path. */
export function quickMediaName(q: { mediaName: string | null; mediaPath: string | null }): string {
  if (q.mediaName?.trim()) return q.mediaName.trim();
  const path = (q.mediaPath ?? '').split('?')[0] ?? '';
  const last = decodeURIComponentSafe(path.split('/').pop() ?? '');
  return last || 'file';
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ---- contact card (POST /messages/:ticketId with vCard; spec 000 §7) ----

export type ContactCard = { name: string; number: string };

/**
 * The contact card the messages body takes (`vCard: { name, number }`; the server writes the vCard
 * text): the name trimmed (max 250), the number as digits only (max 50). Null when unusable
 * (no name, no digits, or a group).
 */
export function contactCard(contact: Pick<Contact, 'name' | 'number' | 'isGroup'>): ContactCard | null {
  if (contact.isGroup) return null;
  const name = contact.name.trim().slice(0, 250);
  const number = contact.number.replace(/\D/g, '').slice(0, 50);
  if (!name || !number) return null;
  return { name, number };
}

/** The vCard 3.0 text of a card, the same as the server builds it (shown as a preview). */
export function buildVCard(card: ContactCard): string {
  const name = card.name.replace(/[\r\n;]+/g, ' ').trim();
  const digits = card.number.replace(/\D/g, '');
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
}
