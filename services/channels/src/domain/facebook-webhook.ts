import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EventData } from '@atende/kit';

type InboundMedia = NonNullable<EventData<'channels.message.received'>['media']>;

/**
 * Meta's webhook for Facebook (object 'page') and Instagram (object 'instagram'), pure: the signature
 * check and the payload read as the events channels reports (messages, acks, reactions, edits and
 * unsends), before any connection is looked up.
 */

export type SocialChannel = 'facebook' | 'instagram';

/** Whether X-Hub-Signature-256 ('sha256=<hex>') is the HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string | undefined): boolean {
  if (!appSecret || !header || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether Meta's subscription check presents our verify token (compared in constant time). */
export function validVerifyToken(given: string | undefined, expected: string | undefined): boolean {
  if (!expected || given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An attachment of an inbound message, before its download. */
export type WebhookAttachment = { mediaType: InboundMedia['mediaType']; url: string; filename: string | null };

export type WebhookEvent =
  | {
      kind: 'message';
      channel: SocialChannel;
      /** entry.id: the page id (Facebook) or the Instagram account id. */
      accountId: string;
      /** The contact: the sender (PSID / IGSID), or the recipient of an echo. */
      contactId: string;
      fromMe: boolean;
      wid: string;
      body: string;
      attachment: WebhookAttachment | null;
      quotedWid: string | null;
      /** Unix seconds. */
      timestamp: number;
    }
  | { kind: 'ack'; channel: SocialChannel; accountId: string; wid: string; ack: 2 | 3 }
  /** Messenger's read receipt: every message to `contactId` up to `upTo` (unix seconds) was read. */
  | { kind: 'readUpTo'; channel: SocialChannel; accountId: string; contactId: string; upTo: number }
  | { kind: 'reaction'; channel: SocialChannel; accountId: string; wid: string; emoji: string; fromId: string }
  | { kind: 'edited'; channel: SocialChannel; accountId: string; wid: string; body: string }
  | { kind: 'revoked'; channel: SocialChannel; accountId: string; wid: string };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const MEDIA: Record<string, InboundMedia['mediaType']> = { image: 'image', video: 'video', audio: 'audio', file: 'document' };

/** The file name a CDN URL ends with, when it has one. */
function filenameOf(url: string): string | null {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return last && last.includes('.') ? last.slice(0, 500) : null;
  } catch {
    return null;
  }
}

/**
 * Seconds from Meta's millisecond timestamps, the milliseconds kept as a fraction (a contact's answer a
 * moment after the menu must not sort above it); a value already in seconds is kept.
 */
const seconds = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n <= 0) return Date.now() / 1000;
  return n > 1e11 ? n / 1000 : n;
};

/**
 * The events of one webhook call. `appId`: our app; echoes of what this app sent are skipped (the send's
 * ack already gave tickets the message id), echoes of what a person sent from the page's inbox become
 * fromMe messages. Several attachments in one message become one message each (the first keeps the
 * message id, the others get '<mid>:<n>'); a text with attachments is the first one's body.
 */
export function readWebhook(payload: unknown, appId: string | undefined): WebhookEvent[] {
  const root = obj(payload);
  const channel: SocialChannel | null = root?.object === 'page' ? 'facebook' : root?.object === 'instagram' ? 'instagram' : null;
  if (!root || !channel) return [];
  const events: WebhookEvent[] = [];
  for (const rawEntry of list(root.entry)) {
    const entry = obj(rawEntry);
    const accountId = str(entry?.id);
    if (!entry || !accountId) continue;
    for (const rawMessaging of list(entry.messaging)) {
      const m = obj(rawMessaging);
      if (!m) continue;
      const sender = str(obj(m.sender)?.id);
      const recipient = str(obj(m.recipient)?.id);
      const timestamp = seconds(m.timestamp);
      const message = obj(m.message);
      const postback = obj(m.postback);
      const delivery = obj(m.delivery);
      const read = obj(m.read);
      const reaction = obj(m.reaction);
      const edit = obj(m.message_edit);

      if (message) {
        const wid = str(message.mid);
        if (!wid) continue;
        if (message.is_deleted === true) {
          events.push({ kind: 'revoked', channel, accountId, wid });
          continue;
        }
        const fromMe = message.is_echo === true;
        if (fromMe && appId && str(message.app_id) === appId) continue;
        const contactId = fromMe ? recipient : sender;
        if (!contactId) continue;
        const text = typeof message.text === 'string' ? message.text.slice(0, 65_536) : '';
        const quotedWid = str(obj(message.reply_to)?.mid);
        const base = { kind: 'message' as const, channel, accountId, contactId, fromMe, quotedWid, timestamp };
        const attachments: (WebhookAttachment | { link: string } | { location: string })[] = [];
        for (const rawAttachment of list(message.attachments)) {
          const a = obj(rawAttachment);
          const payloadOf = obj(a?.payload);
          const type = str(a?.type) ?? '';
          const url = str(payloadOf?.url);
          const coordinates = obj(payloadOf?.coordinates);
          if (MEDIA[type] && url) attachments.push({ mediaType: MEDIA[type], url, filename: filenameOf(url) });
          else if (type === 'location' && coordinates) attachments.push({ location: `${String(coordinates.lat ?? '')},${String(coordinates.long ?? '')}` });
          else if (url) attachments.push({ link: url });
        }
        if (attachments.length === 0) {
          if (text) events.push({ ...base, wid, body: text, attachment: null });
          continue;
        }
        attachments.forEach((a, i) => {
          const id = i === 0 ? wid : `${wid}:${i}`;
          const caption = i === 0 ? text : '';
          if ('link' in a) events.push({ ...base, wid: id, body: caption && caption !== a.link ? `${caption}\n${a.link}` : a.link, attachment: null });
          else if ('location' in a) events.push({ ...base, wid: id, body: a.location, attachment: { mediaType: 'locationMessage', url: '', filename: null } });
          else events.push({ ...base, wid: id, body: caption, attachment: a });
        });
      } else if (postback) {
        // A button the contact pressed: its title is what they "said".
        const wid = str(postback.mid) ?? `postback-${accountId}-${sender ?? ''}-${String(m.timestamp ?? '')}`;
        const title = str(postback.title) ?? str(postback.payload);
        if (sender && title) events.push({ kind: 'message', channel, accountId, contactId: sender, fromMe: false, wid, body: title.slice(0, 65_536), attachment: null, quotedWid: null, timestamp });
      } else if (delivery) {
        for (const mid of list(delivery.mids)) {
          const wid = str(mid);
          if (wid) events.push({ kind: 'ack', channel, accountId, wid, ack: 2 });
        }
      } else if (read) {
        // Instagram names the message read; Messenger gives a watermark: all it was sent up to then.
        const wid = str(read.mid);
        if (wid) events.push({ kind: 'ack', channel, accountId, wid, ack: 3 });
        else if (sender && read.watermark !== undefined) events.push({ kind: 'readUpTo', channel, accountId, contactId: sender, upTo: seconds(read.watermark) });
      } else if (reaction) {
        const wid = str(reaction.mid);
        if (!wid || !sender) continue;
        const emoji = reaction.action === 'unreact' ? '' : (str(reaction.emoji) ?? (reaction.reaction === 'love' ? '❤' : ''));
        events.push({ kind: 'reaction', channel, accountId, wid, emoji: emoji.slice(0, 20), fromId: sender });
      } else if (edit) {
        const wid = str(edit.mid);
        if (wid && typeof edit.text === 'string') events.push({ kind: 'edited', channel, accountId, wid, body: edit.text.slice(0, 65_536) });
      }
    }
  }
  return events;
}
