import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, User } from '@atende/kit';
import { multipartBody, png } from '@atende/kit/testing';
import { startHarness, type Harness } from '../testing/harness.js';

/** Quick messages (spec 002 §3, §5, §6, §7). */
let h: Harness;
const C1 = 1;
const C2 = 2;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const create = async (who: string, body: Record<string, unknown>) => {
  const res = await api(who, 'POST', '/api/quick-messages', body);
  expect(res.status).toBe(201);
  return res.body;
};
const upload = async (who: string, id: number, file: { name: string; data: Buffer; type?: string } | null) => {
  const { payload, contentType } = await multipartBody({ fields: { typeArch: 'quickMessage' }, files: file ? [{ field: 'file', ...file }] : [] });
  return h.request('POST', `/api/quick-messages/${id}/media-upload`, { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
};

beforeAll(async () => {
  h = await startHarness();
  const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    const user = h.addUser(fields);
    tokens[key] = h.token(user);
  };
  define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  define('ana', { id: 11, companyId: C1, name: 'Ana' });
  define('bia', { id: 12, companyId: C1, name: 'Bia' });
  define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
});
afterAll(async () => h?.stop());

describe('POST /api/quick-messages', () => {
  it('creates a personal quick message (geral false, status true by default), announced to its owner', async () => {
    const before = h.published.length;
    const created = await create('ana', { shortcode: 'ola', message: 'Olá {{firstName}}, tudo bem?' });
    expect(created).toMatchObject({ shortcode: 'ola', message: 'Olá {{firstName}}, tudo bem?', geral: false, status: true, userId: 11, isMedia: false, mediaPath: null });
    expect(eventsSince(before, 'tickets.quickMessage.created')[0]?.data.quickMessage.id).toBe(created.id);
  });

  it('validates: the shortcode is required ("Obrigatório"); types are checked', async () => {
    const missing = await api('ana', 'POST', '/api/quick-messages', { message: 'sem atalho' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'shortcode', message: 'Obrigatório' }]);
    expect((await api('ana', 'POST', '/api/quick-messages', { shortcode: '  ' })).body.fields).toEqual([{ field: 'shortcode', message: 'Obrigatório' }]);
    const bad = await api('ana', 'POST', '/api/quick-messages', { shortcode: 'x'.repeat(101), geral: 'talvez' });
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['geral', 'shortcode']);
  });

  it("refuses a shortcode the owner already uses (409 ERR_DUPLICATED_SHORTCUT); someone else's personal one is fine", async () => {
    await create('ana', { shortcode: 'Preco', message: 'R$ 10' });
    const again = await api('ana', 'POST', '/api/quick-messages', { shortcode: 'preco', message: 'R$ 20' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_SHORTCUT');
    await create('bia', { shortcode: 'preco', message: 'R$ 30' });
    await create('bia', { shortcode: 'horario', message: 'das 8 às 18', geral: true });
    expect((await api('ana', 'POST', '/api/quick-messages', { shortcode: 'HORARIO', geral: true })).body.error).toBe('ERR_DUPLICATED_SHORTCUT');
  });
});

describe('who sees and edits whose quick messages', () => {
  it('own, shared (geral) and visible (visao) ones are listed; others’ private ones are not; admins see all', async () => {
    const priv = await create('bia', { shortcode: 'priv-bia', message: 'só minha' });
    const shared = await create('bia', { shortcode: 'todos-bia', message: 'de todos', geral: true });
    const visible = await create('bia', { shortcode: 'vista-bia', message: 'pode ver', visao: true });
    const page = await api('ana', 'GET', '/api/quick-messages?searchParam=bia');
    expect(page.body.records.map((r: any) => r.id).sort()).toEqual([shared.id, visible.id].sort());
    expect((await api('ana', 'GET', `/api/quick-messages/${priv.id}`)).body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect((await api('ana', 'GET', `/api/quick-messages/${visible.id}`)).body.shortcode).toBe('vista-bia');
    const adminPage = await api('admin', 'GET', '/api/quick-messages?searchParam=bia');
    expect(adminPage.body.records.map((r: any) => r.id)).toContain(priv.id);
  });

  it("others' visible but unshared ones are read-only (403), to admins too; shared ones may be edited by everyone", async () => {
    const visible = await create('bia', { shortcode: 'ro-bia', message: 'leia', visao: true });
    const shared = await create('bia', { shortcode: 'rw-bia', message: 'edite', geral: true });
    const refused = await api('ana', 'PUT', `/api/quick-messages/${visible.id}`, { message: 'mudei' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('ana', 'DELETE', `/api/quick-messages/${visible.id}`)).status).toBe(403);
    const edited = await api('ana', 'PUT', `/api/quick-messages/${shared.id}`, { message: 'editada pela Ana' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'editada pela Ana', userId: 12 });
    expect((await api('admin', 'PUT', `/api/quick-messages/${visible.id}`, { status: false })).status).toBe(403);
    expect((await api('admin', 'DELETE', `/api/quick-messages/${visible.id}`)).status).toBe(403);
    expect((await api('bia', 'GET', `/api/quick-messages/${visible.id}`)).body).toMatchObject({ message: 'leia', status: true });
    expect((await api('admin', 'PUT', `/api/quick-messages/${shared.id}`, { status: false })).body.status).toBe(false);
  });

  it('the picker list (/list) holds the active ones the caller may use', async () => {
    const active = await create('ana', { shortcode: 'picker-a', message: 'ativa' });
    const inactive = await create('ana', { shortcode: 'picker-b', message: 'inativa', status: false });
    const privateOfBia = await create('bia', { shortcode: 'picker-c', message: 'da Bia' });
    const list = await api('ana', 'GET', '/api/quick-messages/list?searchParam=picker');
    expect(list.status).toBe(200);
    const ids = list.body.map((r: any) => r.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(privateOfBia.id);
    // Even an admin's picker shows only what they may use, not everyone's private replies.
    expect((await api('admin', 'GET', '/api/quick-messages/list?searchParam=picker')).body.map((r: any) => r.id)).not.toContain(privateOfBia.id);
  });
});

describe('GET /api/quick-messages pages', () => {
  it('pages of 20 ordered by shortcode with count and hasMore; searches shortcode and text', async () => {
    for (let i = 0; i < 25; i++) await create('admin2', { shortcode: `pg${String(i).padStart(2, '0')}`, message: i === 7 ? 'agulha no palheiro' : 'feno' });
    const first = await api('admin2', 'GET', '/api/quick-messages');
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].shortcode).toBe('pg00');
    const second = await api('admin2', 'GET', '/api/quick-messages?pageNumber=2');
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.records).toHaveLength(5);
    expect((await api('admin2', 'GET', '/api/quick-messages?searchParam=agulha')).body.records.map((r: any) => r.shortcode)).toEqual(['pg07']);
    expect((await api('admin2', 'GET', '/api/quick-messages?pageNumber=0')).status).toBe(400);
    // Company 1 never sees company 2's.
    expect((await api('admin', 'GET', '/api/quick-messages?searchParam=pg0')).body.count).toBe(0);
  });
});

