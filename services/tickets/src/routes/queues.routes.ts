import { z } from 'zod';
import {
  chatbotOption,
  createChatbotBody,
  createQueueBody,
  forCompany,
  idParams,
  okAnswer,
  queue,
  queueDetail,
  queueUserQuery,
  updateChatbotBody,
  updateQueueBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createQueuesDesk } from '../domain/queues.js';

/**
 * Queues and chatbot menus (spec 001 §7). Everyone reads the queue list (selectors of the inbox);
 * the queues screen and the chatbot editor are admin only (spec 001 §6).
 */
export const queuesRoutes: RouteModule = (app, deps) => {
  const desk = createQueuesDesk(deps);
  const { guards } = deps;
  const tags = ['queues'];

  app.get('/api/queue', { preHandler: guards.authenticated, schema: { tags, querystring: forCompany, response: { 200: z.array(queue) } } }, (request) =>
    desk.list(request.auth, request.query.companyId),
  );

  app.get('/api/queue/user', { preHandler: guards.authenticated, schema: { tags, querystring: queueUserQuery, response: { 200: z.array(queue) } } }, (request) =>
    desk.ofUser(request.auth, request.query.userId),
  );

  app.get('/api/queue/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: queueDetail } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/queue', { preHandler: guards.admin, schema: { tags, body: createQueueBody, response: { 201: queueDetail } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/queue/:id', { preHandler: guards.admin, schema: { tags, params: idParams, body: updateQueueBody, response: { 200: queueDetail } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/queue/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Queue deleted' };
  });

  app.get('/api/chatbot/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: chatbotOption } } }, (request) =>
    desk.showOption(request.auth, request.params.id),
  );

  app.post('/api/chatbot', { preHandler: guards.admin, schema: { tags, body: createChatbotBody, response: { 201: chatbotOption } } }, async (request, reply) =>
    reply.status(201).send(await desk.createOption(request.auth, request.body)),
  );

  app.put('/api/chatbot/:id', { preHandler: guards.admin, schema: { tags, params: idParams, body: updateChatbotBody, response: { 200: chatbotOption } } }, (request) =>
    desk.updateOption(request.auth, request.params.id, request.body),
  );

  app.delete('/api/chatbot/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.removeOption(request.auth, request.params.id);
    return { message: 'Chatbot option deleted' };
  });
};
