import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createQuickMessageBody,
  idParams,
  okAnswer,
  quickMessage,
  quickMessagesListQuery,
  quickMessagesPage,
  quickMessagesQuery,
  updateQuickMessageBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import type { UploadedFile } from '../domain/message-actions.js';
import { createQuickMessagesDesk } from '../domain/quick-messages.js';

/** The first file of a multipart upload (fields such as typeArch are read and ignored). */
async function firstFile(request: FastifyRequest): Promise<UploadedFile | null> {
  if (!request.isMultipart()) return null;
  let found: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (!found && data.length > 0) found = { data, filename: part.filename ?? null, mimetype: part.mimetype ?? null };
  }
  return found;
}

/** Quick messages (spec 002 §7): pages, the picker list, show, create, update, delete, media. */
export const quickMessagesRoutes: RouteModule = (app, deps) => {
  const desk = createQuickMessagesDesk(deps);
  const { guards } = deps;
  const tags = ['quick-messages'];

  app.get('/api/quick-messages', { preHandler: guards.authenticated, schema: { tags, querystring: quickMessagesQuery, response: { 200: quickMessagesPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/quick-messages/list', { preHandler: guards.authenticated, schema: { tags, querystring: quickMessagesListQuery, response: { 200: z.array(quickMessage) } } }, (request) =>
    desk.usable(request.auth, request.query.searchParam),
  );

  app.get('/api/quick-messages/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: quickMessage } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/quick-messages', { preHandler: guards.authenticated, schema: { tags, body: createQuickMessageBody, response: { 201: quickMessage } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/quick-messages/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: updateQuickMessageBody, response: { 200: quickMessage } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/quick-messages/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Quick message deleted' };
  });

  app.post(
    '/api/quick-messages/:id/media-upload',
    { preHandler: guards.authenticated, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The attachment; replaces the previous one' } } }, response: { 200: quickMessage } } },
    async (request) => desk.uploadMedia(request.auth, request.params.id, await firstFile(request)),
  );

  app.delete('/api/quick-messages/:id/media-upload', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: quickMessage } } }, (request) =>
    desk.removeMedia(request.auth, request.params.id),
  );
};
