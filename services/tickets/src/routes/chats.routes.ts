import type { FastifyRequest } from 'fastify';
import {
  chat,
  chatMessage,
  chatMessagesPage,
  chatMessagesQuery,
  chatParams,
  chatReadBody,
  chatsPage,
  chatsQuery,
  createChatBody,
  okAnswer,
  sendChatMessageBody,
  updateChatBody,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createChatsDesk } from '../domain/chats.js';
import type { UploadedFile } from '../domain/message-actions.js';

/** A multipart form: its text fields (first value of each) and its first non-empty file (the others are read and dropped). */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!file && data.length > 0) file = { data, filename: part.filename ?? null, mimetype: part.mimetype ?? null };
    } else if (!(part.fieldname in fields)) {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { fields, file };
}

const consumes = ['application/json', 'multipart/form-data'];

/** The internal chat (spec 002 §7), behind the plan flag useInternalChat: chats, their messages and read markers. */
export const chatsRoutes: RouteModule = (app, deps) => {
  const desk = createChatsDesk(deps);
  // The plan and the token are checked before the input, so a company without the flag learns nothing from validation answers.
  const preValidation = deps.guards.plan('useInternalChat');
  const tags = ['chats'];

  app.get('/api/chats', { preValidation, schema: { tags, querystring: chatsQuery, response: { 200: chatsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/chats/:id', { preValidation, schema: { tags, params: chatParams, response: { 200: chat } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );

  // 201 with a new chat; 200 with the existing private chat of the same two people.
  app.post(
    '/api/chats',
    { preValidation, schema: { tags, body: createChatBody.nullish(), consumes, multipart: { files: { groupImage: { description: "The group's photo", optional: true } } }, response: { 200: chat, 201: chat } } },
    async (request, reply) => {
      const form = request.isMultipart() ? await readForm(request) : null;
      const body = form ? createChatBody.parse(form.fields) : (request.body ?? createChatBody.parse({}));
      const { chat: answer, created } = await desk.create(request.auth, body, form?.file ?? null);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  // A multipart form may carry a photo: it is ignored (the group photo does not change when editing).
  app.put(
    '/api/chats/:id',
    { preValidation, schema: { tags, params: chatParams, body: updateChatBody.nullish(), consumes, response: { 200: chat } } },
    async (request) => {
      const form = request.isMultipart() ? await readForm(request) : null;
      const body = form ? updateChatBody.parse(form.fields) : (request.body ?? {});
      return desk.update(request.auth, request.params.id, body);
    },
  );

  app.delete('/api/chats/:id', { preValidation, schema: { tags, params: chatParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Chat deleted' };
  });

  app.get(
    '/api/chats/:id/messages',
    { preValidation, schema: { tags, params: chatParams, querystring: chatMessagesQuery, response: { 200: chatMessagesPage } } },
    (request) => desk.messages(request.auth, request.params.id, request.query),
  );

  app.post(
    '/api/chats/:id/messages',
    { preValidation, schema: { tags, params: chatParams, body: sendChatMessageBody.nullish(), consumes, multipart: { files: { file: { description: 'A file sent with the message', optional: true } } }, response: { 201: chatMessage } } },
    async (request, reply) => {
      const form = request.isMultipart() ? await readForm(request) : null;
      const body = form ? sendChatMessageBody.parse(form.fields) : (request.body ?? sendChatMessageBody.parse({}));
      return reply.status(201).send(await desk.send(request.auth, request.params.id, body, form?.file ?? null));
    },
  );

  app.post('/api/chats/:id/read', { preValidation, schema: { tags, params: chatParams, body: chatReadBody.nullish(), response: { 200: chat } } }, (request) =>
    desk.read(request.auth, request.params.id, request.body ?? {}),
  );
};
