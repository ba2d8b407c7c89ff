import { AppError, mediaWhitelists, sniffType, validationError, type AuthUser, type Message, type Ticket } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { messagesRepository, type MessageRow } from '../db/messages.repository.js';
import { loadTicketDetail } from '../db/ticket-details.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { createAccess, type Caller } from './access.js';
import { announceTicket, emitSend, messageVariables, postMessage, previewFollows, scopeOf, type MessageKind, type MessageMedia } from './outbound.js';
import type { ContactRow } from './presenters.js';
import { holderError } from './ticket-actions.js';
import { newTicketStatus } from './tickets.js';

export const MESSAGES_PAGE_SIZE = 20;
/** The same text on the same ticket within this window is stored once (spec 000 §2, §9). */
export const DUPLICATE_WINDOW_SECONDS = 5;
/** Own messages may be edited this long after they were written (spec 000 §9). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

export type UploadedFile = { data: Buffer; filename: string | null; mimetype: string | null };
export type SendInput = {
  body: string;
  isPrivate: boolean;
  quotedMsgId: number | null;
  vCard: string | { name: string; number: string } | null;
  files: UploadedFile[];
  /** Per-file captions (multipart `body` repeated); the first one otherwise goes with the first file. */
  captions?: string[];
};

/** The kind of a message from the type its bytes have (a browser recording sniffs as video/webm but is declared audio). */
export function mediaKindOf(mime: string, declared: string | null): MessageKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return declared?.startsWith('audio/') ? 'audio' : 'video';
  return 'application';
}

