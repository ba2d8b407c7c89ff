import { kanbanAnswer, kanbanLanesAnswer, kanbanQuery, ticket, ticketIdOnlyParams, ticketTagParams } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createKanbanBoard } from '../domain/kanban.js';

/** The kanban board (spec 001 §7): lanes and cards (plan flag useKanban), and a ticket's tags (moving a card). */
export const kanbanRoutes: RouteModule = (app, deps) => {
  const board = createKanbanBoard(deps);
  const { guards } = deps;
  const tags = ['kanban'];

  app.get('/api/tag/kanban', { preHandler: guards.plan('useKanban'), schema: { tags, response: { 200: kanbanLanesAnswer } } }, (request) => board.lanes(request.auth));

  app.get('/api/ticket/kanban', { preHandler: guards.plan('useKanban'), schema: { tags, querystring: kanbanQuery, response: { 200: kanbanAnswer } } }, (request) =>
    board.tickets(request.auth, request.query),
  );

  app.put('/api/ticket-tags/:ticketId/:tagId', { preHandler: guards.authenticated, schema: { tags, params: ticketTagParams, response: { 200: ticket } } }, (request) =>
    board.link(request.auth, request.params.ticketId, request.params.tagId),
  );

  app.delete('/api/ticket-tags/:ticketId', { preHandler: guards.authenticated, schema: { tags, params: ticketIdOnlyParams, response: { 200: ticket } } }, (request) =>
    board.clear(request.auth, request.params.ticketId),
  );
};
