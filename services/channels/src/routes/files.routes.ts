import type { FastifyRequest } from 'fastify';
import { fileList, fileListBody, fileListsAll, fileListsPage, fileListsQuery, fileListUploadFields, idParams, okAnswer, validationError } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createFileListsDesk } from '../domain/file-lists.js';

/**
 * The upload of options' files (kit's fileListUploadFields): the non-empty file parts, whatever their
 * field name, each paired in order with an `id` (its option); without any `id`, one file for the option
 * `fileId`. The type is read from the bytes, never from the declared mediaType.
 */
async function uploadParts(request: FastifyRequest, listId: number): Promise<{ optionId: number; data: Buffer }[]> {
  if (!request.isMultipart()) throw validationError('files', 'Required');
  let fileId: string | undefined;
  const ids: string[] = [];
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (buffer.length > 0) files.push(buffer);
    } else if (typeof part.value === 'string') {
      if (part.fieldname === 'fileId') fileId = part.value;
      else if (part.fieldname === 'id' || part.fieldname === 'id[]') ids.push(part.value);
    }
  }
  const parsed = fileListUploadFields.safeParse({ fileId, id: ids });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationError(issue?.path[0] === 'fileId' ? 'fileId' : 'id', issue?.message ?? 'Required');
  }
  if (files.length === 0) throw validationError('files', 'Required');
  const options = parsed.data.id.length > 0 ? parsed.data.id : [parsed.data.fileId!];
  if (parsed.data.id.length > 0 && parsed.data.fileId !== undefined && parsed.data.fileId !== listId) throw validationError('fileId', 'must be this list');
  if (options.length !== files.length) throw validationError('id', 'one option per file');
  return files.map((data, i) => ({ optionId: options[i]!, data }));
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
        multipart: {
          files: { files: { description: 'The file of an option (repeated, one per id)' } },
          fields: { fileId: 'The list (the path id); alone, without id, the option of a single file', id: 'The option of each file part, in the same order (repeated)' },
        },
        response: { 200: fileList },
      } },
    async (request) => {
      return desk.upload(request.auth, request.params.id, await uploadParts(request, request.params.id));
    },
  );
};
