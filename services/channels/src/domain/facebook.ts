import {
  AppError,
  defaultConnectionSchedules,
  facebookLoginScope,
  mediaBase,
  type AuthUser,
  type Emit,
  type EventData,
  type FacebookLoginConfig,
  type WhatsappConnection,
  type facebookLinkBody,
} from '@atende/kit';
import type { z } from 'zod';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { CONNECTION_NAME_KEY, connectionsRepository, uniqueViolation, type ConnectionRow } from '../db/connections.repository.js';
import { facebookRepository } from '../db/facebook.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { GraphError, GraphUnavailableError, type GraphClient, type GraphPage, type GraphProfile } from '../drivers/graph.js';
import { assertChannelAllowed, assertConnectionLimit, connectionCompany, newConnectionToken, type ConnectionPlan } from './connection-rules.js';
import { readWebhook, validSignature, validVerifyToken, type SocialChannel, type WebhookEvent } from './facebook-webhook.js';
import { toConnectionProjection, toWhatsappConnection } from './presenters.js';

type LinkBody = z.output<typeof facebookLinkBody>;

/** Connection names are at most 50 characters (spec 001 §5). */
const NAME_MAX = 50;
/** Messenger's own attachment ceiling; larger files are reported without their content. */
const INBOUND_MEDIA_MAX_BYTES = 25 * 1024 * 1024;
const PROFILE_TTL_MS = 60 * 60 * 1000;
const PROFILE_CACHE_SIZE = 5000;

/** What one linked page or Instagram account becomes. */
export type LinkTarget = { channel: SocialChannel; accountId: string; name: string; pageId: string; token: string };

/**
 * The connections a login grants (pure): every page for Facebook; for Instagram every business account
 * of those pages (answered through its page's token). Empty: nothing to link.
 */
export function linkTargets(pages: readonly GraphPage[], instagram: boolean): LinkTarget[] {
  if (!instagram) return pages.map((p) => ({ channel: 'facebook', accountId: p.id, name: p.name.trim() || p.id, pageId: p.id, token: p.accessToken }));
  return pages.flatMap((p) =>
    p.instagram
      ? [{ channel: 'instagram' as const, accountId: p.instagram.id, name: (p.instagram.username ?? p.instagram.name ?? '').trim() || p.instagram.id, pageId: p.id, token: p.accessToken }]
      : [],
  );
}

