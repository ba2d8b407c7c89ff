import { z } from 'zod';
import { dashboardData, dashboardMomentsQuery, dashboardPeriodQuery, dashboardQuery, ticket, ticketsPerDay, ticketsPerUser } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createDashboard } from '../domain/dashboard.js';
import { createTicketDesk } from '../domain/ticket-actions.js';

/**
 * The real-time panel (spec 000 §7 GET /dashboard/moments): tickets of the period with user and contact;
 * the dashboard (spec 002 §7): its counters and attendants, its charts of tickets opened per hour or day and per attendant.
 */
export const dashboardRoutes: RouteModule = (app, deps) => {
  const desk = createTicketDesk(deps);
  const dashboard = createDashboard(deps);
  app.get(
    '/api/dashboard',
    { preHandler: deps.guards.area('dashboard'), schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: dashboardData } } },
    (request) => dashboard.overview(request.auth, request.query),
  );
  app.get(
    '/api/dashboard/ticketsDay',
    { preHandler: deps.guards.area('dashboard'), schema: { tags: ['dashboard'], querystring: dashboardPeriodQuery, response: { 200: ticketsPerDay } } },
    (request) => dashboard.ticketsDay(request.auth, request.query),
  );
  app.get(
    '/api/dashboard/ticketsUsers',
    { preHandler: deps.guards.area('dashboard'), schema: { tags: ['dashboard'], querystring: dashboardPeriodQuery, response: { 200: ticketsPerUser } } },
    (request) => dashboard.ticketsUsers(request.auth, request.query),
  );
  app.get(
    '/api/dashboard/moments',
    { preHandler: deps.guards.area('realTimePanel'), schema: { tags: ['dashboard'], querystring: dashboardMomentsQuery, response: { 200: z.array(ticket) } } },
    (request) => desk.moments(request.auth, request.query),
  );
  // The service panel's live board (spec 001 §7, its shape not shown): the tickets waiting or in service now.
  app.get(
    '/api/usersMoments',
    { preHandler: deps.guards.area('realTimePanel'), schema: { tags: ['dashboard'], response: { 200: z.array(ticket) } } },
    (request) => desk.usersMoments(request.auth),
  );
};
