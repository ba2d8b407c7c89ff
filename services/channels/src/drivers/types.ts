import type { Logger } from 'pino';
import type { EventData, SendCommand, SessionStatus } from '@atende/kit';

/** A message as a driver reports it (the session manager adds the connection and channel). */
export type InboundMessage = Omit<EventData<'channels.message.received'>, 'connectionId' | 'channel' | 'imported'>;

/** A message of the chat history a channel hands a newly paired session; its media is downloaded only if it is imported. */
export type HistoryMessage = InboundMessage & {
  /** Downloads and stores the message's media (null when it cannot be had any more). */
  loadMedia?: () => Promise<InboundMessage['media']>;
};

/** One piece of that history (WhatsApp sends it in pieces after pairing). */
export type HistoryBatch = {
  messages: HistoryMessage[];
  /** The channel's own progress of the whole history, in percent (null: not told). */
  progress: number | null;
  /** The channel said this is the last piece. */
  final: boolean;
};

/**
 * A person (or group) the connection's phone knows, as a driver learns of it: from the address book
 * (inPhonebook: saved there under `name`) or from its chats (hasChat). A report is partial: the session
 * manager merges it into what it stored before (flags only ever turn on; an address-book name wins).
 */
export type PhoneContact = {
  /** Digits of the phone number (a group's id for a group). */
  number: string;
  /** The address-book name, else the name the person chose (push name) or a group's subject; '' when none is known. */
  name: string;
  inPhonebook: boolean;
  hasChat: boolean;
  isGroup: boolean;
  /** The contact's LID (…@lid) when told. */
  lid: string | null;
};

/**
 * What a session's driver reports (the session manager turns these into state, events and
 * channels.message.* publications). A driver never touches the database or the bus itself.
 */
export type DriverEvents = {
  /** A new state; qrcode is the QR text while status is 'qrcode' (else ''). `number`: the phone once connected. */
  status(update: { status: SessionStatus; qrcode?: string; number?: string }): void;
  /** A message in a chat of this connection (from the contact, or sent from the phone: fromMe). */
  message(message: InboundMessage): void;
  /** A piece of the chat history sent on pairing (the session manager imports what the connection asks for, or drops it). */
  history(batch: HistoryBatch): void;
  /** Delivery progress of a message this session sent or received. */
  ack(update: EventData<'channels.message.ack'>): void;
  /** A contact edited, revoked or reacted. */
  changed(update: Omit<EventData<'channels.message.changed'>, 'connectionId'>): void;
  /** The credentials were revoked (logged out from the phone): the session manager drops the stored keys. */
  loggedOut(): void;
  /** A contact is calling (a voice or video call offered, not in a group). */
  call(call: IncomingCall): void;
  /** People and groups the phone knows (address book, chats), as they are learnt; merged into what was told before. */
  contacts(list: PhoneContact[]): void;
};

/** A call offered to the connection's phone. */
export type IncomingCall = {
  /** The channel's id of the call, and the caller's address (both needed to refuse it). */
  id: string;
  fromJid: string;
  /** The caller as inbound messages name a contact. */
  contact: InboundMessage['contact'];
  isVideo: boolean;
};

/** The credentials store a driver keeps its auth state in (rows of channels.session_keys). */
export type KeyStore = {
  get(keys: string[]): Promise<Map<string, unknown>>;
  set(entries: { key: string; value: unknown | null }[]): Promise<void>;
  clear(): Promise<void>;
};

export type DriverContext = {
  connectionId: number;
  companyId: number;
  keys: KeyStore;
  events: DriverEvents;
  /**
   * The connection waits for a history import (spec 001 §3 importOldMessages): a WhatsApp session asks
   * for the full history when it pairs (without it WhatsApp sends only the recent part).
   */
  importHistory: boolean;
  logger: Logger;
  /** Reads a stored media file (outbound media) by its storage key. */
  readMedia(key: string): Promise<Buffer>;
  /** Stores an inbound media file under the company's folder; answers its key. */
  storeMedia(data: Buffer, filename: string, mimetype: string): Promise<string>;
};

/** One running session of one connection (WhatsApp via Baileys, …). */
export type ChannelDriver = {
  /** Deliver a command; answers the channel's message id (wid) of what was sent. */
  send(command: SendCommand): Promise<{ wid: string | null }>;
  /** Log out (the phone forgets this device) and close. */
  logout(): Promise<void>;
  /** Close the connection, keeping the credentials (another worker may resume it). */
  close(): Promise<void>;
  /** Refuse a call being offered (channels that take calls). */
  rejectCall?(call: Pick<IncomingCall, 'id' | 'fromJid'>): Promise<void>;
};

export type DriverFactory = (context: DriverContext) => Promise<ChannelDriver>;
