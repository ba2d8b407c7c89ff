import { z } from 'zod';
import {
  closeAllAnswer,
  closeAllTicketsBody,
  createTicketBody,
  idParams,
  listTicketsQuery,
  okAnswer,
  ticket,
  ticketIdParams,
  ticketLogEntry,
  ticketUuidParams,
  ticketsPage,
  updateTicketBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createAccess } from '../domain/access.js';
import { createTicketDesk } from '../domain/ticket-actions.js';
import { createCachedReads } from './cached-read.js';

/** Tickets (spec 000 §7): list, show, create, the transitions, delete, close all, logs. */
export const ticketsRoutes: RouteModule = (app, deps) => {
  const desk = createTicketDesk(deps);
  const access = createAccess(deps);
  const sendCachedRead = createCachedReads(deps);
  const { guards } = deps;
  const tags = ['tickets'];

  app.get('/api/tickets', { preHandler: guards.authenticated, schema: { tags, querystring: listTicketsQuery, response: { 200: ticketsPage } } }, async (request, reply) => {
    const c = await access.caller(request.auth);
    return sendCachedRead(reply, c, 'tickets', request.query, () => desk.list(c, request.query));
  });

  app.get('/api/tickets/u/:uuid', { preHandler: guards.authenticated, schema: { tags, params: ticketUuidParams, response: { 200: ticket } } }, (request) =>
    desk.showByUuid(request.auth, request.params.uuid),
  );

  app.get('/api/tickets/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: ticket } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/tickets', { preHandler: guards.authenticated, schema: { tags, body: createTicketBody, response: { 201: ticket } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/tickets/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: updateTicketBody, response: { 200: ticket } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/tickets/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Ticket deleted' };
  });

  app.post('/api/tickets/closeAll', { preHandler: guards.admin, schema: { tags, body: closeAllTicketsBody, response: { 200: closeAllAnswer } } }, (request) =>
    desk.closeAll(request.auth, request.body),
  );

  app.get('/api/tickets-log/:ticketId', { preHandler: guards.authenticated, schema: { tags, params: ticketIdParams, response: { 200: z.array(ticketLogEntry) } } }, (request) =>
    desk.logs(request.auth, request.params.ticketId),
  );
};
