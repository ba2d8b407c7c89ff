import { z } from 'zod';
import {
  blockContactBody,
  contact,
  contactListItem,
  contactNumberParams,
  contactsExportQuery,
  contactsListQuery,
  contactsPage,
  contactsQuery,
  createContactBody,
  idParams,
  okAnswer,
  updateContactBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createContactsDesk } from '../domain/contacts.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Contacts (spec 000 §7, spec 001 §7): list, light list, show, by number, create, update, delete, block, toggles, export. */
export const contactsRoutes: RouteModule = (app, deps) => {
  const desk = createContactsDesk(deps);
  const { guards } = deps;
  const tags = ['contacts'];

  app.get('/api/contacts', { preHandler: guards.authenticated, schema: { tags, querystring: contactsQuery, response: { 200: contactsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/contacts/list', { preHandler: guards.authenticated, schema: { tags, querystring: contactsListQuery, response: { 200: z.array(contactListItem) } } }, (request) =>
    desk.list(request.auth, request.query),
  );

  app.get('/api/contacts/export', { preHandler: guards.authenticated, schema: { tags, querystring: contactsExportQuery, produces: [XLSX_MIME] } }, async (request, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', 'attachment; filename="Contatos.xlsx"')
      .send(await desk.exportWorkbook(request.auth, request.query)),
  );

  app.get('/api/contacts/profile/:number', { preHandler: guards.authenticated, schema: { tags, params: contactNumberParams, response: { 200: contact } } }, (request) =>
    desk.byNumber(request.auth, request.params.number),
  );

  app.get('/api/contacts/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: contact } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  app.post('/api/contacts', { preHandler: guards.authenticated, schema: { tags, body: createContactBody, response: { 201: contact } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/contacts/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: updateContactBody, response: { 200: contact } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/contacts/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Contact deleted' };
  });

  app.put('/api/contacts/block/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: blockContactBody, response: { 200: contact } } }, (request) =>
    desk.setActive(request.auth, request.params.id, request.body.active),
  );

  app.put('/api/contacts/toggleAcceptAudio/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: contact } } }, (request) =>
    desk.toggle(request.auth, request.params.id, 'acceptAudioMessage'),
  );

  app.put('/api/contacts/toggleDisableBot/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: contact } } }, (request) =>
    desk.toggle(request.auth, request.params.id, 'disableBot'),
  );
};
