import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendCommand } from '@atende/kit';
import { png } from '@atende/kit/testing';
import { startFakeGraph, type FakeGraph } from '../testing/fake-graph.js';
import { fullPlan, startHarness, waitFor as waitForDelivery, type Harness } from '../testing/harness.js';
import { TEXT_LIMITS, attachmentType, splitText } from './facebook.js';

/** Sessions over Graph take a little longer to settle: 400 tries. */
const waitFor = <T>(h: Harness, probe: () => T | undefined | false | Promise<T | undefined | false>, what: string) => waitForDelivery(h, probe, what, 400);

describe('texts cut for the channel', () => {
  it('keeps a text within the limit whole, and sends nothing for an empty one', () => {
    expect(splitText('Olá!', TEXT_LIMITS.facebook)).toEqual(['Olá!']);
    expect(splitText('   ', TEXT_LIMITS.facebook)).toEqual([]);
  });

  it('cuts a long Messenger text at a space, every piece within 2000 characters', () => {
    const words = Array.from({ length: 700 }, (_, i) => `palavra${i}`).join(' ');
    const pieces = splitText(words, TEXT_LIMITS.facebook);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => [...p].length <= 2000)).toBe(true);
    expect(pieces.join(' ')).toBe(words);
    expect(pieces[0]!.endsWith(' ')).toBe(false);
  });

  it("counts Instagram's limit in bytes, never splitting a character", () => {
    const emojis = '😀'.repeat(300);
    const pieces = splitText(emojis, TEXT_LIMITS.instagram);
    expect(pieces.every((p) => Buffer.byteLength(p) <= 1000)).toBe(true);
    expect(pieces.join('')).toBe(emojis);
    expect(pieces.every((p) => !p.includes('\uFFFD'))).toBe(true);
  });

  it('maps stored files to the Send API attachment types', () => {
    expect(['image', 'sticker', 'video', 'audio', 'document', 'application'].map(attachmentType)).toEqual(['image', 'image', 'video', 'audio', 'file', 'file']);
  });
});