describe('media of a quick message', () => {
  it('uploads a file checked by its bytes under the company folder, replaces it, removes it', async () => {
    const qm = await create('ana', { shortcode: 'com-foto', message: 'veja' });
    const res = await upload('ana', qm.id, { name: 'cardapio.png', data: png(), type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isMedia: true, mediaName: 'cardapio.png' });
    expect(res.body.mediaPath).toMatch(new RegExp(`^/api/media/tickets/company${C1}/quick-messages/.+\\.png\\?exp=\\d+&sig=`));
    const served = (url: string) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.ana}` } });
    expect((await served(res.body.mediaPath)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: res.body.mediaPath })).statusCode).toBe(401);
    const replaced = await upload('ana', qm.id, { name: 'novo.png', data: png() });
    expect(replaced.body.mediaName).toBe('novo.png');
    expect((await served(res.body.mediaPath)).statusCode).toBe(404);
    const removed = await api('ana', 'DELETE', `/api/quick-messages/${qm.id}/media-upload`);
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect((await served(replaced.body.mediaPath)).statusCode).toBe(404);
  });

  it('refuses a missing file (400), a type outside the whitelist (415), read-only and foreign ones', async () => {
    const qm = await create('ana', { shortcode: 'sem-arquivo' });
    const none = await upload('ana', qm.id, null);
    expect(none.status).toBe(400);
    expect((none.body as any).fields).toEqual([{ field: 'file', message: 'Required' }]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect((await upload('ana', qm.id, { name: 'x.png', data: elf })).status).toBe(415);
    const visible = await create('bia', { shortcode: 'ro-media', visao: true });
    expect((await upload('ana', visible.id, { name: 'a.png', data: png() })).status).toBe(403);
    // Permission first: whatever the file, a read-only one is 403 (not 415).
    expect((await upload('ana', visible.id, { name: 'x.png', data: elf })).status).toBe(403);
    expect((await upload('admin2', qm.id, { name: 'a.png', data: png() })).status).toBe(404);
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.quick_messages where media_key is not null and id in (${qm.id}, ${visible.id})`;
    expect(row!.n).toBe(0);
  });
});

