import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contactList,
  contactListBody,
  contactListItemRecord,
  contactListItemsPage,
  contactListItemsQuery,
  contactListsPage,
  contactListsQuery,
  contactListUploadResult,
  createContactListItemBody,
  idParams,
  okAnswer,
  updateContactListItemBody,
  validationError,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createContactListsDesk } from '../domain/contact-lists.js';

/** The spreadsheet of an upload (field `file`, the first file part); other fields are ignored. */
async function spreadsheet(request: FastifyRequest): Promise<Buffer> {
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

/** Contact lists and their items (spec 002 §7): admins only (spec 002 §6), plan flag useCampaigns. */
export const contactListsRoutes: RouteModule = (app, deps) => {
  const desk = createContactListsDesk(deps);
  const preHandler = deps.guards.adminWithPlan('useCampaigns');
  const tags = ['contact-lists'];

  app.get('/api/contact-lists', { preHandler, schema: { tags, querystring: contactListsQuery, response: { 200: contactListsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/contact-lists/list', { preHandler, schema: { tags, response: { 200: z.array(contactList) } } }, (request) => desk.all(request.auth));

  app.get('/api/contact-lists/:id', { preHandler, schema: { tags, params: idParams, response: { 200: contactList } } }, (request) => desk.show(request.auth, request.params.id));

  app.post('/api/contact-lists', { preHandler, schema: { tags, body: contactListBody, response: { 201: contactList } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/contact-lists/:id', { preHandler, schema: { tags, params: idParams, body: contactListBody, response: { 200: contactList } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/contact-lists/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Contact list deleted' };
  });

  app.post(
    '/api/contact-lists/:id/upload',
    { preHandler, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The spreadsheet of contacts (.xlsx or Excel 97–2003 .xls)' } } }, response: { 200: contactListUploadResult } } },
    async (request) => desk.upload(request.auth, request.params.id, await spreadsheet(request)),
  );

  app.get('/api/contact-list-items', { preHandler, schema: { tags, querystring: contactListItemsQuery, response: { 200: contactListItemsPage } } }, (request) =>
    desk.items(request.auth, request.query),
  );

  app.get('/api/contact-list-items/:id', { preHandler, schema: { tags, params: idParams, response: { 200: contactListItemRecord } } }, (request) =>
    desk.showItem(request.auth, request.params.id),
  );

  app.post('/api/contact-list-items', { preHandler, schema: { tags, body: createContactListItemBody, response: { 201: contactListItemRecord } } }, async (request, reply) =>
    reply.status(201).send(await desk.createItem(request.auth, request.body)),
  );

  app.put('/api/contact-list-items/:id', { preHandler, schema: { tags, params: idParams, body: updateContactListItemBody, response: { 200: contactListItemRecord } } }, (request) =>
    desk.updateItem(request.auth, request.params.id, request.body),
  );

  app.delete('/api/contact-list-items/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.removeItem(request.auth, request.params.id);
    return { message: 'Contact deleted' };
  });
};
