import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connection, type Envelope, type User } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/** Contact import (spec 001 §2, §4, §5, §7, §8) on the tickets service alone. */
let h: Harness;
const C1 = 1;
const C2 = 2;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const connection = (over: Partial<Connection> = {}): Connection => makeConnection({ id: 500, companyId: C1, ...over });
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

type Part = { name: string; value?: string; filename?: string; data?: Buffer; type?: string };
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----atende${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = async <T = any>(who: string, file: Buffer | null, fields: Record<string, string> = {}, filename = 'contatos.xlsx') => {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const type = filename.endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (file) parts.push({ name: 'file', filename, data: file, type });
  const { body, contentType } = multipart(parts);
  const res = await h.request<T>('POST', '/api/contacts/upload', { token: tokens[who], body, headers: { 'content-type': contentType } });
  await h.flush();
  return res;
};
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Planilha');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const countContacts = async (companyId: number, like: string) =>
  (await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.contacts where company_id = ${companyId} and name like ${like}`)[0]!.n;

beforeAll(async () => {
  h = await startHarness();
  const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    tokens[key] = h.token(h.addUser(fields));
  };
  define('admin', { id: 1, companyId: C1, profile: 'admin' });
  define('ana', { id: 11, companyId: C1 });
  define('admin2', { id: 2, companyId: C2, profile: 'admin' });
});
afterAll(async () => h?.stop());

describe('POST /api/contacts/upload', () => {
  it('imports a 500-row spreadsheet: bad rows are counted as ignored with the reason, never a 500', async () => {
    // Numbers the company already has (ignored) and one only company 2 has (imported).
    await h.insertContact(C1, { name: 'Já existe', number: '5511930000010' });
    await h.insertContact(C2, { name: 'Em outra empresa', number: '5511930000011' });
    await h.insertTag(C1, 'Lote');
    const rows: unknown[][] = [['Nome', 'Número', 'E-mail', 'Tags']];
    const expected: Record<string, number> = {};
    const bump = (k: string) => (expected[k] = (expected[k] ?? 0) + 1);
    for (let i = 0; i < 500; i++) {
      const number = `55119300${String(i).padStart(5, '0')}`;
      const bad: Record<number, [unknown[], string]> = {
        1: [['', number, '', ''], 'name:Required'],
        2: [[`Importado ${i}`, '', '', ''], 'number:Required'],
        3: [[`Importado ${i}`, '1234', '', ''], 'number:Too Short!'],
        4: [[`Importado ${i}`, number, 'sem-arroba', ''], 'email:Invalid email'],
        // The number of row 0 again: kept once.
        5: [[`Importado ${i}`, '5511930000000', '', ''], 'number:Contato já existe'],
      };
      let row: unknown[] = [`Importado ${i}`, number, `imp${i}@example.com`, i % 2 ? 'lote, importação' : ''];
      const wrong = bad[i % 50];
      if (wrong) {
        row = wrong[0];
        bump(wrong[1]);
      } else if (i === 10) bump('number:Contato já existe');
      if (i === 20) row = [`Importado ${i}`, Number(number), '', ''];
      rows.push(row);
    }
    const file = await workbook(rows);
    const before = h.published.length;
    const res = await upload('ana', file);
    expect(res.status).toBe(200);
    const ignored = Object.values(expected).reduce((a, b) => a + b, 0);
    expect(res.body).toMatchObject({ total: 500, created: 500 - ignored, ignored });
    const reasons: Record<string, number> = {};
    for (const e of res.body.errors) reasons[`${e.field}:${e.message}`] = (reasons[`${e.field}:${e.message}`] ?? 0) + 1;
    expect(reasons).toEqual(expected);
    expect(res.body.errors.find((e: any) => e.row === 3)).toEqual({ row: 3, field: 'name', message: 'Required', error: 'ERR_VALIDATION' });
    expect(res.body.errors.find((e: any) => e.row === 12)).toMatchObject({ field: 'number', error: 'ERR_DUPLICATED_CONTACT' });
    expect(await countContacts(C1, 'Importado %')).toBe(500 - ignored);
    expect(await countContacts(C2, 'Importado %')).toBe(0);
    expect(eventsSince(before, 'tickets.contact.created')).toHaveLength(500 - ignored);
    // Tags by name: the existing 'Lote' is reused whatever the case, 'importação' is created once.
    const tags = await h.sql<{ name: string; n: number }[]>`select t.name, count(ct.contact_id)::int as n from tickets.tags t left join tickets.contact_tags ct on ct.tag_id = t.id where t.company_id = ${C1} group by t.name`;
    expect(Object.fromEntries(tags.map((t) => [t.name, t.n > 200]))).toEqual({ importação: true, Lote: true });
    expect(eventsSince(before, 'tickets.tag.created').map((e) => e.data.tag.name)).toEqual(['importação']);
    // A number stored as a spreadsheet number reads as its digits.
    expect(await countContacts(C1, 'Importado 20')).toBe(1);
  });

  it('uses the mapping chosen on the import page and only the rows selected', async () => {
    const file = await workbook([
      ['Cliente', 'Celular', 'Obs'],
      ['Mapeado Um', '5511931000001', 'x'],
      ['Mapeado Dois', '5511931000002', 'y'],
      ['Mapeado Três', '5511931000003', 'z'],
    ]);
    const res = await upload('ana', file, { mapping: JSON.stringify({ name: 'cliente', number: 2 }), rows: JSON.stringify([2, 4]) });
    expect(res.body).toEqual({ total: 2, created: 2, ignored: 0, errors: [] });
    expect(await countContacts(C1, 'Mapeado %')).toBe(2);
  });

  it('answers the spec messages when name or number is not mapped, a column is mapped twice, or nothing is selected', async () => {
    const file = await workbook([
      ['Cliente', 'Celular'],
      ['Alguém', '5511932000001'],
    ]);
    const noNumber = await upload('ana', file, { mapping: JSON.stringify({ name: 'Cliente' }) });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.fields).toEqual([{ field: 'mapping.number', message: 'Não foi selecionado o campo de número do contato' }]);
    const noName = await upload('ana', file, { mapping: JSON.stringify({ number: 'Celular' }) });
    expect(noName.body.fields).toEqual([{ field: 'mapping.name', message: 'Não foi selecionado o campo de nome do contato' }]);
    const twice = await upload('ana', file, { mapping: JSON.stringify({ name: 'Celular', number: 'Celular' }) });
    expect(twice.body.fields).toEqual([{ field: 'mapping.number', message: 'O campo Celular já foi selecionado.' }]);
    const none = await upload('ana', file, { mapping: JSON.stringify({ name: 1, number: 2 }), rows: '[]' });
    expect(none.body.fields).toEqual([{ field: 'rows', message: 'Nenhum contato selecionado' }]);
    // Unrecognised headers without a mapping: the number column is missing.
    const unknown = await upload('ana', await workbook([['A', 'B'], ['x', '5511932000009']]));
    expect(unknown.body.fields).toEqual([{ field: 'mapping.number', message: 'Não foi selecionado o campo de número do contato' }]);
    const outside = await upload('ana', file, { mapping: JSON.stringify({ name: 1, number: 7 }) });
    expect(outside.status).toBe(400);
    expect(outside.body.fields).toEqual([{ field: 'mapping.number', message: 'column 7 not found' }]);
    const badJson = await upload('ana', file, { mapping: '{nope' });
    expect(badJson.body.fields).toEqual([{ field: 'mapping', message: 'must be JSON' }]);
    expect(await countContacts(C1, 'Alguém')).toBe(0);
  });

  it('refuses what is not a readable spreadsheet with "Arquivo inválido!"', async () => {
    const text = await upload('ana', Buffer.from('nome,numero\nJoão,5511999999999\n'), {}, 'contatos.xlsx');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: 'ERR_IMPORT_INVALID_FILE', message: 'Arquivo inválido!' });
    const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), randomBytes(300)]);
    const broken = await upload('ana', zip);
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('ERR_IMPORT_INVALID_FILE');
    // A workbook whose sheet XML is cut short: the streaming reader alone would read it as empty.
    const zipped = await JSZip.loadAsync(await workbook([['Nome', 'Número'], ['João', '5511999999999']]));
    zipped.file('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Nome');
    const cut = await upload('ana', await zipped.generateAsync({ type: 'nodebuffer' }));
    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ error: 'ERR_IMPORT_INVALID_FILE', fields: [{ field: 'file', message: 'Arquivo inválido!' }] });
    const missing = await upload('ana', null, { validateContact: 'true' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'file', message: 'Required' }]);
    const json = await api('ana', 'POST', '/api/contacts/upload', { file: 'x' });
    expect(json.status).toBe(400);
  });

  it('takes one spreadsheet at a time: a second file is a bad form (400), and nothing is imported', async () => {
    const file = await workbook([['Nome', 'Número'], ['Dois arquivos', '5511932000077']]);
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const { body, contentType } = multipart([
      { name: 'file', filename: 'a.xlsx', data: file, type },
      { name: 'file', filename: 'b.xlsx', data: file, type },
    ]);
    const res = await h.request<any>('POST', '/api/contacts/upload', { token: tokens.ana, body, headers: { 'content-type': contentType } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'file', message: 'one spreadsheet at a time' }] });
    expect(await countContacts(C1, 'Dois arquivos')).toBe(0);
  });

  it('imports a legacy .xls workbook (Excel 97–2003) the same way: 500 rows, bad ones counted as ignored', async () => {
    await h.insertContact(C1, { name: 'Já existe xls', number: '5511940000010' });
    const file = readFileSync(new URL('../../../kit/src/fixtures/contacts-500.xls', import.meta.url));
    const res = await upload('ana', file, {}, 'contatos.xls');
    expect(res.status).toBe(200);
    // Rows i % 50 in 1..5 are bad (10 each), plus row 10 whose number the company already has.
    expect(res.body).toMatchObject({ total: 500, created: 449, ignored: 51 });
    const reasons: Record<string, number> = {};
    for (const e of res.body.errors) reasons[`${e.field}:${e.message}`] = (reasons[`${e.field}:${e.message}`] ?? 0) + 1;
    expect(reasons).toEqual({ 'name:Required': 10, 'number:Required': 10, 'number:Too Short!': 10, 'email:Invalid email': 10, 'number:Contato já existe': 11 });
    const [row] = await h.sql`select name, number, email from tickets.contacts where company_id = ${C1} and number = '5511940000020'`;
    expect(row).toEqual({ name: 'Importado 20', number: '5511940000020', email: '' });
  });

  it("refuses a damaged .xls with 'Arquivo inválido!' and imports nothing", async () => {
    const file = Buffer.from(readFileSync(new URL('../../../kit/src/fixtures/cells.xls', import.meta.url)));
    file.fill(0, 512, 4096);
    const before = await countContacts(C1, '%');
    const res = await upload('ana', file, {}, 'contatos.xls');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_IMPORT_INVALID_FILE' });
    expect(await countContacts(C1, '%')).toBe(before);
  });

  it('accepts files above the message-media ceiling and answers 413 above IMPORT_MAX_BYTES', async () => {
    const rows: unknown[][] = [['name', 'number', 'email']];
    for (let i = 0; i < 3000; i++) rows.push([`Grande ${i} ${randomBytes(6).toString('hex')}`, `55119330${String(i).padStart(5, '0')}`, `grande${i}.${randomBytes(4).toString('hex')}@example.com`]);
    const big = await workbook(rows);
    expect(big.length).toBeGreaterThan(h.deps.config.MESSAGE_MEDIA_MAX_BYTES);
    const ok = await upload('admin', big);
    expect(ok.status).toBe(200);
    expect(ok.body.created).toBe(3000);
    const huge = await upload('admin', Buffer.concat([big, randomBytes(h.deps.config.IMPORT_MAX_BYTES)]));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('with validateContact, numbers that cannot be WhatsApp numbers are ignored', async () => {
    const file = await workbook([
      ['nome', 'telefone'],
      ['Valida Um', '5511934000001'],
      ['Valida Dois', '123456789'],
      ['Letras', 'abc-12345678'],
    ]);
    const res = await upload('ana', file, { validateContact: 'true' });
    expect(res.body).toMatchObject({
      total: 3,
      created: 1,
      ignored: 2,
      errors: [
        { row: 3, field: 'number', error: 'ERR_WAPP_INVALID_CONTACT' },
        { row: 4, field: 'number', message: 'must be a phone number (digits only)', error: 'ERR_VALIDATION' },
      ],
    });
    expect((await upload('ana', file, { validateContact: 'maybe' })).body.fields).toEqual([{ field: 'validateContact', message: 'must be true or false' }]);
  });

  it('needs a token', async () => {
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.xlsx', data: await workbook([['nome', 'numero']]) }]);
    expect((await h.request('POST', '/api/contacts/upload', { body, headers: { 'content-type': contentType } })).status).toBe(401);
  });
});

describe('POST /api/contacts/upload/preview', () => {
  const preview = async <T = any>(who: string | null, file: Buffer | null, filename = 'contatos.xls') => {
    const type = filename.endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const { body, contentType } = multipart(file ? [{ name: 'file', filename, data: file, type }] : [{ name: 'validateContact', value: 'true' }]);
    return h.request<T>('POST', '/api/contacts/upload/preview', { token: who ? tokens[who] : undefined, body, headers: { 'content-type': contentType } });
  };

  it('answers the sheet of a legacy .xls (headers, then each row with its spreadsheet row number) and imports nothing', async () => {
    const file = readFileSync(new URL('../../../kit/src/fixtures/contacts-500.xls', import.meta.url));
    const before = await countContacts(C1, '%');
    const published = h.published.length;
    const res = await preview('ana', file);
    expect(res.status).toBe(200);
    expect(res.body.headers).toEqual(['Nome', 'Número', 'E-mail', 'Tags']);
    expect(res.body.rows).toHaveLength(500);
    expect(res.body.rows[0]).toEqual({ row: 2, cells: ['Importado 0', '5511940000000', 'imp0@example.com'] });
    expect(res.body.rows[1]).toEqual({ row: 3, cells: ['', '5511940000001'] });
    expect(res.body.rows.at(-1)).toEqual({ row: 501, cells: ['Importado 499', '5511940000499', 'imp499@example.com', 'lote, importação'] });
    await h.flush();
    expect(await countContacts(C1, '%')).toBe(before);
    expect(h.published.length).toBe(published);
  });

  it('reads an .xlsx the same way (empty rows skipped, row numbers kept)', async () => {
    const file = await workbook([['Cliente', 'Celular'], ['Prévia Um', '5511935000001'], [], ['Prévia Dois', 5511935000002]]);
    const res = await preview('admin', file, 'contatos.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      headers: ['Cliente', 'Celular'],
      rows: [
        { row: 2, cells: ['Prévia Um', '5511935000001'] },
        { row: 4, cells: ['Prévia Dois', '5511935000002'] },
      ],
    });
  });

  it("refuses what is not a readable spreadsheet with 'Arquivo inválido!', a missing file, and a file above IMPORT_MAX_BYTES", async () => {
    const text = await preview('ana', Buffer.from('nome,numero\nJoão,5511999999999\n'), 'contatos.xls');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: 'ERR_IMPORT_INVALID_FILE', message: 'Arquivo inválido!', fields: [{ field: 'file', message: 'Arquivo inválido!' }] });
    const damaged = Buffer.from(readFileSync(new URL('../../../kit/src/fixtures/cells.xls', import.meta.url)));
    damaged.fill(0, 512, 4096);
    const bad = await preview('ana', damaged);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_IMPORT_INVALID_FILE');
    const missing = await preview('ana', null);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'file', message: 'Required' }]);
    const json = await api('ana', 'POST', '/api/contacts/upload/preview', { file: 'x' });
    expect(json.status).toBe(400);
    const huge = await preview('ana', randomBytes(h.deps.config.IMPORT_MAX_BYTES + 1024));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('needs a token (as the upload does); any user of any company reads only the file posted', async () => {
    const file = readFileSync(new URL('../../../kit/src/fixtures/contacts-500.xls', import.meta.url));
    expect((await preview(null, file)).status).toBe(401);
    const other = await preview('admin2', file);
    expect(other.status).toBe(200);
    expect(other.body.rows).toHaveLength(500);
  });
});

describe('GET /api/contacts/import/template', () => {
  it('downloads a model the upload reads back', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/contacts/import/template', headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const imported = await upload('admin2', res.rawPayload);
    expect(imported.body).toMatchObject({ total: 1, created: 1, ignored: 0 });
  });
});

describe('POST /api/contactsImport', () => {
  it('creates one contact of the import page with its tags', async () => {
    const before = h.published.length;
    const res = await api('ana', 'POST', '/api/contactsImport', { name: 'Linha Única', number: '55 11 93500-0001', email: 'linha@example.com', tags: 'vip; retorno', validateContact: 'false' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Linha Única', number: '5511935000001', companyId: C1 });
    expect(res.body.tags.map((t: any) => t.name).sort()).toEqual(['retorno', 'vip']);
    expect(eventsSince(before, 'tickets.contact.created')).toHaveLength(1);
  });

  it('409 for a number the company has; 400 naming the field otherwise', async () => {
    const dup = await api('ana', 'POST', '/api/contactsImport', { name: 'De novo', number: '5511935000001' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT');
    expect((await api('admin2', 'POST', '/api/contactsImport', { name: 'De novo', number: '5511935000001' })).status).toBe(201);
    const bad = await api('ana', 'POST', '/api/contactsImport', { name: '', number: '12', email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Required' }, { field: 'number', message: 'Too Short!' }, { field: 'email', message: 'Invalid email' }]));
    const invalid = await api('ana', 'POST', '/api/contactsImport', { name: 'Fixo', number: '+1 (555) 0100', validateContact: 'true' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_WAPP_INVALID_CONTACT');
  });
});

describe('imported contacts and the company settings', () => {
  it("take acceptAudioMessageContact as any new contact does, and a masked attendant is answered the masked number", async () => {
    h.settings.set(C1, [
      { key: 'acceptAudioMessageContact', value: 'disabled' },
      { key: 'enableLGPD', value: 'enabled' },
      { key: 'lgpdHideNumber', value: 'enabled' },
    ]);
    try {
      const one = await api('ana', 'POST', '/api/contactsImport', { name: 'Sem Áudio', number: '5511935000901' });
      expect(one.status).toBe(201);
      expect(one.body).toMatchObject({ number: '5511935****01', acceptAudioMessage: false });
      const sheet = await upload('ana', await workbook([['Nome', 'Número'], ['Planilha Sem Áudio', '5511935000902']]));
      expect(sheet.body).toMatchObject({ created: 1 });
      const stored = await h.sql.unsafe(`select number, accept_audio_message from tickets.contacts where company_id = $1 and number in ('5511935000901', '5511935000902') order by number`, [C1]);
      expect(stored).toEqual([
        { number: '5511935000901', accept_audio_message: false },
        { number: '5511935000902', accept_audio_message: false },
      ]);
    } finally {
      h.settings.clear();
    }
  });
});

describe('POST /api/contacts/import and /api/contacts/import/chats', () => {
  it('needs a connected connection of the company', async () => {
    const none = await api('ana', 'POST', '/api/contacts/import', {});
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 500, status: 'DISCONNECTED' }) });
    expect((await api('ana', 'POST', '/api/contacts/import', {})).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect((await api('ana', 'POST', '/api/contacts/import', { whatsappId: 500 })).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    await h.publish('channels.connection.updated', C2, { connection: connection({ id: 600, companyId: C2 }) });
    expect((await api('ana', 'POST', '/api/contacts/import', { whatsappId: 600 })).body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('503 while no channels worker answers', async () => {
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 501 }) });
    const res = await api('ana', 'POST', '/api/contacts/import', {});
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('ERR_SERVICE_UNAVAILABLE');
  });

  it("imports what the connection's phone knows, groups left out", async () => {
    const asked: unknown[] = [];
    const sub = await answer(h.bus, 'channels.contacts.fetch', async (request) => {
      asked.push(request);
      return {
        connectionId: request.connectionId,
        contacts: [
          { name: 'Da Agenda', number: '5511936000001' },
          { name: '', number: '5511936000002' },
          { name: 'Grupo', number: '120363000000000001', isGroup: true },
          { name: 'Curto', number: '123' },
        ],
      };
    });
    try {
      const res = await api('ana', 'POST', '/api/contacts/import');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, created: 2, ignored: 1 });
      const chats = await api('ana', 'POST', '/api/contacts/import/chats', { whatsappId: null });
      expect(chats.body).toMatchObject({ total: 3, created: 0, ignored: 3 });
      expect(asked).toEqual([
        { companyId: C1, connectionId: 501, source: 'phonebook' },
        { companyId: C1, connectionId: 501, source: 'chats' },
      ]);
      expect((await api('ana', 'POST', '/api/contacts/import', { whatsappId: 999 })).status).toBe(404);
    } finally {
      await sub.unsubscribe();
    }
  });
});
