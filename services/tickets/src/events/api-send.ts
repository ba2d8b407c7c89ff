import { AppError, answer, type AuthUser, type Emit, type RequestOf, type ResponseOf, type Subscription, type User } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { inboundContactsRepository } from '../db/inbound-contacts.repository.js';
import { logsRepository } from '../db/logs.repository.js';
import { messagesRepository } from '../db/messages.repository.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { ownMediaKey } from '../domain/inbound.js';
import { mediaKindOf } from '../domain/message-actions.js';
import { announceTicket, messageVariables, postMessage, scopeOf, type MessageKind, type MessageMedia } from '../domain/outbound.js';
import { toContact, type ContactRow } from '../domain/presenters.js';
import { createTicketDesk } from '../domain/ticket-actions.js';
import { newTicketStatus } from '../domain/tickets.js';

type ApiSendRequest = RequestOf<'tickets.api.send'>;
type ApiSendAnswer = ResponseOf<'tickets.api.send'>;

/** The attendant's signature as the conversation screen writes it ('*Name:*' above the text). */
export const signedBody = (body: string, user: Pick<User, 'name'> | null, sendSignature: boolean): string =>
  sendSignature && user && body.trim() ? `*${user.name}:*\n${body}` : body;

/** A 400 naming the failing field (the bus carries the fields back to channels, and on to the integrator). */
const invalid = (field: string, message: string): AppError => {
  const fields = [{ field, message }];
  return new AppError('ERR_VALIDATION', `${field}: ${message}`, { fields });
};

/** The session the messages API acts in when the ticket's holder resolves it (no browser session behind it). */
const API_SESSION = 'messages-api';

/**
 * tickets.api.send (the integrators' POST /api/messages/send, asked by channels once it checked the
 * connection's token and plan): the contact by number (created with the number as its name, or the
 * name given), its ticket on that connection, the message(s) stored and sent as an attendant's are;
 * closeTicket resolves the ticket as the holder's resolve does (with closeOnlyOpened, only a ticket
 * this send opened: schedules and campaigns).
 */
