import { z } from 'zod';
import { AppError, closedImportedAnswer, connectionCounts, connectionListQuery, idParams, okAnswer, newConnectionBody, updateConnectionBody, whatsappConnection } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createConnectionsDesk } from '../domain/connections.js';

const fileRequired = () => new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });

/**
 * Connections (spec 001 §2, §6, §7). Every user of the company lists them (attendants need the names);
 * admins and users with allowConnections open and add them; admins edit, delete and restart them; the
 * all-connections page is the super user's.
 */
export const connectionsRoutes: RouteModule = (app, deps) => {
  const desk = createConnectionsDesk(deps);
  const { guards } = deps;
  const tags = ['connections'];
  const list = { 200: z.array(whatsappConnection) };

  app.get('/api/whatsapp', { preHandler: guards.authenticated, schema: { tags, querystring: connectionListQuery, response: list } }, (request) =>
    desk.list(request.auth, request.query),
  );
  app.get('/api/whatsapp/filter', { preHandler: guards.authenticated, schema: { tags, querystring: connectionListQuery, response: list } }, (request) =>
    desk.list(request.auth, request.query),
  );
  app.get('/api/whatsapp/all', { preHandler: guards.super, schema: { tags, querystring: connectionListQuery, response: list } }, (request) =>
    desk.all(request.auth, request.query),
  );
  // The all-connections page's per company counts (every company, those without a connection as 0/0/0).
  app.get(
    '/api/whatsapp/all/counts',
    { preHandler: guards.super, schema: { tags, querystring: connectionListQuery, response: { 200: z.array(connectionCounts) } } },
    (request) => desk.countsByCompany(request.query),
  );
  app.get('/api/whatsapp-admin/:id', { preHandler: guards.super, schema: { tags, params: idParams, querystring: connectionListQuery, response: list } }, (request) =>
    desk.ofCompany(request.auth, request.params.id, request.query),
  );
  app.get('/api/whatsapp/:id', { preHandler: guards.area('connections'), schema: { tags, params: idParams, response: { 200: whatsappConnection } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );
  app.post('/api/whatsapp', { preHandler: guards.area('connections'), schema: { tags, body: newConnectionBody, response: { 201: whatsappConnection } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );
  app.put(
    '/api/whatsapp/:id',
    { preHandler: guards.admin, schema: { tags, params: idParams, body: updateConnectionBody, response: { 200: whatsappConnection } } },
    (request) => desk.update(request.auth, request.params.id, request.body),
  );
  app.delete('/api/whatsapp/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Connection deleted' };
  });
  app.post(
    '/api/whatsapp/:id/media-upload',
    { preHandler: guards.area('connections'), schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        multipart: { files: { file: { description: "The greeting's image or video; replaces the previous one" } } },
        response: { 200: whatsappConnection },
      } },
    async (request) => {
      if (!request.isMultipart()) throw fileRequired();
      // The first non-empty file is the greeting's media; other parts are read and ignored.
      let file: { data: Buffer; name: string | undefined } | undefined;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (!file && data.length > 0) file = { data, name: part.filename };
      }
      if (!file) throw fileRequired();
      return desk.attachMedia(request.auth, request.params.id, file.data, file.name);
    },
  );
  app.delete(
    '/api/whatsapp/:id/media-upload',
    { preHandler: guards.area('connections'), schema: { tags, params: idParams, response: { 200: whatsappConnection } } },
    (request) => desk.detachMedia(request.auth, request.params.id),
  );
  // The close-imported button sits with the session buttons: whoever may use those may press it.
  app.post('/api/closedimported/:id', { preHandler: guards.area('connections'), schema: { tags, params: idParams, response: { 200: closedImportedAnswer } } }, (request) =>
    desk.closeImported(request.auth, request.params.id),
  );
  app.post('/api/whatsapp-restart', { preHandler: guards.admin, schema: { tags, response: { 200: okAnswer } } }, async (request) => {
    const started = await desk.restartAll(request.auth);
    return { message: `${started} connection(s) restarting` };
  });
};
