import { createHmac } from 'node:crypto';

/**
 * Meta's Graph API as the Facebook and Instagram connections use it: token exchange, the user's pages,
 * webhook subscription, page check, profiles, the Send API and attachment downloads. Calls carry
 * appsecret_proof when the app secret is known (Meta's "require app secret" setting). Base URL and
 * version come from the configuration, so tests run it against a local fake (testing/fake-graph.ts).
 */
export type GraphOptions = {
  baseUrl: string;
  version: string;
  appId?: string | undefined;
  appSecret?: string | undefined;
  /** Milliseconds a JSON call may take (default 20 s); uploads and downloads get three times that. */
  timeoutMs?: number;
};

/** Graph answered with an error object ({ error: { message, type, code, error_subcode } }). */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly type: string | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The token is expired, revoked or not valid (OAuthException 190/102/463/467, or a refused exchange). */
  get tokenRefused(): boolean {
    return this.code === 190 || this.code === 102 || this.code === 463 || this.code === 467;
  }

  /** A permission the login did not grant (#10, #3, #200–#299). */
  get permissionDenied(): boolean {
    return this.code === 10 || this.code === 3 || (this.code !== null && this.code >= 200 && this.code < 300);
  }
}

/** Graph could not be reached (network, timeout) or answered without a Graph error (5xx page, garbage). */
export class GraphUnavailableError extends Error {
  constructor(
    message: string,
    /** Graph was not reached at all (network, timeout), as opposed to an answer that was not Graph's (5xx). */
    readonly network: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GraphUnavailableError';
  }
}

export type GraphPage = {
  id: string;
  name: string;
  accessToken: string;
  instagram: { id: string; username: string | null; name: string | null } | null;
};

export type GraphProfile = { name: string; pictureUrl: string | null };

/** What the Send API takes for an attachment (Messenger's types; Instagram takes image, video and audio). */
export type AttachmentType = 'image' | 'video' | 'audio' | 'file';

const MAX_ACCOUNT_PAGES = 20;

