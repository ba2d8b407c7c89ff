import { timingSafeEqual } from 'node:crypto';
import { AppError, ask, fileMediaType, mediaWhitelists, retryAfterSeconds, sniffType, type ApiSendBody } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { apiTokensRepository, type ApiConnection } from '../db/api-tokens.repository.js';

/**
 * The integrators' messages API (spec 001 "Messages API"): the connection's bearer token says which
 * connection (and so which company) sends; tickets stores and sends the message as an attendant's.
 */

/** Failed tokens one address may present per window before it is refused for the rest of it. */
export const API_TOKEN_MAX_FAILURES = 20;
export const API_TOKEN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Tickets stores up to ten messages and their events in one transaction; give it more than the default. */
const SEND_TIMEOUT_MS = 15_000;
/**
 * Whether a send is accepted: the session is connected, or reconnecting on its own a phone paired before
 * (the send waits for it). A connection never paired is OPENING too at each attempt, and nothing it is
 * given goes out; it and any other state need someone to pair the phone, so the integrator hears it now.
 */
const delivers = (connection: Pick<ApiConnection, 'status' | 'number'>): boolean =>
  connection.status === 'CONNECTED' || (connection.status === 'OPENING' && connection.number !== '');
/** Longer than any token we issue; longer ones are refused without a lookup. */
const TOKEN_MAX_LENGTH = 100;

export type UploadedFile = { data: Buffer; filename: string | null; mimetype: string | null };
export type ApiSendAnswer = { message: string; ticketId: number; ticketUuid: string; contactId: number; messageIds: number[] };

/** Constant-time comparison: how long it takes says nothing about how much of a token matched. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const safeFilename = (name: string | null): string | null => (name ? name.replace(/[\\/\0\r\n]/g, '_').slice(0, 200) : null);

const unauthorized = () => new AppError('ERR_SESSION_EXPIRED', 'Invalid or missing connection token', { headers: { 'www-authenticate': 'Bearer' } });

export function createMessagesApi(deps: ChannelsDeps) {
  const { ctx, db } = deps;
  const tokens = apiTokensRepository(db);

  return {
    /**
     * The connection behind `Authorization: Bearer <token>`, if its company's plan has the external API.
     * Unknown tokens count against the caller's address, which is refused more of them for a while. A valid
     * token always passes: an integration still sending a regenerated token must not lock out the other
     * companies' integrations sharing its address (an automation host, a proxy); guessing a 30-character token
     * gains nothing from telling the two answers apart.
     */
    async authorize(token: string | undefined, ip: string): Promise<ApiConnection> {
      const wellFormed = token !== undefined && token.length <= TOKEN_MAX_LENGTH && /^[\x21-\x7e]+$/.test(token);
      const connection = wellFormed ? await tokens.findConnectionByToken(token) : undefined;
      if (!connection || !sameToken(token!, connection.token)) {
        const failures = `api-token-ip:${ip}`;
        const state = await ctx.rateLimits.peek(failures);
        if (state.count >= API_TOKEN_MAX_FAILURES) {
          throw new AppError('ERR_TOO_MANY_REQUESTS', 'Too many invalid tokens; try again later', { headers: { 'retry-after': String(retryAfterSeconds(state)) } });
        }
        await ctx.rateLimits.hit(failures, API_TOKEN_FAILURE_WINDOW_MS);
        throw unauthorized();
      }
      const entry = await ctx.companies.get(connection.companyId);
      if (entry?.company?.status === false) throw new AppError('ERR_COMPANY_INACTIVE', 'The company is inactive');
      if (!entry?.plan?.useExternalApi) {
        throw new AppError('ERR_NO_PERMISSION', 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.', { extra: { feature: 'useExternalApi' } });
      }
      return connection;
    },

    /** Stores the files under the company's folder, then has tickets send; the files go again if tickets refuses. */
    async send(connection: ApiConnection, body: ApiSendBody, files: UploadedFile[]): Promise<ApiSendAnswer> {
      if (!body.body.trim() && files.length === 0) throw new AppError('ERR_VALIDATION', 'body: Required', { fields: [{ field: 'body', message: 'Required' }] });
      if (!delivers(connection)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
      // Every file's type is checked before any is stored.
      const typed = await Promise.all(files.map(async (file) => ({ file, type: await sniffType(file.data, mediaWhitelists.message) })));
      const medias: { mediaType: ReturnType<typeof fileMediaType>; key: string; mimetype: string; filename: string | null; size: number }[] = [];
      let asked = false;
      try {
        for (const { file, type } of typed) {
          const saved = await ctx.storage.save(connection.companyId, 'messages', file.data, type);
          medias.push({ mediaType: fileMediaType(type.mime, file.mimetype), key: saved.key, mimetype: type.mime, filename: safeFilename(file.filename), size: saved.size });
        }
        asked = true;
        const sent = await ask(
          ctx.bus,
          'tickets.api.send',
          {
            companyId: connection.companyId,
            connectionId: connection.id,
            number: body.number,
            body: body.body,
            userId: body.userId ?? null,
            queueId: body.queueId ?? null,
            sendSignature: body.sendSignature ?? false,
            closeTicket: body.closeTicket ?? false,
            medias,
          },
          { timeoutMs: SEND_TIMEOUT_MS },
        );
        return { message: 'Mensagem enviada', ...sent };
      } catch (err) {
        // A refusal means tickets wrote nothing; after a timeout it may still have stored the messages.
        const refused = err instanceof AppError && err.status < 500;
        if (!asked || refused) for (const media of medias) await ctx.storage.remove(media.key).catch(() => undefined);
        throw err;
      }
    },
  };
}
export type MessagesApi = ReturnType<typeof createMessagesApi>;
