import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat as chatSchema, chatMessage as chatMessageSchema, type Envelope, type User } from '@atende/kit';
import { multipartBody, png } from '@atende/kit/testing';
import { startHarness, type Harness } from '../testing/harness.js';

/** The internal chat (spec 002 §2, §3, §5, §6, §7). */
let h: Harness;
const C1 = 1;
const C2 = 2;
/** A company whose plan lacks useInternalChat. */
const C3 = 3;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const form = async (
  who: string,
  method: string,
  url: string,
  fields: Record<string, string>,
  files: { field: string; name: string; data: Buffer; type?: string }[] = [],
) => {
  const { payload, contentType } = await multipartBody({ fields, files });
  const res = await h.request(method, url, { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const group = async (who: string, title: string, members: string[]) => {
  const res = await api(who, 'POST', '/api/chats', { title, isGroup: true, users: members.map((m) => ({ id: ids[m] })) });
  expect(res.status).toBe(201);
  return res.body;
};
const say = async (who: string, chatId: number | string, message: string) => {
  const res = await api(who, 'POST', `/api/chats/${chatId}/messages`, { message });
  expect(res.status).toBe(201);
  return res.body;
};
const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
  const { user, token } = await h.signUp(fields);
  tokens[key] = token;
  ids[key] = user.id;
};
const unreadsOf = (chat: any, who: string) => chat.users.find((u: any) => u.userId === ids[who])?.unreads;

beforeAll(async () => {
  h = await startHarness();
  h.plans.set(C1, { useInternalChat: true });
  h.plans.set(C2, { useInternalChat: true });
  h.plans.set(C3, { useInternalChat: false });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', online: true, profileImage: '/api/media/auth/company1/avatars/ana.png' });
  await define('bia', { id: 12, companyId: C1, name: 'Bia' });
  await define('caio', { id: 13, companyId: C1, name: 'Caio' });
  await define('dani', { id: 14, companyId: C1, name: 'Dani' });
  await define('edu', { id: 15, companyId: C1, name: 'Edu' });
  await define('fabi', { id: 16, companyId: C1, name: 'Fabi' });
  await define('eve', { id: 21, companyId: C2, name: 'Eve' });
  await define('zeca', { id: 31, companyId: C3, name: 'Zeca' });
});
afterAll(async () => h?.stop());

describe('POST /api/chats', () => {
  it('creates a group: the creator is owner and participant, answered and announced as a chat', async () => {
    const before = h.published.length;
    const created = await group('ana', 'Suporte', ['bia', 'caio']);
    expect(chatSchema.parse(created)).toMatchObject({ title: 'Suporte', isGroup: true, ownerId: ids.ana, groupImage: null, lastMessage: '' });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.users.map((u: any) => u.userId)).toEqual([ids.ana, ids.bia, ids.caio]);
    expect(created.users[0]).toEqual({
      userId: ids.ana,
      unreads: 0,
      user: {
        id: ids.ana,
        name: 'Ana',
        profileImage: '/api/media/auth/company1/avatars/ana.png',
        urlPicture: '/api/media/auth/company1/avatars/ana.png',
        online: true,
      },
    });
    const [event] = eventsSince(before, 'tickets.chat.created');
    expect(event?.companyId).toBe(C1);
    expect(event?.data.chat.id).toBe(created.id);
  });

  it('creates a private chat with exactly one other user, titled with both names', async () => {
    const res = await api('bia', 'POST', '/api/chats', { title: '', users: [{ id: ids.dani }], isGroup: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isGroup: false, ownerId: ids.bia, title: 'Bia, Dani' });
    expect(res.body.users.map((u: any) => u.userId)).toEqual([ids.bia, ids.dani]);
  });

  it('reuses the private chat of the same two people, whoever opens it (200, nothing announced)', async () => {
    const first = await api('caio', 'POST', '/api/chats', { users: [{ id: ids.dani }], isGroup: false });
    expect(first.status).toBe(201);
    const before = h.published.length;
    const again = await api('dani', 'POST', '/api/chats', { title: 'whatever', users: [{ id: ids.caio }], isGroup: false });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(eventsSince(before, 'tickets.chat.created')).toEqual([]);
  });

  it('two simultaneous creates of the same private chat make one chat', async () => {
    const results = await Promise.all([
      h.request('POST', '/api/chats', { token: tokens.edu, body: { users: [{ id: ids.fabi }] } }),
      h.request('POST', '/api/chats', { token: tokens.fabi, body: { users: [{ id: ids.edu }] } }),
      h.request('POST', '/api/chats', { token: tokens.edu, body: { users: [{ id: ids.fabi }] } }),
    ]);
    await h.flush();
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => (r.body as any).id)).size).toBe(1);
    const [low, high] = [ids.edu!, ids.fabi!];
    const [row] = await h.sql<
      { n: number }[]
    >`select count(*)::int as n from tickets.chats where not is_group and private_low_id = ${low} and private_high_id = ${high}`;
    expect(row!.n).toBe(1);
  });

  it('takes a multipart form: users as JSON text, isGroup as text, a group photo stored under the company', async () => {
    const res = await form('ana', 'POST', '/api/chats', { title: 'Com foto', users: JSON.stringify([{ id: ids.bia }]), isGroup: 'true' }, [
      { field: 'groupImage', name: 'foto.png', data: png(), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    const body = res.body as any;
    expect(body).toMatchObject({ title: 'Com foto', isGroup: true });
    expect(body.groupImage).toMatch(/^\/api\/media\/tickets\/company1\/chats\/.+\.png\?exp=\d+&sig=/);
    const image = await h.request('GET', body.groupImage, { token: tokens.bia });
    expect(image.status).toBe(200);
  });

  it('refuses a group photo that is not an image (415)', async () => {
    const res = await form('ana', 'POST', '/api/chats', { title: 'Foto ruim', users: JSON.stringify([{ id: ids.bia }]), isGroup: 'true' }, [
      { field: 'groupImage', name: 'x.txt', data: Buffer.from('not an image'), type: 'image/png' },
    ]);
    expect(res.status).toBe(415);
    expect((res.body as any).error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
  });

  it('validates: a group needs a title and another participant; a private chat exactly one other user', async () => {
    const noTitle = await api('ana', 'POST', '/api/chats', { title: '  ', isGroup: true, users: [{ id: ids.bia }] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields).toEqual([{ field: 'title', message: 'Required' }]);
    const alone = await api('ana', 'POST', '/api/chats', { title: 'Só eu', isGroup: true, users: [{ id: ids.ana }] });
    expect(alone.status).toBe(400);
    expect(alone.body.fields[0].field).toBe('users');
    const two = await api('ana', 'POST', '/api/chats', { isGroup: false, users: [{ id: ids.bia }, { id: ids.caio }] });
    expect(two.status).toBe(400);
    expect(two.body.fields[0].field).toBe('users');
    const self = await api('ana', 'POST', '/api/chats', { isGroup: false, users: [{ id: ids.ana }] });
    expect(self.body.fields[0].field).toBe('users');
  });

  it('validates types and shapes with field names, never a 500', async () => {
    const missing = await api('ana', 'POST', '/api/chats', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'users', message: 'Required' }] });
    const bad = await api('ana', 'POST', '/api/chats', { title: 5, isGroup: 'talvez', users: [{ id: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['isGroup', 'title', 'users.0.id']);
    const badJson = await form('ana', 'POST', '/api/chats', { title: 'x', users: '[{oops', isGroup: 'true' });
    expect(badJson.status).toBe(400);
    expect((badJson.body as any).fields[0].field).toBe('users');
    const huge = await api('ana', 'POST', '/api/chats', { title: 'x'.repeat(256), isGroup: true, users: [{ id: ids.bia }] });
    expect(huge.body.fields).toEqual([{ field: 'title', message: 'Too Long!' }]);
    const noBody = await h.request('POST', '/api/chats', { token: tokens.ana });
    expect(noBody.status).toBe(400);
  });

  it("refuses unknown users and other companies' users, naming the field", async () => {
    const foreign = await api('ana', 'POST', '/api/chats', { title: 'Misturado', isGroup: true, users: [{ id: ids.bia }, { id: ids.eve }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([{ field: 'users.1.id', message: 'Unknown user' }]);
    const unknown = await api('ana', 'POST', '/api/chats', { isGroup: false, users: [{ id: 9999 }] });
    expect(unknown.body.fields).toEqual([{ field: 'users.0.id', message: 'Unknown user' }]);
    const crossPrivate = await api('eve', 'POST', '/api/chats', { isGroup: false, users: [{ id: ids.ana }] });
    expect(crossPrivate.status).toBe(400);
  });
});

describe('plan flag and authentication', () => {
  it('every route needs useInternalChat (403 ERR_NO_PERMISSION) and a token (401)', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/chats'],
      ['POST', '/api/chats'],
      ['GET', '/api/chats/1'],
      ['PUT', '/api/chats/1'],
      ['DELETE', '/api/chats/1'],
      ['GET', '/api/chats/1/messages'],
      ['POST', '/api/chats/1/messages'],
      ['POST', '/api/chats/1/read'],
    ];
    for (const [method, url] of routes) {
      const refused = await api('zeca', method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
      expect((await h.request(method, url)).status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/chats', () => {
  it("lists only the caller's chats, newest activity first, with count and hasMore", async () => {
    const older = await group('caio', 'Antigo', ['dani']);
    const newer = await group('caio', 'Recente', ['dani']);
    await say('dani', older.id, 'subiu');
    const page = await api('dani', 'GET', '/api/chats');
    expect(page.status).toBe(200);
    const ids_ = page.body.records.map((r: any) => r.id);
    expect(ids_.indexOf(older.id)).toBeLessThan(ids_.indexOf(newer.id));
    expect(page.body.count).toBe(page.body.records.length);
    expect(page.body.hasMore).toBe(false);
    const anas = await api('ana', 'GET', '/api/chats');
    expect(anas.body.records.map((r: any) => r.id)).not.toContain(older.id);
  });

  it('searches by title or participant name', async () => {
    const chat = await group('edu', 'Plantão noturno', ['fabi']);
    const byTitle = await api('edu', 'GET', '/api/chats?searchParam=plant');
    expect(byTitle.body.records.map((r: any) => r.id)).toEqual([chat.id]);
    const byName = await api('edu', 'GET', '/api/chats?searchParam=fab');
    expect(byName.body.records.map((r: any) => r.id)).toContain(chat.id);
    expect((await api('edu', 'GET', '/api/chats?searchParam=%25')).body.records).toEqual([]);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i++) await group('fabi', `Grupo ${i}`, ['edu']);
    const first = await api('fabi', 'GET', '/api/chats?pageNumber=1');
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await api('fabi', 'GET', '/api/chats?pageNumber=2');
    expect(second.body.hasMore).toBe(false);
    expect(first.body.count).toBe(20 + second.body.records.length);
    expect((await api('fabi', 'GET', '/api/chats?pageNumber=0')).status).toBe(400);
  });
});

describe('GET /api/chats/:id', () => {
  it('opens a chat by id or uuid; a chat the caller is not in, or a bad id, does not exist for them', async () => {
    const chat = await group('ana', 'Abrir', ['bia']);
    expect((await api('bia', 'GET', `/api/chats/${chat.id}`)).body.id).toBe(chat.id);
    expect((await api('bia', 'GET', `/api/chats/${chat.uuid}`)).body.id).toBe(chat.id);
    const outsider = await api('caio', 'GET', `/api/chats/${chat.uuid}`);
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toBe('ERR_NO_CHAT_FOUND');
    expect((await api('eve', 'GET', `/api/chats/${chat.id}`)).status).toBe(404);
    const bad = await api('ana', 'GET', '/api/chats/not-a-chat');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('id');
    expect((await api('ana', 'GET', '/api/chats/99999999999')).status).toBe(400);
  });
});

describe('messages', () => {
  it('posts a message: the chat shows it, every other participant has one more unread, announced with the chat', async () => {
    const chat = await group('ana', 'Recados', ['bia', 'caio']);
    const before = h.published.length;
    const sent = await say('bia', chat.id, 'Bom dia!');
    expect(chatMessageSchema.parse(sent)).toMatchObject({ chatId: chat.id, senderId: ids.bia, message: 'Bom dia!', mediaPath: null, mediaType: null, read: true });
    expect(sent.sender).toEqual({ id: ids.bia, name: 'Bia', profileImage: null, urlPicture: null });
    const [event] = eventsSince(before, 'tickets.chatMessage.created');
    expect(event?.data.message.id).toBe(sent.id);
    // Read or not is each participant's own: the event does not say.
    expect(event?.data.message.read).toBeUndefined();
    expect(event?.data.chat.lastMessage).toBe('Bom dia!');
    expect(unreadsOf(event?.data.chat, 'ana')).toBe(1);
    expect(unreadsOf(event?.data.chat, 'caio')).toBe(1);
    expect(unreadsOf(event?.data.chat, 'bia')).toBe(0);
    await say('caio', chat.id, 'Oi');
    const shown = (await api('ana', 'GET', `/api/chats/${chat.id}`)).body;
    expect(unreadsOf(shown, 'ana')).toBe(2);
    expect(unreadsOf(shown, 'bia')).toBe(1);
    expect(unreadsOf(shown, 'caio')).toBe(1);
    expect(shown.lastMessage).toBe('Oi');
    expect(Date.parse(shown.updatedAt)).toBeGreaterThan(Date.parse(chat.updatedAt));
  });

  it('the read marker clears only the caller’s unreads and is announced to the reader', async () => {
    const chat = await group('ana', 'Leitura', ['bia']);
    await say('bia', chat.id, 'um');
    await say('bia', chat.id, 'dois');
    const page = await api('ana', 'GET', `/api/chats/${chat.id}/messages`);
    expect(page.body.records.map((m: any) => m.read)).toEqual([false, false]);
    const before = h.published.length;
    const read = await api('ana', 'POST', `/api/chats/${chat.id}/read`, { userId: ids.ana });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, 'ana')).toBe(0);
    const [event] = eventsSince(before, 'tickets.chat.read');
    expect(event?.data.userId).toBe(ids.ana);
    expect((await api('ana', 'GET', `/api/chats/${chat.id}/messages`)).body.records.map((m: any) => m.read)).toEqual([true, true]);
    // Nothing left to clear: nothing announced.
    const again = h.published.length;
    expect((await api('ana', 'POST', `/api/chats/${chat.id}/read`)).status).toBe(200);
    expect(eventsSince(again, 'tickets.chat.read')).toEqual([]);
  });

  it("nobody clears another participant's unreads", async () => {
    const chat = await group('ana', 'Alheio', ['bia']);
    await say('ana', chat.id, 'leia');
    const res = await api('ana', 'POST', `/api/chats/${chat.id}/read`, { userId: ids.bia });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect(unreadsOf((await api('bia', 'GET', `/api/chats/${chat.id}`)).body, 'bia')).toBe(1);
    expect((await api('ana', 'POST', `/api/chats/${chat.id}/read`, { userId: 'x' })).status).toBe(400);
  });

  it('pages 20 at a time: page 1 holds the newest, each page oldest first', async () => {
    const chat = await group('caio', 'Muitas', ['dani']);
    for (let i = 1; i <= 25; i++) await say(i % 2 ? 'caio' : 'dani', chat.id, `m${i}`);
    const first = await api('dani', 'GET', `/api/chats/${chat.uuid}/messages?pageNumber=1`);
    expect(first.body.records.map((m: any) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(first.body).toMatchObject({ hasMore: true, count: 25 });
    const second = await api('dani', 'GET', `/api/chats/${chat.id}/messages?pageNumber=2`);
    expect(second.body.records.map((m: any) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(second.body.hasMore).toBe(false);
    // Dani never read the chat: all of Caio's messages are unread for her, her own ones are not.
    expect(first.body.records.filter((m: any) => !m.read).map((m: any) => m.message)).toEqual([
      'm7',
      'm9',
      'm11',
      'm13',
      'm15',
      'm17',
      'm19',
      'm21',
      'm23',
      'm25',
    ]);
    expect(second.body.records.filter((m: any) => !m.read).map((m: any) => m.message)).toEqual(['m1', 'm3', 'm5']);
  });

  it('refuses empty text without a file; validates the text', async () => {
    const chat = await group('ana', 'Vazio', ['bia']);
    const empty = await api('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([{ field: 'message', message: 'Required' }]);
    expect((await api('ana', 'POST', `/api/chats/${chat.id}/messages`, {})).status).toBe(400);
    expect((await api('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: 5 })).body.fields[0].field).toBe('message');
    expect((await api('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: 'x'.repeat(10_001) })).status).toBe(400);
  });

  it('sends files by multipart (image, pdf, text), served by signed links; other kinds are refused', async () => {
    const chat = await group('ana', 'Arquivos', ['bia']);
    const image = await form('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: '', typeArch: 'chat' }, [
      { field: 'file', name: 'foto.png', data: png(), type: 'image/png' },
    ]);
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({ message: '', mediaName: 'foto.png', mediaType: 'image' });
    expect((await h.request('GET', (image.body as any).mediaPath, { token: tokens.ana })).status).toBe(200);
    const pdf = await form('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: 'o contrato' }, [
      {
        field: 'file',
        name: 'contrato.pdf',
        data: Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
        type: 'application/pdf',
      },
    ]);
    expect(pdf.body).toMatchObject({ message: 'o contrato', mediaType: 'pdf', mediaName: 'contrato.pdf' });
    const text = await form('ana', 'POST', `/api/chats/${chat.id}/messages`, {}, [
      { field: 'file', name: 'notas.txt', data: Buffer.from('anotações\n'), type: 'text/plain' },
    ]);
    expect(text.body).toMatchObject({ mediaType: 'document', mediaName: 'notas.txt' });
    expect((await api('bia', 'GET', `/api/chats/${chat.id}`)).body.lastMessage).toBe('notas.txt');
    const zip = await form('ana', 'POST', `/api/chats/${chat.id}/messages`, {}, [
      { field: 'file', name: 'a.zip', data: Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex') },
    ]);
    expect(zip.status).toBe(415);
    const nothing = await form('ana', 'POST', `/api/chats/${chat.id}/messages`, { message: '' });
    expect(nothing.status).toBe(400);
  });
});

describe('who may do what', () => {
  it('a non-participant gets 404 on messages, read, update and delete (nothing changes)', async () => {
    const chat = await group('ana', 'Fechado', ['bia']);
    for (const [method, url, body] of [
      ['GET', `/api/chats/${chat.id}/messages`, undefined],
      ['POST', `/api/chats/${chat.id}/messages`, { message: 'intruso' }],
      ['POST', `/api/chats/${chat.id}/read`, {}],
      ['PUT', `/api/chats/${chat.id}`, { title: 'Meu' }],
      ['DELETE', `/api/chats/${chat.id}`, undefined],
    ] as const) {
      const res = await api('caio', method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CHAT_FOUND');
    }
    expect((await api('ana', 'GET', `/api/chats/${chat.id}`)).body).toMatchObject({ title: 'Fechado', lastMessage: '' });
  });

  it('a deleted owner hands their group to the participant who joined first after them, and leaves it', async () => {
    await define('gil', { id: 17, companyId: C1, name: 'Gil' });
    const chat = await group('gil', 'Sem dono', ['bia', 'caio']);
    const before = h.published.length;
    await h.publish('auth.user.deleted', C1, { userId: ids.gil! });
    await h.flush();
    const [event] = eventsSince(before, 'tickets.chat.updated');
    expect(event?.data).toMatchObject({ chat: { id: chat.id, ownerId: ids.bia }, removedUserIds: [ids.gil] });
    const renamed = await api('bia', 'PUT', `/api/chats/${chat.id}`, { title: 'Com dono' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.users.map((u: any) => u.userId).sort()).toEqual([ids.bia, ids.caio].sort());
    expect((await api('bia', 'DELETE', `/api/chats/${chat.id}`)).status).toBe(200);
  });

  it("a user of another company cannot see, post in or read a company's chat", async () => {
    const chat = await group('ana', 'Interno', ['bia']);
    expect((await api('eve', 'GET', `/api/chats/${chat.uuid}/messages`)).status).toBe(404);
    expect((await api('eve', 'POST', `/api/chats/${chat.id}/messages`, { message: 'oi' })).status).toBe(404);
    expect((await api('eve', 'POST', `/api/chats/${chat.id}/read`, {})).status).toBe(404);
    expect((await api('eve', 'GET', '/api/chats')).body.records).toEqual([]);
  });

  it('only the owner edits a group: title and participants (the owner stays); removed users are told to drop it', async () => {
    const chat = await group('ana', 'Equipe', ['bia', 'caio']);
    const notOwner = await api('bia', 'PUT', `/api/chats/${chat.id}`, { title: 'Minha' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error).toBe('ERR_NO_PERMISSION');
    const before = h.published.length;
    const updated = await api('ana', 'PUT', `/api/chats/${chat.id}`, { title: 'Equipe B', users: [{ id: ids.bia }, { id: ids.dani }] });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Equipe B');
    expect(updated.body.users.map((u: any) => u.userId).sort()).toEqual([ids.ana, ids.bia, ids.dani].sort());
    const [event] = eventsSince(before, 'tickets.chat.updated');
    expect(event?.data.removedUserIds).toEqual([ids.caio]);
    expect((await api('caio', 'GET', `/api/chats/${chat.id}`)).status).toBe(404);
    expect((await api('dani', 'GET', `/api/chats/${chat.id}`)).status).toBe(200);
  });

  it('editing validates: a title, someone besides the owner, users of the company; the photo does not change', async () => {
    const created = await form('ana', 'POST', '/api/chats', { title: 'Fotografado', users: JSON.stringify([{ id: ids.bia }]), isGroup: 'true' }, [
      { field: 'groupImage', name: 'foto.png', data: png() },
    ]);
    const chat = created.body as any;
    expect((await api('ana', 'PUT', `/api/chats/${chat.id}`, { title: '' })).body.fields).toEqual([{ field: 'title', message: 'Required' }]);
    expect((await api('ana', 'PUT', `/api/chats/${chat.id}`, { users: [] })).body.fields[0].field).toBe('users');
    expect((await api('ana', 'PUT', `/api/chats/${chat.id}`, { users: [{ id: ids.eve }] })).body.fields).toEqual([
      { field: 'users.0.id', message: 'Unknown user' },
    ]);
    const multipart = await form('ana', 'PUT', `/api/chats/${chat.id}`, { title: 'Renomeado', users: JSON.stringify([{ id: ids.bia }, { id: ids.caio }]) }, [
      { field: 'groupImage', name: 'outra.png', data: png() },
    ]);
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ title: 'Renomeado' });
    expect((multipart.body as any).groupImage.split('?')[0]).toBe(chat.groupImage.split('?')[0]);
  });

  it('private chats cannot be edited', async () => {
    const chat = (await api('ana', 'POST', '/api/chats', { users: [{ id: ids.edu }] })).body;
    const res = await api('ana', 'PUT', `/api/chats/${chat.id}`, { title: 'Renomear' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('only the owner deletes a chat; its messages go too, the participants are told', async () => {
    const chat = await group('ana', 'Apagar', ['bia']);
    await say('bia', chat.id, 'tchau');
    expect((await api('bia', 'DELETE', `/api/chats/${chat.id}`)).status).toBe(403);
    const before = h.published.length;
    const res = await api('ana', 'DELETE', `/api/chats/${chat.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Chat deleted' });
    expect(eventsSince(before, 'tickets.chat.deleted')[0]?.data).toEqual({ chatId: chat.id, userIds: expect.arrayContaining([ids.ana, ids.bia]) });
    expect((await api('bia', 'GET', `/api/chats/${chat.id}`)).status).toBe(404);
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.chat_messages where chat_id = ${chat.id}`;
    expect(row!.n).toBe(0);
  });

  it('a deleted private chat can be started again', async () => {
    const first = (await api('bia', 'POST', '/api/chats', { users: [{ id: ids.fabi }] })).body;
    expect((await api('bia', 'DELETE', `/api/chats/${first.id}`)).status).toBe(200);
    const again = await api('fabi', 'POST', '/api/chats', { users: [{ id: ids.bia }] });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
  });
});
