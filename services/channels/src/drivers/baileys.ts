import type { AuthenticationCreds, Chat, Contact, SignalDataSet, SignalDataTypeMap, SignalKeyStore, WACallEvent, WAMessage, WAMessageKey, WASocket, proto } from '@whiskeysockets/baileys';
import type { EventData, SendCommand } from '@atende/kit';
import { SessionNotConnectedError, afterClose, type CloseReason } from '../domain/session-state.js';
import { mergePhoneContacts } from '../domain/phone-contacts.js';
import type { ChannelDriver, DriverContext, DriverFactory, HistoryMessage, InboundMessage, IncomingCall, KeyStore, PhoneContact } from './types.js';

/** The Baileys module, loaded on the first session start (the service runs without it until then). */
type BaileysModule = typeof import('@whiskeysockets/baileys');
type AuthHelpers = Pick<BaileysModule, 'initAuthCreds' | 'BufferJSON' | 'proto'>;
type Inbound = InboundMessage;
type InboundMedia = NonNullable<Inbound['media']>;

// ---------------------------------------------------------------- jids

/** The number (or group id) of a jid: '5511999990000:12@s.whatsapp.net' → '5511999990000', '1203-1@g.us' → '1203-1'. */
export function jidToNumber(jid: string | null | undefined): string {
  if (!jid) return '';
  const [user = ''] = jid.split('@');
  return user.split(':')[0] ?? '';
}

export const isGroupJid = (jid: string | null | undefined): boolean => !!jid && jid.endsWith('@g.us');
export const isLidJid = (jid: string | null | undefined): boolean => !!jid && jid.endsWith('@lid');
const isPhoneJid = (jid: string | null | undefined): jid is string => !!jid && jid.endsWith('@s.whatsapp.net');

/** Where a send command goes: the contact's stored jid when it has one, else built from its number. */
export function recipientJid(to: SendCommand['to']): string {
  if (to.remoteJid && to.remoteJid.includes('@')) return to.remoteJid;
  const number = to.number.replace(/[^\d-]/g, '');
  return to.isGroup ? `${number}@g.us` : `${number}@s.whatsapp.net`;
}

/**
 * Who a jid pair names: the phone number when either side is a phone jid, and the LID when either is one
 * (WhatsApp may address a contact by LID, giving the phone jid as the alternative or not at all).
 */
export function personOf(jid: string | null | undefined, alt: string | null | undefined): { number: string; lid: string | null; remoteJid: string | null } {
  const phone = isPhoneJid(jid) ? jid : isPhoneJid(alt) ? alt : null;
  const lid = isLidJid(jid) ? jid! : isLidJid(alt) ? alt! : null;
  const lidJid = lid ? `${jidToNumber(lid)}@lid` : null;
  return { number: jidToNumber(phone ?? lid ?? jid), lid: lidJid, remoteJid: phone ? `${jidToNumber(phone)}@s.whatsapp.net` : lidJid };
}

/** A call being offered by a contact (not a group call, not one already over), as the session manager hears of it. */
export function toIncomingCall(call: WACallEvent): IncomingCall | null {
  if (call.status !== 'offer' || call.isGroup || call.groupJid || !call.from || !call.id) return null;
  const person = personOf(call.from, call.callerPn ?? null);
  return { id: call.id, fromJid: call.from, contact: { ...person, name: '', pictureUrl: null }, isVideo: !!call.isVideo };
}

// ---------------------------------------------------------------- the phone's contacts (POST /contacts/import)

const contactName = (...names: (string | null | undefined)[]): string => {
  for (const name of names) {
    const clean = name?.trim();
    if (clean) return clean.slice(0, 250);
  }
  return '';
};

/** The digits of the first phone jid (…@s.whatsapp.net) among these, else ''. */
const phoneDigits = (...jids: (string | null | undefined)[]): string => {
  for (const jid of jids) {
    if (!isPhoneJid(jid)) continue;
    const number = jidToNumber(jid);
    if (/^\d{1,50}$/.test(number)) return number;
  }
  return '';
};

