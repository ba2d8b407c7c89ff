import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '@atende/kit';
import { png } from '@atende/kit/testing';
import { startFakeGraph, signWebhook, type FakeGraph } from '../testing/fake-graph.js';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** Facebook and Instagram connections (spec 001 §2, §7): GET /api/facebook/config, POST /api/facebook, Meta's webhook. */
let graph: FakeGraph;
let h: Harness;
const tokens: Record<string, string> = {};
const VERIFY = 'verify-me-please';

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const rowsOf = (companyId: number) =>
  h.sql<{ id: number; name: string; channel: string; status: string; is_default: boolean; facebook_user_id: string; facebook_user_token: string | null; facebook_page_user_id: string }[]>`
    select id, name, channel, status, is_default, facebook_user_id, facebook_user_token, facebook_page_user_id
    from channels.connections where company_id = ${companyId} order by id`;

let nextId = 100;
/** A Facebook user of the fake Graph with the given pages (ids and tokens made unique per test). */
const fbUser = (pages: { name: string; instagram?: { username: string; name: string } }[]) => {
  const userId = String(nextId++);
  const user = {
    id: userId,
    token: `user-token-${userId}`,
    pages: pages.map((p) => {
      const id = String(nextId++);
      return { id, name: p.name, token: `page-token-${id}`, instagram: p.instagram ? { id: String(nextId++), ...p.instagram } : undefined };
    }),
  };
  graph.users.push(user);
  return user;
};
const link = (who: string | undefined, user: { id: string; token: string }, extra: Record<string, unknown> = {}) =>
  api(who, 'POST', '/api/facebook', { facebookUserId: user.id, facebookUserToken: user.token, ...extra });

beforeAll(async () => {
  graph = await startFakeGraph();
  h = await startHarness({
    recordSessions: true,
    config: { FACEBOOK_APP_ID: graph.appId, FACEBOOK_APP_SECRET: graph.appSecret, FACEBOOK_GRAPH_URL: graph.url, FACEBOOK_VERIFY_TOKEN: VERIFY },
  });
  for (let c = 1; c <= 20; c++) h.plans.set(c, fullPlan());
  for (let c = 1; c <= 20; c++) tokens[`admin${c}`] = h.signIn({ id: c, companyId: c, profile: 'admin' }).token;
  tokens.ana1 = h.signIn({ id: 111, companyId: 1 }).token;
  tokens.bia1 = h.signIn({ id: 112, companyId: 1, allowConnections: 'enabled' }).token;
});
afterAll(async () => {
  await h?.stop();
  await graph?.close();
});

describe('GET /api/facebook/config', () => {
  it('gives the login button the app id, the SDK version and both scopes', async () => {
    const res = await api('ana1', 'GET', '/api/facebook/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      appId: graph.appId,
      version: 'v9.0',
      scope: 'public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement',
      instagramScope: 'public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement,instagram_basic,instagram_manage_messages',
    });
  });

  it('needs a session', async () => {
    expect((await api(undefined, 'GET', '/api/facebook/config')).status).toBe(401);
  });
});

