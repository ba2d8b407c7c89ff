import { z } from 'zod';
import {
  contact,
  contactIdParams,
  contactTagsAnswer,
  createTagBody,
  idParams,
  okAnswer,
  syncTagsBody,
  tag,
  tagContactParams,
  tagDetail,
  tagsListQuery,
  tagsPage,
  tagsQuery,
  updateTagBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createContactsDesk } from '../domain/contacts.js';
import { createTagsDesk } from '../domain/tags.js';

/** Tags (spec 001 §7): paged list, list, show, create, update, delete, a contact's tags, sync and unlink. */
export const tagsRoutes: RouteModule = (app, deps) => {
  const desk = createTagsDesk(deps);
  const contacts = createContactsDesk(deps);
  const { guards } = deps;
  const tags = ['tags'];

  app.get('/api/tags', { preHandler: guards.authenticated, schema: { tags, querystring: tagsQuery, response: { 200: tagsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/tags/list', { preHandler: guards.authenticated, schema: { tags, querystring: tagsListQuery, response: { 200: z.array(tag) } } }, (request) =>
    desk.list(request.auth, request.query),
  );

  app.get('/api/tags/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: tagDetail } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/tags', { preHandler: guards.authenticated, schema: { tags, body: createTagBody, response: { 201: tag } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/tags/:id', { preHandler: guards.admin, schema: { tags, params: idParams, body: updateTagBody, response: { 200: tag } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/tags/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Tag deleted' };
  });

  app.post('/api/tags/sync', { preHandler: guards.authenticated, schema: { tags, body: syncTagsBody, response: { 200: contact } } }, (request) =>
    desk.sync(request.auth, request.body),
  );

  app.delete('/api/tags-contacts/:tagId/:contactId', { preHandler: guards.authenticated, schema: { tags, params: tagContactParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.unlinkContact(request.auth, request.params.tagId, request.params.contactId);
    return { message: 'Tag removed from contact' };
  });

  app.get('/api/contactTags/:contactId', { preHandler: guards.authenticated, schema: { tags, params: contactIdParams, response: { 200: contactTagsAnswer } } }, (request) =>
    contacts.tagsOf(request.auth, request.params.contactId),
  );
};
