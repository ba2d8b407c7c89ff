import type { Connection, Emit, EventData, MessageReceived, TicketStatus } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { inboundContactsRepository } from '../db/inbound-contacts.repository.js';
import { lookUpInbound } from '../db/inbound-lookup.repository.js';
import { logsRepository } from '../db/logs.repository.js';
import { messagesRepository } from '../db/messages.repository.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';
import { loadTicketDetail } from '../db/ticket-details.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { createAccess } from './access.js';
import { createAutoResponder, type ActiveFlags } from './auto-responder.js';
import { createBotTurns, type BotQueues } from './bot-turns.js';
import { createChatbot } from './chatbot-runtime.js';
import { consentNeeded } from './consent.js';
import { createConsentDesk } from './consent-runtime.js';
import { announceMessageWith, announceTicket, announceTicketWith, emitSend, lastMessagePreview, postAutomaticText, previewFollows, scopeOf } from './outbound.js';
import { toContact, type ContactRow } from './presenters.js';
import { createRatingDesk } from './rating-runtime.js';

/**
 * What the channels service reports: messages received (or sent from the phone), delivery acks,
 * edits/revokes/reactions, and connection changes. Every handler runs inside the consumer's
 * transaction (kit `consume`: the processed-event id is recorded in the same commit).
 */
type ContactInput = { number: string; name: string; pictureUrl: string | null; lid: string | null; remoteJid: string | null; isGroup: boolean };

/** Channel timestamps in seconds; anything absurd (clock skew, imports from nowhere) becomes now. */
export function messageTime(timestamp: number, now = Date.now()): Date {
  const ms = timestamp * 1000;
  return Number.isFinite(ms) && ms > now - 20 * 365 * 86_400_000 && ms < now + 86_400_000 ? new Date(ms) : new Date(now);
}

/** The status a new inbound ticket starts in. Groups: 'group' unless the connection treats groups as tickets (then the normal pending flow). */
export function inboundStatus(input: { isGroup: boolean; groupAsTicket: boolean; lgpd: boolean; consented: boolean }): TicketStatus {
  if (input.isGroup) return input.groupAsTicket ? 'pending' : 'group';
  return input.lgpd && !input.consented ? 'lgpd' : 'pending';
}

/** Only media the channel stored under this company's own folder is linked. */
/** The answer to an audio from a contact whose audio is not accepted. */
export const AUDIO_NOT_ACCEPTED = 'Infelizmente não conseguimos ouvir áudios por este canal de atendimento. Por favor, envie sua mensagem por *texto*.';

export const ownMediaKey = (companyId: number, key: string | null | undefined): string | null =>
  key && key.startsWith(`company${companyId}/`) && !key.includes('..') ? key : null;

/**
 * `autoResponses`: which companies have an active auto-response (handlers.ts keeps it fresh); without it none are sent.
 * `botQueues`: which queues have an integration or a prompt (handlers.ts keeps it fresh); without it no bot turn is announced.
 */