describe('PUT and DELETE /api/quick-messages/:id', () => {
  it('the owner edits and deletes; the deletion is announced; 404 afterwards and across companies', async () => {
    const qm = await create('ana', { shortcode: 'apagar', message: 'tchau' });
    const edited = await api('ana', 'PUT', `/api/quick-messages/${qm.id}`, { shortcode: 'apagar2', geral: true, visao: true });
    expect(edited.body).toMatchObject({ shortcode: 'apagar2', geral: true, visao: true, message: 'tchau' });
    expect((await api('admin2', 'PUT', `/api/quick-messages/${qm.id}`, { message: 'x' })).body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect((await api('admin2', 'DELETE', `/api/quick-messages/${qm.id}`)).status).toBe(404);
    const before = h.published.length;
    expect((await api('ana', 'DELETE', `/api/quick-messages/${qm.id}`)).status).toBe(200);
    expect(eventsSince(before, 'tickets.quickMessage.deleted')[0]?.data).toEqual({ quickMessageId: qm.id, userId: 11 });
    expect((await api('ana', 'GET', `/api/quick-messages/${qm.id}`)).status).toBe(404);
    expect((await api('ana', 'PUT', `/api/quick-messages/${qm.id}`, { message: 'x' })).status).toBe(404);
  });

  it('validates the update (400 naming the field)', async () => {
    const qm = await create('ana', { shortcode: 'valida' });
    expect((await api('ana', 'PUT', `/api/quick-messages/${qm.id}`, { shortcode: '' })).body.fields).toEqual([{ field: 'shortcode', message: 'Obrigatório' }]);
    expect((await api('ana', 'PUT', `/api/quick-messages/${qm.id}`, { status: 'x' })).body.fields[0].field).toBe('status');
    expect((await api('ana', 'PUT', '/api/quick-messages/abc', {})).status).toBe(400);
  });
});

describe('a deleted user\'s quick messages', () => {
  it("stay with the company, no one's: its admins edit and delete them, other users still only read them", async () => {
    const dora = h.addUser({ id: 13, companyId: C1, name: 'Dora' });
    tokens.dora = h.token(dora);
    const visible = await create('dora', { shortcode: 'dora-visivel', message: 'Bom dia!', visao: true });
    const own = await create('dora', { shortcode: 'dora-propria', message: 'Só minha' });
    const before = h.published.length;
    await h.publish('auth.user.deleted', C1, { userId: 13 });
    await h.flush();
    expect(eventsSince(before, 'tickets.quickMessage.updated').map((e) => e.data.quickMessage).sort((a, b) => a.id - b.id)).toEqual([
      expect.objectContaining({ id: visible.id, userId: null }),
      expect.objectContaining({ id: own.id, userId: null }),
    ]);
    expect((await api('ana', 'PUT', `/api/quick-messages/${visible.id}`, { message: 'Boa tarde!' })).status).toBe(403);
    const edited = await api('admin', 'PUT', `/api/quick-messages/${visible.id}`, { message: 'Boa tarde!' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Boa tarde!', userId: null });
    expect((await api('admin', 'DELETE', `/api/quick-messages/${own.id}`)).status).toBe(200);
    expect((await api('admin', 'GET', `/api/quick-messages/${own.id}`)).status).toBe(404);
    expect((await api('admin2', 'DELETE', `/api/quick-messages/${visible.id}`)).status).toBe(404);
  });
});