export function createGraphClient(options: GraphOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeout = options.timeoutMs ?? 20_000;

  const proof = (token: string): Record<string, string> =>
    options.appSecret ? { appsecret_proof: createHmac('sha256', options.appSecret).update(token).digest('hex') } : {};

  const urlOf = (path: string, query: Record<string, string | undefined>): string => {
    const url = new URL(path.startsWith('http') ? path : `${base}/${options.version}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  };

  /** One Graph call; answers the parsed JSON or throws GraphError / GraphUnavailableError. */
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: { json?: unknown; form?: FormData }, ms = timeout): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: body?.json !== undefined ? { 'content-type': 'application/json' } : undefined,
        body: body?.json !== undefined ? JSON.stringify(body.json) : body?.form,
        signal: AbortSignal.timeout(ms),
      });
    } catch (err) {
      throw new GraphUnavailableError(`Graph unreachable: ${(err as Error).message}`, true, { cause: err });
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new GraphUnavailableError(`Graph answered ${res.status} without JSON`, false);
    }
    const error = (parsed as { error?: { message?: unknown; code?: unknown; error_subcode?: unknown; type?: unknown } } | null)?.error;
    if (!res.ok || error) {
      if (!error || res.status >= 500) throw new GraphUnavailableError(`Graph answered ${res.status}: ${String(error?.message ?? '')}`.trim(), false);
      throw new GraphError(
        String(error.message ?? `Graph answered ${res.status}`).slice(0, 400),
        res.status,
        typeof error.code === 'number' ? error.code : null,
        typeof error.error_subcode === 'number' ? error.error_subcode : null,
        typeof error.type === 'string' ? error.type : null,
      );
    }
    return parsed as T;
  };

  return {
    /** A long-lived user token for a short-lived one (oauth/access_token, grant fb_exchange_token). */
    async exchangeToken(userToken: string): Promise<string> {
      const answer = await call<{ access_token?: unknown }>(
        'GET',
        urlOf('oauth/access_token', { grant_type: 'fb_exchange_token', client_id: options.appId, client_secret: options.appSecret, fb_exchange_token: userToken }),
      );
      if (typeof answer.access_token !== 'string' || !answer.access_token) throw new GraphUnavailableError('Graph answered no access_token', false);
      return answer.access_token;
    },

    /** The pages the user granted, with each page's token and Instagram business account (all result pages followed). */
    async pages(userId: string, userToken: string): Promise<GraphPage[]> {
      const pages: GraphPage[] = [];
      let next: string | null = urlOf(`${encodeURIComponent(userId)}/accounts`, {
        fields: 'name,access_token,instagram_business_account{id,username,name}',
        limit: '100',
        access_token: userToken,
        ...proof(userToken),
      });
      for (let i = 0; next && i < MAX_ACCOUNT_PAGES; i++) {
        const answer: { data?: unknown; paging?: { next?: unknown } } = await call('GET', next);
        for (const raw of Array.isArray(answer.data) ? answer.data : []) {
          const p = raw as { id?: unknown; name?: unknown; access_token?: unknown; instagram_business_account?: { id?: unknown; username?: unknown; name?: unknown } };
          if (typeof p.id !== 'string' || typeof p.access_token !== 'string') continue;
          const ig = p.instagram_business_account;
          pages.push({
            id: p.id,
            name: typeof p.name === 'string' ? p.name : p.id,
            accessToken: p.access_token,
            instagram:
              ig && typeof ig.id === 'string'
                ? { id: ig.id, username: typeof ig.username === 'string' ? ig.username : null, name: typeof ig.name === 'string' ? ig.name : null }
                : null,
          });
        }
        next = typeof answer.paging?.next === 'string' ? answer.paging.next : null;
      }
      return pages;
    },

    /** Subscribes the app to the page's messaging webhooks. */
    async subscribe(pageId: string, pageToken: string): Promise<void> {
      await call(
        'POST',
        urlOf(`${encodeURIComponent(pageId)}/subscribed_apps`, {
          // Reactions and edits are fields of their own: without them Meta never sends those events.
          subscribed_fields: 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions,message_edits',
          access_token: pageToken,
          ...proof(pageToken),
        }),
      );
    },

    /** The page a page token belongs to (the session check: the token still works). */
    async me(pageToken: string): Promise<{ id: string; name: string }> {
      const answer = await call<{ id?: unknown; name?: unknown }>('GET', urlOf('me', { fields: 'id,name', access_token: pageToken, ...proof(pageToken) }));
      return { id: String(answer.id ?? ''), name: typeof answer.name === 'string' ? answer.name : '' };
    },

    /** A Messenger (PSID) or Instagram (IGSID) user's name and picture. */
    async profile(userId: string, pageToken: string, channel: 'facebook' | 'instagram'): Promise<GraphProfile> {
      const fields = channel === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic';
      const p = await call<{ first_name?: unknown; last_name?: unknown; name?: unknown; username?: unknown; profile_pic?: unknown }>(
        'GET',
        urlOf(encodeURIComponent(userId), { fields, access_token: pageToken, ...proof(pageToken) }),
      );
      const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      const name = channel === 'instagram' ? str(p.name) || str(p.username) : [str(p.first_name), str(p.last_name)].filter(Boolean).join(' ');
      const picture = str(p.profile_pic);
      return { name, pictureUrl: picture && picture.length <= 2000 ? picture : null };
    },

    /** Send API with a JSON message (text, sender actions); answers the message id. */
    async send(pageToken: string, payload: Record<string, unknown>): Promise<string | null> {
      const answer = await call<{ message_id?: unknown }>('POST', urlOf('me/messages', { access_token: pageToken, ...proof(pageToken) }), { json: payload });
      return typeof answer.message_id === 'string' ? answer.message_id : null;
    },

    /** Send API with an uploaded file (multipart, filedata); answers the message id. */
    async sendAttachment(
      pageToken: string,
      recipientId: string,
      file: { type: AttachmentType; data: Buffer; mimetype: string; filename: string },
    ): Promise<string | null> {
      const form = new FormData();
      form.append('recipient', JSON.stringify({ id: recipientId }));
      form.append('messaging_type', 'RESPONSE');
      form.append('message', JSON.stringify({ attachment: { type: file.type, payload: { is_reusable: false } } }));
      form.append('filedata', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.filename);
      const answer = await call<{ message_id?: unknown }>('POST', urlOf('me/messages', { access_token: pageToken, ...proof(pageToken) }), { form }, timeout * 3);
      return typeof answer.message_id === 'string' ? answer.message_id : null;
    },

    /** An attachment a contact sent (its CDN URL from the webhook), up to maxBytes. */
    async download(url: string, maxBytes: number): Promise<{ data: Buffer; mimetype: string }> {
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(timeout * 3) });
      } catch (err) {
        throw new GraphUnavailableError(`attachment unreachable: ${(err as Error).message}`, true, { cause: err });
      }
      if (!res.ok || !res.body) throw new GraphUnavailableError(`attachment answered ${res.status}`, false);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > maxBytes) throw new GraphUnavailableError(`attachment of ${declared} bytes is over ${maxBytes}`, false);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > maxBytes) throw new GraphUnavailableError(`attachment is over ${maxBytes} bytes`, false);
        chunks.push(Buffer.from(chunk));
      }
      const mimetype = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase().slice(0, 200);
      return { data: Buffer.concat(chunks), mimetype };
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;

/** The Graph client of the service's configuration. */
export const graphFromConfig = (config: {
  FACEBOOK_GRAPH_URL: string;
  FACEBOOK_GRAPH_VERSION: string;
  FACEBOOK_APP_ID?: string | undefined;
  FACEBOOK_APP_SECRET?: string | undefined;
}): GraphClient =>
  createGraphClient({ baseUrl: config.FACEBOOK_GRAPH_URL, version: config.FACEBOOK_GRAPH_VERSION, appId: config.FACEBOOK_APP_ID, appSecret: config.FACEBOOK_APP_SECRET });
