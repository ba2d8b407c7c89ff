import { ticketReport, ticketReportQuery } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createTicketReport } from '../domain/ticket-report.js';

/** The tickets report (spec 002 §4/§7 GET /ticketreport/reports); its export asks for page 1 with a huge page size. */
export const reportsRoutes: RouteModule = (app, deps) => {
  const reports = createTicketReport(deps);
  app.get(
    '/api/ticketreport/reports',
    { preHandler: deps.guards.area('reports'), schema: { tags: ['reports'], querystring: ticketReportQuery, response: { 200: ticketReport } } },
    (request) => reports.report(request.auth, request.query),
  );
};