describe('POST /api/facebook', () => {
  it('turns every granted page into a Facebook connection with its page token, subscribed and starting', async () => {
    const user = fbUser([{ name: 'Clínica Sorriso' }, { name: 'Sorriso Kids' }]);
    const before = h.published.length;
    h.commands.length = 0;
    const res = await link('admin2', user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.connections).toHaveLength(2);
    expect(res.body.connections[0]).toMatchObject({ name: 'Clínica Sorriso', channel: 'facebook', status: 'OPENING', isDefault: true, companyId: 2 });
    expect(res.body.connections[1]).toMatchObject({ name: 'Sorriso Kids', channel: 'facebook', isDefault: false });
    expect(res.body.connections[0].token).toMatch(/^[A-Za-z0-9]{30}$/);
    const rows = await rowsOf(2);
    expect(rows.map((r) => [r.channel, r.facebook_page_user_id, r.facebook_user_token, r.facebook_user_id])).toEqual([
      ['facebook', user.pages[0]!.id, user.pages[0]!.token, user.id],
      ['facebook', user.pages[1]!.id, user.pages[1]!.token, user.id],
    ]);
    // The user token was exchanged for a long-lived one before the pages were read.
    expect(graph.calls.some((c) => c.path.endsWith('/oauth/access_token') && c.query.get('fb_exchange_token') === user.token)).toBe(true);
    expect(graph.subscriptions.get(user.pages[0]!.id)).toBe('messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions,message_edits');
    expect(graph.subscriptions.get(user.pages[1]!.id)).toBeDefined();
    expect(h.commands).toEqual(rows.map((r) => ({ companyId: 2, connectionId: r.id, action: 'start' })));
    const updates = eventsSince(before, 'channels.connection.updated');
    expect(updates.map((e) => [e.companyId, e.data.connection.id, e.data.connection.channel])).toEqual(rows.map((r) => [2, r.id, 'facebook']));
    expect(updates[0]!.data.whatsapp.token).toBe('');
  });

  it('links the Instagram business accounts of the pages for Instagram', async () => {
    const user = fbUser([{ name: 'Página sem Insta' }, { name: 'Página com Insta', instagram: { username: 'sorriso.insta', name: 'Sorriso' } }]);
    const res = await link('admin3', user, { addInstagram: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.connections).toHaveLength(1);
    expect(res.body.connections[0]).toMatchObject({ name: 'sorriso.insta', channel: 'instagram' });
    const [row] = await rowsOf(3);
    expect(row).toMatchObject({ channel: 'instagram', facebook_page_user_id: user.pages[1]!.instagram!.id, facebook_user_token: user.pages[1]!.token });
    expect(graph.subscriptions.has(user.pages[1]!.id)).toBe(true);
    expect(graph.subscriptions.has(user.pages[0]!.id)).toBe(false);
  });

  it('updates the token of a page linked before instead of adding it twice', async () => {
    const user = fbUser([{ name: 'Página Única' }]);
    const first = (await link('admin4', user)).body.connections[0];
    user.pages[0]!.token = 'page-token-renewed';
    h.commands.length = 0;
    const again = await link('admin4', user);
    expect(again.status).toBe(200);
    expect(again.body.connections.map((c: any) => c.id)).toEqual([first.id]);
    const rows = await rowsOf(4);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.facebook_user_token).toBe('page-token-renewed');
    expect(h.commands).toEqual([{ companyId: 4, connectionId: first.id, action: 'start' }]);
  });

  it('keeps names unique with a suffix', async () => {
    expect((await api('admin5', 'POST', '/api/whatsapp', { name: 'Odonto' })).status).toBe(201);
    const res = await link('admin5', fbUser([{ name: 'odonto' }, { name: 'Odonto (2)' }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.connections.map((c: any) => c.name)).toEqual(['odonto (2)', 'Odonto (2) (2)']);
  });

  it('follows the pages of the accounts list page by page', async () => {
    graph.pageSize = 1;
    try {
      const res = await link('admin6', fbUser([{ name: 'Um' }, { name: 'Dois' }, { name: 'Três' }]));
      expect(res.body.connections.map((c: any) => c.name)).toEqual(['Um', 'Dois', 'Três']);
    } finally {
      graph.pageSize = 100;
    }
  });

  it('refuses beyond the plan connection limit, creating none', async () => {
    h.plans.set(7, { ...fullPlan(), connections: 2 });
    expect((await api('admin7', 'POST', '/api/whatsapp', { name: 'Zap' })).status).toBe(201);
    const res = await link('admin7', fbUser([{ name: 'A' }, { name: 'B' }]));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_CONNECTION_LIMIT');
    expect((await rowsOf(7)).map((r) => r.name)).toEqual(['Zap']);
  });

  it('needs the plan flag of the channel', async () => {
    h.plans.set(8, { ...fullPlan(), useFacebook: false });
    const user = fbUser([{ name: 'Página', instagram: { username: 'insta8', name: 'Insta' } }]);
    const facebook = await link('admin8', user);
    expect(facebook.status).toBe(403);
    expect(facebook.body.error).toBe('ERR_NO_PERMISSION');
    // Instagram needs useInstagram only.
    expect((await link('admin8', user, { addInstagram: true })).status).toBe(200);
    h.plans.set(9, { ...fullPlan(), useInstagram: false });
    const instagram = await link('admin9', user, { addInstagram: true });
    expect(instagram.status).toBe(403);
    expect(instagram.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('names the token Facebook refuses, and creates nothing', async () => {
    const res = await api('admin10', 'POST', '/api/facebook', { facebookUserId: '999', facebookUserToken: 'not-a-token' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_FACEBOOK_TOKEN_INVALID');
    expect(res.body.fields).toEqual([expect.objectContaining({ field: 'facebookUserToken' })]);
    expect(await rowsOf(10)).toEqual([]);
  });

  it('says when the login granted no page, or no Instagram account', async () => {
    const none = await link('admin10', fbUser([]));
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_FACEBOOK_NO_PAGES');
    const noInsta = await link('admin10', fbUser([{ name: 'Só Facebook' }]), { addInstagram: true });
    expect(noInsta.status).toBe(400);
    expect(noInsta.body.error).toBe('ERR_INSTAGRAM_NO_ACCOUNTS');
  });

  it('names the failing field of a bad body', async () => {
    const missing = await api('admin10', 'POST', '/api/facebook', { facebookUserToken: 'x' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('facebookUserId');
    const notDigits = await api('admin10', 'POST', '/api/facebook', { facebookUserId: 'abc', facebookUserToken: 'x' });
    expect(notDigits.status).toBe(400);
    expect(JSON.stringify(notDigits.body)).toContain('facebookUserId');
  });

  it('lets a user with allowConnections link pages, but not a plain user', async () => {
    const refused = await link('ana1', fbUser([{ name: 'Da Ana' }]));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    const allowed = await link('bia1', fbUser([{ name: 'Da Bia' }]));
    expect(allowed.status).toBe(200);
    expect(allowed.body.connections[0].token).toBe('');
    expect((await link(undefined, fbUser([{ name: 'Anônimo' }]))).status).toBe(401);
  });

  it("lets the super user link pages for another company (all-connections dialog), and nobody else", async () => {
    const superToken = h.signIn({ id: 99, companyId: 19, profile: 'admin', super: true }).token;
    const user = fbUser([{ name: 'Loja Vinte' }]);
    const res = await h.request<any>('POST', '/api/facebook', { token: superToken, body: { facebookUserId: user.id, facebookUserToken: user.token, companyId: 20 } });
    await h.flush();
    expect(res.status).toBe(200);
    expect(res.body.connections).toMatchObject([{ name: 'Loja Vinte', channel: 'facebook', companyId: 20 }]);
    expect((await rowsOf(20)).map((r) => r.name)).toEqual(['Loja Vinte']);
    expect(await rowsOf(19)).toEqual([]);
    const intruder = await link('admin18', fbUser([{ name: 'Alheia' }]), { companyId: 20 });
    expect(intruder.status).toBe(403);
    expect(intruder.body.error).toBe('ERR_NO_PERMISSION');
    expect((await rowsOf(20)).map((r) => r.name)).toEqual(['Loja Vinte']);
  });

  it('refuses a page another company has linked (its customers would land in both), creating nothing', async () => {
    const user = fbUser([{ name: 'Página Compartilhada' }, { name: 'Página Livre' }]);
    const inA = (await link('admin11', user)).body.connections[0];
    const before = h.published.length;
    const refused = await link('admin12', user);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ERR_FACEBOOK_PAGE_IN_USE', fields: [{ field: 'pages', message: 'Página Compartilhada' }, { field: 'pages', message: 'Página Livre' }] });
    expect(await rowsOf(12)).toEqual([]);
    expect(eventsSince(before, 'channels.connection.updated')).toEqual([]);
    // The company that linked it first links it again as before (a new token).
    user.pages[0]!.token = 'shared-renewed';
    const again = await link('admin11', user);
    expect(again.status).toBe(200);
    expect(again.body.connections[0].id).toBe(inA.id);
    expect((await rowsOf(11))[0]!.facebook_user_token).toBe('shared-renewed');
  });
});

describe('GET /api/facebook/webhook', () => {
  it("answers Meta's subscription check with the challenge as text", async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/facebook/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('refuses a wrong verify token or mode', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/facebook/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: `/api/facebook/webhook?hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1` })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/facebook/webhook' })).statusCode).toBe(403);
  });
});

describe('POST /api/facebook/webhook', () => {
  let page: { id: string; token: string };
  let insta: { id: string };
  let connectionId: number;
  let instaConnectionId: number;
  const PSID = '24681357902468135';

  const post = async (payload: unknown, signature?: string) => {
    const body = JSON.stringify(payload);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/facebook/webhook',
      headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-hub-signature-256': signature } : {}) },
      payload: body,
    });
    await h.flush();
    return res;
  };
  const signed = (payload: unknown) => post(payload, signWebhook(JSON.stringify(payload), graph.appSecret));
  const messaging = (entryId: string, events: unknown[], object = 'page') => ({ object, entry: [{ id: entryId, time: 1700000000000, messaging: events }] });

  beforeAll(async () => {
    const user = fbUser([{ name: 'Página Webhook', instagram: { username: 'webhook.insta', name: 'Webhook Insta' } }]);
    page = user.pages[0]!;
    insta = user.pages[0]!.instagram!;
    connectionId = (await link('admin13', user)).body.connections[0].id;
    instaConnectionId = (await link('admin13', user, { addInstagram: true })).body.connections[0].id;
    graph.profiles.set(PSID, { first_name: 'Maria', last_name: 'Souza', profile_pic: 'https://cdn.example/maria.jpg', name: 'Maria IG', username: 'maria.ig' });
  });
  let before = 0;
  beforeEach(() => {
    before = h.published.length;
  });

  it('refuses a missing or wrong signature', async () => {
    const payload = messaging(page.id, [{ sender: { id: PSID }, recipient: { id: page.id }, timestamp: 1700000000123, message: { mid: 'm.nosig', text: 'oi' } }]);
    expect((await post(payload)).statusCode).toBe(401);
    expect((await post(payload, signWebhook('something else', graph.appSecret))).statusCode).toBe(401);
    expect((await post(payload, signWebhook(JSON.stringify(payload), 'another-secret'))).statusCode).toBe(401);
    expect(eventsSince(before, 'channels.message.received')).toEqual([]);
  });

  it("reports a contact's text like a WhatsApp session does, with the contact's name and picture", async () => {
    const res = await signed(messaging(page.id, [{ sender: { id: PSID }, recipient: { id: page.id }, timestamp: 1700000000123, message: { mid: 'm.text.1', text: 'Olá, quero marcar' } }]));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('EVENT_RECEIVED');
    const [event] = eventsSince(before, 'channels.message.received');
    expect(event?.companyId).toBe(13);
    expect(event?.data).toEqual({
      connectionId,
      channel: 'facebook',
      contact: { number: PSID, name: 'Maria Souza', pictureUrl: 'https://cdn.example/maria.jpg', lid: null, remoteJid: null },
      isGroup: false,
      group: null,
      wid: 'm.text.1',
      fromMe: false,
      body: 'Olá, quero marcar',
      media: null,
      quotedWid: null,
      timestamp: 1700000000.123,
    });
  });

  it('downloads an image into the company storage', async () => {
    const image = png();
    graph.files.set('foto.png', { data: image, type: 'image/png' });
    await signed(
      messaging(page.id, [
        { sender: { id: PSID }, recipient: { id: page.id }, timestamp: 1700000001000, message: { mid: 'm.image.1', attachments: [{ type: 'image', payload: { url: `${graph.url}/cdn/foto.png` } }] } },
      ]),
    );
    const [event] = eventsSince(before, 'channels.message.received');
    expect(event?.data.media).toMatchObject({ mediaType: 'image', mimetype: 'image/png', filename: 'foto.png', size: image.length });
    const key = event!.data.media.key as string;
    expect(key.startsWith('company13/inbound/')).toBe(true);
    const stored = await h.ctx.storage.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).equals(image)).toBe(true);
  });

  it("reports a reply typed in the page's inbox as fromMe, skipping echoes of this app's own sends", async () => {
    await signed(
      messaging(page.id, [
        { sender: { id: page.id }, recipient: { id: PSID }, timestamp: 1700000002000, message: { mid: 'm.echo.inbox', text: 'Respondido pelo celular', is_echo: true } },
        { sender: { id: page.id }, recipient: { id: PSID }, timestamp: 1700000002001, message: { mid: 'm.echo.app', text: 'Enviado pelo Atende', is_echo: true, app_id: Number(graph.appId) } },
      ]),
    );
    const events = eventsSince(before, 'channels.message.received');
    expect(events.map((e) => [e.data.wid, e.data.fromMe, e.data.contact.number])).toEqual([['m.echo.inbox', true, PSID]]);
  });

  it("turns deliveries, Instagram reads and Messenger's read watermark into acks", async () => {
    await signed(messaging(page.id, [{ sender: { id: PSID }, recipient: { id: page.id }, delivery: { mids: ['m_1', 'm_2'], watermark: 1700000003000 } }]));
    await signed(messaging(insta.id, [{ sender: { id: PSID }, recipient: { id: insta.id }, timestamp: 1700000004000, read: { mid: 'm_ig_1' } }], 'instagram'));
    await signed(messaging(page.id, [{ sender: { id: PSID }, recipient: { id: page.id }, timestamp: 1700000005000, read: { watermark: 1700000004500 } }]));
    expect(eventsSince(before, 'channels.message.ack').map((e) => [e.companyId, e.data])).toEqual([
      [13, { messageId: null, wid: 'm_1', ack: 2, error: null }],
      [13, { messageId: null, wid: 'm_2', ack: 2, error: null }],
      [13, { messageId: null, wid: 'm_ig_1', ack: 3, error: null }],
      [13, { messageId: null, wid: null, ack: 3, error: null, readUpTo: { connectionId: expect.any(Number), contactNumber: PSID, timestamp: 1700000004.5 } }],
    ]);
  });

  it('reports Instagram messages on the Instagram connection, and reactions as changes', async () => {
    await signed(
      messaging(
        insta.id,
        [
          { sender: { id: PSID }, recipient: { id: insta.id }, timestamp: 1700000005000, message: { mid: 'm.ig.1', text: 'Oi pelo direct' } },
          { sender: { id: PSID }, recipient: { id: insta.id }, timestamp: 1700000005001, reaction: { mid: 'm.ig.0', action: 'react', reaction: 'love', emoji: '❤️' } },
        ],
        'instagram',
      ),
    );
    const [received] = eventsSince(before, 'channels.message.received');
    expect(received?.data).toMatchObject({ connectionId: instaConnectionId, channel: 'instagram', wid: 'm.ig.1', contact: { number: PSID, name: 'Maria IG' } });
    const [changed] = eventsSince(before, 'channels.message.changed');
    expect(changed?.data).toEqual({ connectionId: instaConnectionId, wid: 'm.ig.0', kind: 'reaction', body: null, reaction: { emoji: '❤️', fromNumber: PSID } });
  });

  it('ignores pages no connection answers', async () => {
    const res = await signed(messaging('5550001112223', [{ sender: { id: PSID }, recipient: { id: '5550001112223' }, timestamp: 1, message: { mid: 'm.nobody', text: 'oi' } }]));
    expect(res.statusCode).toBe(200);
    expect(eventsSince(before, 'channels.message.received')).toEqual([]);
  });
});

describe('without a Facebook app configured', () => {
  let bare: Harness;
  beforeAll(async () => {
    bare = await startHarness({ recordSessions: true, config: { FACEBOOK_BUSINESS_SCOPE: true } });
    bare.plans.set(1, fullPlan());
  });
  afterAll(() => bare?.stop());

  it('refuses to link pages with a clear error, and the login button learns there is no app', async () => {
    const token = bare.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
    const res = await bare.request('POST', '/api/facebook', { token, body: { facebookUserId: '1', facebookUserToken: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_FACEBOOK_NOT_CONFIGURED');
    const config = await bare.request('GET', '/api/facebook/config', { token });
    expect(config.body).toMatchObject({ appId: null, version: 'v9.0' });
    expect(config.body.scope.split(',')).toContain('business_management');
    expect(config.body.instagramScope.split(',')).toEqual(expect.arrayContaining(['instagram_manage_messages', 'business_management']));
  });

  it("tells a company whose plan lacks the channel about its plan first, not about the server's setup", async () => {
    bare.plans.set(2, { ...fullPlan(), useFacebook: false, useInstagram: false });
    const token = bare.signIn({ id: 2, companyId: 2, profile: 'admin' }).token;
    for (const [extra, feature] of [[{}, 'useFacebook'], [{ addInstagram: true }, 'useInstagram']] as const) {
      const res = await bare.request('POST', '/api/facebook', { token, body: { facebookUserId: '1', facebookUserToken: 'x', ...extra } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature });
    }
  });

  it('accepts no webhook delivery (nothing to check the signature with)', async () => {
    const body = JSON.stringify({ object: 'page', entry: [] });
    const res = await bare.app.inject({ method: 'POST', url: '/api/facebook/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, '') }, payload: body });
    expect(res.statusCode).toBe(401);
    const check = await bare.app.inject({ method: 'GET', url: '/api/facebook/webhook?hub.mode=subscribe&hub.verify_token=&hub.challenge=1' });
    expect(check.statusCode).toBe(403);
  });
});