const lidOf = (...jids: (string | null | undefined)[]): string | null => {
  const lid = jids.find((jid) => isLidJid(jid));
  return lid ? `${jidToNumber(lid)}@lid` : null;
};

/**
 * What Baileys tells of the phone's contacts (contacts.upsert / contacts.update / a history piece's
 * contacts) and chats (chats.upsert / a history piece's chats) as the session manager stores them, each
 * number once. A contact is in the phonebook when it has a name (Baileys sets `name` only for one saved
 * on the phone; `notify` is the name the person chose); people known only by LID (no phone number) are
 * left out; groups are flagged (a group's number is its id).
 */
export function toPhoneContacts(contacts: readonly Partial<Contact>[] = [], chats: readonly Partial<Chat>[] = []): PhoneContact[] {
  const out: PhoneContact[] = [];
  for (const c of contacts) {
    if (isGroupJid(c.id)) {
      const id = jidToNumber(c.id);
      if (id) out.push({ number: id.slice(0, 50), name: contactName(c.name, c.notify, c.verifiedName), inPhonebook: false, hasChat: false, isGroup: true, lid: null });
      continue;
    }
    const number = phoneDigits(c.id, c.phoneNumber);
    if (!number) continue;
    const saved = contactName(c.name);
    out.push({ number, name: saved || contactName(c.notify, c.verifiedName), inPhonebook: !!saved, hasChat: false, isGroup: false, lid: lidOf(c.id, c.lid) });
  }
  for (const chat of chats) {
    if (isGroupJid(chat.id)) {
      const id = jidToNumber(chat.id);
      if (id) out.push({ number: id.slice(0, 50), name: contactName(chat.name), inPhonebook: false, hasChat: true, isGroup: true, lid: null });
      continue;
    }
    const number = phoneDigits(chat.id, chat.pnJid);
    if (!number) continue;
    out.push({ number, name: contactName(chat.name), inPhonebook: false, hasChat: true, isGroup: false, lid: lidOf(chat.id, chat.lidJid) });
  }
  return mergePhoneContacts(out);
}

// ---------------------------------------------------------------- messages

const mediaKinds: { field: keyof proto.IMessage; mediaType: InboundMedia['mediaType'] }[] = [
  { field: 'imageMessage', mediaType: 'image' },
  { field: 'videoMessage', mediaType: 'video' },
  { field: 'audioMessage', mediaType: 'audio' },
  { field: 'documentMessage', mediaType: 'document' },
  { field: 'stickerMessage', mediaType: 'sticker' },
];

/** The message inside WhatsApp's wrappers (ephemeral, view once, document with caption, edited). */
export function unwrapMessage(message: proto.IMessage | null | undefined): proto.IMessage | undefined {
  let m = message ?? undefined;
  for (let depth = 0; m && depth < 5; depth++) {
    const inner =
      m.ephemeralMessage?.message ??
      m.viewOnceMessage?.message ??
      m.viewOnceMessageV2?.message ??
      m.viewOnceMessageV2Extension?.message ??
      m.documentWithCaptionMessage?.message ??
      m.editedMessage?.message;
    if (!inner) return m;
    m = inner;
  }
  return m;
}

/** The text a person reads for a message (text, caption, chosen option, location, contact card). */
export function messageBody(m: proto.IMessage | undefined): string {
  if (!m) return '';
  return (
    m.conversation ??
    m.extendedTextMessage?.text ??
    m.imageMessage?.caption ??
    m.videoMessage?.caption ??
    m.documentMessage?.caption ??
    m.buttonsResponseMessage?.selectedDisplayText ??
    m.listResponseMessage?.title ??
    m.templateButtonReplyMessage?.selectedDisplayText ??
    (m.locationMessage ? `${m.locationMessage.degreesLatitude ?? ''},${m.locationMessage.degreesLongitude ?? ''}` : undefined) ??
    m.contactMessage?.vcard ??
    ''
  );
}

const numberOf = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (value && typeof (value as { toNumber?: () => number }).toNumber === 'function') return (value as { toNumber(): number }).toNumber();
  return Number(value ?? 0) || 0;
};

