import { AppError, answer, type RequestOf, type ResponseOf, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { messagesRepository } from '../db/messages.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { createAccess } from '../domain/access.js';
import { scopeOf } from '../domain/outbound.js';

type MediaRequest = RequestOf<'tickets.message.media'>;
type MediaAnswer = ResponseOf<'tickets.message.media'>;

/** Longest transcription stored (a few hours of speech). */
export const TRANSCRIPTION_MAX_CHARS = 100_000;

/**
 * Audio transcription (spec 000 §7 POST /message/transcribeAudio) as channels asks it:
 * - tickets.message.media: a message by its channel id (wid) within the company, if the asking user may
 *   see its ticket (null otherwise, never telling which), with its stored media and an earlier transcription;
 * - tickets.message.transcribed: the text stored on the message (transcrito true), the message announced
 *   updated (company-{id}-appMessage), so the conversation shows it now and after a reload.
 */
export function createMessageMedia(deps: TicketsDeps) {
  const { db, unitOfWork } = deps;
  const access = createAccess(deps);

  return {
    async media(request: MediaRequest): Promise<MediaAnswer> {
      const row = await messagesRepository(db).findByWid(request.companyId, request.wid);
      if (!row || row.isDeleted) return null;
      const ticket = await ticketsRepository(db).findById(request.companyId, row.ticketId);
      if (!ticket) return null;
      const caller = await access
        .caller({ userId: request.userId, companyId: request.companyId, profile: request.profile, super: request.super, sessionId: '' })
        .catch(() => null);
      if (!caller || !access.canSee(caller, ticket)) return null;
      return {
        message: {
          id: row.id,
          ticketId: row.ticketId,
          fromMe: row.fromMe,
          mediaType: row.mediaType,
          mediaKey: row.mediaKey,
          mediaName: row.mediaName,
          transcription: row.transcrito ? row.transcription : null,
          queueId: ticket.queueId,
        },
      };
    },

    async transcribed(request: RequestOf<'tickets.message.transcribed'>): Promise<{ ok: boolean }> {
      const text = request.transcription.slice(0, TRANSCRIPTION_MAX_CHARS);
      return unitOfWork(async (tx, emit) => {
        const repo = messagesRepository(tx);
        const row = await repo.findById(request.companyId, request.messageId, { lock: true });
        if (!row || row.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Message not found');
        const ticket = await ticketsRepository(tx).findById(request.companyId, row.ticketId);
        if (!ticket) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Message not found');
        const updated = await repo.update(row.id, { transcrito: true, transcription: text });
        const [message] = await repo.present([updated.id], ticket, deps.mediaUrl);
        await emit('tickets.message.updated', ticket.companyId, { message: message!, scope: scopeOf(ticket) });
        return { ok: true };
      });
    },
  };
}

/** Answers tickets.message.media and tickets.message.transcribed for channels' audio transcription. */
export async function messageMediaHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const media = createMessageMedia(deps);
  return Promise.all([
    answer(deps.ctx.bus, 'tickets.message.media', (request) => media.media(request)),
    answer(deps.ctx.bus, 'tickets.message.transcribed', (request) => media.transcribed(request)),
  ]);
}