/** `name`, or 'name (2)', 'name (3)'… the first that `taken` does not hold, within the 50 characters. */
export async function freeName(name: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  const base = name.slice(0, NAME_MAX).trim() || 'Facebook';
  if (!(await taken(base))) return base;
  for (let n = 2; n < 1000; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new AppError('ERR_DUPLICATED_NAME', 'No free connection name');
}

/** Graph's refusal as the link route answers it: the app's credentials, a permission, the token, or Facebook out of reach. */
export function linkError(err: unknown): unknown {
  if (err instanceof GraphError) {
    // #101 "Error validating application": this server's app id or secret is wrong, not the person's token.
    if (err.code === 101) return new AppError('ERR_FACEBOOK_NOT_CONFIGURED', `Facebook refused this server's app id or secret: ${err.message}`);
    if (err.permissionDenied) {
      return new AppError('ERR_FACEBOOK_PERMISSION_DENIED', `Facebook refused a permission: ${err.message}`, {
        fields: [{ field: 'facebookUserToken', message: err.message }],
      });
    }
    return new AppError('ERR_FACEBOOK_TOKEN_INVALID', `Facebook refused the token: ${err.message}`, { fields: [{ field: 'facebookUserToken', message: err.message }] });
  }
  if (err instanceof GraphUnavailableError) return new AppError('ERR_SERVICE_UNAVAILABLE', 'Facebook could not be reached; try again');
  return err;
}

/**
 * Facebook and Instagram connections (spec 001 §2, §7): the login config, linking the pages a login
 * granted, and Meta's webhook turned into channels.message.* events like the WhatsApp sessions report.
 */
export function createFacebookDesk(deps: ChannelsDeps, graph: GraphClient) {
  const { db, unitOfWork, ctx, config, sessions } = deps;
  const logger = ctx.logger.child({ module: 'facebook' });
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);
  const configured = () => !!config.FACEBOOK_APP_ID && !!config.FACEBOOK_APP_SECRET;
  const profiles = new Map<string, { at: number; profile: GraphProfile }>();

  const planOf = async (companyId: number): Promise<ConnectionPlan | null> => (await ctx.companies.get(companyId).catch(() => null))?.plan ?? null;

  const announce = async (tx: ChannelsDb, emit: Emit, rows: ConnectionRow[]) => {
    const queues = new Map((await queuesRepository(tx).byIdsAnyCompany([...new Set(rows.flatMap((r) => r.queueIds))])).map((q) => [q.id, q]));
    for (const row of rows) {
      await emit('channels.connection.updated', row.companyId, {
        connection: toConnectionProjection(row),
        whatsapp: toWhatsappConnection(row, queues, { showToken: false, withQrcode: true, mediaUrl }),
      });
    }
  };

  /** A contact's name and picture, kept an hour per connection (Graph limits calls per page). */
  const profileOf = async (connection: ConnectionRow, channel: SocialChannel, contactId: string): Promise<GraphProfile> => {
    const key = `${connection.id}:${contactId}`;
    const cached = profiles.get(key);
    if (cached && Date.now() - cached.at < PROFILE_TTL_MS) return cached.profile;
    let profile: GraphProfile = { name: '', pictureUrl: null };
    try {
      profile = await graph.profile(contactId, connection.facebookUserToken ?? '', channel);
    } catch (err) {
      logger.warn({ err, connectionId: connection.id }, 'contact profile not read');
      return profile;
    }
    if (profiles.size >= PROFILE_CACHE_SIZE) profiles.delete(profiles.keys().next().value!);
    profiles.set(key, { at: Date.now(), profile });
    return profile;
  };

  /** Downloads an attachment into the company's storage; a failed download leaves the key null (tickets shows it as missing). */
  const storeAttachment = async (companyId: number, url: string, filename: string | null, wid: string) => {
    try {
      const { data, mimetype } = await graph.download(url, INBOUND_MEDIA_MAX_BYTES);
      const named = filename ?? wid;
      const ext = (named.includes('.') ? named.split('.').pop()! : (mimetype.split('/')[1] ?? 'bin')).replace(/[^a-z0-9]/gi, '').slice(0, 10) || 'bin';
      const stored = await ctx.storage.save(companyId, 'inbound', data, { mime: mimetype, ext });
      return { key: stored.key, mimetype, size: data.length };
    } catch (err) {
      logger.warn({ err, wid }, 'inbound attachment not downloaded');
      return { key: null, mimetype: 'application/octet-stream', size: null };
    }
  };

  /** One webhook event for one connection answering its page / account. */
  const deliver = async (event: WebhookEvent, connection: ConnectionRow): Promise<void> => {
    const companyId = connection.companyId;
    if (event.kind === 'message') {
      const profile = await profileOf(connection, event.channel, event.contactId);
      let media: EventData<'channels.message.received'>['media'] = null;
      if (event.attachment?.mediaType === 'locationMessage') media = { mediaType: 'locationMessage', key: null, mimetype: 'text/plain', filename: null, size: null };
      else if (event.attachment) {
        const stored = await storeAttachment(companyId, event.attachment.url, event.attachment.filename, event.wid);
        media = { mediaType: event.attachment.mediaType, filename: event.attachment.filename, ...stored };
      }
      const data: EventData<'channels.message.received'> = {
        connectionId: connection.id,
        channel: event.channel,
        contact: { number: event.contactId.slice(0, 50), name: profile.name.slice(0, 250), pictureUrl: profile.pictureUrl, lid: null, remoteJid: null },
        isGroup: false,
        group: null,
        wid: event.wid.slice(0, 200),
        fromMe: event.fromMe,
        body: event.body,
        media,
        quotedWid: event.quotedWid?.slice(0, 200) ?? null,
        timestamp: event.timestamp,
      };
      await unitOfWork(async (_tx, emit) => {
        await emit('channels.message.received', companyId, data);
      });
      return;
    }
    await unitOfWork(async (_tx, emit) => {
      if (event.kind === 'ack') await emit('channels.message.ack', companyId, { messageId: null, wid: event.wid.slice(0, 200), ack: event.ack, error: null });
      else if (event.kind === 'readUpTo') {
        const readUpTo = { connectionId: connection.id, contactNumber: event.contactId.slice(0, 50), timestamp: event.upTo };
        await emit('channels.message.ack', companyId, { messageId: null, wid: null, ack: 3, error: null, readUpTo });
      } else if (event.kind === 'reaction') {
        await emit('channels.message.changed', companyId, {
          connectionId: connection.id,
          wid: event.wid.slice(0, 200),
          kind: 'reaction',
          body: null,
          reaction: { emoji: event.emoji, fromNumber: event.fromId.slice(0, 50) },
        });
      } else if (event.kind === 'edited') {
        await emit('channels.message.changed', companyId, { connectionId: connection.id, wid: event.wid.slice(0, 200), kind: 'edited', body: event.body, reaction: null });
      } else {
        await emit('channels.message.changed', companyId, { connectionId: connection.id, wid: event.wid.slice(0, 200), kind: 'revoked', body: null, reaction: null });
      }
    });
  };

  return {
    /** GET /facebook/config: what the web's login button needs. */
    loginConfig(): FacebookLoginConfig {
      const business = config.FACEBOOK_BUSINESS_SCOPE;
      return {
        appId: configured() ? config.FACEBOOK_APP_ID! : null,
        version: config.FACEBOOK_LOGIN_VERSION,
        scope: facebookLoginScope({ instagram: false, business }),
        instagramScope: facebookLoginScope({ instagram: true, business }),
      };
    },

    /**
     * POST /facebook: the user token becomes a long-lived one, the granted pages (or their Instagram
     * accounts) become connections of the caller's company (or the one a super user names) — a page linked before gets the new token,
     * never a second connection; a page another company linked is refused (409) — the app is subscribed to each page's messages, and
     * each session starts.
     */
    async link(auth: AuthUser, body: LinkBody): Promise<WhatsappConnection[]> {
      const companyId = await connectionCompany(auth, body.companyId, async (id) => !!(await ctx.companies.get(id)));
      const channel: SocialChannel = body.addInstagram ? 'instagram' : 'facebook';
      // The plan first: a company without the channel is told so, whatever this server's setup.
      const plan = await planOf(companyId);
      assertChannelAllowed(plan, channel);
      if (!configured()) throw new AppError('ERR_FACEBOOK_NOT_CONFIGURED', 'Facebook is not configured on this server (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET)');

      let targets: LinkTarget[];
      try {
        const longToken = await graph.exchangeToken(body.facebookUserToken);
        targets = linkTargets(await graph.pages(body.facebookUserId, longToken), body.addInstagram);
        if (targets.length === 0) {
          throw body.addInstagram
            ? new AppError('ERR_INSTAGRAM_NO_ACCOUNTS', 'None of the granted pages has an Instagram business account')
            : new AppError('ERR_FACEBOOK_NO_PAGES', 'The Facebook login granted no page');
        }
        for (const pageId of new Set(targets.map((t) => t.pageId))) await graph.subscribe(pageId, targets.find((t) => t.pageId === pageId)!.token);
      } catch (err) {
        throw linkError(err);
      }

      let rows: ConnectionRow[];
      try {
        rows = await unitOfWork(async (tx, emit) => {
          const repo = connectionsRepository(tx);
          const links = facebookRepository(tx);
          await repo.lockCompany(companyId);
          // A page (or Instagram account) answers one company: its customers' messages would otherwise land in both.
          const taken: LinkTarget[] = [];
          for (const target of targets) if (await links.linkedElsewhere(companyId, target.channel, target.accountId)) taken.push(target);
          if (taken.length > 0) {
            throw new AppError('ERR_FACEBOOK_PAGE_IN_USE', `Already linked to another company: ${taken.map((t) => t.name).join(', ')}`, {
              fields: taken.map((t) => ({ field: 'pages', message: t.name })),
            });
          }
          let count = await repo.count(companyId);
          const saved: ConnectionRow[] = [];
          for (const target of targets) {
            const existing = await links.findLinked(companyId, target.channel, target.accountId);
            if (existing) {
              // Linked again (a new login, or after a disconnect): the new token; its session is started below.
              saved.push(await repo.update(companyId, existing.id, { facebookUserId: body.facebookUserId, facebookUserToken: target.token }));
              continue;
            }
            assertConnectionLimit(plan, count);
            const name = await freeName(target.name, (candidate) => repo.nameTaken(companyId, candidate, null));
            saved.push(
              await repo.insert({
                companyId,
                name,
                channel: target.channel,
                // The company's first connection is its default (as POST /whatsapp makes it).
                isDefault: count === 0,
                status: 'OPENING',
                token: newConnectionToken(),
                schedules: defaultConnectionSchedules(),
                facebookUserId: body.facebookUserId,
                facebookUserToken: target.token,
                facebookPageUserId: target.accountId,
              }),
            );
            count++;
          }
          await announce(tx, emit, saved);
          return saved;
        });
      } catch (err) {
        // Two links of the same login at once may meet on the name index: the second one is told to try again.
        if (uniqueViolation(err) === CONNECTION_NAME_KEY) throw new AppError('ERR_DUPLICATED_NAME', 'A connection with this name was just created; try again');
        throw err;
      }

      for (const row of rows) {
        try {
          await sessions.command(companyId, row.id, 'start');
        } catch (err) {
          logger.warn({ err, connectionId: row.id }, 'session command not delivered');
        }
      }
      const queues = new Map((await queuesRepository(db).byIdsAnyCompany([...new Set(rows.flatMap((r) => r.queueIds))])).map((q) => [q.id, q]));
      const showToken = auth.profile === 'admin' || auth.super;
      return rows.map((row) => toWhatsappConnection(row, queues, { showToken, withQrcode: true, mediaUrl }));
    },

    /** GET /facebook/webhook: Meta's subscription check; answers the challenge, or null when refused. */
    verify(mode: string | undefined, token: string | undefined, challenge: string | undefined): string | null {
      return mode === 'subscribe' && challenge !== undefined && validVerifyToken(token, config.FACEBOOK_VERIFY_TOKEN) ? challenge : null;
    },

    /** POST /facebook/webhook: false when the signature is not the app's; else every event is reported. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
      if (!validSignature(rawBody, signature, config.FACEBOOK_APP_SECRET)) return false;
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return true;
      }
      const listeners = new Map<string, ConnectionRow[]>();
      for (const event of readWebhook(payload, config.FACEBOOK_APP_ID)) {
        const key = `${event.channel}:${event.accountId}`;
        let connections = listeners.get(key);
        if (!connections) {
          connections = await facebookRepository(db).listeners(event.channel, event.accountId);
          listeners.set(key, connections);
        }
        for (const connection of connections) await deliver(event, connection);
      }
      return true;
    },
  };
}

export type FacebookDesk = ReturnType<typeof createFacebookDesk>;
