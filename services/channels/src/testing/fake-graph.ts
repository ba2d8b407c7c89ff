import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API on 127.0.0.1 speaking its protocol for what channels calls:
 * oauth/access_token (fb_exchange_token), /{user}/accounts (paged), /{page}/subscribed_apps, /me,
 * /{psid} profiles, /me/messages (JSON and multipart with filedata) and attachment downloads under
 * /cdn/. Errors are Graph's error objects. Calls with an appsecret_proof must carry the right one.
 */
export type FakePage = { id: string; name: string; token: string; instagram?: { id: string; username: string; name: string } };
export type FakeUser = { id: string; token: string; pages: FakePage[] };
export type SentMessage = {
  pageId: string;
  recipient: string;
  messagingType: string | null;
  text: string | null;
  attachment: { type: string; filename: string; mimetype: string; size: number } | null;
  messageId: string;
};

export type FakeGraph = {
  url: string;
  version: string;
  appId: string;
  appSecret: string;
  users: FakeUser[];
  profiles: Map<string, Record<string, string>>;
  /** Subscribed fields per page id. */
  subscriptions: Map<string, string>;
  sent: SentMessage[];
  /** Files served at `${url}/cdn/<name>`. */
  files: Map<string, { data: Buffer; type: string }>;
  /** Page tokens Graph refuses from now on (error 190). */
  revoked: Set<string>;
  /** The next send answers this Graph error (once). */
  failNextSend: { status: number; code: number; subcode?: number; message: string } | null;
  /** Pages answered per /accounts call (to exercise paging). */
  pageSize: number;
  /** Every request: method and path (query stripped). */
  calls: { method: string; path: string; query: URLSearchParams }[];
  user(id: string): FakeUser | undefined;
  close(): Promise<void>;
};

