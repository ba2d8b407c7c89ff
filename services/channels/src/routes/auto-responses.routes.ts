import type { FastifyRequest } from 'fastify';
import {
  autoResponse,
  autoResponseBody,
  autoResponseImportResult,
  autoResponsesList,
  autoResponsesQuery,
  autoResponseStats,
  autoResponseTestBody,
  autoResponseTestResult,
  idParams,
  okAnswer,
  updateAutoResponseBody,
  validationError,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createAutoResponsesDesk } from '../domain/auto-responses-desk.js';

/** The CSV of an import (field `file`, the first file part); other parts are read and ignored. */
async function csvFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationError('file', 'Required');
  let data: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (data === null) data = await part.toBuffer();
    else part.file.resume();
  }
  if (!data || data.length === 0) throw validationError('file', 'Required');
  return data;
}

const csvName = () => `auto-respostas-${new Date().toISOString().slice(0, 10)}.csv`;

/** Auto-responses (spec 002 §2, §7): admins only (spec 000 §6), always within the caller's company. */
export const autoResponsesRoutes: RouteModule = (app, deps) => {
  const desk = createAutoResponsesDesk(deps);
  const preHandler = deps.guards.admin;
  const tags = ['auto-responses'];

  app.get('/api/auto-responses', { preHandler, schema: { tags, querystring: autoResponsesQuery, response: { 200: autoResponsesList } } }, (request) =>
    desk.list(request.auth, request.query),
  );

  app.post('/api/auto-responses', { preHandler, schema: { tags, body: autoResponseBody, response: { 201: autoResponse } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.get('/api/auto-responses/stats', { preHandler, schema: { tags, response: { 200: autoResponseStats } } }, (request) => desk.stats(request.auth));

  app.get('/api/auto-responses/export/csv', { preHandler, schema: { tags, produces: ['text/csv'] } }, async (request, reply) => {
    const csv = await desk.exportCsv(request.auth);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvName()}"`).send(csv);
  });

  app.post(
    '/api/auto-responses/import',
    { preHandler, schema: { tags, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The CSV of auto-responses' } } }, response: { 200: autoResponseImportResult } } },
    async (request) => desk.importCsv(request.auth, await csvFile(request)),
  );

  app.post('/api/auto-responses/test', { preHandler, schema: { tags, body: autoResponseTestBody, response: { 200: autoResponseTestResult } } }, (request) =>
    desk.test(request.auth, request.body.message),
  );

  app.put('/api/auto-responses/:id', { preHandler, schema: { tags, params: idParams, body: updateAutoResponseBody, response: { 200: autoResponse } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/auto-responses/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Auto-response deleted' };
  });

  app.patch('/api/auto-responses/:id/toggle', { preHandler, schema: { tags, params: idParams, response: { 200: autoResponse } } }, (request) =>
    desk.toggle(request.auth, request.params.id),
  );

  app.post('/api/auto-responses/:id/duplicate', { preHandler, schema: { tags, params: idParams, response: { 201: autoResponse } } }, async (request, reply) =>
    reply.status(201).send(await desk.duplicate(request.auth, request.params.id)),
  );
};
