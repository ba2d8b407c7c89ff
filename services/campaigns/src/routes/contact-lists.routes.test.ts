import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/postgres-js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullPlan, multipartBody, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { listItems } from '../db/contact-lists.repository.js';
import { schema } from '../db/schema.js';
import { campaignsConfigShape, createCampaignsService } from '../index.js';

/** Contact lists and their items (spec 002 §2, §3, §5, §6, §7). */
let h: ServiceHarness;
const C1 = 1;
const C2 = 2;
const C3 = 3; // a plan without campaigns
const tokens: Record<string, string> = {};
// A small upload ceiling, so a too-large spreadsheet is cheap to send.
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0, CAMPAIGN_MEDIA_MAX_BYTES: 64 * 1024 };

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const createList = async (who: string, name: string) => {
  const res = await api(who, 'POST', '/api/contact-lists', { name });
  expect(res.status).toBe(201);
  return res.body;
};
const createItem = async (who: string, body: Record<string, unknown>) => {
  const res = await api(who, 'POST', '/api/contact-list-items', body);
  expect(res.status).toBe(201);
  return res.body;
};
const upload = async (who: string, listId: number, file: { name: string; data: Buffer } | null) => {
  const { payload, contentType } = await multipartBody({ files: file ? [{ field: 'file', ...file }] : [] });
  const res = await h.request('POST', `/api/contact-lists/${listId}/upload`, { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
  await h.flush();
  return res;
};
const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  h.plans.set(C3, { ...fullPlan(), useCampaigns: false });
  tokens.admin = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  tokens.user = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  tokens.admin2 = h.signIn({ id: 2, companyId: C2, profile: 'admin' }).token;
  tokens.admin3 = h.signIn({ id: 3, companyId: C3, profile: 'admin' }).token;
});
afterAll(async () => h?.stop());

