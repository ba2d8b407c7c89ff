import { z } from 'zod';
import { idParams, okAnswer, pinTicketBody, pinnedTicket } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createPinsDesk } from '../domain/pins.js';

/** Pinned tickets of the caller (spec 000 §7): list, pin (at most 10), unpin. */
export const pinsRoutes: RouteModule = (app, deps) => {
  const desk = createPinsDesk(deps);
  const { guards } = deps;
  const tags = ['pin-tickets'];

  app.get('/api/pin-tickets', { preHandler: guards.authenticated, schema: { tags, response: { 200: z.array(pinnedTicket) } } }, (request) => desk.list(request.auth));

  app.post('/api/pin-tickets', { preHandler: guards.authenticated, schema: { tags, body: pinTicketBody, response: { 200: pinnedTicket, 201: pinnedTicket } } }, async (request, reply) => {
    const { pin, created } = await desk.pin(request.auth, request.body.ticketId);
    return reply.status(created ? 201 : 200).send(pin);
  });

  app.delete('/api/pin-tickets/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.unpin(request.auth, request.params.id);
    return { message: 'Ticket unpinned' };
  });
};