export function createApiSend(deps: TicketsDeps) {
  const { unitOfWork } = deps;
  const desk = createTicketDesk(deps);

  /** The contact of this number in the company, created when new (concurrent creators meet on the unique index). */
  const contactFor = async (tx: TicketsDb, emit: Emit, request: ApiSendRequest, connection: ConnectionProjection): Promise<ContactRow> => {
    const { companyId, number } = request;
    const repo = inboundContactsRepository(tx);
    const found = await repo.find(companyId, number, null);
    if (found) return found;
    const name = request.contactName?.trim() || number;
    const inserted = await repo.insertIfNew({ companyId, number, name, isGroup: false, channel: connection.channel, whatsappId: connection.id });
    if (inserted) {
      await emit('tickets.contact.created', companyId, { contact: toContact(inserted, { tags: [], connection: { id: connection.id, name: connection.name } }) });
      return inserted;
    }
    const winner = await repo.find(companyId, number, null);
    if (!winner) throw new Error('contact creation raced and lost twice');
    return winner;
  };

  /** The contact's active ticket on the connection (a waiting one taken by the given user), else a new one (`opened`). */
  const ticketFor = async (
    tx: TicketsDb,
    emit: Emit,
    request: ApiSendRequest,
    contact: ContactRow,
    connection: ConnectionProjection,
    user: User | null,
  ): Promise<{ ticket: TicketRow; opened: boolean }> => {
    const { companyId } = request;
    const repo = ticketsRepository(tx);
    const logs = logsRepository(tx);
    let active = await repo.findActive(companyId, contact.id, connection.id, { lock: true });
    if (!active) {
      const status = newTicketStatus(user ? undefined : 'pending', contact.isGroup);
      const inserted = await repo.insertIfFree({
        companyId, contactId: contact.id, whatsappId: connection.id, channel: connection.channel, isGroup: contact.isGroup,
        status, userId: user?.id ?? null, queueId: request.queueId,
      });
      if (inserted) {
        await logs.add(companyId, inserted.id, [
          { type: 'create', userId: user?.id ?? null, queueId: inserted.queueId },
          ...(status === 'pending' ? [] : [{ type: 'open' as const, userId: user?.id ?? null, queueId: inserted.queueId }]),
        ]);
        await announceTicket(tx, emit, inserted, 'new');
        return { ticket: inserted, opened: true };
      }
      // Another writer opened one meanwhile: send on theirs.
      active = await repo.findActive(companyId, contact.id, connection.id, { lock: true });
      if (!active) throw new AppError('ERR_CREATING_TICKET', 'Could not open a ticket for the contact');
    }
    if (active.status === 'pending' && user) {
      const queueId = request.queueId ?? active.queueId;
      const opened = await repo.update(companyId, active.id, { status: contact.isGroup ? 'group' : 'open', userId: user.id, queueId, isBot: false });
      await logs.add(companyId, active.id, [{ type: 'open', userId: user.id, queueId }]);
      await announceTicket(tx, emit, opened, scopeOf(active));
      return { ticket: opened, opened: false };
    }
    return { ticket: active, opened: false };
  };

  /** A waiting ticket nobody holds is closed as it is (no attendant to say goodbye for). */
  const closeUnheld = async (tx: TicketsDb, emit: Emit, ticket: TicketRow): Promise<TicketRow> => {
    const closed = await ticketsRepository(tx).update(ticket.companyId, ticket.id, { status: 'closed' });
    await logsRepository(tx).add(ticket.companyId, ticket.id, [{ type: 'closed', userId: null, queueId: ticket.queueId }]);
    await announceTicket(tx, emit, closed, scopeOf(ticket));
    return closed;
  };

  return {
    async send(request: ApiSendRequest): Promise<ApiSendAnswer> {
      const { companyId } = request;
      if (!request.body.trim() && request.medias.length === 0) throw invalid('body', 'Required');
      const medias: (MessageMedia & { kind: MessageKind })[] = request.medias.map((media, i) => {
        // Only files channels stored under this company's own folder are ever linked to its messages.
        const key = ownMediaKey(companyId, media.key);
        if (!key) throw invalid(`medias.${i}`, 'must be a file stored for this company');
        return { key, mime: media.mimetype, name: media.filename, size: media.size ?? 0, kind: media.mediaType === 'audio' ? 'audio' : mediaKindOf(media.mimetype, null) };
      });
      let user: User | null = null;
      if (request.userId !== null) {
        user = await deps.users.get(request.userId).catch(() => null);
        if (!user || user.companyId !== companyId) throw invalid('userId', 'must be a user of the company');
      }

      const sent = await unitOfWork(async (tx, emit) => {
        const connection = await projectionsRepository(tx).findConnection(companyId, request.connectionId);
        if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
        if (request.queueId !== null && !(await ticketsRepository(tx).queue(companyId, request.queueId))) {
          throw invalid('queueId', 'must be a queue of the company');
        }
        if (user) await projectionsRepository(tx).ensureUser(user);
        const contact = await contactFor(tx, emit, request, connection);
        const found = await ticketFor(tx, emit, request, contact, connection, user);
        let ticket = found.ticket;
        await messagesRepository(tx).lockConversation(ticket.id);
        const text = request.personalize ? (await messageVariables(deps, tx, { ticket, contact, user, connection }, [request.body]))(request.body) : request.body;
        const body = signedBody(text, user, request.sendSignature);
        const messageIds: number[] = [];
        const userId = user?.id ?? null;
        if (medias.length === 0) {
          const posted = await postMessage(deps, tx, emit, { ticket, contact, body, userId, mediaType: 'chat' });
          ticket = posted.ticket;
          messageIds.push(posted.row.id);
        } else {
          for (const [i, media] of medias.entries()) {
            const posted = await postMessage(deps, tx, emit, { ticket, contact, body: i === 0 ? body : '', userId, mediaType: media.kind, media });
            ticket = posted.ticket;
            messageIds.push(posted.row.id);
          }
        }
        const closes = request.closeTicket && (found.opened || !request.closeOnlyOpened);
        if (closes && ticket.userId === null) ticket = await closeUnheld(tx, emit, ticket);
        return { ticket, closes, contactId: contact.id, messageIds };
      });

      const { ticket } = sent;
      if (sent.closes && ticket.userId !== null && ticket.status !== 'closed') {
        // The holder resolves it, so farewell, rating request, required tag and logs are those of the inbox's resolve.
        const holder = ticket.userId === user?.id ? user : await deps.users.get(ticket.userId).catch(() => null);
        if (holder && holder.companyId === companyId) {
          const auth: AuthUser = { userId: holder.id, companyId, profile: holder.profile, super: false, sessionId: API_SESSION };
          // The message went out: a close the company's rules refuse (a required tag missing) leaves the ticket
          // open and the send stands, so a schedule is not marked failed and sent again.
          await desk.update(auth, ticket.id, { status: 'closed' }).catch((err: unknown) => {
            if (!(err instanceof AppError)) throw err;
            deps.ctx.logger.warn({ err, companyId, ticketId: ticket.id }, 'sent; the ticket stays open (its close was refused)');
          });
        } else {
          await unitOfWork(async (tx, emit) => {
            const current = await ticketsRepository(tx).findById(companyId, ticket.id, { lock: true });
            if (current && current.status !== 'closed') await closeUnheld(tx, emit, current);
          });
        }
      }
      return { ticketId: ticket.id, ticketUuid: ticket.uuid, contactId: sent.contactId, messageIds: sent.messageIds };
    },
  };
}

/** Answers tickets.api.send for the messages API. */
export async function apiSendHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const api = createApiSend(deps);
  return [await answer(deps.ctx.bus, 'tickets.api.send', (request) => api.send(request))];
}
