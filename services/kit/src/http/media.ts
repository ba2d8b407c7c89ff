import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthUser, TokenVerifier } from '../auth/tokens.js';
import { AppError } from '../errors.js';
import type { MediaSigner, Storage } from '../storage.js';
import type { HttpApp } from './app.js';
import { bearerToken } from './guards.js';

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4', mp4: 'video/mp4', webm: 'video/webm',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet', odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip', txt: 'text/plain; charset=utf-8', opus: 'audio/ogg', wav: 'audio/wav', aac: 'audio/aac', amr: 'audio/amr',
  mov: 'video/quicktime', '3gp': 'video/3gpp',
};

/**
 * The cookie a browser's session carries its access token in for media (auth sets it at login and at each
 * refresh, with the token's expiry): an <img> or <audio> cannot send an Authorization header.
 */
export const MEDIA_SESSION_COOKIE = 'jmt';
export const MEDIA_COOKIE_PATH = '/api/media';

/** The access token of a media request: the Authorization header, else the media cookie. */
function mediaToken(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === MEDIA_SESSION_COOKIE) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim()) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Keys name their company's folder first (`company<id>/…`, see Storage.save). */
const companyOfKey = (key: string): number | null => {
  const match = /^company(\d+)\//.exec(key);
  return match ? Number(match[1]) : null;
};

/**
 * Serves a service's stored files at `/api/media/<service>/<key>` for holders of a signed link. With
 * `verify` (a company's private files: messages, attachments, avatars), the link alone is not enough: the
 * request must also carry a session (bearer token or the media cookie) of a user of the file's company, or
 * of a super user. Without a session: 401 ERR_SESSION_EXPIRED; another company's: 403 ERR_NO_PERMISSION.
 */
export function registerMediaRoute(app: HttpApp, options: { service: string; storage: Storage; signer: MediaSigner; verify?: TokenVerifier }): void {
  const { verify } = options;
  app.get(
    `/api/media/${options.service}/*`,
    { schema: { hide: true, querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }) } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (verify) {
        const token = mediaToken(request);
        if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Sign in to open this file');
        const auth: AuthUser = verify(token);
        if (!auth.super && companyOfKey(key) !== auth.companyId) throw new AppError('ERR_NO_PERMISSION', 'This file belongs to another company');
      }
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