describe('Facebook and Instagram sessions over Graph', () => {
  let graph: FakeGraph;
  let h: Harness;
  let admin: string;
  let nextId = 500;
  const PSID = '1357924680135792';

  const statusOf = async (id: number) =>
    (await h.sql<{ status: string; facebook_user_token: string | null }[]>`select status, facebook_user_token from channels.connections where id = ${id}`)[0]!;

  /** A page linked through POST /api/facebook, its session connected. */
  const linkedPage = async (options: { instagram?: boolean } = {}) => {
    const pageId = String(nextId++);
    const user = {
      id: String(nextId++),
      token: `user-${pageId}`,
      pages: [{ id: pageId, name: `Página ${pageId}`, token: `page-${pageId}`, instagram: { id: String(nextId++), username: `insta${pageId}`, name: 'Insta' } }],
    };
    graph.users.push(user);
    const res = await h.request('POST', '/api/facebook', { token: admin, body: { facebookUserId: user.id, facebookUserToken: user.token, addInstagram: !!options.instagram } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.connections[0].id as number;
    await waitFor(h, async () => (await statusOf(id)).status === 'CONNECTED', 'the session to connect');
    return { id, page: user.pages[0]! };
  };

  let messageId = 1;
  const send = async (connectionId: number, fields: Partial<SendCommand> = {}) => {
    const command: SendCommand = {
      messageId: messageId++, ticketId: 1, connectionId, channel: 'facebook', to: { number: PSID, remoteJid: null, isGroup: false },
      body: 'Olá, tudo bem?', media: null, quotedWid: null, kind: 'text', targetWid: null, ...fields,
    };
    await h.publish('channels.message.send', 1, command);
    return waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === command.messageId), 'the ack');
  };

  beforeAll(async () => {
    graph = await startFakeGraph();
    h = await startHarness({
      config: { FACEBOOK_APP_ID: graph.appId, FACEBOOK_APP_SECRET: graph.appSecret, FACEBOOK_GRAPH_URL: graph.url, FACEBOOK_VERIFY_TOKEN: 'v' },
    });
    h.plans.set(1, fullPlan());
    admin = h.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
  });
  afterAll(async () => {
    await h?.stop();
    await graph?.close();
  });

  it('connects a linked page once Graph accepts its token', async () => {
    const { id, page } = await linkedPage();
    expect(graph.calls.some((c) => c.path.endsWith('/me') && c.query.get('access_token') === page.token)).toBe(true);
    const session = h.events('channels.session.updated').filter((e) => e.data.session.id === id).map((e) => e.data.session.status);
    expect(session).toEqual(expect.arrayContaining(['OPENING', 'CONNECTED']));
  });

  it('sends a text through the Send API and acks it with the message id', async () => {
    const { id, page } = await linkedPage();
    const ack = await send(id, { body: 'Sua consulta está confirmada.' });
    const sent = graph.sent.filter((s) => s.pageId === page.id);
    expect(sent).toEqual([expect.objectContaining({ recipient: PSID, text: 'Sua consulta está confirmada.', messagingType: 'RESPONSE', attachment: null })]);
    expect(ack.data).toEqual({ messageId: ack.data.messageId, wid: sent[0]!.messageId, ack: 1, error: null });
  });

  it('uploads a stored file as an attachment, its text following', async () => {
    const { id, page } = await linkedPage({ instagram: true });
    const image = png();
    const stored = await h.ctx.storage.save(1, 'messages', image, { mime: 'image/png', ext: 'png' });
    const ack = await send(id, { channel: 'instagram', kind: 'media', body: 'Segue o orçamento', media: { mediaType: 'image', key: stored.key, mimetype: 'image/png', filename: 'orcamento.png', size: image.length } });
    const sent = graph.sent.filter((s) => s.pageId === page.id);
    expect(sent.map((s) => [s.attachment, s.text])).toEqual([
      [{ type: 'image', filename: 'orcamento.png', mimetype: 'image/png', size: image.length }, null],
      [null, 'Segue o orçamento'],
    ]);
    expect(ack.data).toMatchObject({ ack: 1, wid: sent[0]!.messageId });
  });

  it("fails the send (ack -1) when Graph refuses it, the session staying connected", async () => {
    const { id } = await linkedPage();
    graph.failNextSend = { status: 400, code: 10, subcode: 2018278, message: '(#10) This message is sent outside of allowed window.' };
    const ack = await send(id);
    expect(ack.data).toMatchObject({ wid: null, ack: -1, error: 'ERR_SENDING_WAPP_MSG' });
    expect((await statusOf(id)).status).toBe('CONNECTED');
  });

  it('refuses edits, which these channels do not have', async () => {
    const { id } = await linkedPage();
    const ack = await send(id, { kind: 'edit', targetWid: 'm_1' });
    expect(ack.data).toMatchObject({ ack: -1, error: 'ERR_EDITING_WAPP_MSG' });
  });

  it('drops a token Graph revoked: the send fails and the page shows disconnected until linked again', async () => {
    const { id, page } = await linkedPage();
    graph.revoked.add(page.token);
    const ack = await send(id);
    expect(ack.data).toMatchObject({ ack: -1, error: 'ERR_WAPP_NOT_INITIALIZED' });
    await waitFor(h, async () => {
      const row = await statusOf(id);
      return row.status === 'DISCONNECTED' && row.facebook_user_token === null;
    }, 'the connection to drop its token');
    // Later sends fail at once instead of waiting.
    expect((await send(id)).data).toMatchObject({ ack: -1, error: 'ERR_WAPP_NOT_INITIALIZED' });
    // Linking the page again brings it back.
    graph.revoked.delete(page.token);
    const user = graph.users.find((u) => u.pages.some((p) => p.id === page.id))!;
    expect((await h.request('POST', '/api/facebook', { token: admin, body: { facebookUserId: user.id, facebookUserToken: user.token } })).status).toBe(200);
    await waitFor(h, async () => (await statusOf(id)).status === 'CONNECTED', 'the session to connect again');
    expect((await send(id)).data).toMatchObject({ ack: 1 });
  });

  it('disconnecting forgets the page token', async () => {
    const { id } = await linkedPage();
    expect((await h.request('DELETE', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    await waitFor(h, async () => {
      const row = await statusOf(id);
      return row.status === 'DISCONNECTED' && row.facebook_user_token === null;
    }, 'the disconnect');
  });
});
