import type { Channel, Contact } from '@atende/kit/contracts';
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

// ---- audio (spec 000 §2 voice recording, §5, §9) ----

export const MIN_AUDIO_BYTES = 10_000;
export const MP3_KBPS = 128;

/** Recordings under 10000 bytes are discarded. */
export const audioTooSmall = (size: number) => size < MIN_AUDIO_BYTES;

export type AudioPlan =
  /** Record in whatever the browser offers, then encode to mp3 128 kbps. */
  | { format: 'mp3'; recordMime: string | null; extension: 'mp3'; mime: 'audio/mpeg' }
  /** Record straight into mp4 audio (m4a). */
  | { format: 'm4a'; recordMime: string; extension: 'm4a'; mime: 'audio/mp4' };

const RECORD_PREFERENCE = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/**
 * How a voice note is recorded and sent: WhatsApp tickets get mp3 (128 kbps); other channels m4a
 * when the browser records audio/mp4, else mp3. `supports` is MediaRecorder.isTypeSupported.
 */
export function audioPlan(channel: Channel | null | undefined, supports: (mime: string) => boolean): AudioPlan {
  const whatsapp = !channel || channel === 'whatsapp' || channel === 'whatsappapi';
  if (!whatsapp) {
    const mp4 = ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4'].find((m) => safe(supports, m));
    if (mp4) return { format: 'm4a', recordMime: mp4, extension: 'm4a', mime: 'audio/mp4' };
  }
  return { format: 'mp3', recordMime: RECORD_PREFERENCE.find((m) => safe(supports, m)) ?? null, extension: 'mp3', mime: 'audio/mpeg' };
}

function safe(supports: (mime: string) => boolean, mime: string): boolean {
  try {
    return supports(mime);
  } catch {
    return false;
  }
}

/** The file name of a recording or a snapshot: prefix-YYYYMMDD-HHmmss.ext (local time). */
export function stampedName(prefix: string, extension: string, at: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.${extension}`;
}

/** Elapsed recording time as m:ss (h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Float samples (-1..1) of one or more channels mixed down to mono 16-bit PCM. */
export function toMono16(channels: Float32Array[]): Int16Array {
  const length = channels.length ? Math.min(...channels.map((c) => c.length)) : 0;
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const c of channels) sum += c[i]!;
    const v = Math.max(-1, Math.min(1, sum / channels.length));
    out[i] = v < 0 ? Math.round(v * 0x8000) : Math.round(v * 0x7fff);
  }
  return out;
}

/** The subset of lamejs' Mp3Encoder the encoder uses. */
export type Mp3EncoderLike = { encodeBuffer(left: Int16Array): Uint8Array; flush(): Uint8Array };

/** Encodes mono PCM in 1152-sample frames; returns the mp3 chunks. */
export function encodePcm(encoder: Mp3EncoderLike, samples: Int16Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  const frame = 1152;
  for (let i = 0; i < samples.length; i += frame) {
    const out = encoder.encodeBuffer(samples.subarray(i, i + frame));
    if (out.length) chunks.push(new Uint8Array(out));
  }
  const tail = encoder.flush();
  if (tail.length) chunks.push(new Uint8Array(tail));
  return chunks;
}

// ---- attachments ----

/** 1.2 MB style sizes (B, KB, MB, GB; base 1024). */
export function formatBytes(size: number): string {
  if (!Number.isFinite(size) || size < 1024) return `${Math.max(0, Math.round(size || 0))} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

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
