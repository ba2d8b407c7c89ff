import { buffer } from 'node:stream/consumers';
import { ask, mediaWhitelists, sniffType, type Emit, type Storage } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import type { TicketRow } from '../db/tickets.repository.js';
import { ownMediaKey } from './inbound.js';
import { mediaKindOf } from './message-actions.js';
import { postAutomaticText, postMessage, type MessageMedia } from './outbound.js';
import type { ContactRow } from './presenters.js';

/** How long the chatbot waits for channels to answer which files a list has (the contact's message is being handled meanwhile). */
export const FILE_LIST_ASK_TIMEOUT_MS = 5_000;

export type FileListSend = {
  ticket: TicketRow;
  contact: ContactRow;
  connection: ConnectionProjection | undefined;
  /** The queue the contact is in (the {{queue}} variable of the list's message). */
  queue: { name: string } | null;
  fileListId: number;
  now: Date;
};

type Posted = Awaited<ReturnType<typeof postMessage>>;

/** The extension a storage key ends with (keys are `company<id>/<area>/<uuid>.<ext>`). */
export function keyExtension(key: string): string {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(key)?.[1];
  return ext ? ext.toLowerCase() : 'bin';
}

/** The file name the contact sees: the option's name with the file's extension (once), without path characters. */
export function fileNameFor(optionName: string, ext: string): string {
  const base = optionName.replace(/[\\/\0\r\n]/g, '_').trim().slice(0, 190) || 'arquivo';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/** Images and videos carry the option's name as their caption; documents and audio show it as their file name, or nothing. */
export const captionFor = (kind: string, optionName: string): string => (kind === 'image' || kind === 'video' ? optionName.trim() : '');

/**
 * Another service's file (`key`, of the company) copied into the company's messages folder, so the
 * conversation keeps it when the original is replaced or deleted; null when it is not there any more.
 * `mime` unknown: read from its bytes (a type no conversation takes is refused).
 */
export async function copyIntoConversation(storage: Storage, companyId: number, key: string, mime?: string): Promise<Omit<MessageMedia, 'name'> | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const data = await buffer(opened.stream);
  const type = mime ? { mime, ext: keyExtension(key) } : await sniffType(data, mediaWhitelists.message);
  const saved = await storage.save(companyId, 'messages', data, type);
  return { key: saved.key, mime: type.mime, size: saved.size };
}

/**
 * Sends a file list of the channels service to a contact (spec 001 §3: a queue's fileListId, a chatbot
 * option of type 'file'): its message (variables replaced), then each of its files, as bot messages
 * through the outbound path. Each file is copied into the company's messages folder, so the
 * conversation keeps it when the list is edited or deleted. A list that is gone, or a channels service
 * that does not answer, sends nothing (logged): the conversation goes on.
 */
export function createFileListSender(deps: TicketsDeps) {
  const { ctx } = deps;

  /** The file under `key` copied as a message attachment; null when it is not there any more. */
  const copy = async (companyId: number, key: string, mime: string, optionName: string): Promise<MessageMedia | null> => {
    const copied = await copyIntoConversation(ctx.storage, companyId, key, mime);
    return copied && { ...copied, name: fileNameFor(optionName, keyExtension(key)) };
  };

  return {
    /** Answers the last message posted (the ticket as it is after it), or null when nothing was sent. */
    async send(tx: TicketsDb, emit: Emit, input: FileListSend): Promise<Posted | null> {
      const companyId = input.ticket.companyId;
      let list;
      try {
        list = await ask(ctx.bus, 'channels.fileList.get', { companyId, fileListId: input.fileListId }, { timeoutMs: FILE_LIST_ASK_TIMEOUT_MS });
      } catch (err) {
        ctx.logger.warn({ err, companyId, fileListId: input.fileListId, ticketId: input.ticket.id }, 'file list not sent: channels did not answer');
        return null;
      }
      if (!list) return null;

      let last: Posted | null = null;
      let ticket = input.ticket;
      const common = { contact: input.contact, user: null, queue: input.queue, connection: input.connection, userId: null, now: input.now };
      const said = await postAutomaticText(deps, tx, emit, { ...common, ticket, text: list.message });
      if (said) {
        last = said;
        ticket = said.ticket;
      }
      for (const option of list.options) {
        const key = ownMediaKey(companyId, option.path);
        if (!key) continue;
        const mime = option.mediaType || 'application/octet-stream';
        let media: MessageMedia | null = null;
        try {
          media = await copy(companyId, key, mime, option.name);
        } catch (err) {
          ctx.logger.warn({ err, companyId, fileListId: input.fileListId, key }, 'file of a file list not copied');
        }
        if (!media) continue;
        const kind = mediaKindOf(mime, null);
        const posted = await postMessage(deps, tx, emit, { ticket, contact: input.contact, body: captionFor(kind, option.name), userId: null, mediaType: kind, media });
        last = posted;
        ticket = posted.ticket;
      }
      return last;
    },
  };
}
export type FileListSender = ReturnType<typeof createFileListSender>;