/**
 * A Baileys message as tickets receives it (media without its storage key: the driver downloads and
 * stores it). null: nothing a person wrote (protocol messages, reactions, status broadcasts, stubs).
 * `me`: this session's own number (the author of fromMe messages in groups).
 */
export function toInbound(message: WAMessage, me: string): (Inbound & { media: (Omit<InboundMedia, 'key'> & { key: null }) | null }) | null {
  const key = message.key;
  const remoteJid = key.remoteJid ?? '';
  if (!key.id || !remoteJid || remoteJid === 'status@broadcast' || remoteJid.endsWith('@broadcast') || remoteJid.endsWith('@newsletter')) return null;
  const m = unwrapMessage(message.message);
  if (!m || m.protocolMessage || m.reactionMessage || m.senderKeyDistributionMessage && Object.keys(m).length === 1) return null;
  const isGroup = isGroupJid(remoteJid);
  const fromMe = !!key.fromMe;
  const author = isGroup ? (fromMe ? { number: me, lid: null, remoteJid: me ? `${me}@s.whatsapp.net` : null } : personOf(key.participant, key.participantAlt)) : personOf(remoteJid, key.remoteJidAlt);
  if (!author.number) return null;
  // pushName is the sender's own name: for fromMe messages it is ours, not the contact's.
  const name = !fromMe && message.pushName ? message.pushName : author.number;
  const kind = mediaKinds.find((k) => m[k.field]);
  const mediaMessage = kind ? (m[kind.field] as { mimetype?: string | null; fileName?: string | null; fileLength?: unknown }) : undefined;
  const contextInfo =
    m.extendedTextMessage?.contextInfo ?? m.imageMessage?.contextInfo ?? m.videoMessage?.contextInfo ?? m.audioMessage?.contextInfo ?? m.documentMessage?.contextInfo ?? m.stickerMessage?.contextInfo;
  const simple: InboundMedia['mediaType'] | null = m.locationMessage ? 'locationMessage' : m.contactMessage ? 'contactMessage' : null;
  return {
    contact: { number: author.number, name: name.slice(0, 250), pictureUrl: null, lid: author.lid, remoteJid: author.remoteJid },
    isGroup,
    group: isGroup ? { number: jidToNumber(remoteJid), name: jidToNumber(remoteJid), pictureUrl: null } : null,
    wid: key.id,
    fromMe,
    body: messageBody(m).slice(0, 65_536),
    media: kind
      ? {
          mediaType: kind.mediaType,
          key: null,
          mimetype: (mediaMessage?.mimetype ?? 'application/octet-stream').split(';')[0]!.trim().slice(0, 200),
          filename: mediaMessage?.fileName ? mediaMessage.fileName.slice(0, 500) : null,
          size: mediaMessage?.fileLength !== undefined && mediaMessage.fileLength !== null ? numberOf(mediaMessage.fileLength) : null,
        }
      : simple
        ? { mediaType: simple, key: null, mimetype: 'text/plain', filename: null, size: null }
        : null,
    quotedWid: contextInfo?.stanzaId ?? null,
    timestamp: numberOf(message.messageTimestamp) || Math.floor(Date.now() / 1000),
  };
}

// ---------------------------------------------------------------- history (spec 001 §3 importOldMessages)

/** proto.HistorySync.HistorySyncType: the pieces of history WhatsApp sends a newly paired device. */
const HISTORY_FULL = 2;
const HISTORY_RECENT = 3;

type MappedInbound = NonNullable<ReturnType<typeof toInbound>>;

/** The names a piece of history gives chats and contacts, by number: the name saved on the phone, else the one the contact chose, else a group's subject. */
export function historyNames(contacts: readonly Contact[] = [], chats: readonly Chat[] = []): Map<string, string> {
  const names = new Map<string, string>();
  const learn = (jids: (string | null | undefined)[], name: string | null | undefined) => {
    const clean = name?.trim();
    if (!clean) return;
    for (const jid of jids) {
      const number = jidToNumber(jid);
      if (number && !names.has(number)) names.set(number, clean.slice(0, 250));
    }
  };
  for (const c of contacts) learn([c.id, c.phoneNumber, c.lid], c.name);
  for (const c of chats) learn([c.id, c.pnJid, c.lidJid], c.name);
  for (const c of contacts) learn([c.id, c.phoneNumber, c.lid], c.notify ?? c.verifiedName);
  return names;
}

