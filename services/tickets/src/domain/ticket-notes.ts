import { AppError, validationError, type AuthUser, type CreateTicketNoteBody, type TicketNote, type TicketNotesQuery } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { notesRepository, type NoteWithRelations } from '../db/notes.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { createAccess, type Caller } from './access.js';

/** A note as answered. */
export function toTicketNote(r: NoteWithRelations): TicketNote {
  return {
    id: r.note.id,
    note: r.note.note,
    ticketId: r.note.ticketId,
    contactId: r.note.contactId,
    userId: r.note.userId,
    user: r.user,
    createdAt: r.note.createdAt.toISOString(),
    updatedAt: r.note.updatedAt.toISOString(),
  };
}

/** Only the author or an admin deletes a note. */
export function canDeleteNote(note: { userId: number | null }, caller: { userId: number; profile: 'admin' | 'user'; super: boolean }): boolean {
  return caller.profile === 'admin' || caller.super || (note.userId !== null && note.userId === caller.userId);
}

/**
 * Ticket notes (spec 000 §3, §5, §7): written from a ticket about its contact; listed per contact
 * and/or ticket. A note hanging on a ticket is only shown to those who may see that ticket.
 */
export function createNotesDesk(deps: TicketsDeps) {
  const { db, unitOfWork } = deps;
  const access = createAccess(deps);

  const visible = (c: Caller, r: NoteWithRelations) => r.ticket === null || access.canSee(c, { ...r.ticket, id: r.ticket.id });

  return {
    async create(auth: AuthUser, body: CreateTicketNoteBody): Promise<TicketNote> {
      const c = await access.caller(auth);
      if (!body.ticketId && !body.contactId) throw validationError('contactId', 'Required');
      return unitOfWork(async (tx) => {
        let contactId = body.contactId ?? null;
        if (body.ticketId) {
          const ticket = await access.visibleTicket(tx, c, body.ticketId);
          if (contactId !== null && contactId !== ticket.contactId) throw validationError('contactId', 'must be the contact of the ticket');
          contactId = ticket.contactId;
        } else if (!(await ticketsRepository(tx).contact(c.companyId, contactId!))) {
          throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
        }
        if (c.user) await access.companyUser(tx, c.companyId, auth.userId);
        const row = await notesRepository(tx).insert({ companyId: c.companyId, ticketId: body.ticketId ?? null, contactId: contactId!, userId: auth.userId, note: body.note });
        return toTicketNote((await notesRepository(tx).find(c.companyId, row.id))!);
      });
    },

    async list(auth: AuthUser, query: TicketNotesQuery): Promise<TicketNote[]> {
      const c = await access.caller(auth);
      if (!query.contactId && !query.ticketId) throw validationError('contactId', 'Required');
      if (query.ticketId) await access.visibleTicket(db, c, query.ticketId);
      // Another company's contact (or none): 404, as every contact route answers.
      if (query.contactId && !(await ticketsRepository(db).contact(c.companyId, query.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      const rows = await notesRepository(db).list(c.companyId, query);
      return rows.filter((r) => visible(c, r)).map(toTicketNote);
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      const c = await access.caller(auth);
      await unitOfWork(async (tx) => {
        const found = await notesRepository(tx).find(c.companyId, id);
        if (!found || !visible(c, found)) throw new AppError('ERR_NO_NOTE_FOUND', 'Note not found');
        if (!canDeleteNote(found.note, c.viewer)) throw new AppError('ERR_NO_PERMISSION', 'Only the author or an admin deletes a note');
        await notesRepository(tx).remove(c.companyId, id);
      });
    },
  };
}
