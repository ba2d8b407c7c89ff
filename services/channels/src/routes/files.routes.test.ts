import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, emissionsFor, type Envelope, type FileListOption, type FileListRecord } from '@atende/kit';
import { fullPlan, multipartBody, png } from '@atende/kit/testing';
import { startHarness, type Harness } from '../testing/harness.js';

/** File lists (spec 002 §2 "Files", §3, §5, §7): /api/files, /api/files/:id, /api/files/uploadList/:id; channels.fileList.get. */
let h: Harness;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const define = (key: string, fields: { id: number; companyId: number; profile?: 'admin' | 'user'; super?: boolean }) => {
  tokens[key] = h.signIn(fields).token;
};
/** A list made through the API by `who`; answers its body. */
const create = async (who: string, name: string, options: { name: string; mediaType?: string }[] = [], message = 'Seguem os arquivos') => {
  const res = await api<FileListRecord>(who, 'POST', '/api/files', { name, message, options });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const upload = async (who: string, listId: number, fields: Record<string, string>, file: { name: string; data: Buffer; type?: string } | null) => {
  const form = await multipartBody({ fields, files: file ? [{ field: 'files', ...file }] : [] });
  const res = await h.request<any>('POST', `/api/files/uploadList/${listId}`, { token: tokens[who], body: form.payload, headers: { 'content-type': form.contentType } });
  await h.flush();
  return res;
};
const storedKey = async (optionId: number) => (await h.sql<{ path: string; media_type: string }[]>`select path, media_type from channels.file_list_options where id = ${optionId}`)[0];

beforeAll(async () => {
  h = await startHarness({ recordSessions: true, config: { CONNECTION_MEDIA_MAX_BYTES: 4096 } });
  for (let c = 1; c <= 12; c++) define(`admin${c}`, { id: c, companyId: c, profile: 'admin' });
  define('user1', { id: 101, companyId: 1 });
  define('super', { id: 99, companyId: 9, profile: 'admin', super: true });
});
afterAll(async () => h?.stop());

describe('POST /api/files', () => {
  it('creates the list with its options (ids for the uploads), by its creator, announced to the admins', async () => {
    const before = h.published.length;
    const body = await create('admin1', '  Tabela de preços ', [{ name: 'Preços 2025', mediaType: 'application/pdf' }, { name: 'Fachada' }], 'Segue nossa tabela, {{name}}');
    expect(body).toMatchObject({ name: 'Tabela de preços', message: 'Segue nossa tabela, {{name}}', companyId: 1, userId: 1 });
    expect(body.options.map((o) => [o.name, o.path, o.mediaType])).toEqual([
      ['Preços 2025', '', 'application/pdf'],
      ['Fachada', '', ''],
    ]);
    expect(body.options.every((o) => o.id > 0 && o.fileListId === body.id)).toBe(true);
    const [event] = eventsSince(before, 'channels.fileList.created');
    expect(event?.companyId).toBe(1);
    expect(event?.data.fileList).toMatchObject({ id: body.id, name: 'Tabela de preços' });
    expect(emissionsFor('channels.fileList.created', event!)).toEqual([
      { event: 'company-{companyId}-file', payload: { action: 'create', fileList: expect.objectContaining({ id: body.id }) }, audience: { to: 'admins' } },
    ]);
  });

  it('checks the name (min 3, "nome muito curto"), the message ("Obrigatório") and each option, naming the field', async () => {
    const short = await api('admin1', 'POST', '/api/files', { name: 'ab', message: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toContainEqual({ field: 'name', message: 'nome muito curto' });
    const noMessage = await api('admin1', 'POST', '/api/files', { name: 'Sem mensagem', message: '   ' });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.fields).toContainEqual({ field: 'message', message: 'Obrigatório' });
    const missing = await api('admin1', 'POST', '/api/files', {});
    expect(missing.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Obrigatório' }, { field: 'message', message: 'Obrigatório' }]));
    const option = await api('admin1', 'POST', '/api/files', { name: 'Opção vazia', message: 'oi', options: [{ name: 'ok' }, { name: '' }] });
    expect(option.status).toBe(400);
    expect(option.body.fields).toContainEqual({ field: 'options.1.name', message: 'Required' });
    const tooMany = await api('admin1', 'POST', '/api/files', { name: 'Muitos', message: 'oi', options: Array.from({ length: 51 }, (_, i) => ({ name: `f${i}` })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0].field).toBe('options');
    const long = await api('admin1', 'POST', '/api/files', { name: 'x'.repeat(101), message: 'oi' });
    expect(long.status).toBe(400);
    expect(long.body.fields).toContainEqual({ field: 'name', message: 'Too Long!' });
  });

  it('refuses a name the company already uses, whatever its case (another company may use it)', async () => {
    await create('admin2', 'Cardápio');
    const again = await api('admin2', 'POST', '/api/files', { name: 'CARDÁPIO', message: 'oi' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_FILE_LIST_NAME_ALREADY_EXISTS', fields: [{ field: 'name', message: 'Nome já utilizado' }] });
    await create('admin3', 'Cardápio');
  });
});

describe('permissions', () => {
  it('answers 401 without a token and 403 to a profile user on every route', async () => {
    const list = await create('admin1', 'Só para admins');
    expect((await api(undefined, 'GET', '/api/files')).status).toBe(401);
    for (const [method, url, body] of [
      ['GET', '/api/files'],
      ['GET', '/api/files/list'],
      ['GET', `/api/files/${list.id}`],
      ['POST', '/api/files', { name: 'Do atendente', message: 'oi' }],
      ['PUT', `/api/files/${list.id}`, { name: 'Do atendente', message: 'oi' }],
      ['DELETE', `/api/files/${list.id}`],
    ] as const) {
      const res = await api('user1', method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await upload('user1', list.id, { fileId: String(list.options[0]?.id ?? 1) }, { name: 'a.png', data: png() })).status).toBe(403);
  });
});

describe('GET /api/files', () => {
  it('pages the company\'s lists by name, 20 at a time, with count, hasMore and each list\'s files', async () => {
    for (let i = 25; i >= 1; i--) await create('admin4', `Lista ${String(i).padStart(2, '0')}`, i === 1 ? [{ name: 'Único' }] : []);
    await create('admin5', 'Lista de outra empresa');
    const first = await api('admin4', 'GET', '/api/files');
    expect(first.status).toBe(200);
    expect(first.body.files).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.files[0]).toMatchObject({ name: 'Lista 01', options: [expect.objectContaining({ name: 'Único' })] });
    const second = await api('admin4', 'GET', '/api/files?pageNumber=2');
    expect(second.body.files.map((f: FileListRecord) => f.name)).toEqual(['Lista 21', 'Lista 22', 'Lista 23', 'Lista 24', 'Lista 25']);
    expect(second.body.hasMore).toBe(false);
  });

  it('searches by name (case-insensitive), and refuses a bad page number', async () => {
    const found = await api('admin4', 'GET', `/api/files?searchParam=${encodeURIComponent('lista 1')}`);
    expect(found.body.files.map((f: FileListRecord) => f.name)).toEqual(['Lista 10', 'Lista 11', 'Lista 12', 'Lista 13', 'Lista 14', 'Lista 15', 'Lista 16', 'Lista 17', 'Lista 18', 'Lista 19']);
    expect(found.body.count).toBe(10);
    const nothing = await api('admin4', 'GET', '/api/files?searchParam=50%25');
    expect(nothing.body).toEqual({ files: [], count: 0, hasMore: false });
    const bad = await api('admin4', 'GET', '/api/files?pageNumber=0');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('pageNumber');
  });

  it('GET /api/files/list answers every list of the company for the selects', async () => {
    const all = await api('admin4', 'GET', '/api/files/list');
    expect(all.status).toBe(200);
    expect(all.body.files).toHaveLength(25);
    expect(all.body.files.every((f: FileListRecord) => f.companyId === 4)).toBe(true);
  });
});

describe('GET, PUT, DELETE /api/files/:id', () => {
  it('shows a list of the company; another company\'s is 404', async () => {
    const list = await create('admin6', 'Catálogo', [{ name: 'Catálogo 2025' }]);
    const shown = await api('admin6', 'GET', `/api/files/${list.id}`);
    expect(shown.body).toEqual(list);
    const foreign = await api('admin7', 'GET', `/api/files/${list.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_FILE_LIST_FOUND');
    expect((await api('admin6', 'GET', '/api/files/abc')).status).toBe(400);
  });

  it('updates name and message; options with id are kept, new ones added, missing ones deleted with their files', async () => {
    const list = await create('admin6', 'Documentos', [{ name: 'Contrato' }, { name: 'Regulamento' }]);
    const [contract, rules] = list.options;
    expect((await upload('admin6', list.id, { fileId: String(rules!.id) }, { name: 'regulamento.pdf', data: pdf() })).status).toBe(200);
    const rulesKey = (await storedKey(rules!.id))!.path;
    expect(await h.ctx.storage.open(rulesKey)).not.toBeNull();
    const before = h.published.length;
    const res = await api<FileListRecord>('admin6', 'PUT', `/api/files/${list.id}`, {
      name: 'Documentos da clínica',
      message: 'Leia com atenção',
      options: [{ id: contract!.id, name: 'Contrato de serviço' }, { name: 'Ficha de anamnese', mediaType: 'application/pdf' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Documentos da clínica', message: 'Leia com atenção' });
    expect(res.body.options.map((o) => o.name)).toEqual(['Contrato de serviço', 'Ficha de anamnese']);
    expect(res.body.options[0]!.id).toBe(contract!.id);
    expect(await storedKey(rules!.id)).toBeUndefined();
    expect(await h.ctx.storage.open(rulesKey)).toBeNull();
    expect(eventsSince(before, 'channels.fileList.updated').map((e) => e.data.fileList.options.length)).toEqual([2]);
  });

  it('keeps the type read from an uploaded file when the dialog sends another one', async () => {
    const list = await create('admin6', 'Tipos', [{ name: 'Foto' }]);
    const option = list.options[0]!;
    await upload('admin6', list.id, { fileId: String(option.id) }, { name: 'foto.png', data: png() });
    const res = await api<FileListRecord>('admin6', 'PUT', `/api/files/${list.id}`, { name: 'Tipos', message: 'oi', options: [{ id: option.id, name: 'Foto', mediaType: 'application/pdf' }] });
    expect(res.body.options[0]).toMatchObject({ mediaType: 'image/png', path: expect.stringMatching(/\.png\?exp=/) });
  });

  it('names the failing option when an id is not one of the list\'s, and refuses a taken name', async () => {
    const mine = await create('admin6', 'Minha lista', [{ name: 'A' }]);
    const other = await create('admin6', 'Outra lista', [{ name: 'B' }]);
    const stolen = await api('admin6', 'PUT', `/api/files/${mine.id}`, { name: 'Minha lista', message: 'oi', options: [{ name: 'novo' }, { id: other.options[0]!.id, name: 'B' }] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual([{ field: 'options.1.id', message: 'must be a file of this list' }]);
    const taken = await api('admin6', 'PUT', `/api/files/${mine.id}`, { name: 'outra LISTA', message: 'oi' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_FILE_LIST_NAME_ALREADY_EXISTS');
    const same = await api('admin6', 'PUT', `/api/files/${mine.id}`, { name: 'MINHA LISTA', message: 'oi', options: [{ id: mine.options[0]!.id, name: 'A' }] });
    expect(same.status).toBe(200);
  });

  it('another company cannot change or delete the list (404), and nothing changes', async () => {
    const list = await create('admin6', 'Protegida', [{ name: 'A' }]);
    expect((await api('admin7', 'PUT', `/api/files/${list.id}`, { name: 'Invadida', message: 'oi' })).status).toBe(404);
    expect((await api('admin7', 'DELETE', `/api/files/${list.id}`)).status).toBe(404);
    expect((await api('super', 'DELETE', `/api/files/${list.id}`)).status).toBe(404);
    expect((await api('admin6', 'GET', `/api/files/${list.id}`)).body).toMatchObject({ name: 'Protegida', options: [{ name: 'A' }] });
  });

  it('DELETE removes the list, its options and their stored files, and announces it', async () => {
    const list = await create('admin8', 'Temporária', [{ name: 'Folheto' }]);
    await upload('admin8', list.id, { fileId: String(list.options[0]!.id) }, { name: 'folheto.png', data: png() });
    const key = (await storedKey(list.options[0]!.id))!.path;
    const before = h.published.length;
    const res = await api('admin8', 'DELETE', `/api/files/${list.id}`);
    expect(res.status).toBe(200);
    expect((await api('admin8', 'GET', `/api/files/${list.id}`)).status).toBe(404);
    expect(await storedKey(list.options[0]!.id)).toBeUndefined();
    expect(await h.ctx.storage.open(key)).toBeNull();
    const [event] = eventsSince(before, 'channels.fileList.deleted');
    expect(event?.data).toEqual({ fileListId: list.id });
    expect(emissionsFor('channels.fileList.deleted', event!)).toEqual([{ event: 'company-{companyId}-file', payload: { action: 'delete', fileId: list.id }, audience: { to: 'admins' } }]);
    expect((await api('admin8', 'DELETE', `/api/files/${list.id}`)).status).toBe(404);
  });
});

describe('POST /api/files/uploadList/:id', () => {
  it('stores the option\'s file under the company\'s folder, typed by its bytes, served by a signed link to the company', async () => {
    const list = await create('admin9', 'Com arquivo', [{ name: 'Tabela' }]);
    const option = list.options[0]!;
    const before = h.published.length;
    const res = await upload('admin9', list.id, { fileId: String(list.id), typeArch: 'fileList', mediaType: 'image/png', name: 'Tabela', id: String(option.id) }, { name: 'tabela.pdf', data: pdf(), type: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.options[0]).toMatchObject({ id: option.id, name: 'Tabela', mediaType: 'application/pdf', path: expect.stringMatching(/^\/api\/media\/channels\/company9\/file-lists\/.+\.pdf\?exp=\d+&sig=/) });
    const row = (await storedKey(option.id))!;
    expect(row).toMatchObject({ media_type: 'application/pdf', path: expect.stringMatching(/^company9\/file-lists\//) });
    expect(eventsSince(before, 'channels.fileList.updated')).toHaveLength(1);
    const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
    const served = await h.app.inject({ method: 'GET', url: res.body.options[0]!.path, headers: as('admin9') });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf())).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: res.body.options[0]!.path })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: res.body.options[0]!.path, headers: as('admin1') })).statusCode).toBe(403);
    const unsigned = await h.app.inject({ method: 'GET', url: `/api/media/channels/${row.path}`, headers: as('admin9') });
    expect(unsigned.statusCode).toBe(403);
  });

  it('a new file replaces the option\'s previous one, which is deleted', async () => {
    const list = await create('admin9', 'Troca', [{ name: 'Imagem' }]);
    const option = list.options[0]!;
    await upload('admin9', list.id, { fileId: String(option.id) }, { name: 'a.pdf', data: pdf() });
    const first = (await storedKey(option.id))!.path;
    const res = await upload('admin9', list.id, { fileId: String(option.id) }, { name: 'b.png', data: png() });
    expect(res.body.options[0]!.mediaType).toBe('image/png');
    expect((await storedKey(option.id))!.path).not.toBe(first);
    expect(await h.ctx.storage.open(first)).toBeNull();
  });

  it('takes several files in one request, each paired in order with its option id (the reference client\'s form)', async () => {
    const list = await create('admin9', 'Várias', [{ name: 'Um' }, { name: 'Dois' }, { name: 'Três' }]);
    const [one, two, three] = list.options as [FileListOption, FileListOption, FileListOption];
    const form = await multipartBody({
      fields: [['fileId', String(list.id)], ['typeArch', 'fileList'], ['id', String(two.id)], ['mediaType', 'image/png'], ['id', String(one.id)], ['mediaType', 'application/pdf']],
      files: [{ field: 'files', name: 'dois.png', data: png() }, { field: 'files', name: 'um.pdf', data: pdf() }],
    });
    const res = await h.request<any>('POST', `/api/files/uploadList/${list.id}`, { token: tokens.admin9, body: form.payload, headers: { 'content-type': form.contentType } });
    await h.flush();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map(res.body.options.map((o: any) => [o.id, o]));
    expect(byId.get(one.id)).toMatchObject({ mediaType: 'application/pdf' });
    expect(byId.get(two.id)).toMatchObject({ mediaType: 'image/png' });
    expect((byId.get(three.id) as any).path).toBe('');
    // Files and ids that do not pair up, the same option twice, or fileId naming another list: refused, nothing kept.
    const unpaired = await multipartBody({ fields: [['fileId', String(list.id)], ['id', String(three.id)]], files: [{ field: 'files', name: 'a.png', data: png() }, { field: 'files', name: 'b.png', data: png() }] });
    const refused = await h.request<any>('POST', `/api/files/uploadList/${list.id}`, { token: tokens.admin9, body: unpaired.payload, headers: { 'content-type': unpaired.contentType } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'id', message: 'one option per file' }]);
    const twice = await multipartBody({ fields: [['id', String(three.id)], ['id', String(three.id)]], files: [{ field: 'files', name: 'a.png', data: png() }, { field: 'files', name: 'b.png', data: png() }] });
    expect((await h.request<any>('POST', `/api/files/uploadList/${list.id}`, { token: tokens.admin9, body: twice.payload, headers: { 'content-type': twice.contentType } })).status).toBe(400);
    const elsewhere = await upload('admin9', list.id, { fileId: String(list.id + 1000), id: String(three.id) }, { name: 'a.png', data: png() });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual([{ field: 'fileId', message: 'must be this list' }]);
    expect((await storedKey(three.id))!.path).toBe('');
  });

  it('refuses a missing file, a missing or foreign fileId, a type that is not a media and a file over the limit', async () => {
    const list = await create('admin10', 'Erros', [{ name: 'A' }]);
    const other = await create('admin10', 'Outra', [{ name: 'B' }]);
    const noFile = await upload('admin10', list.id, { fileId: String(list.options[0]!.id) }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.fields).toEqual([{ field: 'files', message: 'Required' }]);
    const noId = await upload('admin10', list.id, {}, { name: 'a.png', data: png() });
    expect(noId.status).toBe(400);
    expect(noId.body.fields).toEqual([{ field: 'id', message: 'Required' }]);
    const foreign = await upload('admin10', list.id, { fileId: String(other.options[0]!.id) }, { name: 'a.png', data: png() });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([{ field: 'fileId', message: 'must be a file of this list' }]);
    const binary = await upload('admin10', list.id, { fileId: String(list.options[0]!.id) }, { name: 'a.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff, 0xff]) });
    expect(binary.status).toBe(415);
    expect(binary.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const big = await upload('admin10', list.id, { fileId: String(list.options[0]!.id) }, { name: 'big.pdf', data: Buffer.concat([pdf(), Buffer.alloc(5000, 0x20)]) });
    expect(big.status).toBe(413);
    const json = await api('admin10', 'POST', `/api/files/uploadList/${list.id}`, { fileId: list.options[0]!.id });
    expect(json.status).toBe(400);
    expect((await api('admin10', 'GET', `/api/files/${list.id}`)).body.options[0].path).toBe('');
  });

  it('another company\'s list is 404 and keeps no file', async () => {
    const list = await create('admin11', 'Alheia', [{ name: 'A' }]);
    const res = await upload('admin12', list.id, { fileId: String(list.options[0]!.id) }, { name: 'a.png', data: png() });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_FILE_LIST_FOUND');
    expect((await storedKey(list.options[0]!.id))!.path).toBe('');
  });
});

describe('channels.fileList.get', () => {
  it('answers the list\'s message and its uploaded files by storage key; null for another company\'s list', async () => {
    const list = await create('admin11', 'Para o robô', [{ name: 'Tabela' }, { name: 'Ainda sem arquivo' }], 'Segue a tabela');
    await upload('admin11', list.id, { fileId: String(list.options[0]!.id) }, { name: 't.pdf', data: pdf() });
    const answer = await ask(h.bus, 'channels.fileList.get', { companyId: 11, fileListId: list.id });
    expect(answer).toEqual({
      name: 'Para o robô',
      message: 'Segue a tabela',
      options: [{ name: 'Tabela', path: expect.stringMatching(/^company11\/file-lists\/.+\.pdf$/), mediaType: 'application/pdf' }],
    });
    expect(await ask(h.bus, 'channels.fileList.get', { companyId: 12, fileListId: list.id })).toBeNull();
  });
});

describe('channels.refs.check', () => {
  it("answers which integrations and file lists named are not the company's", async () => {
    h.plans.set(11, fullPlan());
    const list = await create('admin11', 'Conferida', [{ name: 'Um' }], 'Segue');
    const integration = await api('admin11', 'POST', '/api/queueIntegration', { type: 'webhook', name: 'Gancho conferido', urlN8N: 'https://hooks.example.com/x' });
    expect(integration.status).toBe(201);
    const ids = { integrationIds: [integration.body.id, 987_654], fileListIds: [list.id, 987_655] };
    expect(await ask(h.bus, 'channels.refs.check', { companyId: 11, ...ids })).toEqual({ missingIntegrationIds: [987_654], missingFileListIds: [987_655] });
    expect(await ask(h.bus, 'channels.refs.check', { companyId: 12, ...ids })).toEqual({
      missingIntegrationIds: [integration.body.id, 987_654],
      missingFileListIds: [list.id, 987_655],
    });
  });
});
