import {
  idParams,
  okAnswer,
  queueIntegration,
  queueIntegrationBody,
  queueIntegrationsPage,
  queueIntegrationsQuery,
  queueIntegrationTestBody,
  queueIntegrationTestResult,
  updateQueueIntegrationBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createQueueIntegrationsDesk } from '../domain/queue-integrations.js';

/** Queue integrations (spec 002 §7): admins only (spec 002 §6), plan flag useIntegrations. */
export const queueIntegrationsRoutes: RouteModule = (app, deps) => {
  const desk = createQueueIntegrationsDesk(deps);
  const preHandler = deps.guards.adminWithPlan('useIntegrations');
  const tags = ['queue-integrations'];

  app.get('/api/queueIntegration', { preHandler, schema: { tags, querystring: queueIntegrationsQuery, response: { 200: queueIntegrationsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.post('/api/queueIntegration/testSession', { preHandler, schema: { tags, body: queueIntegrationTestBody, response: { 200: queueIntegrationTestResult } } }, (request) =>
    desk.test(request.body),
  );

  app.get('/api/queueIntegration/:id', { preHandler, schema: { tags, params: idParams, response: { 200: queueIntegration } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/queueIntegration', { preHandler, schema: { tags, body: queueIntegrationBody, response: { 201: queueIntegration } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/queueIntegration/:id', { preHandler, schema: { tags, params: idParams, body: updateQueueIntegrationBody, response: { 200: queueIntegration } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/queueIntegration/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Integration deleted' };
  });
};
