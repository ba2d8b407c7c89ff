import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, type Guards, type HttpApp, type MultipartForm } from '@atende/kit';
import type { Whitelabel, WhitelabelKind } from '../domain/whitelabel.js';

const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', ico: 'image/x-icon' };

/** Whitelabel images (spec 001 §7): uploads by the super user; the files themselves are public (the login page shows them). */
export function whitelabelRoutes(app: HttpApp, deps: { whitelabel: Whitelabel; guards: Guards }): void {
  const { whitelabel, guards } = deps;
  const tags = ['settings'];

  const imageForm = (modes: string): MultipartForm => ({ files: { file: { description: 'The image (png, jpg, webp, gif or ico)' } }, fields: { mode: `Which image it is: ${modes}` } });
  const upload = (kind: WhitelabelKind) => async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });
    let mode: string | undefined;
    let data: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!data && bytes.length > 0) data = bytes;
      } else if (part.fieldname === 'mode') mode = String(part.value);
    }
    if (!data) throw new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });
    return whitelabel.upload(request.auth, kind, mode, data);
  };
  app.post(
    '/api/settings-whitelabel/logo',
    { preHandler: guards.super, schema: { tags, consumes: ['multipart/form-data'], multipart: imageForm('Light, Dark or Favicon'), response: { 200: z.string() } } },
    upload('logo'),
  );
  app.post(
    '/api/settings-whitelabel/login',
    { preHandler: guards.super, schema: { tags, consumes: ['multipart/form-data'], multipart: imageForm('Enter or Register'), response: { 200: z.string() } } },
    upload('login'),
  );

  app.get('/public/:name', { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } }, async (request, reply) => {
    const file = await whitelabel.open(request.params.name);
    if (!file) throw new AppError('ERR_NOT_FOUND', 'No such file');
    reply.header('content-type', MIME_BY_EXT[request.params.name.split('.').pop() ?? ''] ?? 'application/octet-stream');
    reply.header('content-length', file.size);
    // Every upload gets a new name: a stored file never changes.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(file.stream);
  });
}
