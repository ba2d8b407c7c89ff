import {
  AppError,
  announcement,
  announcementsPage,
  announcementsQuery,
  createAnnouncementBody,
  idParams,
  okAnswer,
  updateAnnouncementBody,
  type Guards,
  type HttpApp,
} from '@atende/kit';
import type { Announcements } from '../domain/announcements.js';

/** Announcements (spec 002 §7): every user reads the active ones; super users write them and their attachment. */
export function announcementsRoutes(app: HttpApp, deps: { announcements: Announcements; guards: Guards }): void {
  const { announcements, guards } = deps;
  const tags = ['announcements'];

  app.get(
    '/api/announcements',
    { preHandler: guards.authenticated, schema: { tags, querystring: announcementsQuery, response: { 200: announcementsPage } } },
    (request) => announcements.page(request.auth, request.query.searchParam, request.query.pageNumber),
  );
  app.get('/api/announcements/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: announcement } } }, (request) =>
    announcements.show(request.auth, request.params.id),
  );
  app.post(
    '/api/announcements',
    { preHandler: guards.super, schema: { tags, body: createAnnouncementBody, response: { 201: announcement } } },
    async (request, reply) => reply.status(201).send(await announcements.create(request.auth, request.body)),
  );
  app.put(
    '/api/announcements/:id',
    { preHandler: guards.super, schema: { tags, params: idParams, body: updateAnnouncementBody, response: { 200: announcement } } },
    (request) => announcements.update(request.params.id, request.body),
  );
  app.delete('/api/announcements/:id', { preHandler: guards.super, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await announcements.remove(request.params.id);
    return { message: 'Announcement deleted' };
  });
  app.post(
    '/api/announcements/:id/media-upload',
    { preHandler: guards.super, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The attachment (png, jpg or jpeg); replaces the previous one' } } }, response: { 200: announcement } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });
      // The first non-empty file is the attachment; fields such as typeArch are read and ignored.
      let file: { data: Buffer; name: string | undefined } | undefined;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (!file && data.length > 0) file = { data, name: part.filename };
      }
      if (!file) throw new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });
      return announcements.attach(request.params.id, file.data, file.name);
    },
  );
  app.delete(
    '/api/announcements/:id/media-upload',
    { preHandler: guards.super, schema: { tags, params: idParams, response: { 200: announcement } } },
    (request) => announcements.detach(request.params.id),
  );
}
