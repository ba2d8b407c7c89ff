import { z } from 'zod';
import { createHelpBody, help, helpsQuery, idParams, okAnswer, updateHelpBody, type Guards, type HttpApp } from '@atende/kit';
import type { Helps } from '../domain/helps.js';

const helpsPage = z.object({ helps: z.array(help), count: z.number().int(), hasMore: z.boolean() });

/** Help videos: every user reads them; the super user edits them. */
export function helpsRoutes(app: HttpApp, deps: { helps: Helps; guards: Guards }): void {
  const { helps, guards } = deps;
  const tags = ['helps'];

  app.get('/api/helps', { preHandler: guards.authenticated, schema: { tags, querystring: helpsQuery, response: { 200: helpsPage } } }, (request) =>
    helps.page(request.query.searchParam, request.query.pageNumber),
  );
  app.get('/api/helps/list', { preHandler: guards.authenticated, schema: { tags, response: { 200: z.array(help) } } }, () => helps.all());
  app.get('/api/helps/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: help } } }, (request) =>
    helps.show(request.params.id),
  );
  app.post('/api/helps', { preHandler: guards.super, schema: { tags, body: createHelpBody, response: { 201: help } } }, async (request, reply) =>
    reply.status(201).send(await helps.create(request.body)),
  );
  app.put('/api/helps/:id', { preHandler: guards.super, schema: { tags, params: idParams, body: updateHelpBody, response: { 200: help } } }, (request) =>
    helps.update(request.params.id, request.body),
  );
  app.delete('/api/helps/:id', { preHandler: guards.super, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await helps.remove(request.params.id);
    return { message: 'Help deleted' };
  });
}