export function createInbound(deps: TicketsDeps, options: { autoResponses?: ActiveFlags; botQueues?: BotQueues } = {}) {
  const access = createAccess(deps);
  const chatbot = createChatbot(deps);
  const rating = createRatingDesk(deps);
  const consent = createConsentDesk(deps);
  const autoResponder = options.autoResponses ? createAutoResponder(deps, options.autoResponses) : null;
  const botTurns = options.botQueues ? createBotTurns(deps, options.botQueues) : null;

  /** Find the contact by number or lid (filling in what it lacks), or create it; concurrent creators meet on the unique indexes. */
  const upsertContact = async (
    tx: TicketsDb,
    emit: Emit,
    companyId: number,
    input: ContactInput,
    extra: { channel: string; whatsappId: number | null; learn: boolean; connection: Pick<ConnectionProjection, 'id' | 'name'> | undefined },
    /** The contact already looked up (and locked) by this number or lid. */
    prefound?: { contact: ContactRow | undefined },
    /** Contacts this transaction created are added here. */
    created?: Set<number>,
  ): Promise<ContactRow> => {
    const repo = inboundContactsRepository(tx);
    let found = prefound ? prefound.contact : await repo.find(companyId, input.number, input.lid);
    if (!found) {
      const inserted = await repo.insertIfNew({
        companyId,
        number: input.number,
        name: (input.name.trim() || input.number).slice(0, 250),
        lid: input.lid,
        remoteJid: input.remoteJid,
        isGroup: input.isGroup,
        channel: extra.channel,
        urlPicture: input.pictureUrl,
        whatsappId: extra.whatsappId,
        // A new person's audio is accepted as the company's acceptAudioMessageContact setting says.
        acceptAudioMessage: input.isGroup || (await access.settings(companyId)).on('acceptAudioMessageContact'),
      });
      if (inserted) {
        created?.add(inserted.id);
        // Just created: no tags yet, and its connection is the one the message came by.
        const connection = extra.connection && extra.connection.id === inserted.whatsappId ? { id: extra.connection.id, name: extra.connection.name } : null;
        await emit('tickets.contact.created', companyId, { contact: toContact(inserted, { tags: [], connection }) });
        return inserted;
      }
      found = await repo.find(companyId, input.number, input.lid);
      if (!found) throw new Error('contact creation raced and lost twice');
    }
    const changes: Partial<ContactRow> = {};
    if (input.lid && !found.lid && !(await repo.lidTaken(companyId, input.lid, found.id))) changes.lid = input.lid;
    if (input.remoteJid && !found.remoteJid) changes.remoteJid = input.remoteJid;
    if (extra.learn) {
      // Names typed by attendants win; only the placeholder (the number) is replaced by the channel's name.
      if (input.name.trim() && found.name === found.number && input.name.trim() !== found.name) changes.name = input.name.trim().slice(0, 250);
      if (input.pictureUrl && input.pictureUrl !== found.urlPicture) changes.urlPicture = input.pictureUrl;
    }
    if (Object.keys(changes).length === 0) return found;
    const updated = await repo.update(found.id, changes);
    if (changes.name !== undefined || changes.urlPicture !== undefined) await emit('tickets.contact.updated', companyId, { contact: await repo.present(updated) });
    return updated;
  };

  /** The contact's open ticket on the connection, else the last closed one reopened within timeCreateNewTicket, else a new one. */
  const ticketFor = async (
    tx: TicketsDb,
    emit: Emit,
    companyId: number,
    contact: ContactRow,
    connectionId: number,
    connection: ConnectionProjection | undefined,
    channel: string,
    /** The contact's active ticket, already looked up (and locked) after the contact was. */
    known?: { active: TicketRow | undefined },
  ): Promise<{ ticket: TicketRow; created: boolean; previous: ReturnType<typeof scopeOf> | null; /** The new ticket's log entries, sent and not awaited yet. */ logged?: Promise<void> }> => {
    const repo = ticketsRepository(tx);
    let active = known ? known.active : await repo.findActive(companyId, contact.id, connectionId, { lock: true });
    // A rating request left unanswered past the connection's limit ends; this message starts anew.
    if (active && rating.expired(active, connection)) {
      await rating.expire(tx, emit, active);
      active = undefined;
    }
    if (active) return { ticket: active, created: false, previous: scopeOf(active) };
    const settings = contact.isGroup ? null : await access.settings(companyId);
    const lgpd = settings?.on('enableLGPD') ?? false;
    const statusWhen = (consented: boolean) => inboundStatus({ isGroup: contact.isGroup, groupAsTicket: connection?.groupAsTicket === 'enabled', lgpd, consented });
    const status = statusWhen(!consentNeeded({ enableLGPD: lgpd, lgpdConsent: settings?.on('lgpdConsent') ?? false }, contact.lgpdAcceptedAt));
    // The connection's only queue, else none: where a new ticket (or one entering lgpd) waits.
    const queueId = connection && connection.queueIds.length === 1 ? connection.queueIds[0]! : null;
    const minutes = connection?.timeCreateNewTicket ?? 0;
    if (minutes > 0) {
      const last = await repo.lastClosed(companyId, contact.id, connectionId);
      if (last && last.updatedAt.getTime() > Date.now() - minutes * 60_000) {
        // A reopened ticket continues its conversation: a contact who consented already (lgpdConsent or not)
        // is not asked again. One who never did is asked first, the ticket starting over as a new lgpd one
        // (the connection's only queue or none, no menu step, no wrong answers counted).
        const reopenStatus = statusWhen(contact.lgpdAcceptedAt !== null);
        const restart =
          reopenStatus === 'lgpd' ? { queueId, chatbotId: null, isBot: false, useIntegration: false, amountUsedBotQueues: 0, botMenuAt: null } : {};
        const reopened = await repo.reopenIfClosed(companyId, last.id, { status: reopenStatus, userId: null, unreadMessages: 0, ...restart });
        if (reopened) {
          await logsRepository(tx).add(companyId, reopened.id, [{ type: 'reopen', userId: null, queueId: reopened.queueId }]);
          return { ticket: reopened, created: false, previous: scopeOf(last) };
        }
        const winner = await repo.findActive(companyId, contact.id, connectionId, { lock: true });
        if (winner) return { ticket: winner, created: false, previous: scopeOf(winner) };
      }
    }
    const inserted = await repo.insertIfFree({ companyId, contactId: contact.id, whatsappId: connectionId, queueId, status, channel, isGroup: contact.isGroup });
    if (inserted) {
      // Nothing waits on the log entries: the caller awaits them with its next statements (one round trip less).
      const logged = logsRepository(tx).add(companyId, inserted.id, [
        { type: 'create', userId: null, queueId },
        ...(queueId ? [{ type: 'queue' as const, userId: null, queueId }] : []),
      ]);
      logged.catch(() => undefined); // awaited by the caller; this only keeps a failure from going unhandled meanwhile
      return { ticket: inserted, created: true, previous: null, logged };
    }
    const winner = await repo.findActive(companyId, contact.id, connectionId, { lock: true });
    if (!winner) throw new Error('ticket creation raced and lost twice');
    return { ticket: winner, created: false, previous: scopeOf(winner) };
  };

  /**
   * The ticket of a message a history import hands on (spec 001 §3): the contact's active ticket on the
   * connection (an import never opens a second one), else, when the import closes its tickets, the one it
   * created for this contact before, else a new one in the import's queue, closed or pending, marked
   * imported. Never a reopened ticket, never an LGPD request.
   */
  const importedTicketFor = async (
    tx: TicketsDb,
    companyId: number,
    contact: ContactRow,
    connectionId: number,
    connection: ConnectionProjection | undefined,
    channel: string,
    imported: NonNullable<MessageReceived['imported']>,
    known?: { active: TicketRow | undefined },
  ): Promise<{ ticket: TicketRow; created: boolean; previous: ReturnType<typeof scopeOf> | null; logged?: Promise<void> }> => {
    const repo = ticketsRepository(tx);
    const active = known ? known.active : await repo.findActive(companyId, contact.id, connectionId, { lock: true });
    if (active) return { ticket: active, created: false, previous: scopeOf(active) };
    if (imported.closed) {
      const earlier = await repo.lastImported(companyId, contact.id, connectionId);
      if (earlier) return { ticket: earlier, created: false, previous: scopeOf(earlier) };
    }
    // The import's queue, unless it was deleted since.
    const queueId = imported.queueId !== null && (await repo.queue(companyId, imported.queueId)) ? imported.queueId : null;
    const status: TicketStatus = imported.closed
      ? 'closed'
      : inboundStatus({ isGroup: contact.isGroup, groupAsTicket: connection?.groupAsTicket === 'enabled', lgpd: false, consented: true });
    const now = new Date();
    const inserted = await repo.insertIfFree({
      companyId,
      contactId: contact.id,
      whatsappId: connectionId,
      queueId,
      status,
      channel,
      isGroup: contact.isGroup,
      imported: now,
      ...(status === 'closed' ? { closedAt: now } : {}),
    });
    if (inserted) {
      const logged = logsRepository(tx).add(companyId, inserted.id, [
        { type: 'create', userId: null, queueId },
        ...(queueId ? [{ type: 'queue' as const, userId: null, queueId }] : []),
        ...(status === 'closed' ? [{ type: 'closed' as const, userId: null, queueId }] : []),
      ]);
      logged.catch(() => undefined); // awaited by the caller
      return { ticket: inserted, created: true, previous: null, logged };
    }
    // Another message of this contact opened one meanwhile (the one-open-ticket index).
    const winner = await repo.findActive(companyId, contact.id, connectionId, { lock: true });
    if (!winner) throw new Error('ticket creation raced and lost twice');
    return { ticket: winner, created: false, previous: scopeOf(winner) };
  };

  /**
   * The company's connectionless tickets of a channel go to its delivering connection (the default if
   * connected, else the first connected of that channel), and their messages kept with ack 0 are handed
   * to it, oldest first. None connected: they keep waiting.
   */
  const attachWaiting = async (tx: TicketsDb, emit: Emit, companyId: number, channel: string): Promise<{ attached: number; resent: number }> => {
    const target = await projectionsRepository(tx).deliveringConnection(companyId, channel);
    if (!target) return { attached: 0, resent: 0 };
    const attached = await ticketsRepository(tx).attachConnectionless(companyId, target.id, channel);
    for (const ticket of attached) await announceTicket(tx, emit, ticket, scopeOf(ticket));
    const waiting = await messagesRepository(tx).undelivered(attached.map((t) => t.id));
    const byId = new Map(attached.map((t) => [t.id, t]));
    const contacts = new Map<number, ContactRow>();
    for (const message of waiting) {
      const ticket = byId.get(message.ticketId)!;
      let contact = contacts.get(ticket.contactId);
      if (!contact) {
        contact = await ticketsRepository(tx).contact(ticket.companyId, ticket.contactId);
        if (!contact) continue;
        contacts.set(ticket.contactId, contact);
      }
      const quotedWid = message.quotedMsgId ? ((await messagesRepository(tx).findById(ticket.companyId, message.quotedMsgId))?.wid ?? null) : null;
      await emitSend(emit, ticket, contact, message, { kind: message.mediaKey ? 'media' : 'text', quotedWid });
    }
    return { attached: attached.length, resent: waiting.length };
  };

  return {
    /** channels.message.received: contact, ticket, message; announced once. The same wid twice is one message. */
    async receive(tx: TicketsDb, emit: Emit, companyId: number, data: MessageReceived): Promise<{ stored: boolean; ticketId?: number; messageId?: number }> {
      const messages = messagesRepository(tx);
      const projections = projectionsRepository(tx);
      const group = data.isGroup && data.group ? data.group : null;
      // What the common case needs, in one statement: the wid, the connection, the contact (locked) and,
      // for a contact's own chat, its active ticket (locked after the contact, as ticketFor would); the
      // quoted message in the same round trip. Nothing is written before the wid is known new.
      const lookup = lookUpInbound(tx, companyId, {
        wid: data.wid,
        connectionId: data.connectionId,
        number: data.contact.number,
        lid: data.contact.lid,
        withTicket: !group,
      });
      const quoted = data.quotedWid ? messages.idByWid(companyId, data.quotedWid) : undefined;
      quoted?.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
      const { duplicate, connection, contact: foundPerson, active: speculativeActive } = await lookup;
      if (duplicate) return { stored: false };
      if (!connection && (await projections.connectionCompany(data.connectionId)) !== undefined) {
        deps.ctx.logger.warn({ companyId, connectionId: data.connectionId }, 'inbound message names another company’s connection; dropped');
        return { stored: false };
      }
      const extra = { channel: data.channel, whatsappId: data.connectionId, connection };
      const createdContacts = new Set<number>();
      const person = await upsertContact(tx, emit, companyId, { ...data.contact, isGroup: false }, { ...extra, learn: !data.fromMe }, { contact: foundPerson }, createdContacts);
      const chat = group
        ? await upsertContact(
            tx,
            emit,
            companyId,
            { number: group.number, name: group.name, pictureUrl: group.pictureUrl, lid: null, remoteJid: null, isGroup: true },
            { ...extra, learn: true },
            undefined,
            createdContacts,
          )
        : person;
      if (!chat.active) return { stored: false }; // a blocked contact opens nothing
      // The looked-up ticket stands when the lookup's contact is this very contact, found by its number.
      // A contact this transaction just created has no ticket yet (nobody else sees it before the commit).
      const known = createdContacts.has(chat.id)
        ? { active: undefined }
        : !group && foundPerson && foundPerson.id === chat.id && foundPerson.number === data.contact.number
          ? { active: speculativeActive }
          : undefined;
      // A message of an imported history (decided by the event's flag: nothing more to read for the others).
      const imported = data.imported;
      const { ticket, created, previous, logged } = imported
        ? await importedTicketFor(tx, companyId, chat, data.connectionId, connection, data.channel, imported, known)
        : await ticketFor(tx, emit, companyId, chat, data.connectionId, connection, data.channel, known);

      const at = messageTime(data.timestamp);
      const mediaKey = ownMediaKey(companyId, data.media?.key);
      const values = {
        companyId,
        ticketId: ticket.id,
        contactId: data.fromMe ? null : person.id,
        userId: null,
        wid: data.wid,
        body: data.body,
        fromMe: data.fromMe,
        // History is read already (on the phone): it never counts as unread.
        read: data.fromMe || !!imported,
        ack: data.fromMe ? 1 : 0,
        mediaType: data.media?.mediaType ?? 'chat',
        mediaKey,
        mediaName: data.media?.filename ?? null,
        quotedMsgId: quoted ? ((await quoted) ?? null) : null,
        queueId: ticket.queueId,
        createdAt: at,
        updatedAt: at,
      };
      // The message written with its ticket touched and read back as the events show it (one statement).
      const [written] = await Promise.all([
        messages.insertInbound(values, { lastMessage: lastMessagePreview(values.body, values.mediaType, values.mediaName), lastMessageAt: at, inbound: !data.fromMe, imported: !!imported }),
        logged,
      ]);
      if (!written) return { stored: false }; // the same wid arrived in another envelope at the same moment
      const { row, ticket: touched, detail: details } = written;
      if (created) await announceTicketWith(emit, touched, 'new', details);
      else if (previous && previous.status !== touched.status) await announceTicketWith(emit, touched, previous, details);
      const message = await messages.presentRow(row, touched, data.fromMe ? null : person, deps.mediaUrl, details.queue);
      await announceMessageWith(emit, touched, message, details);
      // History is only stored: nobody (rating, chatbot, auto-response, bot) answers what was written long ago.
      if (imported) return { stored: true, ticketId: touched.id, messageId: row.id };
      // A contact whose audio is not accepted (their acceptAudioMessage off) is asked to write instead; the
      // audio is kept, nothing else answers it.
      if (!data.fromMe && !chat.isGroup && values.mediaType === 'audio' && !person.acceptAudioMessage) {
        await postAutomaticText(deps, tx, emit, { ticket: touched, contact: chat, text: AUDIO_NOT_ACCEPTED, user: null, queue: null, connection, userId: null });
        return { stored: true, ticketId: touched.id, messageId: row.id };
      }
      // A ticket waiting for its rating takes the answer; else the chatbot answers what contacts write
      // (never messages sent from the phone, never in groups).
      if (!data.fromMe && !chat.isGroup) {
        if (touched.status === 'nps') await rating.afterInbound(tx, emit, { ticket: touched, contact: chat, connection, body: data.body });
        else if (touched.status === 'lgpd') {
          // Asked for consent first; once given, the conversation is served as one that has just begun.
          // A ticket that entered lgpd with this message (new, or reopened within timeCreateNewTicket): the message is no answer.
          const entered = created || previous?.status !== 'lgpd';
          const consented = await consent.afterInbound(tx, emit, { ticket: touched, contact: chat, connection, body: data.body, entered });
          if (consented.status === 'pending') await chatbot.afterInbound(tx, emit, { ticket: consented, contact: chat, connection, body: data.body, created: true });
        } else {
          const after = await chatbot.afterInbound(tx, emit, { ticket: touched, contact: chat, connection, body: data.body, created });
          // A keyword auto-response when nobody (attendant or chatbot menu) is serving the ticket.
          const answered = autoResponder ? await autoResponder.afterInbound(tx, emit, { ticket: after, contact: chat, connection, body: data.body }) : after;
          // Else a queue integration or an AI prompt serving the ticket gets its turn (after the commit, see bot-turns.ts).
          if (botTurns && answered === after) await botTurns.afterInbound(tx, emit, { ticket: answered, before: created ? null : touched, contact: chat, connection, body: data.body, mediaType: values.mediaType, created });
        }
      }
      return { stored: true, ticketId: touched.id, messageId: row.id };
    },

    /** channels.message.ack: by our message id (answer to a send) or by the channel's id. Acks only go forward; -1 marks a failure. */
    async ack(tx: TicketsDb, emit: Emit, companyId: number, data: EventData<'channels.message.ack'>): Promise<void> {
      const messages = messagesRepository(tx);
      if (data.readUpTo) {
        const { connectionId, contactNumber, timestamp } = data.readUpTo;
        const read = await messages.readUpTo(companyId, connectionId, contactNumber, new Date(timestamp * 1000));
        for (const ticketId of new Set(read.map((r) => r.ticketId))) {
          const ticket = await ticketsRepository(tx).findById(companyId, ticketId);
          if (!ticket) continue;
          const shown = await messages.present(read.filter((r) => r.ticketId === ticketId).map((r) => r.id), ticket, deps.mediaUrl);
          for (const message of shown) await emit('tickets.message.updated', companyId, { message, scope: scopeOf(ticket) });
        }
        return;
      }
      const row = data.messageId
        ? await messages.findById(companyId, data.messageId, { lock: true })
        : data.wid
          ? await messages.findByWid(companyId, data.wid, { lock: true })
          : undefined;
      if (!row) return;
      const changes: { ack?: number; wid?: string } = {};
      if (data.ack === -1 ? row.ack <= 0 && row.ack !== -1 : data.ack > row.ack) changes.ack = data.ack;
      if (data.wid && !row.wid && !(await messages.idByWid(companyId, data.wid))) changes.wid = data.wid;
      if (Object.keys(changes).length === 0) return;
      const updated = await messages.update(row.id, changes);
      const ticket = await ticketsRepository(tx).findById(companyId, row.ticketId);
      if (!ticket) return;
      const [message] = await messages.present([updated.id], ticket, deps.mediaUrl);
      await emit('tickets.message.updated', companyId, { message: message!, scope: scopeOf(ticket) });
    },

    /** channels.message.changed: the contact edited or revoked a message, or reacted to one. */
    async changed(tx: TicketsDb, emit: Emit, companyId: number, data: EventData<'channels.message.changed'>): Promise<void> {
      const messages = messagesRepository(tx);
      const row = await messages.findByWid(companyId, data.wid, { lock: true });
      if (!row) return;
      let changes: Parameters<typeof messages.update>[1];
      let erase = false;
      if (data.kind === 'edited') {
        if (data.body === null) return;
        changes = { body: data.body, isEdited: true };
      } else if (data.kind === 'revoked') {
        if (row.isDeleted) return;
        // Under LGPD with lgpdDeleteMessage, what the contact deleted is erased here too (text, file,
        // transcription), not only hidden.
        const settings = await access.settings(companyId);
        erase = settings.on('enableLGPD') && settings.on('lgpdDeleteMessage');
        changes = erase ? { isDeleted: true, body: '', mediaKey: null, mediaName: null, transcription: null } : { isDeleted: true };
      } else {
        if (!data.reaction) return;
        const from = await inboundContactsRepository(tx).findByNumber(companyId, data.reaction.fromNumber);
        const contactId = from?.id ?? null;
        const others = row.reactions.filter((r) => r.fromMe || r.contactId !== contactId);
        const emoji = data.reaction.emoji.trim();
        changes = { reactions: emoji ? [...others, { emoji, fromMe: false, userId: null, contactId, createdAt: new Date().toISOString() }] : others };
      }
      const updated = await messages.update(row.id, changes);
      // The file goes with it (best effort: a file left behind is only unreachable, the message names it no more).
      if (erase && row.mediaKey) await deps.ctx.storage.remove(row.mediaKey).catch(() => undefined);
      const ticket = await ticketsRepository(tx).findById(companyId, row.ticketId);
      if (!ticket) return;
      if (data.kind !== 'reaction') await previewFollows(tx, emit, updated, ticket);
      const [message] = await messages.present([updated.id], ticket, deps.mediaUrl);
      await emit('tickets.message.updated', companyId, { message: message!, scope: scopeOf(ticket) });
    },

    /**
     * channels.connection.updated: keep the projection. When a connection of the company is CONNECTED,
     * the waiting tickets of its channel (created while the company had no such connection, or left by one
     * deleted) go to the channel's delivering connection.
     */
    async connectionUpdated(tx: TicketsDb, emit: Emit, connection: Connection): Promise<{ attached: number; resent: number }> {
      await projectionsRepository(tx).upsertConnection(connection);
      if (connection.status.toUpperCase() !== 'CONNECTED') return { attached: 0, resent: 0 };
      return attachWaiting(tx, emit, connection.companyId, connection.channel);
    },

    /** channels.connection.deleted: drop the projection; its open tickets go to another connected one of its channel, else wait for one. */
    async connectionDeleted(tx: TicketsDb, emit: Emit, connectionId: number): Promise<void> {
      const removed = await projectionsRepository(tx).removeConnection(connectionId);
      if (!removed) return;
      const detached = await ticketsRepository(tx).detachConnection(removed.companyId, connectionId);
      for (const ticket of detached) await announceTicket(tx, emit, ticket, scopeOf(ticket));
      if (detached.length > 0) await attachWaiting(tx, emit, removed.companyId, removed.channel);
    },

    /** The loaded ticket answer (for tests and the inbound command path). */
    ticket: (tx: TicketsDb, companyId: number, id: number) => loadTicketDetail(tx, companyId, id),
  };
}
export type Inbound = ReturnType<typeof createInbound>;
