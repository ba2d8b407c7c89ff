import type { FastifyRequest } from 'fastify';
import { createScheduleBody, idParams, okAnswer, schedule, schedulesPage, schedulesQuery, updateScheduleBody } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createSchedulesDesk, type UploadedFile } from '../domain/schedules-desk.js';

/** The first non-empty file of a multipart upload. */
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

/** Scheduled messages (spec 002 §7): any user of a company whose plan has useSchedules. */
export const schedulesRoutes: RouteModule = (app, deps) => {
  const desk = createSchedulesDesk(deps);
  const guard = deps.guards.plan('useSchedules');
  const tags = ['schedules'];

  app.get('/api/schedules', { preHandler: guard, schema: { tags, querystring: schedulesQuery, response: { 200: schedulesPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/schedules/:id', { preHandler: guard, schema: { tags, params: idParams, response: { 200: schedule } } }, (request) => desk.show(request.auth, request.params.id));

  app.post('/api/schedules', { preHandler: guard, schema: { tags, body: createScheduleBody, response: { 201: schedule } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/schedules/:id', { preHandler: guard, schema: { tags, params: idParams, body: updateScheduleBody, response: { 200: schedule } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/schedules/:id', { preHandler: guard, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Schedule deleted' };
  });

  app.post(
    '/api/schedules/:id/media-upload',
    { preHandler: guard, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The attachment (png, jpg, jpeg, pdf, xls, xlsx or gif)' } } }, response: { 200: schedule } } },
    async (request) => desk.uploadMedia(request.auth, request.params.id, await firstFile(request)),
  );

  app.delete('/api/schedules/:id/media-upload', { preHandler: guard, schema: { tags, params: idParams, response: { 200: schedule } } }, (request) =>
    desk.removeMedia(request.auth, request.params.id),
  );
};
