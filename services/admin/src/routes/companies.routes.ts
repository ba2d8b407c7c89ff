import { z } from 'zod';
import {
  companiesPage,
  companiesPageQuery,
  company,
  companySchedulesBody,
  createCompanyBody,
  id,
  idParams,
  okAnswer,
  plan,
  updateCompanyBody,
  type Guards,
  type HttpApp,
} from '@atende/kit';
import type { Catalogue } from '../domain/catalogue.js';

/** Companies (spec 001 §7): the super user's, except a member reading its own company and plan. */
export function companiesRoutes(app: HttpApp, deps: { catalogue: Catalogue; guards: Guards }): void {
  const { catalogue, guards } = deps;
  const tags = ['companies'];

  app.get('/api/companies', { preHandler: guards.super, schema: { tags, querystring: companiesPageQuery, response: { 200: companiesPage } } }, (request) =>
    catalogue.page(request.query.searchParam, request.query.pageNumber),
  );
  // The companies list with plan is shown to admins (spec 002 §6): a company's admin sees their own only.
  app.get('/api/companiesPlan', { preHandler: guards.admin, schema: { tags, querystring: companiesPageQuery, response: { 200: companiesPage } } }, (request) =>
    catalogue.page(request.query.searchParam, request.query.pageNumber, request.auth),
  );
  app.get('/api/companies/list', { preHandler: guards.super, schema: { tags, response: { 200: z.array(company) } } }, () => catalogue.all());
  app.get(
    '/api/companies/listPlan/:companyId',
    { preHandler: guards.authenticated, schema: { tags, params: z.object({ companyId: id }), response: { 200: plan } } },
    (request) => catalogue.planOf(request.auth, request.params.companyId),
  );
  app.get('/api/companies/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: company } } }, (request) =>
    catalogue.show(request.auth, request.params.id),
  );
  app.post('/api/companies', { preHandler: guards.super, schema: { tags, body: createCompanyBody, response: { 201: company } } }, async (request, reply) =>
    reply.status(201).send(await catalogue.createCompany(request.body)),
  );
  app.put('/api/companies/:id', { preHandler: guards.super, schema: { tags, params: idParams, body: updateCompanyBody, response: { 200: company } } }, (request) =>
    catalogue.updateCompany(request.params.id, request.body),
  );
  app.put(
    '/api/companies/:id/schedules',
    { preHandler: guards.admin, schema: { tags, params: idParams, body: companySchedulesBody, response: { 200: company } } },
    (request) => catalogue.updateSchedules(request.auth, request.params.id, request.body.schedules),
  );
  app.delete('/api/companies/:id', { preHandler: guards.super, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await catalogue.removeCompany(request.params.id);
    return { message: 'Company deleted' };
  });
}
