import { z } from 'zod';
import { AppError } from '../errors.js';
import type { MediaSigner, Storage } from '../storage.js';
import type { HttpApp } from './app.js';

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4', mp4: 'video/mp4', webm: 'video/webm',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet', odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip', txt: 'text/plain; charset=utf-8', opus: 'audio/opus', wav: 'audio/wav', aac: 'audio/aac', amr: 'audio/amr',
  mov: 'video/quicktime', '3gp': 'video/3gpp',
};

/** Serves a service's stored files at `/api/media/<service>/<key>` for holders of a signed link only. */
export function registerMediaRoute(app: HttpApp, options: { service: string; storage: Storage; signer: MediaSigner }): void {
  app.get(
    `/api/media/${options.service}/*`,
    { schema: { hide: true, querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }) } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!options.signer.verify(key, request.query.exp, request.query.sig)) throw new AppError('ERR_NO_PERMISSION', 'Invalid or expired media link');
      const file = await options.storage.open(key);
      if (!file) throw new AppError('ERR_NOT_FOUND', 'No such file');
      const ext = key.split('.').pop() ?? '';
      reply.header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream');
      reply.header('content-length', file.size);
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(file.stream);
    },
  );
}

export const mediaBase = (service: string): string => `/api/media/${service}`;