const graphError = (res: http.ServerResponse, status: number, code: number, message: string, subcode?: number) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, error_subcode: subcode, fbtrace_id: 'fake' } }));
};
const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeGraph(options: { version?: string; appId?: string; appSecret?: string } = {}): Promise<FakeGraph> {
  const version = options.version ?? 'v18.0';
  let nextMessage = 1;
  const state: Omit<FakeGraph, 'url' | 'close'> = {
    version,
    appId: options.appId ?? '1234567890',
    appSecret: options.appSecret ?? 'fake-app-secret',
    users: [],
    profiles: new Map(),
    subscriptions: new Map(),
    sent: [],
    files: new Map(),
    revoked: new Set(),
    failNextSend: null,
    pageSize: 100,
    calls: [],
    user(id) {
      return state.users.find((u) => u.id === id);
    },
  };
  const longToken = (token: string) => `long-${token}`;
  const pageOfToken = (token: string | null): FakePage | undefined =>
    token && !state.revoked.has(token) ? state.users.flatMap((u) => u.pages).find((p) => p.token === token) : undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const q = url.searchParams;
        state.calls.push({ method: req.method ?? 'GET', path: url.pathname, query: q });
        if (url.pathname.startsWith('/cdn/')) {
          const file = state.files.get(decodeURIComponent(url.pathname.slice(5)));
          if (!file) return graphError(res, 404, 100, 'not found');
          res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.data.length) });
          return res.end(file.data);
        }
        const prefix = `/${version}/`;
        if (!url.pathname.startsWith(prefix)) return graphError(res, 400, 2500, 'Unknown path components');
        const path = url.pathname.slice(prefix.length);
        const token = q.get('access_token');
        const proof = q.get('appsecret_proof');
        if (token && proof !== null && proof !== createHmac('sha256', state.appSecret).update(token).digest('hex')) {
          return graphError(res, 400, 100, 'Invalid appsecret_proof provided in the API argument');
        }

        if (path === 'oauth/access_token' && req.method === 'GET') {
          if (q.get('client_id') !== state.appId || q.get('client_secret') !== state.appSecret) return graphError(res, 400, 101, 'Error validating application.');
          const user = state.users.find((u) => u.token === q.get('fb_exchange_token'));
          if (q.get('grant_type') !== 'fb_exchange_token' || !user) return graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
          return json(res, { access_token: longToken(user.token), token_type: 'bearer', expires_in: 5183944 });
        }

        const accounts = /^(\d+)\/accounts$/.exec(path);
        if (accounts && req.method === 'GET') {
          const user = state.users.find((u) => u.id === accounts[1]);
          if (!user || token !== longToken(user.token)) return graphError(res, 400, 190, 'Error validating access token: the session is invalid.');
          const after = Number(q.get('after') ?? 0);
          const slice = user.pages.slice(after, after + state.pageSize);
          const data = slice.map((p) => ({
            id: p.id,
            name: p.name,
            access_token: p.token,
            ...(p.instagram && (q.get('fields') ?? '').includes('instagram_business_account') ? { instagram_business_account: p.instagram } : {}),
          }));
          const more = after + state.pageSize < user.pages.length;
          const next = new URL(`http://${req.headers.host}${url.pathname}`);
          q.forEach((v, k) => next.searchParams.set(k, v));
          next.searchParams.set('after', String(after + state.pageSize));
          return json(res, { data, paging: more ? { cursors: { after: String(after + state.pageSize) }, next: next.toString() } : { cursors: {} } });
        }

        const subscribed = /^(\d+)\/subscribed_apps$/.exec(path);
        if (subscribed && req.method === 'POST') {
          const page = pageOfToken(token);
          if (!page || page.id !== subscribed[1]) return graphError(res, 400, 190, 'Invalid OAuth access token.');
          state.subscriptions.set(page.id, q.get('subscribed_fields') ?? '');
          return json(res, { success: true });
        }

        if (path === 'me' && req.method === 'GET') {
          const page = pageOfToken(token);
          if (!page) return graphError(res, 400, 190, 'Error validating access token: The session has been invalidated.');
          return json(res, { id: page.id, name: page.name });
        }

        if (path === 'me/messages' && req.method === 'POST') {
          const page = pageOfToken(token);
          if (!page) return graphError(res, 400, 190, 'Error validating access token: The session has been invalidated.');
          if (state.failNextSend) {
            const f = state.failNextSend;
            state.failNextSend = null;
            return graphError(res, f.status, f.code, f.message, f.subcode);
          }
          const body = Buffer.concat(chunks);
          const type = req.headers['content-type'] ?? '';
          const messageId = `m_${nextMessage++}`;
          if (type.startsWith('multipart/form-data')) {
            const form = await new Response(body, { headers: { 'content-type': type } }).formData();
            const recipient = JSON.parse(String(form.get('recipient') ?? '{}')) as { id?: string };
            const message = JSON.parse(String(form.get('message') ?? '{}')) as { attachment?: { type?: string } };
            const file = form.get('filedata');
            if (!recipient.id || !message.attachment?.type || !(file instanceof Blob)) return graphError(res, 400, 100, '(#100) Param filedata must be a file');
            state.sent.push({
              pageId: page.id,
              recipient: recipient.id,
              messagingType: form.get('messaging_type') as string | null,
              text: null,
              attachment: { type: message.attachment.type, filename: (file as File).name, mimetype: file.type, size: file.size },
              messageId,
            });
          } else {
            const payload = JSON.parse(body.toString('utf8') || '{}') as { recipient?: { id?: string }; messaging_type?: string; message?: { text?: string } };
            if (!payload.recipient?.id || typeof payload.message?.text !== 'string') return graphError(res, 400, 100, '(#100) The parameter recipient is required');
            state.sent.push({ pageId: page.id, recipient: payload.recipient.id, messagingType: payload.messaging_type ?? null, text: payload.message.text, attachment: null, messageId });
          }
          return json(res, { recipient_id: 'x', message_id: messageId });
        }

        const profile = /^(\d+)$/.exec(path);
        if (profile && req.method === 'GET') {
          if (!pageOfToken(token)) return graphError(res, 400, 190, 'Invalid OAuth access token.');
          const p = state.profiles.get(profile[1]!);
          if (!p) return graphError(res, 400, 100, 'Unsupported get request.');
          const fields = (q.get('fields') ?? '').split(',');
          return json(res, Object.fromEntries(Object.entries({ id: profile[1]!, ...p }).filter(([k]) => k === 'id' || fields.includes(k))));
        }
        return graphError(res, 400, 2500, `Unknown path ${path}`);
      })().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeGraph;
}

/** Meta's X-Hub-Signature-256 of a webhook body. */
export const signWebhook = (body: string | Buffer, appSecret: string): string => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
