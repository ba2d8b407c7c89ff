import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '@atende/kit/testing';
import { eventually, startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
let superSession: Session;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;
let attendant: Session;
const sockets: Socket[] = [];

const attachment = (data: Buffer, name = 'aviso.png') => {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
};
const create = async (body: Record<string, unknown>) => {
  const answer = await platform.request('POST', '/api/announcements', { token: superSession.token, body });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; title: string; status: boolean };
};
const titles = (body: { records: { title: string }[] }) => body.records.map((r) => r.title);

beforeAll(async () => {
  platform = await startTestPlatform();
  superSession = await platform.login();
  company = await platform.createCompany();
  attendant = (await platform.createUser(company.admin)).session;
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await platform?.stop();
});

describe('announcements', () => {
  it('the super user creates one with the spec defaults; every user of every company reads the active ones, newest first', async () => {
    const first = await create({ title: 'Manutenção programada', text: 'Sábado às 22h' });
    expect(first).toMatchObject({ title: 'Manutenção programada', text: 'Sábado às 22h', priority: 3, status: true, mediaPath: null, mediaName: null });
    const second = await create({ title: 'Nova versão', text: 'Chat interno disponível', priority: '1' });
    expect(second).toMatchObject({ priority: 1 });
    await create({ title: 'Rascunho', text: 'ainda não', status: false });

    const seen = await platform.request('GET', '/api/announcements', { token: attendant.token });
    expect(seen.status).toBe(200);
    expect(titles(seen.body).slice(0, 2)).toEqual(['Nova versão', 'Manutenção programada']);
    expect(titles(seen.body)).not.toContain('Rascunho');
    expect(seen.body).toMatchObject({ hasMore: false });
    const managed = await platform.request('GET', '/api/announcements?searchParam=rascunho', { token: superSession.token });
    expect(titles(managed.body)).toEqual(['Rascunho']);
    expect((await platform.request('GET', `/api/announcements/${second.id}`, { token: company.admin.token })).body).toMatchObject({ title: 'Nova versão' });
  });

  it('an inactive one is hidden from users (404) and shown to the super user', async () => {
    const draft = await create({ title: 'Oculto', text: 'só o super vê', status: 'false' });
    expect((await platform.request('GET', `/api/announcements/${draft.id}`, { token: attendant.token })).body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect((await platform.request('GET', `/api/announcements/${draft.id}`, { token: superSession.token })).status).toBe(200);
    const shown = await platform.request('PUT', `/api/announcements/${draft.id}`, { token: superSession.token, body: { status: true, title: 'Visível' } });
    expect(shown.body).toMatchObject({ status: true, title: 'Visível', text: 'só o super vê' });
    expect(titles((await platform.request('GET', '/api/announcements?searchParam=vis', { token: attendant.token })).body)).toEqual(['Visível']);
  });

  it('validates title, text and priority with the failing fields', async () => {
    const empty = await platform.request('POST', '/api/announcements', { token: superSession.token, body: { title: ' ', priority: 7 } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(empty.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['priority', 'text', 'title']);
    expect(empty.body.fields.find((f: { field: string }) => f.field === 'title').message).toBe('Obrigatório');
    const existing = await create({ title: 'Válido', text: 'texto' });
    const bad = await platform.request('PUT', `/api/announcements/${existing.id}`, { token: superSession.token, body: { text: '', status: 'talvez' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['status', 'text']);
    expect((await platform.request('GET', `/api/announcements/${existing.id}`, { token: superSession.token })).body).toMatchObject({ text: 'texto' });
    expect((await platform.request('PUT', '/api/announcements/999999', { token: superSession.token, body: { title: 'x' } })).body.error).toBe(
      'ERR_NO_ANNOUNCEMENT_FOUND',
    );
  });

  it('only the super user writes: admins and attendants get 403, nothing changes; no session gets 401', async () => {
    const kept = await create({ title: 'Intocável', text: 'fica como está' });
    for (const session of [company.admin, attendant]) {
      const attempts: [string, string, unknown?][] = [
        ['POST', '/api/announcements', { title: 'x', text: 'y' }],
        ['PUT', `/api/announcements/${kept.id}`, { title: 'Alterado' }],
        ['DELETE', `/api/announcements/${kept.id}`],
        ['POST', `/api/announcements/${kept.id}/media-upload`, attachment(png())],
        ['DELETE', `/api/announcements/${kept.id}/media-upload`],
      ];
      for (const [method, url, body] of attempts)
        expect((await platform.request(method, url, { token: session.token, body })).status, `${method} ${url}`).toBe(403);
    }
    expect((await platform.request('GET', `/api/announcements/${kept.id}`, { token: superSession.token })).body).toMatchObject({ title: 'Intocável' });
    expect((await platform.request('GET', '/api/announcements')).status).toBe(401);
  });

  it('attaches an image (by content) served through a signed link, replaces and removes it, and deletes the announcement', async () => {
    const notice = await create({ title: 'Com anexo', text: 'veja a imagem' });
    const attached = await platform.request('POST', `/api/announcements/${notice.id}/media-upload`, {
      token: superSession.token,
      body: attachment(png(), 'banner.png'),
    });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({
      mediaName: 'banner.png',
      mediaPath: expect.stringMatching(/^\/api\/media\/admin\/company1\/announcements\/[0-9a-f-]+\.png\?exp=\d+&sig=/),
    });
    const image = await fetch(platform.url + attached.body.mediaPath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(platform.url + attached.body.mediaPath.split('?')[0])).status).toBe(403);

    const notImage = await platform.request('POST', `/api/announcements/${notice.id}/media-upload`, {
      token: superSession.token,
      body: attachment(Buffer.from('%PDF-1.4 not an image'), 'x.png'),
    });
    expect(notImage.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect((await platform.request('POST', `/api/announcements/${notice.id}/media-upload`, { token: superSession.token, body: new FormData() })).status).toBe(
      400,
    );
    expect((await platform.request('GET', `/api/announcements/${notice.id}`, { token: superSession.token })).body.mediaName).toBe('banner.png');

    const detached = await platform.request('DELETE', `/api/announcements/${notice.id}/media-upload`, { token: superSession.token });
    expect(detached.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await fetch(platform.url + attached.body.mediaPath)).status).toBe(404);

    expect((await platform.request('DELETE', `/api/announcements/${notice.id}`, { token: superSession.token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/announcements/${notice.id}`, { token: superSession.token })).body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
  });

  it('announces live to every company (company-announcement); one turned inactive leaves users’ bells', async () => {
    const open = (token: string) => {
      const socket = connect(platform.url, { transports: ['websocket'], query: { token }, reconnection: false });
      sockets.push(socket);
      return socket;
    };
    const other = await platform.createCompany();
    const watchers = [open(attendant.token), open(other.admin.token), open(superSession.token)];
    await eventually(() => watchers.every((s) => s.connected));
    const seen = watchers.map(() => [] as { action: string; id?: number; record?: { id: number; title: string } }[]);
    watchers.forEach((socket, i) => socket.on('company-announcement', (payload) => seen[i]!.push(payload)));

    const notice = await create({ title: 'Ao vivo', text: 'para todos' });
    await eventually(() => seen.every((list) => list.some((p) => p.action === 'create' && p.record?.id === notice.id)));
    await platform.request('PUT', `/api/announcements/${notice.id}`, { token: superSession.token, body: { status: false } });
    await eventually(
      () => seen[0]!.some((p) => p.action === 'delete' && p.id === notice.id) && seen[2]!.some((p) => p.action === 'update' && p.record?.id === notice.id),
    );
    expect(seen[0]!.some((p) => p.action === 'update' && p.record?.id === notice.id)).toBe(false);
    expect(seen[1]!.some((p) => p.action === 'update' && p.record?.id === notice.id)).toBe(false);
  });
});
