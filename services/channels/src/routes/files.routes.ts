import type { FastifyRequest } from 'fastify';
import { fileList, fileListBody, fileListsAll, fileListsPage, fileListsQuery, fileListUploadFields, idParams, okAnswer, validationError } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createFileListsDesk } from '../domain/file-lists.js';

/**
 * The upload of one option's file: text fields fileId (the option), typeArch, mediaType, name, id, and
 * the file part `files` (the first non-empty file part is taken, whatever its field name). The type is
 * read from the bytes, never from the declared mediaType.
 */
async function uploadParts(request: FastifyRequest): Promise<{ fileId: number; data: Buffer }> {
  if (!request.isMultipart()) throw validationError('files', 'Required');
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (!data && buffer.length > 0) data = buffer;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const parsed = fileListUploadFields.safeParse(fields);
  if (!parsed.success) throw validationError('fileId', parsed.error.issues[0]?.message ?? 'Required');
  if (!data) throw validationError('files', 'Required');
  return { fileId: parsed.data.fileId, data };
}

/** File lists (spec 002 §2, §7 /files): admins only (spec 000 §6); every list is the caller's company's. */
export const filesRoutes: RouteModule = (app, deps) => {
  const desk = createFileListsDesk(deps);
  const preHandler = deps.guards.admin;
  const tags = ['files'];

  app.get('/api/files', { preHandler, schema: { tags, querystring: fileListsQuery, response: { 200: fileListsPage } } }, (request) =>
    desk.page(request.auth, request.query),
  );

  app.get('/api/files/list', { preHandler, schema: { tags, response: { 200: fileListsAll } } }, (request) => desk.all(request.auth));

  app.get('/api/files/:id', { preHandler, schema: { tags, params: idParams, response: { 200: fileList } } }, (request) => desk.show(request.auth, request.params.id));

  app.post('/api/files', { preHandler, schema: { tags, body: fileListBody, response: { 201: fileList } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );

  app.put('/api/files/:id', { preHandler, schema: { tags, params: idParams, body: fileListBody, response: { 200: fileList } } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/files/:id', { preHandler, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'File list deleted' };
  });

  app.post(
    '/api/files/uploadList/:id',
    { preHandler, schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        multipart: { files: { files: { description: 'The file of the option' } }, fields: { fileId: 'The id of the list option the file belongs to' } },
        response: { 200: fileList },
      } },
    async (request) => {
      const { fileId, data } = await uploadParts(request);
      return desk.upload(request.auth, request.params.id, fileId, data);
    },
  );
};
