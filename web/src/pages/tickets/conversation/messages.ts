import type { Message } from '@atende/kit/contracts';
import { parseLocation, parseVCards } from './cards';
import { formatDateTime } from '../../../format/dates';
import { dayKey } from './time';

/** Pure helpers of the message list and bubbles (spec 000 §2 'Ticket conversation screen'). */

export type AckState = 'failed' | 'clock' | 'sent' | 'delivered' | 'read' | 'played';

/** 0 clock, 1 sent, 2 delivered, 3 read, 4 read (played for audio), 5 read; -1 failed (spec 000 §2). */
export function ackState(ack: number, mediaType: string): AckState {
  if (ack < 0) return 'failed';
  if (ack === 0) return 'clock';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'delivered';
  if (ack === 4 && mediaType === 'audio') return 'played';
  return 'read';
}

/** The 24 emojis of the reaction dialog. */
export const REACTIONS = [
  '👍',
  '❤️',
  '😂',
  '😮',
  '😢',
  '🙏',
  '👏',
  '🔥',
  '🎉',
  '😍',
  '😡',
  '🤔',
  '👌',
  '😁',
  '😅',
  '🙌',
  '💯',
  '✅',
  '❌',
  '👀',
  '🤝',
  '💪',
  '😴',
  '🥳',
] as const;

export type ListItem = { kind: 'day'; key: string; at: string } | { kind: 'message'; key: string; message: Message; reactions: string };

/**
 * What the list shows, oldest first: a day separator before the first message of each day; reaction
 * messages (reactionMessage) are folded into the message they react to when it is loaded (its
 * emojis are added to that message's `reactions` text, a plain string so memoized bubbles stay
 * equal); the message's own reactions come first.
 */
export function buildListItems(messages: readonly Message[]): ListItem[] {
  const loaded = new Set(messages.map((m) => m.id));
  const folded = new Map<number, string[]>();
  for (const m of messages) {
    if (m.mediaType === 'reactionMessage' && m.quotedMsgId !== null && loaded.has(m.quotedMsgId) && !m.isDeleted && m.body.trim()) {
      const list = folded.get(m.quotedMsgId) ?? [];
      list.push(m.body.trim());
      folded.set(m.quotedMsgId, list);
    }
  }
  const items: ListItem[] = [];
  let lastDay = '';
  for (const m of messages) {
    if (m.mediaType === 'reactionMessage' && m.quotedMsgId !== null && loaded.has(m.quotedMsgId)) continue;
    const day = dayKey(m.createdAt);
    if (day && day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, at: m.createdAt });
      lastDay = day;
    }
    const emojis = [...(m.reactions ?? []).map((r) => r.emoji), ...(folded.get(m.id) ?? [])];
    items.push({ kind: 'message', key: `m-${m.id}`, message: m, reactions: emojis.join(' ') });
  }
  return items;
}

/** Emojis of a reactions text, grouped with their counts, in first-seen order ('👍 ×2'). */
export function groupReactions(reactions: string): { emoji: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const e of reactions.split(' ')) if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts].map(([emoji, count]) => ({ emoji, count }));
}

/** The file name of a media message: its stored name, else the last segment of its URL. */
export function mediaFileName(m: Pick<Message, 'mediaName' | 'mediaUrl'>): string | null {
  if (m.mediaName) return m.mediaName;
  if (!m.mediaUrl) return null;
  try {
    const path = new URL(m.mediaUrl, 'http://local').pathname;
    const last = decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
    return last || null;
  } catch {
    return null;
  }
}

/** Whether the body is only the file name repeated (media without a caption). */
export function bodyIsCaption(m: Pick<Message, 'body' | 'mediaType' | 'mediaName' | 'mediaUrl'>): boolean {
  if (!m.body) return false;
  if (m.mediaType === 'chat') return true;
  if (m.mediaType === 'locationMessage' || m.mediaType === 'contactMessage' || m.mediaType === 'reactionMessage' || m.mediaType === 'call_log') return false;
  const name = mediaFileName(m);
  return !(name && m.body === name);
}

// ---- transcript (PDF export) ----

export type TranscriptLabels = {
  /** The sender of an outbound message (the attendant's name when known). */
  agent(userId: number | null): string;
  contact: string;
  privateNote: string;
  deleted: string;
  forwarded: string;
  edited: string;
  reaction: string;
  location: string;
  contactCard: string;
  file(type: string): string;
};

export type TranscriptEntry = { sender: string; when: string; text: string };

/**
 * The transcript of the loaded messages, oldest first: sender, date and time, text; media as their
 * file names, a location as its map link, a contact card as name and number. Private notes only when
 * asked for.
 */
export function buildTranscript(
  messages: readonly Message[],
  labels: TranscriptLabels,
  opts: { includePrivate: boolean; contactName: string },
): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  for (const m of messages) {
    if (m.isPrivate && !opts.includePrivate) continue;
    const sender = m.fromMe ? labels.agent(m.userId) : (m.contact?.name ?? opts.contactName);
    const marks = [m.isPrivate ? labels.privateNote : '', m.isForwarded ? labels.forwarded : '', m.isEdited ? labels.edited : ''].filter(Boolean);
    const lines: string[] = [];
    if (marks.length) lines.push(`[${marks.join(', ')}]`);
    if (m.isDeleted) lines.push(labels.deleted);
    else if (m.mediaType === 'locationMessage') {
      const loc = parseLocation(m.body, m.mediaUrl);
      lines.push(`${labels.location}: ${[loc?.description, loc?.mapUrl].filter(Boolean).join(' - ') || m.body}`);
    } else if (m.mediaType === 'contactMessage') {
      const cards = parseVCards(m.body);
      if (cards.length) for (const c of cards) lines.push(`${labels.contactCard}: ${c.name} (${c.number})`);
      else lines.push(`${labels.contactCard}: ${m.body}`);
    } else if (m.mediaType === 'reactionMessage') {
      lines.push(`${labels.reaction}: ${m.body}`);
    } else {
      const name = m.mediaType !== 'chat' && m.mediaType !== 'call_log' ? mediaFileName(m) : null;
      if (name) lines.push(`[${labels.file(m.mediaType)}: ${name}]`);
      if (m.body && bodyIsCaption(m)) lines.push(m.body);
    }
    if (m.reactions?.length) lines.push(`${labels.reaction}: ${m.reactions.map((r) => r.emoji).join(' ')}`);
    out.push({ sender, when: formatDateTime(m.createdAt), text: lines.join('\n') });
  }
  return out;
}

const TYPOGRAPHY: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '\u00a0': ' ',
  '\t': '    ',
};

/**
 * Text the standard PDF fonts can draw (Latin-1): typographic marks become ASCII, other characters
 * (emojis, other scripts) are dropped; line breaks are kept.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (TYPOGRAPHY[ch] !== undefined) out += TYPOGRAPHY[ch];
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (code >= 0xa0 && code <= 0xff) out += ch;
  }
  return out.replace(/[ ]{2,}/g, ' ');
}

/** ticket-42-maria-silva.pdf */
export function transcriptFileName(ticketId: number, contactName: string): string {
  const slug = contactName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `ticket-${ticketId}${slug ? `-${slug}` : ''}.pdf`;
}

export const PDF_MAX_PAGES = 100;
