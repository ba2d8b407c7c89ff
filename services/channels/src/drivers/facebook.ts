import type { SendCommand } from '@atende/kit';
import type { SocialCredentials } from '../db/facebook.repository.js';
import { SessionNotConnectedError, retryDelayMs } from '../domain/session-state.js';
import { GraphError, GraphUnavailableError, type AttachmentType, type GraphClient } from './graph.js';
import type { ChannelDriver, DriverFactory } from './types.js';

/**
 * Facebook (Messenger) and Instagram direct messages as a session: the connection's page token, checked
 * on start with GET /me (CONNECTED while it works), and the Graph Send API for the session manager's
 * sends. Inbound does not come through the session: Meta posts it to the webhook (routes/facebook.routes.ts),
 * which any replica answers. A token Graph refuses is reported as a logout (the session manager drops it,
 * fails the waiting sends and shows DISCONNECTED until the page is linked again); Graph out of reach is
 * DISCONNECTED with a retry after back-off, the sends waiting for it.
 */

/** Messenger takes 2000 characters per text; Instagram 1000 bytes. */
export const TEXT_LIMITS: Record<'facebook' | 'instagram', { max: number; measure(s: string): number }> = {
  facebook: { max: 2000, measure: (s) => [...s].length },
  instagram: { max: 1000, measure: (s) => Buffer.byteLength(s, 'utf8') },
};

/**
 * A text cut into pieces the channel takes, at the last line break or space before the limit when
 * there is one (a word longer than the limit is cut where it must). Empty text: no piece.
 */
export function splitText(text: string, limit: { max: number; measure(s: string): number }): string[] {
  const pieces: string[] = [];
  let rest = text.trim() === '' ? '' : text;
  while (rest !== '') {
    if (limit.measure(rest) <= limit.max) {
      pieces.push(rest);
      break;
    }
    // The longest prefix (in whole code points) within the limit.
    const chars = [...rest];
    let lo = 1;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (limit.measure(chars.slice(0, mid).join('')) <= limit.max) lo = mid;
      else hi = mid - 1;
    }
    const prefix = chars.slice(0, lo).join('');
    const cut = Math.max(prefix.lastIndexOf('\n'), prefix.lastIndexOf(' '));
    const piece = cut > prefix.length / 2 ? prefix.slice(0, cut) : prefix;
    pieces.push(piece);
    rest = rest.slice(piece.length).replace(/^[ \n]/, '');
  }
  return pieces;
}

/** The Send API's attachment type for a stored file's kind (a sticker goes as an image, anything else as a file). */
export function attachmentType(mediaType: string): AttachmentType {
  if (mediaType === 'image' || mediaType === 'sticker') return 'image';
  if (mediaType === 'video') return 'video';
  if (mediaType === 'audio') return 'audio';
  return 'file';
}

/** An error whose code the ack carries (sendAndAck keeps ERR_ codes). */
const coded = (code: string, message: string): Error => Object.assign(new Error(message), { code });

export type GraphDriverOptions = {
  graph: GraphClient;
  /** The connection's page token and account (read on every use: a page linked again takes effect at once). */
  credentials(connectionId: number): Promise<SocialCredentials | undefined>;
  /** Wait before checking again after `failures` failed checks (default: the sessions' back-off). */
  retryDelay?(failures: number): number;
};

export const graphDriverFactory =
  (options: GraphDriverOptions): DriverFactory =>
  async (context): Promise<ChannelDriver> => {
    const { graph } = options;
    const delay = options.retryDelay ?? ((failures: number) => retryDelayMs(failures));
    const logger = context.logger.child({ module: 'graph' });
    let closed = false;
    let failures = 0;
    let timer: NodeJS.Timeout | undefined;

    const linked = async (): Promise<(SocialCredentials & { token: string }) | null> => {
      const c = await options.credentials(context.connectionId);
      return c?.token ? { ...c, token: c.token } : null;
    };

    /** Graph out of reach: DISCONNECTED now, another check after back-off. */
    const lost = (err: unknown): void => {
      if (closed) return;
      logger.warn({ err }, 'Graph unreachable; checking again later');
      failures++;
      context.events.status({ status: 'DISCONNECTED' });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void check(), delay(failures - 1));
      timer.unref();
    };

    const revoked = (reason: string): void => {
      if (closed) return;
      logger.warn({ reason }, 'page token refused; the page must be linked again');
      closed = true;
      if (timer) clearTimeout(timer);
      context.events.loggedOut();
    };

    const check = async (): Promise<void> => {
      timer = undefined;
      if (closed) return;
      try {
        const credentials = await linked();
        if (!credentials) return revoked('no page token stored');
        await graph.me(credentials.token);
        if (closed) return;
        failures = 0;
        context.events.status({ status: 'CONNECTED' });
      } catch (err) {
        if (err instanceof GraphError && err.tokenRefused) return revoked(err.message);
        lost(err);
      }
    };

    const deliver = async (token: string, channel: 'facebook' | 'instagram', command: SendCommand): Promise<string | null> => {
      const recipient = { id: command.to.number };
      switch (command.kind) {
        case 'edit':
          throw coded('ERR_EDITING_WAPP_MSG', `messages cannot be edited on ${channel}`);
        case 'delete':
          throw coded('ERR_DELETE_WAPP_MSG', `messages cannot be deleted on ${channel}`);
        case 'reaction':
          throw coded('ERR_SENDING_WAPP_MSG', `reactions are not sent on ${channel}`);
        default: {
          let wid: string | null = null;
          if (command.media?.key) {
            const data = await context.readMedia(command.media.key);
            wid = await graph.sendAttachment(token, recipient.id, {
              type: attachmentType(command.media.mediaType),
              data,
              mimetype: command.media.mimetype,
              filename: command.media.filename ?? 'file',
            });
          }
          // Attachments carry no caption here: the text follows as its own message(s).
          for (const text of splitText(command.body, TEXT_LIMITS[channel])) {
            const id = await graph.send(token, { recipient, messaging_type: 'RESPONSE', message: { text } });
            wid ??= id;
          }
          if (!command.media?.key && command.body.trim() === '') throw coded('ERR_SENDING_WAPP_MSG', 'nothing to send');
          return wid;
        }
      }
    };

    void check();

    return {
      async send(command) {
        if (closed) throw new SessionNotConnectedError();
        const credentials = await linked();
        if (!credentials) throw coded('ERR_WAPP_NOT_INITIALIZED', 'the page is not linked');
        const channel = credentials.channel === 'instagram' ? 'instagram' : 'facebook';
        try {
          return { wid: await deliver(credentials.token, channel, command) };
        } catch (err) {
          if (err instanceof GraphUnavailableError && err.network) {
            // Nothing reached Graph: the send waits for the next check to succeed.
            lost(err);
            throw new SessionNotConnectedError(err.message);
          }
          if (err instanceof GraphError && err.tokenRefused) {
            revoked(err.message);
            throw coded('ERR_WAPP_NOT_INITIALIZED', err.message);
          }
          if (err instanceof GraphError || err instanceof GraphUnavailableError) {
            logger.warn({ err, messageId: command.messageId }, 'Graph refused a send');
            throw coded('ERR_SENDING_WAPP_MSG', err.message);
          }
          throw err;
        }
      },
      // The page stays subscribed (another connection may answer the same page); the token is dropped by the session manager.
      async logout() {
        closed = true;
        if (timer) clearTimeout(timer);
      },
      async close() {
        closed = true;
        if (timer) clearTimeout(timer);
      },
    };
  };