/**
 * A piece of history as tickets would receive its messages (media not downloaded yet), each with the
 * message it came from: only what a person wrote and that has a time. Protocol messages, reactions,
 * stubs, status broadcasts and empty messages (nothing to read, no media) are left out. A person or
 * group without a name of its own in the message takes the name the history gives it.
 */
export function historyMessages(
  event: { messages: readonly WAMessage[]; contacts?: readonly Contact[]; chats?: readonly Chat[] },
  me: string,
): { source: WAMessage; inbound: MappedInbound }[] {
  const names = historyNames(event.contacts, event.chats);
  const out: { source: WAMessage; inbound: MappedInbound }[] = [];
  for (const source of event.messages) {
    if (!(numberOf(source.messageTimestamp) > 0)) continue;
    const mapped = toInbound(source, me);
    if (!mapped || (!mapped.body.trim() && !mapped.media)) continue;
    const contactName = mapped.contact.name === mapped.contact.number ? names.get(mapped.contact.number) : undefined;
    const groupName = mapped.group && mapped.group.name === mapped.group.number ? names.get(mapped.group.number) : undefined;
    out.push({
      source,
      inbound: {
        ...mapped,
        contact: contactName ? { ...mapped.contact, name: contactName } : mapped.contact,
        group: mapped.group && groupName ? { ...mapped.group, name: groupName } : mapped.group,
      },
    });
  }
  return out;
}

/** Whether WhatsApp said a piece is the last one: the full history at 100 %, or the recent part at 100 % when the full one was not asked for. */
export function isLastHistoryPiece(event: { syncType?: number | null; progress?: number | null }, fullHistoryAsked: boolean): boolean {
  if (event.progress !== 100) return false;
  return event.syncType === HISTORY_FULL || (!fullHistoryAsked && event.syncType === HISTORY_RECENT);
}

/** Edits and revokes a contact makes arrive as protocol messages about an earlier one. */
export function toChange(message: WAMessage): Omit<EventData<'channels.message.changed'>, 'connectionId'> | null {
  const protocol = unwrapMessage(message.message)?.protocolMessage ?? message.message?.protocolMessage;
  const target = protocol?.key?.id;
  if (!protocol || !target) return null;
  // proto.Message.ProtocolMessage.Type: REVOKE = 0, MESSAGE_EDIT = 14.
  if (protocol.type === 0) return { wid: target, kind: 'revoked', body: null, reaction: null };
  if (protocol.type === 14) return { wid: target, kind: 'edited', body: messageBody(unwrapMessage(protocol.editedMessage)).slice(0, 65_536), reaction: null };
  return null;
}

/** A reaction of a contact (empty emoji: removed); null for our own reactions. */
export function toReaction(event: { key: WAMessageKey; reaction: proto.IReaction }): Omit<EventData<'channels.message.changed'>, 'connectionId'> | null {
  const by = event.reaction.key as WAMessageKey | null | undefined;
  if (!event.key.id || by?.fromMe) return null;
  const from = personOf(by?.participant ?? by?.remoteJid ?? event.key.participant ?? event.key.remoteJid, by?.participantAlt ?? by?.remoteJidAlt);
  if (!from.number) return null;
  return { wid: event.key.id, kind: 'reaction', body: null, reaction: { emoji: (event.reaction.text ?? '').slice(0, 20), fromNumber: from.number } };
}

/** proto.WebMessageInfo.Status → ack: ERROR (0) fails, PENDING 1 … PLAYED 5 as they are. */
export const ackOf = (status: number | null | undefined): number | null => (status === null || status === undefined ? null : status === 0 ? -1 : Math.min(5, status));

