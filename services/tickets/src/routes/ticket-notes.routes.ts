import { z } from 'zod';
import { createTicketNoteBody, idParams, okAnswer, ticketNote, ticketNotesQuery } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createNotesDesk } from '../domain/ticket-notes.js';

/** Ticket notes (spec 000 §7): create, list by contact and/or ticket, delete. */
export const ticketNotesRoutes: RouteModule = (app, deps) => {
  const desk = createNotesDesk(deps);
  const { guards } = deps;
  const tags = ['ticket-notes'];

  app.post('/api/ticket-notes', { preHandler: guards.authenticated, schema: { tags, body: createTicketNoteBody, response: { 201: ticketNote } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.get('/api/ticket-notes/list', { preHandler: guards.authenticated, schema: { tags, querystring: ticketNotesQuery, response: { 200: z.array(ticketNote) } } }, (request) =>
    desk.list(request.auth, request.query),
  );

  app.delete('/api/ticket-notes/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Note deleted' };
  });
};