describe('contact lists', () => {
  it('creates, shows, renames and deletes a list, announcing each change to admins', async () => {
    const list = await createList('admin', '  Clientes VIP ');
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0, companyId: C1 });
    expect(h.events('campaigns.contactList.created').at(-1)?.data.contactList.id).toBe(list.id);
    expect((await api('admin', 'GET', `/api/contact-lists/${list.id}`)).body).toMatchObject({ id: list.id, name: 'Clientes VIP' });
    const renamed = await api('admin', 'PUT', `/api/contact-lists/${list.id}`, { name: 'Clientes Ouro' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Clientes Ouro');
    expect(h.events('campaigns.contactList.updated').at(-1)?.data.contactList.name).toBe('Clientes Ouro');
    expect((await api('admin', 'DELETE', `/api/contact-lists/${list.id}`)).status).toBe(200);
    expect(h.events('campaigns.contactList.deleted').at(-1)?.data.contactListId).toBe(list.id);
    expect((await api('admin', 'GET', `/api/contact-lists/${list.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
  });

  it('validates the name: required, 2 to 50 characters', async () => {
    const missing = await api('admin', 'POST', '/api/contact-lists', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Required' }] });
    expect((await api('admin', 'POST', '/api/contact-lists', { name: 'a' })).body.fields).toEqual([{ field: 'name', message: 'Too Short!' }]);
    expect((await api('admin', 'POST', '/api/contact-lists', { name: 'x'.repeat(51) })).body.fields).toEqual([{ field: 'name', message: 'Too Long!' }]);
    const list = await createList('admin', 'Validar');
    expect((await api('admin', 'PUT', `/api/contact-lists/${list.id}`, { name: ' ' })).body.fields).toEqual([{ field: 'name', message: 'Required' }]);
  });

  it('pages of 20 by name with count, hasMore and contactsCount; searches by name; /list holds them all', async () => {
    for (let i = 0; i < 23; i++) await createList('admin2', `Lista ${String(i).padStart(2, '0')}`);
    const first = await api('admin2', 'GET', '/api/contact-lists');
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toMatchObject({ name: 'Lista 00', contactsCount: 0 });
    const second = await api('admin2', 'GET', '/api/contact-lists?pageNumber=2');
    expect(second.body).toMatchObject({ count: 23, hasMore: false });
    expect(second.body.records.map((r: any) => r.name)).toEqual(['Lista 20', 'Lista 21', 'Lista 22']);
    expect((await api('admin2', 'GET', '/api/contact-lists?searchParam=lista 1')).body.count).toBe(10);
    await createItem('admin2', { contactListId: first.body.records[0].id, name: 'Maria', number: '5511999990000' });
    expect((await api('admin2', 'GET', '/api/contact-lists?searchParam=Lista 00')).body.records[0].contactsCount).toBe(1);
    const all = await api('admin2', 'GET', '/api/contact-lists/list');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(23);
    expect((await api('admin2', 'GET', '/api/contact-lists?pageNumber=0')).body.fields[0].field).toBe('pageNumber');
  });

  it("never shows or changes another company's lists (404)", async () => {
    const theirs = await createList('admin2', 'Deles');
    expect((await api('admin', 'GET', `/api/contact-lists/${theirs.id}`)).status).toBe(404);
    expect((await api('admin', 'PUT', `/api/contact-lists/${theirs.id}`, { name: 'Minha' })).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await api('admin', 'DELETE', `/api/contact-lists/${theirs.id}`)).status).toBe(404);
    expect((await api('admin', 'GET', '/api/contact-lists/list')).body.map((l: any) => l.id)).not.toContain(theirs.id);
    expect((await api('admin2', 'GET', `/api/contact-lists/${theirs.id}`)).body.name).toBe('Deles');
  });

  it('is for admins of a plan with campaigns: profile user 403, no useCampaigns refused, no token 401', async () => {
    const asUser = await api('user', 'GET', '/api/contact-lists');
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('user', 'POST', '/api/contact-lists', { name: 'Nada' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('user', 'GET', '/api/contact-list-items?contactListId=1')).body.error).toBe('ERR_NO_PERMISSION');
    const noPlan = await api('admin3', 'GET', '/api/contact-lists');
    expect(noPlan.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('admin3', 'POST', '/api/contact-list-items', { contactListId: 1, name: 'Ana', number: '5511999990000' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/api/contact-lists')).status).toBe(401);
  });
});

describe('contact list items', () => {
  it('adds, shows, edits and deletes an item; the list count follows', async () => {
    const list = await createList('admin', 'Itens');
    const item = await createItem('admin', { contactListId: list.id, name: 'Ana Souza', number: '+55 (11) 98888-7777', email: 'ana@example.com' });
    expect(item).toMatchObject({ contactListId: list.id, name: 'Ana Souza', number: '5511988887777', email: 'ana@example.com', isWhatsappValid: true, companyId: C1 });
    expect(h.events('campaigns.contactListItem.created').at(-1)?.data.contactListItem.id).toBe(item.id);
    expect(h.events('campaigns.contactList.updated').at(-1)?.data.contactList).toMatchObject({ id: list.id, contactsCount: 1 });
    expect((await api('admin', 'GET', `/api/contact-list-items/${item.id}`)).body.name).toBe('Ana Souza');
    const edited = await api('admin', 'PUT', `/api/contact-list-items/${item.id}`, { name: 'Ana S.', email: '' });
    expect(edited.body).toMatchObject({ name: 'Ana S.', email: '', number: '5511988887777' });
    expect(h.events('campaigns.contactListItem.updated').at(-1)?.data.contactListItem.name).toBe('Ana S.');
    expect((await api('admin', 'DELETE', `/api/contact-list-items/${item.id}`)).status).toBe(200);
    expect(h.events('campaigns.contactListItem.deleted').at(-1)?.data).toEqual({ contactListItemId: item.id, contactListId: list.id });
    expect((await api('admin', 'GET', `/api/contact-lists/${list.id}`)).body.contactsCount).toBe(0);
    expect((await api('admin', 'GET', `/api/contact-list-items/${item.id}`)).body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('validates name 2–50, number 8–50 digits, a valid email ("Invalid email") and the list', async () => {
    const list = await createList('admin', 'Validação de itens');
    const bad = await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, name: 'A', number: '1234', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Too Short!' },
        { field: 'number', message: 'Too Short!' },
        { field: 'email', message: 'Invalid email' },
      ]),
    );
    expect((await api('admin', 'POST', '/api/contact-list-items', { name: 'Ana', number: '5511999990000' })).body.fields).toEqual([{ field: 'contactListId', message: 'Required' }]);
    expect((await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, number: '5511999990000' })).body.fields).toEqual([{ field: 'name', message: 'Required' }]);
    expect((await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, name: 'Ana', number: '1'.repeat(51) })).body.fields).toEqual([{ field: 'number', message: 'Too Long!' }]);
    const item = await createItem('admin', { contactListId: list.id, name: 'Ana', number: '5511999990000' });
    expect((await api('admin', 'PUT', `/api/contact-list-items/${item.id}`, { email: 'x@' })).body.fields).toEqual([{ field: 'email', message: 'Invalid email' }]);
  });

  it('takes only a phone number: digits once spaces, +, -, parentheses and dots are dropped (spec 002 §5)', async () => {
    const list = await createList('admin', 'Só dígitos');
    const letters = await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, name: 'Okay', number: 'abcdefghij' });
    expect(letters.status).toBe(400);
    expect(letters.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'number', message: 'must be a phone number (digits only)' }] });
    expect((await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, name: 'Okay', number: '5511 9888x7777' })).status).toBe(400);
    const item = await createItem('admin', { contactListId: list.id, name: 'Okay', number: '+55 (11) 98888.7777' });
    expect(item.number).toBe('5511988887777');
    const edited = await api('admin', 'PUT', `/api/contact-list-items/${item.id}`, { number: 'telefone1234' });
    expect(edited.body.fields).toEqual([{ field: 'number', message: 'must be a phone number (digits only)' }]);
    expect((await api('admin', 'GET', `/api/contact-lists/${list.id}`)).body.contactsCount).toBe(1);
    // A spreadsheet row is held to the same rule.
    const sheet = await upload('admin', list.id, { name: 'letras.xlsx', data: await xlsx([['Nome', 'Número'], ['Letras', 'abcdefghij'], ['Dígitos', '5511977770000']]) });
    expect(sheet.body).toMatchObject({ total: 2, created: 1, ignored: 1, errors: [{ row: 2, field: 'number', message: 'must be a phone number (digits only)' }] });
  });

  it('refuses a number the list already holds (409 ERR_DUPLICATED_CONTACT); another list may have it', async () => {
    const list = await createList('admin', 'Duplicados');
    const other = await createList('admin', 'Outra');
    const first = await createItem('admin', { contactListId: list.id, name: 'Bia', number: '5511977776666' });
    const again = await api('admin', 'POST', '/api/contact-list-items', { contactListId: list.id, name: 'Bia 2', number: '55 11 97777-6666' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    await createItem('admin', { contactListId: other.id, name: 'Bia', number: '5511977776666' });
    const second = await createItem('admin', { contactListId: list.id, name: 'Caio', number: '5511966665555' });
    expect((await api('admin', 'PUT', `/api/contact-list-items/${second.id}`, { number: first.number })).body.error).toBe('ERR_DUPLICATED_CONTACT');
    expect((await api('admin', 'PUT', `/api/contact-list-items/${first.id}`, { number: first.number, name: 'Bia Lima' })).status).toBe(200);
  });

  it('pages items of one list (contactListId required) with search by name, number or email', async () => {
    const list = await createList('admin', 'Paginada');
    for (let i = 0; i < 22; i++) await createItem('admin', { contactListId: list.id, name: `Pessoa ${String(i).padStart(2, '0')}`, number: `55119000000${String(i).padStart(2, '0')}`, email: i === 5 ? 'achar@example.com' : '' });
    const first = await api('admin', 'GET', `/api/contact-list-items?contactListId=${list.id}`);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.contacts).toHaveLength(20);
    expect(first.body.contacts[0].name).toBe('Pessoa 00');
    expect((await api('admin', 'GET', `/api/contact-list-items?contactListId=${list.id}&pageNumber=2`)).body).toMatchObject({ count: 22, hasMore: false });
    expect((await api('admin', 'GET', `/api/contact-list-items?contactListId=${list.id}&searchParam=achar`)).body.contacts.map((c: any) => c.name)).toEqual(['Pessoa 05']);
    expect((await api('admin', 'GET', `/api/contact-list-items?contactListId=${list.id}&searchParam=5511900000021`)).body.count).toBe(1);
    const missing = await api('admin', 'GET', '/api/contact-list-items');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'contactListId', message: 'Required' }]);
  });

  it("never reaches another company's items or lists (404)", async () => {
    const theirs = await createList('admin2', 'Alheia');
    const item = await createItem('admin2', { contactListId: theirs.id, name: 'Dani', number: '5511955554444' });
    expect((await api('admin', 'GET', `/api/contact-list-items?contactListId=${theirs.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await api('admin', 'GET', `/api/contact-list-items/${item.id}`)).status).toBe(404);
    expect((await api('admin', 'PUT', `/api/contact-list-items/${item.id}`, { name: 'Roubado' })).status).toBe(404);
    expect((await api('admin', 'DELETE', `/api/contact-list-items/${item.id}`)).status).toBe(404);
    const into = await api('admin', 'POST', '/api/contact-list-items', { contactListId: theirs.id, name: 'Intrusa', number: '5511955553333' });
    expect(into.status).toBe(404);
    expect(into.body.fields).toEqual([{ field: 'contactListId', message: 'Contact list not found' }]);
    expect((await api('admin2', 'GET', `/api/contact-list-items/${item.id}`)).body.name).toBe('Dani');
  });

  it('deleting a list takes its items with it', async () => {
    const list = await createList('admin', 'Vai embora');
    const item = await createItem('admin', { contactListId: list.id, name: 'Eva', number: '5511944443333' });
    await api('admin', 'DELETE', `/api/contact-lists/${list.id}`);
    expect((await api('admin', 'GET', `/api/contact-list-items/${item.id}`)).status).toBe(404);
  });

  it('listItems gives the campaign runner every item of a list, and nothing of another company', async () => {
    const list = await createList('admin', 'Para campanha');
    const a = await createItem('admin', { contactListId: list.id, name: 'Fabi', number: '5511933332222' });
    const b = await createItem('admin', { contactListId: list.id, name: 'Gil', number: '5511933331111' });
    const db = drizzle(h.sql, { schema });
    expect((await listItems(db, C1, list.id)).map((i) => i.id)).toEqual([a.id, b.id]);
    expect(await listItems(db, C2, list.id)).toEqual([]);
  });
});

describe('POST /api/contact-lists/:id/upload', () => {
  it('adds the good rows of an .xlsx (headers Nome/Número/Email), counting bad and repeated rows as ignored', async () => {
    const list = await createList('admin', 'Planilha');
    await createItem('admin', { contactListId: list.id, name: 'Já estava', number: '5511920000003' });
    const data = await xlsx([
      ['Nome', 'Número', 'Email'],
      ['Helena', 5511920000001, 'helena@example.com'],
      ['Igor', '55 11 92000-0002', ''],
      ['Repetido na lista', '5511920000003', ''],
      ['Repetido no arquivo', '5511920000001', ''],
      ['X', '5511920000005', ''],
      ['Sem número', '', ''],
      ['Email ruim', '5511920000007', 'ruim@'],
    ]);
    const before = h.events('campaigns.contactListItem.reloaded').length;
    const res = await upload('admin', list.id, { name: 'lista.xlsx', data });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 7, created: 2, ignored: 5 });
    expect(res.body.errors.map((e: any) => [e.row, e.field, e.error])).toEqual([
      [4, 'number', 'ERR_DUPLICATED_CONTACT'],
      [5, 'number', 'ERR_DUPLICATED_CONTACT'],
      [6, 'name', 'ERR_VALIDATION'],
      [7, 'number', 'ERR_VALIDATION'],
      [8, 'email', 'ERR_VALIDATION'],
    ]);
    const items = await api('admin', 'GET', `/api/contact-list-items?contactListId=${list.id}&searchParam=5511920`);
    expect(items.body.contacts.map((c: any) => [c.name, c.number, c.email])).toEqual([
      ['Helena', '5511920000001', 'helena@example.com'],
      ['Igor', '5511920000002', ''],
      ['Já estava', '5511920000003', ''],
    ]);
    const reloads = h.events('campaigns.contactListItem.reloaded').slice(before);
    expect(reloads.map((e) => e.data.contactListId)).toEqual([list.id]);
    expect(h.events('campaigns.contactList.updated').at(-1)?.data.contactList).toMatchObject({ id: list.id, contactsCount: 3 });
  });

  it('reads a legacy .xls and a sheet without headers (name, number, email columns)', async () => {
    const list = await createList('admin', 'Planilha antiga');
    const xls = readFileSync(new URL('../../../kit/src/fixtures/cells.xls', import.meta.url));
    const fromXls = await upload('admin', list.id, { name: 'antiga.xls', data: xls });
    // cells.xls: Nome/Número headers, two good rows and one whose name is too long and number empty.
    expect(fromXls.body).toMatchObject({ total: 3, created: 2, ignored: 1 });
    const plain = await upload('admin', list.id, { name: 'sem-cabecalho.xlsx', data: await xlsx([['Jonas', '5511930000001', 'jonas@example.com'], ['Kátia', '5511930000002']]) });
    expect(plain.body).toMatchObject({ total: 2, created: 2, ignored: 0 });
    expect((await api('admin', 'GET', `/api/contact-lists/${list.id}`)).body.contactsCount).toBe(4);
  });

  it('refuses a missing file (400 naming file), something not a spreadsheet, and lists of others', async () => {
    const list = await createList('admin', 'Upload ruim');
    const none = await upload('admin', list.id, null);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'file', message: 'Required' }]);
    const text = await upload('admin', list.id, { name: 'lista.xlsx', data: Buffer.from('nome,numero\nAna,5511999990000\n') });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('ERR_IMPORT_INVALID_FILE');
    const huge = await upload('admin', list.id, { name: 'enorme.xlsx', data: Buffer.concat([await xlsx([['Nome', 'Número']]), Buffer.alloc(70 * 1024)]) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    const theirs = await createList('admin2', 'Deles upload');
    expect((await upload('admin', theirs.id, { name: 'x.xlsx', data: await xlsx([['Nome', 'Número'], ['Lia', '5511940000001']]) })).status).toBe(404);
    expect((await upload('user', list.id, { name: 'x.xlsx', data: await xlsx([['Nome', 'Número'], ['Lia', '5511940000001']]) })).status).toBe(403);
  });
});