/** Why the socket closed, from its error's status code (Boom's output.statusCode; DisconnectReason values). */
export function closeReason(error: unknown, state: { paired: boolean; qrShown: boolean }): CloseReason {
  const code = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
  if (code === 401 || code === 411) return 'loggedOut';
  if (code === 515) return 'restartRequired';
  if (code === 440) return 'replaced';
  if (code === 408 && !state.paired && state.qrShown) return 'qrTimeout';
  return 'lost';
}

// ---------------------------------------------------------------- auth state

/**
 * Baileys' AuthenticationState over our KeyStore (rows of channels.session_keys): the credentials under
 * 'creds', each signal key under '<type>-<id>'. Values are stored as JSON with Buffers in BufferJSON's
 * form and revived on read, so a session resumes on any worker.
 */
export async function createAuthState(store: KeyStore, lib: AuthHelpers): Promise<{ creds: AuthenticationCreds; keys: SignalKeyStore; saveCreds(): Promise<void> }> {
  const toStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value, lib.BufferJSON.replacer));
  const fromStored = (value: unknown): unknown => (value === null || value === undefined ? value : JSON.parse(JSON.stringify(value), lib.BufferJSON.reviver));
  const stored = (await store.get(['creds'])).get('creds');
  const creds = (stored ? fromStored(stored) : lib.initAuthCreds()) as AuthenticationCreds;
  const keys: SignalKeyStore = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found = await store.get(ids.map((id) => `${type}-${id}`));
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        let value = fromStored(found.get(`${type}-${id}`));
        if (value === null || value === undefined) continue;
        if (type === 'app-state-sync-key') value = lib.proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
        out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    set: async (data: SignalDataSet) => {
      const entries: { key: string; value: unknown | null }[] = [];
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) entries.push({ key: `${type}-${id}`, value: value ? toStored(value) : null });
      }
      if (entries.length > 0) await store.set(entries);
    },
    clear: () => store.clear(),
  };
  return { creds, keys, saveCreds: () => store.set([{ key: 'creds', value: toStored(creds) }]) };
}

// ---------------------------------------------------------------- the driver

/** What sendMessage gets for a command (media read from storage by the caller). */
export function outboundContent(command: SendCommand, jid: string, media: Buffer | null): Parameters<WASocket['sendMessage']>[1] {
  const target = (fromMe: boolean): WAMessageKey => ({ remoteJid: jid, id: command.targetWid ?? '', fromMe });
  const contextInfo = command.quotedWid ? { contextInfo: { stanzaId: command.quotedWid, participant: jid, quotedMessage: { conversation: '' } } } : {};
  switch (command.kind) {
    case 'edit':
      return { text: command.body, edit: target(true) };
    case 'delete':
      return { delete: target(true) };
    case 'reaction':
      // Attendants react to what the contact wrote.
      return { react: { text: command.body, key: target(false) } };
    default: {
      if (!command.media || !media) return { text: command.body, ...contextInfo };
      const mimetype = command.media.mimetype;
      const caption = command.body || undefined;
      switch (command.media.mediaType) {
        case 'image':
          return { image: media, mimetype, caption, ...contextInfo };
        case 'video':
          return { video: media, mimetype, caption, ...contextInfo };
        case 'audio':
          return { audio: media, mimetype, ptt: mimetype.startsWith('audio/ogg') };
        case 'sticker':
          return { sticker: media, mimetype };
        default:
          return { document: media, mimetype, fileName: command.media.filename ?? 'file', caption, ...contextInfo };
      }
    }
  }
}

/** Ids of what this session sent lately: their echo in messages.upsert is not a new message. */
class RecentWids {
  private readonly ids = new Set<string>();
  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > 2_000) this.ids.delete(this.ids.values().next().value!);
  }
  has(id: string): boolean {
    return this.ids.has(id);
  }
}

/**
 * A WhatsApp session over Baileys. It reports OPENING, qrcode (QR text), CONNECTED (with the number) and
 * DISCONNECTED; when the socket cannot connect it reconnects by itself with back-off (session-state
 * rules), stays down after a QR timeout or a takeover, and reports loggedOut when the phone removed it.
 */
export type BaileysDriverOptions = {
  /** WhatsApp's websocket address (default Baileys' own); tests point it at a local port. */
  waWebSocketUrl?: string;
};

