import { createPromptBody, idParams, okAnswer, prompt, promptsPage, promptsQuery, updatePromptBody } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createPromptsDesk } from '../domain/prompts.js';

/** AI prompts (spec 002 §7 /prompt): admins only (spec 002 §6), plan flag useOpenAi. */
export const promptsRoutes: RouteModule = (app, deps) => {
  const desk = createPromptsDesk(deps);
  const preHandler = deps.guards.adminWithPlan('useOpenAi');
  const tags = ['prompts'];

  app.get('/api/prompt', { preHandler, schema: { tags, querystring: promptsQuery, response: { 200: promptsPage } } }, (request) => desk.page(request.auth, request.query));

  app.get('/api/prompt/:id', { preHandler, schema: { tags, params: idParams, response: { 200: prompt } } }, (request) => desk.show(request.auth, request.params.id));

  app.post('/api/prompt', { preHandler, schema: { tags, body: createPromptBody, response: { 201: prompt } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/prompt/:id', { preHandler, schema: { tags, params: idParams, body: updatePromptBody, response: { 200: prompt } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/prompt/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Prompt deleted' };
  });
};
