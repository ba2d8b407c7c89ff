import type { Logger } from 'pino';
import type { EventData, SendCommand, SessionStatus } from '@atende/kit';

/**
 * What a session's driver reports (the session manager turns these into state, events and
 * channels.message.* publications). A driver never touches the database or the bus itself.
 */
export type DriverEvents = {
  /** A new state; qrcode is the QR text while status is 'qrcode' (else ''). `number`: the phone once connected. */
  status(update: { status: SessionStatus; qrcode?: string; number?: string }): void;
  /** A message in a chat of this connection (from the contact, or sent from the phone: fromMe). */
  message(message: Omit<EventData<'channels.message.received'>, 'connectionId' | 'channel'>): void;
  /** Delivery progress of a message this session sent or received. */
  ack(update: EventData<'channels.message.ack'>): void;
  /** A contact edited, revoked or reacted. */
  changed(update: Omit<EventData<'channels.message.changed'>, 'connectionId'>): void;
  /** The credentials were revoked (logged out from the phone): the session manager drops the stored keys. */
  loggedOut(): void;
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
};

export type DriverFactory = (context: DriverContext) => Promise<ChannelDriver>;
