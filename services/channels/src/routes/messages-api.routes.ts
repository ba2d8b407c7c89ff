import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiSendBody, bearerToken, type ApiSendBody } from '@atende/kit';
import type { ApiConnection } from '../db/api-tokens.repository.js';
import type { RouteModule } from '../deps.js';
import { createMessagesApi, type UploadedFile } from '../domain/messages-api.js';

const apiSendAnswer = z.object({
  message: z.string(),
  ticketId: z.number().int(),
  ticketUuid: z.string(),
  contactId: z.number().int(),
  messageIds: z.array(z.number().int()),
});

/** A multipart send: the JSON body's fields as form fields, plus one or more files (`medias`). */
async function readMultipart(request: FastifyRequest): Promise<{ body: ApiSendBody; files: UploadedFile[] }> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length > 0) files.push({ data, filename: part.filename ?? null, mimetype: part.mimetype ?? null });
    } else {
      fields[part.fieldname] ??= typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { body: apiSendBody.parse(fields), files };
}

/** POST /api/messages/send (spec 001 "Messages API"): public at the gateway, authorized by the connection's token. */
export const messagesApiRoutes: RouteModule = (app, deps) => {
  const api = createMessagesApi(deps);
  // The connection each request's token named (set before its body is read).
  const senders = new WeakMap<FastifyRequest, ApiConnection>();

  app.post(
    '/api/messages/send',
    {
      // The token and plan answer first: a caller without them learns nothing about what the body should be.
      onRequest: async (request) => {
        senders.set(request, await api.authorize(bearerToken(request), request.ip));
      },
      schema: {
        tags: ['messages-api'],
        summary: 'Send a message to a number on the connection whose token is the bearer (not a user access token)',
        body: apiSendBody.nullish(),
        consumes: ['application/json', 'multipart/form-data'],
        multipart: { files: { medias: { description: 'Files to send; the body is the caption of each', many: true, optional: true } } },
        response: { 200: apiSendAnswer },
      },
    },
    async (request) => {
      const connection = senders.get(request)!;
      if (request.isMultipart()) {
        const { body, files } = await readMultipart(request);
        return api.send(connection, body, files);
      }
      // No JSON body at all is the same as one without its required fields.
      return api.send(connection, request.body ?? apiSendBody.parse({}), []);
    },
  );
};
