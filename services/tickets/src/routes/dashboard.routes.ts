import { z } from 'zod';
import { dashboardMomentsQuery, ticket } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createTicketDesk } from '../domain/ticket-actions.js';

/** The real-time panel (spec 000 §7 GET /dashboard/moments): tickets of the period with user and contact. */
export const dashboardRoutes: RouteModule = (app, deps) => {
  const desk = createTicketDesk(deps);
  app.get(
    '/api/dashboard/moments',
    { preHandler: deps.guards.area('realTimePanel'), schema: { tags: ['dashboard'], querystring: dashboardMomentsQuery, response: { 200: z.array(ticket) } } },
    (request) => desk.moments(request.auth, request.query),
  );
};