export const baileysDriverFactory = (options: BaileysDriverOptions = {}): DriverFactory => async (context: DriverContext): Promise<ChannelDriver> => {
  const lib: BaileysModule = await import('@whiskeysockets/baileys');
  const makeSocket = lib.makeWASocket;
  const auth = await createAuthState(context.keys, lib);
  const parentLevel = context.logger.levelVal;
  // Baileys logs every frame at debug/trace: it gets warnings only, unless ours are quieter.
  const logger = context.logger.child({ module: 'baileys' }, { level: parentLevel >= 40 ? context.logger.level : 'warn' });
  const sent = new RecentWids();
  let socket: WASocket | null = null;
  let open = false;
  let closed = false;
  let failures = 0;
  let qrShown = false;
  let reconnect: NodeJS.Timeout | undefined;
  let inbound: Promise<void> = Promise.resolve();

  const me = () => jidToNumber(auth.creds.me?.id);

  /** Downloads and stores an inbound message's media; a failed download leaves key null (tickets shows it as missing). */
  const withMedia = async (sock: WASocket, message: WAMessage, mapped: NonNullable<ReturnType<typeof toInbound>>): Promise<Inbound> => {
    if (!mapped.media || ['locationMessage', 'contactMessage'].includes(mapped.media.mediaType)) return mapped;
    try {
      const data = await lib.downloadMediaMessage(message, 'buffer', {}, { logger, reuploadRequest: sock.updateMediaMessage });
      const key = await context.storeMedia(data, mapped.media.filename ?? `${mapped.wid}`, mapped.media.mimetype);
      return { ...mapped, media: { ...mapped.media, key, size: data.length } };
    } catch (err) {
      context.logger.warn({ err, wid: mapped.wid }, 'inbound media download failed');
      return mapped;
    }
  };

  const connect = (): void => {
    if (closed) return;
    reconnect = undefined;
    qrShown = false;
    const sock = makeSocket({
      auth: { creds: auth.creds, keys: lib.makeCacheableSignalKeyStore(auth.keys, logger) },
      logger,
      browser: lib.Browsers.ubuntu('Atende'),
      markOnlineOnConnect: false,
      // A connection importing its history asks WhatsApp for all of it on pairing (else the recent part only).
      syncFullHistory: context.importHistory,
      shouldSyncHistoryMessage: ({ syncType }) => context.importHistory || syncType !== HISTORY_FULL,
      generateHighQualityLinkPreview: false,
      getMessage: async () => undefined,
      ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
    });
    socket = sock;
    const current = () => socket === sock && !closed;

    sock.ev.on('creds.update', () => {
      auth.saveCreds().catch((err) => context.logger.error({ err }, 'saving session credentials failed'));
    });

    sock.ev.on('connection.update', (update) => {
      if (!current()) return;
      if (update.qr) {
        qrShown = true;
        context.events.status({ status: 'qrcode', qrcode: update.qr });
      }
      if (update.connection === 'open') {
        open = true;
        failures = 0;
        context.events.status({ status: 'CONNECTED', number: jidToNumber(sock.user?.id) || me() });
      } else if (update.connection === 'close') {
        open = false;
        socket = null;
        const reason = closeReason(update.lastDisconnect?.error, { paired: !!auth.creds.me, qrShown });
        const next = afterClose(reason, failures);
        context.logger.info({ reason, failures }, 'whatsapp socket closed');
        if (next.kind === 'loggedOut') {
          closed = true;
          context.events.loggedOut();
          return;
        }
        if (next.kind === 'idle') {
          context.events.status({ status: 'DISCONNECTED' });
          return;
        }
        if (next.delayMs > 0) {
          failures++;
          context.events.status({ status: 'DISCONNECTED' });
        }
        reconnect = setTimeout(() => {
          if (!closed) context.events.status({ status: 'OPENING' });
          connect();
        }, next.delayMs);
        reconnect.unref();
      }
    });

    sock.ev.on('messages.upsert', ({ messages }) => {
      for (const message of messages) {
        // One after the other: a slow media download does not let a later message overtake it.
        inbound = inbound.then(async () => {
          if (!current() || (message.key.id && sent.has(message.key.id))) return;
          const change = toChange(message);
          if (change) return context.events.changed(change);
          const mapped = toInbound(message, me());
          if (mapped) context.events.message(await withMedia(sock, message, mapped));
        }).catch((err) => context.logger.error({ err }, 'inbound message failed'));
      }
    });

    // What the phone knows (its address book, its chats): stored for POST /contacts/import.
    const reportContacts = (contacts?: readonly Partial<Contact>[], chats?: readonly Partial<Chat>[]) => {
      if (!current()) return;
      const list = toPhoneContacts(contacts, chats);
      if (list.length > 0) context.events.contacts(list);
    };
    // The history WhatsApp sends on pairing: the session manager imports the messages the connection asks for.
    sock.ev.on('messaging-history.set', (event) => {
      if (!current()) return;
      const messages: HistoryMessage[] = historyMessages(event, me()).map(({ source, inbound: mapped }) =>
        mapped.media && !['locationMessage', 'contactMessage'].includes(mapped.media.mediaType)
          ? { ...mapped, loadMedia: async () => (await withMedia(sock, source, mapped)).media }
          : mapped,
      );
      context.events.history({ messages, progress: event.progress ?? null, final: isLastHistoryPiece(event, context.importHistory) });
      reportContacts(event.contacts, event.chats);
    });

    sock.ev.on('contacts.upsert', (contacts) => reportContacts(contacts));
    sock.ev.on('contacts.update', (contacts) => reportContacts(contacts));
    sock.ev.on('chats.upsert', (chats) => reportContacts([], chats));

    sock.ev.on('messages.update', (updates) => {
      if (!current()) return;
      for (const { key, update } of updates) {
        if (!key.id) continue;
        const ack = ackOf(update.status);
        if (key.fromMe && ack !== null) context.events.ack({ messageId: null, wid: key.id, ack, error: null });
        // A revoke seen as an update: the message is gone (stub REVOKE = 1).
        if (update.message === null && update.messageStubType === 1) context.events.changed({ wid: key.id, kind: 'revoked', body: null, reaction: null });
        const edited = update.message?.editedMessage?.message ?? update.message?.protocolMessage?.editedMessage;
        if (edited) context.events.changed({ wid: key.id, kind: 'edited', body: messageBody(unwrapMessage(edited)).slice(0, 65_536), reaction: null });
      }
    });

    sock.ev.on('call', (calls) => {
      if (!current()) return;
      for (const call of calls) {
        const offered = toIncomingCall(call);
        if (offered) context.events.call(offered);
      }
    });

    sock.ev.on('messages.reaction', (reactions) => {
      if (!current()) return;
      for (const event of reactions) {
        const change = toReaction(event);
        if (change) context.events.changed(change);
      }
    });
  };

  connect();

  const shut = (): WASocket | null => {
    closed = true;
    open = false;
    if (reconnect) clearTimeout(reconnect);
    const sock = socket;
    socket = null;
    return sock;
  };

  return {
    async send(command) {
      const sock = socket;
      if (!sock || !open || closed) throw new SessionNotConnectedError();
      const jid = recipientJid(command.to);
      const media = command.media?.key && ['text', 'media', 'forward'].includes(command.kind) ? await context.readMedia(command.media.key) : null;
      const result = await sock.sendMessage(jid, outboundContent(command, jid, media));
      const wid = result?.key.id ?? null;
      if (wid) sent.add(wid);
      return { wid };
    },
    async logout() {
      const sock = shut();
      if (!sock) return;
      await sock.logout().catch((err: unknown) => context.logger.warn({ err }, 'whatsapp logout failed'));
    },
    async close() {
      shut()?.end(undefined);
    },
    async rejectCall(call) {
      const sock = socket;
      if (!sock || !open || closed) throw new SessionNotConnectedError();
      await sock.rejectCall(call.id, call.fromJid);
    },
  };
};

/** The WhatsApp driver sessions use by default. */
export const createBaileysDriver: DriverFactory = baileysDriverFactory();