/** A vCard for a contact card message. */
export function vCardText(card: string | { name: string; number: string }): string {
  if (typeof card === 'string') return card;
  const digits = card.number.replace(/\D/g, '');
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${card.name};;;`, `FN:${card.name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
}

const sanitizeName = (name: string | null): string | null => (name ? name.replace(/[\\/\0\r\n]/g, '_').slice(0, 200) : null);

/** What WhatsApp lets be edited: a text, or the caption of an image, a video or a document (not a contact card, an audio...). */
const EDITABLE_KINDS = new Set(['chat', 'image', 'video', 'application']);

/**
 * Messenger and Instagram take no edit, delete or reaction from a page: such a change of a message sent there
 * would show here and never reach the contact, so it is refused (private notes, which go nowhere, excepted).
 */
const SOCIAL_CHANNELS = new Set(['facebook', 'instagram']);
const reachesNoContact = (ticket: TicketRow, row: MessageRow): boolean => !row.isPrivate && SOCIAL_CHANNELS.has(ticket.channel);

/** The signature a signed message starts with ('*Ana Atendente:*' and a line break). */
const SIGNATURE = /^\*[^*\n]{1,100}:\*\n/;

/** Messages of a conversation: history, sending (text, media, contact cards, notes), edit, delete, react, forward. */
export function createConversation(deps: TicketsDeps) {
  const { db, unitOfWork, ctx } = deps;
  const access = createAccess(deps);

  const contactOf = async (tx: TicketsDb, ticket: TicketRow): Promise<ContactRow> => {
    const contact = await ticketsRepository(tx).contact(ticket.companyId, ticket.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
    return contact;
  };

  /** The message and its ticket, if the caller may see that ticket. */
  const visibleMessage = async (tx: TicketsDb, c: Caller, id: number, lock = false): Promise<{ row: MessageRow; ticket: TicketRow }> => {
    const row = await messagesRepository(tx).findById(c.companyId, id, { lock });
    if (!row) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Message not found');
    const ticket = await ticketsRepository(tx).findById(c.companyId, row.ticketId);
    if (!ticket || !access.canSee(c, ticket)) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Message not found');
    return { row, ticket };
  };

  const own = (c: Caller, row: MessageRow) => row.fromMe && row.userId === c.auth.userId;


  const announceUpdate = async (tx: TicketsDb, emit: Parameters<Parameters<typeof unitOfWork>[0]>[1], row: MessageRow, ticket: TicketRow): Promise<Message> => {
    const [message] = await messagesRepository(tx).present([row.id], ticket, deps.mediaUrl);
    await emit('tickets.message.updated', ticket.companyId, { message: message!, scope: scopeOf(ticket) });
    return message!;
  };

  return {
    /** A page of the conversation (20, newest page first, oldest first within it); reading it clears the unread count. */
    /** GET /messages/:ticketId for a caller (resolved by the route: its answers are cached per viewer). */
    async page(c: Caller, ticketId: number, pageNumber: number): Promise<{ messages: Message[]; ticket: Ticket; count: number; hasMore: boolean }> {
      let ticket = await access.visibleTicket(db, c, ticketId);
      const repo = messagesRepository(db);
      // Nothing to reset (the usual case): the ticket's details are read alongside the page.
      const early = ticket.unreadMessages > 0 ? undefined : loadTicketDetail(db, c.companyId, ticket.id);
      early?.catch(() => undefined); // awaited below
      const [page, count] = await Promise.all([repo.page(ticket, pageNumber, MESSAGES_PAGE_SIZE, deps.mediaUrl), repo.count(ticket.id)]);
      if (ticket.unreadMessages > 0) {
        ticket = await unitOfWork(async (tx, emit) => {
          const updated = await ticketsRepository(tx).update(c.companyId, ticketId, { unreadMessages: 0, updatedAt: ticket.updatedAt });
          await messagesRepository(tx).markRead(ticketId);
          await emit('tickets.ticket.unreadReset', c.companyId, { ticketId, scope: scopeOf(updated) });
          return updated;
        });
      }
      const details = await (early ?? loadTicketDetail(db, c.companyId, ticket.id));
      if (!details) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
      return { messages: page.messages, ticket: details, count, hasMore: page.hasMore };
    },

    async send(auth: AuthUser, ticketId: number, input: SendInput): Promise<{ message: Message; messages: Message[]; duplicate: boolean }> {
      const c = await access.caller(auth);
      const text = input.vCard ? vCardText(input.vCard) : input.body;
      if (!text.trim() && input.files.length === 0) throw validationError('body', 'Required');
      // Check the ticket before touching storage.
      const before = await access.visibleTicket(db, c, ticketId);
      if (before.status !== 'open' && before.status !== 'group') throw new AppError('ERR_CREATING_MESSAGE', 'Messages can only be sent on open tickets');

      const stored: (MessageMedia & { kind: MessageKind })[] = [];
      try {
        for (const file of input.files) {
          const type = await sniffType(file.data, mediaWhitelists.message);
          const saved = await ctx.storage.save(c.companyId, 'messages', file.data, type);
          stored.push({ key: saved.key, mime: type.mime, size: saved.size, name: sanitizeName(file.filename), kind: mediaKindOf(type.mime, file.mimetype) });
        }
        return await unitOfWork(async (tx, emit) => {
          const ticket = await access.visibleTicket(tx, c, ticketId, { lock: true });
          if (ticket.status !== 'open' && ticket.status !== 'group') throw new AppError('ERR_CREATING_MESSAGE', 'Messages can only be sent on open tickets');
          const repo = messagesRepository(tx);
          let quoted: MessageRow | undefined;
          if (input.quotedMsgId) {
            quoted = await repo.findById(c.companyId, input.quotedMsgId);
            if (!quoted || quoted.ticketId !== ticket.id) throw validationError('quotedMsg', 'must be a message of this ticket');
          }
          await repo.lockConversation(ticket.id);
          const contact = await contactOf(tx, ticket);
          // What goes to the contact has its {{variables}} replaced (a quick reply's 'Olá {{firstName}}'); a
          // private note and a contact card stay as written.
          const personalize = input.isPrivate || input.vCard ? (t: string) => t : await messageVariables(deps, tx, { ticket, contact, user: c.user }, [input.body, ...(input.captions ?? [])]);
          const body = personalize(text);
          if (stored.length === 0) {
            const duplicate = await repo.recentDuplicate(ticket.id, body, input.isPrivate, DUPLICATE_WINDOW_SECONDS);
            if (duplicate) {
              const [message] = await repo.present([duplicate.id], ticket, deps.mediaUrl);
              return { message: message!, messages: [message!], duplicate: true };
            }
          }
          const created: Message[] = [];
          let current = ticket;
          if (stored.length === 0) {
            const posted = await postMessage(deps, tx, emit, {
              ticket: current, contact, body, userId: auth.userId, isPrivate: input.isPrivate, quoted: quoted ?? null, mediaType: input.vCard ? 'contactMessage' : 'chat',
            });
            created.push(posted.message);
          } else {
            for (const [i, media] of stored.entries()) {
              const caption = personalize(input.captions?.[i] ?? (i === 0 ? input.body : ''));
              const posted = await postMessage(deps, tx, emit, {
                ticket: current, contact, body: caption, userId: auth.userId, isPrivate: input.isPrivate, quoted: i === 0 ? (quoted ?? null) : null, mediaType: media.kind, media,
              });
              current = posted.ticket;
              created.push(posted.message);
            }
          }
          return { message: created[0]!, messages: created, duplicate: false };
        });
      } catch (err) {
        for (const file of stored) await ctx.storage.remove(file.key).catch(() => undefined);
        throw err;
      }
    },

    async edit(auth: AuthUser, id: number, body: string): Promise<Message> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const { row, ticket } = await visibleMessage(tx, c, id, true);
        if (!own(c, row)) throw new AppError('ERR_NO_PERMISSION', 'Only your own messages can be edited');
        if (row.isDeleted) throw new AppError('ERR_EDITING_WAPP_MSG', 'A deleted message cannot be edited');
        if (Date.now() - row.createdAt.getTime() > EDIT_WINDOW_MS) throw new AppError('ERR_EDITING_WAPP_MSG', 'Messages can only be edited within 15 minutes');
        if (!EDITABLE_KINDS.has(row.mediaType)) throw new AppError('ERR_EDITING_WAPP_MSG', 'Only a text or a file caption can be edited');
        if (reachesNoContact(ticket, row)) throw new AppError('ERR_EDITING_WAPP_MSG', `Messages cannot be edited on ${ticket.channel}`);
        const updated = await messagesRepository(tx).update(row.id, { body, isEdited: true });
        if (!row.isPrivate) await emitSend(emit, ticket, await contactOf(tx, ticket), updated, { kind: 'edit', targetWid: row.wid });
        await previewFollows(tx, emit, updated, ticket);
        return announceUpdate(tx, emit, updated, ticket);
      });
    },

    async remove(auth: AuthUser, id: number): Promise<Message> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const { row, ticket } = await visibleMessage(tx, c, id, true);
        if (!own(c, row)) throw new AppError('ERR_NO_PERMISSION', 'Only your own messages can be deleted');
        if (row.isDeleted) {
          const [message] = await messagesRepository(tx).present([row.id], ticket, deps.mediaUrl);
          return message!;
        }
        if (reachesNoContact(ticket, row)) throw new AppError('ERR_DELETE_WAPP_MSG', `Messages cannot be deleted on ${ticket.channel}`);
        const updated = await messagesRepository(tx).update(row.id, { isDeleted: true });
        if (!row.isPrivate) await emitSend(emit, ticket, await contactOf(tx, ticket), updated, { kind: 'delete', targetWid: row.wid });
        await previewFollows(tx, emit, updated, ticket);
        return announceUpdate(tx, emit, updated, ticket);
      });
    },

    /** One reaction per user per message: a new one replaces theirs. */
    async react(auth: AuthUser, id: number, emoji: string): Promise<Message> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const { row, ticket } = await visibleMessage(tx, c, id, true);
        if (row.isDeleted) throw validationError('id', 'A deleted message cannot be reacted to');
        if (reachesNoContact(ticket, row)) throw validationError('reaction', `reactions are not sent on ${ticket.channel}`);
        const reactions = [
          ...row.reactions.filter((r) => !(r.fromMe && r.userId === auth.userId)),
          { emoji, fromMe: true, userId: auth.userId, contactId: null, createdAt: new Date().toISOString() },
        ];
        const updated = await messagesRepository(tx).update(row.id, { reactions });
        if (!row.isPrivate) await emitSend(emit, ticket, await contactOf(tx, ticket), updated, { kind: 'reaction', targetWid: row.wid, body: emoji });
        return announceUpdate(tx, emit, updated, ticket);
      });
    },

    /** Copy a message to a contact's ticket on the same connection (created open for the caller when there is none). */
    async forward(auth: AuthUser, input: { messageId: number; contactId: number; signMessage?: boolean }): Promise<{ message: Message; ticket: Ticket }> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const { row, ticket: source } = await visibleMessage(tx, c, input.messageId);
        if (row.isDeleted) throw validationError('messageId', 'A deleted message cannot be forwarded');
        if (row.isPrivate) throw validationError('messageId', 'A private note cannot be forwarded');
        const tickets = ticketsRepository(tx);
        const contact = await tickets.contact(c.companyId, input.contactId);
        if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
        let target = await tickets.findActive(c.companyId, contact.id, source.whatsappId, { lock: true });
        // The contact's conversation under way is only written to as POST /messages would: one the caller may
        // see, open (or a group); one held elsewhere is named as ticket creation names it.
        if (target && !access.canSee(c, target)) throw await holderError(tx, c.companyId, contact.id, source.whatsappId);
        if (target && target.status !== 'open' && target.status !== 'group') throw new AppError('ERR_CREATING_MESSAGE', 'Messages can only be sent on open tickets');
        if (!target) {
          const status = newTicketStatus(undefined, contact.isGroup);
          if (c.user) await access.companyUser(tx, c.companyId, auth.userId);
          target = await tickets.insertIfFree({
            companyId: c.companyId, contactId: contact.id, whatsappId: source.whatsappId, channel: source.channel, queueId: source.queueId, userId: auth.userId, status, isGroup: contact.isGroup,
          });
          if (target) {
            await logsRepository(tx).add(c.companyId, target.id, [
              { type: 'create', userId: auth.userId, queueId: target.queueId },
              { type: 'open', userId: auth.userId, queueId: target.queueId },
            ]);
            await announceTicket(tx, emit, target, 'new');
          } else {
            target = await tickets.findActive(c.companyId, contact.id, source.whatsappId, { lock: true });
            if (!target) throw new AppError('ERR_CREATING_TICKET', 'Could not open a ticket for the contact');
          }
        }
        // Signed anew, the message carries one signature: the forwarder's replaces the one it was stored with.
        const signed = input.signMessage && c.user && row.body.trim() ? `*${c.user.name}:*\n${row.body.replace(SIGNATURE, '')}` : row.body;
        const posted = await postMessage(deps, tx, emit, {
          ticket: target,
          contact,
          body: signed,
          userId: auth.userId,
          mediaType: row.mediaType,
          media: row.mediaKey ? { key: row.mediaKey, mime: 'application/octet-stream', name: row.mediaName, size: 0 } : null,
          forwardOf: { wid: row.wid },
        });
        const details = await loadTicketDetail(tx, c.companyId, posted.ticket.id);
        return { message: posted.message, ticket: details! };
      });
    },
  };
}
export type Conversation = ReturnType<typeof createConversation>;
