import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  editMessageBody,
  forwardAnswer,
  forwardMessageBody,
  idParams,
  listMessagesQuery,
  message,
  messagesPage,
  nulField,
  reactMessageBody,
  sendMessageBody,
  ticketIdParams,
  validationError,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createAccess } from '../domain/access.js';
import { createConversation, type SendInput, type UploadedFile } from '../domain/message-actions.js';
import { createCachedReads } from './cached-read.js';

const sendAnswer = z.object({ message, messages: z.array(message), duplicate: z.boolean() });

/** A multipart send: fields body (one per file as captions when repeated), isPrivate, quotedMsg; files (medias). */
async function readMultipart(request: FastifyRequest): Promise<SendInput> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // A form's empty file input comes as a nameless empty part: nothing chosen. A named empty file is a mistake to say.
      if (data.length === 0 && part.filename) throw validationError(part.fieldname, `${part.filename}: the file is empty`);
      if (data.length > 0) files.push({ data, filename: part.filename ?? null, mimetype: part.mimetype ?? null });
    } else {
      (fields[part.fieldname] ??= []).push(typeof part.value === 'string' ? part.value : String(part.value));
    }
  }
  // The JSON body is checked by the app's hook; multipart fields only here.
  const withNul = nulField(fields);
  if (withNul !== undefined) throw validationError(withNul.split('.')[0]!, 'must not contain NUL characters');
  const parsed = sendMessageBody.parse({
    body: fields.body?.[0] ?? '',
    ...(fields.isPrivate ? { isPrivate: fields.isPrivate[0] } : {}),
    ...(fields.fromMe ? { fromMe: fields.fromMe[0] } : {}),
    ...(fields.quotedMsg?.[0] ? { quotedMsg: quotedField(fields.quotedMsg[0]) } : {}),
  });
  const captions = fields.body && fields.body.length > 1 ? z.array(z.string().max(65_536)).parse(fields.body) : undefined;
  // One caption per file: one more would be sent nowhere.
  if (captions && captions.length > Math.max(files.length, 1)) throw validationError('body', `${captions.length} captions for ${files.length} file(s): one per file at most`);
  return { body: parsed.body, isPrivate: parsed.isPrivate ?? false, quotedMsgId: parsed.quotedMsg ?? null, vCard: null, files, captions };
}

/** A multipart quotedMsg: the message's id, or the message object as JSON text (as a JSON body may send it). */
function quotedField(value: string): unknown {
  if (!value.trimStart().startsWith('{')) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // refused by the schema, naming quotedMsg
  }
}

/** Messages of a ticket (spec 000 §7): history, send (JSON or multipart), edit, delete, react, forward. */
export const messagesRoutes: RouteModule = (app, deps) => {
  const conversation = createConversation(deps);
  const access = createAccess(deps);
  const sendCachedRead = createCachedReads(deps);
  const { guards } = deps;
  const tags = ['messages'];

  app.get(
    '/api/messages/:ticketId',
    { preHandler: guards.authenticated, schema: { tags, params: ticketIdParams, querystring: listMessagesQuery, response: { 200: messagesPage } } },
    async (request, reply) => {
      const c = await access.caller(request.auth);
      const { ticketId } = request.params;
      const { pageNumber } = request.query;
      return sendCachedRead(reply, c, 'messages', [ticketId, pageNumber], () => conversation.page(c, ticketId, pageNumber));
    },
  );

  app.post(
    '/api/messages/:ticketId',
    {
      preHandler: guards.authenticated,
      schema: { tags, params: ticketIdParams, body: sendMessageBody.nullish(), consumes: ['application/json', 'multipart/form-data'],
        multipart: { files: { medias: { description: 'Files to send; a body repeated once per file gives each its caption', many: true, optional: true } } },
        response: { 200: sendAnswer, 201: sendAnswer },
      },
    },
    async (request, reply) => {
      let input: SendInput;
      if (request.isMultipart()) input = await readMultipart(request);
      else {
        const body = request.body ?? sendMessageBody.parse({});
        input = { body: body.body, isPrivate: body.isPrivate ?? false, quotedMsgId: body.quotedMsg ?? null, vCard: body.vCard ?? null, files: [] };
      }
      const answer = await conversation.send(request.auth, request.params.ticketId, input);
      return reply.status(answer.duplicate ? 200 : 201).send(answer);
    },
  );

  app.post('/api/messages/edit/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: editMessageBody, response: { 200: message } } }, (request) =>
    conversation.edit(request.auth, request.params.id, request.body.body),
  );

  app.delete('/api/messages/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: message } } }, (request) =>
    conversation.remove(request.auth, request.params.id),
  );

  app.post('/api/messages/react/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: reactMessageBody, response: { 200: message } } }, (request) =>
    conversation.react(request.auth, request.params.id, request.body.reaction),
  );

  app.post('/api/message/forward', { preHandler: guards.authenticated, schema: { tags, body: forwardMessageBody, response: { 201: forwardAnswer } } }, async (request, reply) =>
    reply.status(201).send(await conversation.forward(request.auth, request.body)),
  );
};
