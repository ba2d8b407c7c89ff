import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** The contact routes on the tickets service alone (real PostgreSQL, in-process bus). */
let h: Harness;
const C1 = 1;
const C2 = 2;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const hideNumbers = (companyId: number) =>
  h.settings.set(companyId, [
    { key: 'enableLGPD', value: 'enabled' },
    { key: 'lgpdHideNumber', value: 'enabled' },
  ]);
let seq = 0;
const uniqueNumber = () => `5511970${String(++seq).padStart(6, '0')}`;
const create = async (who: string, fields: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/contacts', { name: `Pessoa ${++seq}`, number: uniqueNumber(), ...fields });
  expect(res.status).toBe(201);
  return res.body;
};

beforeAll(async () => {
  h = await startHarness();
  const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    users[key] = h.addUser(fields);
    tokens[key] = h.token(users[key]!);
  };
  define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  define('ana', { id: 11, companyId: C1, name: 'Ana' });
  define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
  define('root', { id: 3, companyId: C1, profile: 'admin', super: true, name: 'Root' });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('authentication', () => {
  it('refuses every contact call without a token', async () => {
    for (const [method, url] of [['GET', '/api/contacts'], ['GET', '/api/contacts/list'], ['GET', '/api/contacts/1'], ['DELETE', '/api/contacts/1'], ['GET', '/api/contacts/export']]) {
      expect((await h.request(method!, url!)).status).toBe(401);
    }
    expect((await h.request('POST', '/api/contacts', { body: { name: 'Sem token', number: uniqueNumber() } })).status).toBe(401);
  });
});

describe('POST /api/contacts', () => {
  it('creates a contact with its number unmasked, announced as tickets.contact.created', async () => {
    const before = h.published.length;
    const res = await api('ana', 'POST', '/api/contacts', { name: '  Joana Prado ', number: '+55 (11) 98765-0001', email: 'joana@example.com', extraInfo: [{ name: 'valor', value: 1500 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Joana Prado', number: '5511987650001', email: 'joana@example.com', companyId: C1, active: true, extraInfo: [{ name: 'valor', value: '1500' }], tags: [] });
    const events = eventsSince(before, 'tickets.contact.created');
    expect(events).toHaveLength(1);
    expect(events[0]!.companyId).toBe(C1);
    expect(events[0]!.data.contact.id).toBe(res.body.id);
  });

  it('a number is a phone number: letters and numbers past 2^53 (digits already lost) are refused, nothing stored', async () => {
    for (const number of ['"abcdefghij"', '"5511 9888x7777"', '55119111122251234567890123456789']) {
      // Raw JSON: the last one is a number literal too long to survive JSON.parse.
      const res = await h.request('POST', '/api/contacts', { token: tokens.ana, body: `{"name":"Número ruim","number":${number}}`, headers: { 'content-type': 'application/json' } });
      expect(res.status, number).toBe(400);
      expect(res.body.fields, number).toEqual([{ field: 'number', message: number.startsWith('"') ? 'must be a phone number (digits only)' : 'must be text' }]);
    }
    expect(await h.sql`select id from tickets.contacts where name = 'Número ruim'`).toEqual([]);
    expect((await api('ana', 'POST', '/api/contacts', { name: 'Número em JSON', number: 5511987650077 })).body.number).toBe('5511987650077');
  });

  it('answers 400 naming each failing field', async () => {
    const empty = await api('ana', 'POST', '/api/contacts', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(empty.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Required' }, { field: 'number', message: 'Required' }]));
    const bad = await api('ana', 'POST', '/api/contacts', { name: 'J', number: '1234', email: 'nope' });
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Too Short!' },
        { field: 'number', message: 'Too Short!' },
        { field: 'email', message: 'Invalid email' },
      ]),
    );
    const long = await api('ana', 'POST', '/api/contacts', { name: 'x'.repeat(251), number: '5'.repeat(51) });
    expect(long.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Too Long!' }, { field: 'number', message: 'Too Long!' }]));
    const connection = await api('ana', 'POST', '/api/contacts', { name: 'Con', number: uniqueNumber(), whatsappId: 999 });
    expect(connection.status).toBe(404);
    expect(connection.body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('refuses a second contact with the same number in the company (409 ERR_DUPLICATED_CONTACT), not in another company', async () => {
    const number = uniqueNumber();
    await create('ana', { number });
    const again = await api('admin', 'POST', '/api/contacts', { name: 'Outra pessoa', number: `+${number}` });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const byAddress = await api('admin', 'POST', '/api/contacts', { name: 'Pelo endereço', number: `${number}@s.whatsapp.net` });
    expect(byAddress.status).toBe(409);
    expect(byAddress.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', fields: [{ field: 'number', message: 'already in use' }] });
    expect((await api('admin2', 'POST', '/api/contacts', { name: 'Na empresa 2', number })).status).toBe(201);
  });

  it('refuses NUL characters (which PostgreSQL cannot store) with 400 naming the field, never a 500', async () => {
    const name = await api('ana', 'POST', '/api/contacts', { name: 'Jo\u0000ana', number: uniqueNumber() });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name' }] });
    const extra = await api('ana', 'POST', '/api/contacts', { name: 'Joana', number: uniqueNumber(), extraInfo: [{ name: 'valor', value: '1\u00000' }] });
    expect(extra.status).toBe(400);
    expect(extra.body.fields).toEqual([{ field: 'extraInfo.0.value', message: expect.any(String) }]);
    const search = await api('ana', 'GET', '/api/contacts?searchParam=jo%00ana');
    expect(search.status).toBe(400);
    expect(search.body.fields).toEqual([{ field: 'searchParam', message: expect.any(String) }]);
    const byNumber = await api('ana', 'GET', '/api/contacts/profile/5511%0099');
    expect(byNumber.status).toBe(400);
    expect(byNumber.body.fields).toEqual([{ field: 'number', message: expect.any(String) }]);
  });

  it('ignores a companyId in the body unless the caller is a super user', async () => {
    const mine = await create('ana', { companyId: C2 });
    expect(mine.companyId).toBe(C1);
    const theirs = await create('root', { companyId: C2 });
    expect(theirs.companyId).toBe(C2);
    // A company that does not exist gets nothing (404), not a contact nobody can reach.
    h.missingCompanies.add(99);
    try {
      const gone = await api('root', 'POST', '/api/contacts', { name: 'Órfão', number: '5511999900790', companyId: 99 });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_COMPANY_FOUND');
      expect((await h.sql`select 1 from tickets.contacts where company_id = 99`).length).toBe(0);
    } finally {
      h.missingCompanies.delete(99);
    }
  });
});

describe('GET /api/contacts', () => {
  let tagA: number;
  let tagB: number;
  beforeAll(async () => {
    tagA = await h.insertTag(C1, 'lista-a');
    tagB = await h.insertTag(C1, 'lista-b');
    for (let i = 0; i < 23; i++) {
      const c = await create('admin', { name: `Zeta ${String(i).padStart(2, '0')}`, number: `55219000000${String(i).padStart(2, '0')}`, email: `zeta${i}@example.com` });
      if (i < 3) await h.sql`insert into tickets.contact_tags (contact_id, tag_id, company_id) values (${c.id}, ${tagA}, ${C1})`;
      if (i < 2) await h.sql`insert into tickets.contact_tags (contact_id, tag_id, company_id) values (${c.id}, ${tagB}, ${C1})`;
    }
    await create('admin2', { name: 'Zeta de fora', number: '5521900000099' });
  });

  it('pages 20 at a time with count and hasMore, in name order', async () => {
    const first = await api('ana', 'GET', '/api/contacts?searchParam=zeta');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts).toHaveLength(20);
    expect(first.body.contacts[0].name).toBe('Zeta 00');
    const second = await api('ana', 'GET', '/api/contacts?searchParam=zeta&pageNumber=2');
    expect(second.body.contacts.map((c: any) => c.name)).toEqual(['Zeta 20', 'Zeta 21', 'Zeta 22']);
    expect(second.body.hasMore).toBe(false);
  });

  it('searches names, e-mails and number digits', async () => {
    expect((await api('ana', 'GET', '/api/contacts?searchParam=zeta1')).body.contacts.map((c: any) => c.email).sort()).toEqual(
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 1].map((i) => `zeta${i}@example.com`).sort(),
    );
    const byDigits = await api('ana', 'GET', `/api/contacts?searchParam=${encodeURIComponent('(21) 9000-00007')}`);
    expect(byDigits.body.contacts.map((c: any) => c.name)).toEqual(['Zeta 07']);
  });

  it('filters by tags (every tag listed), channel and group flag', async () => {
    const a = await api('ana', 'GET', `/api/contacts?contactTag=${encodeURIComponent(JSON.stringify([tagA]))}`);
    expect(a.body.count).toBe(3);
    expect(a.body.contacts[0].tags.map((t: any) => t.name)).toEqual(['lista-a', 'lista-b']);
    const both = await api('ana', 'GET', `/api/contacts?contactTag=[${tagA},${tagB}]`);
    expect(both.body.count).toBe(2);
    expect((await api('ana', 'GET', '/api/contacts?searchParam=zeta&channel=instagram')).body.count).toBe(0);
    expect((await api('ana', 'GET', '/api/contacts?searchParam=zeta&isGroup=false')).body.count).toBe(23);
    expect((await api('ana', 'GET', '/api/contacts?searchParam=zeta&isGroup=true')).body.count).toBe(0);
  });

  it('validates the query with the failing field', async () => {
    const res = await api('ana', 'GET', '/api/contacts?pageNumber=abc&channel=telegram&contactTag=[0]');
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: any) => f.field).sort()).toEqual(['channel', 'contactTag.0', 'pageNumber']);
  });

  it("never lists another company's contacts", async () => {
    const theirs = await api('admin2', 'GET', '/api/contacts?searchParam=zeta');
    expect(theirs.body.contacts.map((c: any) => c.name)).toEqual(['Zeta de fora']);
    const mine = await api('admin', 'GET', '/api/contacts?searchParam=fora');
    expect(mine.body.count).toBe(0);
    // A tag of another company filters to nothing.
    const foreignTag = await h.insertTag(C2, 'alheia');
    expect((await api('admin', 'GET', `/api/contacts?contactTag=[${foreignTag}]`)).body.count).toBe(0);
  });

  it('masks numbers for profile user when LGPD and hide-number are on; admins see them', async () => {
    hideNumbers(C1);
    const masked = await api('ana', 'GET', '/api/contacts?searchParam=Zeta 07');
    expect(masked.body.contacts[0].number).toBe('5521900****07');
    expect(masked.body.contacts[0].remoteJid).toBeNull();
    // Numbers cannot be probed by search either.
    expect((await api('ana', 'GET', '/api/contacts?searchParam=5521900000007')).body.count).toBe(0);
    expect((await api('admin', 'GET', '/api/contacts?searchParam=Zeta 07')).body.contacts[0].number).toBe('5521900000007');
  });
});

describe('GET /api/contacts/list', () => {
  it("answers the company's contacts in a light shape; companyId only counts for super users", async () => {
    const c = await create('admin', { name: 'Lista Leve' });
    const res = await api('ana', 'GET', '/api/contacts/list?searchParam=Lista Leve');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: c.id, uuid: c.uuid, name: 'Lista Leve', number: c.number, email: '', channel: 'whatsapp', isGroup: false, urlPicture: null, active: true }]);
    expect((await api('admin2', 'GET', '/api/contacts/list?searchParam=Lista Leve')).body).toEqual([]);
    expect((await api('admin2', 'GET', `/api/contacts/list?companyId=${C1}&searchParam=Lista Leve`)).body).toEqual([]);
    expect((await api('root', 'GET', `/api/contacts/list?companyId=${C2}&searchParam=Zeta de fora`)).body).toHaveLength(1);
    expect((await api('ana', 'GET', '/api/contacts/list?companyId=x')).status).toBe(400);
  });
});

describe('GET /api/contacts/:id and /api/contacts/profile/:number', () => {
  it('shows a contact of the company; 404 for another company; 400 for a bad id', async () => {
    const c = await create('ana');
    const res = await api('ana', 'GET', `/api/contacts/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, number: c.number });
    const foreign = await api('admin2', 'GET', `/api/contacts/${c.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const bad = await api('ana', 'GET', '/api/contacts/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('id');
  });

  it('finds a contact by number (as typed), only in the company', async () => {
    const c = await create('ana', { number: '5511970777701' });
    const res = await api('ana', 'GET', `/api/contacts/profile/${encodeURIComponent('+55 11 97077-7701')}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(c.id);
    expect((await api('admin2', 'GET', '/api/contacts/profile/5511970777701')).status).toBe(404);
  });
});

describe('PUT /api/contacts/:id', () => {
  it('updates the fields given and announces tickets.contact.updated', async () => {
    const c = await create('ana');
    const before = h.published.length;
    const res = await api('ana', 'PUT', `/api/contacts/${c.id}`, { name: 'Novo Nome', email: '', extraInfo: [{ name: 'valor', value: 'R$ 2.000,00' }], disableBot: true, lgpdAcceptedAt: '2024-05-01T10:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Novo Nome', number: c.number, disableBot: true, lgpdAcceptedAt: '2024-05-01T10:00:00.000Z', extraInfo: [{ name: 'valor', value: 'R$ 2.000,00' }] });
    expect(eventsSince(before, 'tickets.contact.updated').map((e) => e.data.contact.name)).toEqual(['Novo Nome']);
  });

  it('refuses a number another contact of the company has (409); validates fields', async () => {
    const a = await create('ana');
    const b = await create('ana');
    const dup = await api('ana', 'PUT', `/api/contacts/${b.id}`, { number: a.number });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const bad = await api('ana', 'PUT', `/api/contacts/${b.id}`, { name: '', email: 'x@' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Required' }, { field: 'email', message: 'Invalid email' }]));
    // A day the calendar does not have is not rolled over to the next month.
    const day = await api('ana', 'PUT', `/api/contacts/${b.id}`, { lgpdAcceptedAt: '2024-02-30T10:00:00Z' });
    expect(day.status).toBe(400);
    expect(day.body.fields).toEqual([{ field: 'lgpdAcceptedAt', message: 'must be a date' }]);
    expect((await api('ana', 'PUT', `/api/contacts/${b.id}`, { lgpdAcceptedAt: '2024-02-29T10:00:00Z' })).body.lgpdAcceptedAt).toBe('2024-02-29T10:00:00.000Z');
  });

  it("cannot touch another company's contact", async () => {
    const c = await create('ana');
    const res = await api('admin2', 'PUT', `/api/contacts/${c.id}`, { name: 'Invasor' });
    expect(res.status).toBe(404);
    expect((await api('ana', 'GET', `/api/contacts/${c.id}`)).body.name).toBe(c.name);
  });

  it('keeps the number when a masked viewer sends the masked number back', async () => {
    const c = await create('ana', { number: '5511970888801' });
    hideNumbers(C1);
    const res = await api('ana', 'PUT', `/api/contacts/${c.id}`, { name: 'Mascarado', number: '5511970****01' });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe('5511970****01');
    h.settings.clear();
    expect((await api('ana', 'GET', `/api/contacts/${c.id}`)).body).toMatchObject({ name: 'Mascarado', number: '5511970888801' });
  });

  it("refuses any other number with '*', on an edit or a new contact, so the digits are never overwritten", async () => {
    const c = await create('ana', { number: '5511970888802' });
    hideNumbers(C1);
    for (const number of ['12****78', '5511970****03']) {
      const res = await api('ana', 'PUT', `/api/contacts/${c.id}`, { name: 'Outro', number });
      expect(res.status, number).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'number', message: 'must be a phone number (digits only)' }]);
    }
    h.settings.clear();
    expect((await api('ana', 'PUT', `/api/contacts/${c.id}`, { number: '55119708****' })).status).toBe(400);
    expect((await api('ana', 'GET', `/api/contacts/${c.id}`)).body).toMatchObject({ name: c.name, number: '5511970888802' });
    const created = await api('ana', 'POST', '/api/contacts', { name: 'Estrelas', number: '5511****1234' });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual([{ field: 'number', message: 'must be a phone number (digits only)' }]);
  });
});

describe('DELETE /api/contacts/:id', () => {
  it('needs contacts-page:deleteContact (admin): a user gets 403', async () => {
    const c = await create('ana');
    const res = await api('ana', 'DELETE', `/api/contacts/${c.id}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('ana', 'GET', `/api/contacts/${c.id}`)).status).toBe(200);
  });

  it('deletes the contact with its tickets, announcing both', async () => {
    const c = await create('ana');
    const [t] = await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status) values (${C1}, ${c.id}, 'pending') returning id`;
    const before = h.published.length;
    const res = await api('admin', 'DELETE', `/api/contacts/${c.id}`);
    expect(res.status).toBe(200);
    expect(eventsSince(before, 'tickets.contact.deleted').map((e) => e.data.contactId)).toEqual([c.id]);
    expect(eventsSince(before, 'tickets.ticket.deleted').map((e) => e.data.ticketId)).toEqual([t!.id]);
    expect((await api('admin', 'GET', `/api/contacts/${c.id}`)).status).toBe(404);
  });

  it("404 for another company's contact, which stays", async () => {
    const c = await create('ana');
    expect((await api('admin2', 'DELETE', `/api/contacts/${c.id}`)).status).toBe(404);
    expect((await api('admin', 'GET', `/api/contacts/${c.id}`)).status).toBe(200);
  });
});

describe('block and toggles', () => {
  it('PUT /contacts/block/:id sets active from the body', async () => {
    const c = await create('ana');
    const before = h.published.length;
    const blocked = await api('ana', 'PUT', `/api/contacts/block/${c.id}`, { active: false });
    expect(blocked.status).toBe(200);
    expect(blocked.body.active).toBe(false);
    expect(eventsSince(before, 'tickets.contact.updated')).toHaveLength(1);
    expect((await api('ana', 'PUT', `/api/contacts/block/${c.id}`, { active: 'true' })).body.active).toBe(true);
    const missing = await api('ana', 'PUT', `/api/contacts/block/${c.id}`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'active', message: expect.any(String) }]);
    expect((await api('admin2', 'PUT', `/api/contacts/block/${c.id}`, { active: false })).status).toBe(404);
  });

  it('toggleAcceptAudio and toggleDisableBot flip their flag', async () => {
    const c = await create('ana');
    expect(c.acceptAudioMessage).toBe(true);
    expect((await api('ana', 'PUT', `/api/contacts/toggleAcceptAudio/${c.id}`)).body.acceptAudioMessage).toBe(false);
    expect((await api('ana', 'PUT', `/api/contacts/toggleAcceptAudio/${c.id}`)).body.acceptAudioMessage).toBe(true);
    expect((await api('ana', 'PUT', `/api/contacts/toggleDisableBot/${c.id}`)).body.disableBot).toBe(true);
    expect((await api('admin2', 'PUT', `/api/contacts/toggleDisableBot/${c.id}`)).status).toBe(404);
    expect((await api('ana', 'PUT', '/api/contacts/toggleDisableBot/0')).status).toBe(400);
  });

  it("a new contact's audio is accepted as the acceptAudioMessageContact setting says, unless the body says", async () => {
    h.settings.set(C1, [{ key: 'acceptAudioMessageContact', value: 'disabled' }]);
    expect((await create('ana')).acceptAudioMessage).toBe(false);
    expect((await create('ana', { acceptAudioMessage: true })).acceptAudioMessage).toBe(true);
  });
});

describe('GET /api/contacts/export', () => {
  const download = async (who: string, url: string) => {
    const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
    return res;
  };
  const rowsOf = async (data: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Contatos')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };

  it('downloads the filtered contacts as Contatos.xlsx', async () => {
    const tag = await h.insertTag(C1, 'exportar');
    const c = await create('admin', { name: 'Exportado', number: '5511970999901', email: 'ex@example.com' });
    await h.sql`insert into tickets.contact_tags (contact_id, tag_id, company_id) values (${c.id}, ${tag}, ${C1})`;
    const res = await download('admin', `/api/contacts/export?contactTag=[${tag}]`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Contatos.xlsx');
    expect(await rowsOf(res.rawPayload)).toEqual([
      ['Nome', 'Número', 'Email', 'Tags'],
      ['Exportado', '5511970999901', 'ex@example.com', 'exportar'],
    ]);
    // Another company exports nothing of it; a masked viewer exports masked numbers.
    expect(await rowsOf((await download('admin2', `/api/contacts/export?contactTag=[${tag}]`)).rawPayload)).toHaveLength(1);
    hideNumbers(C1);
    expect((await rowsOf((await download('ana', `/api/contacts/export?contactTag=[${tag}]`)).rawPayload))[1]![1]).toBe('5511970****01');
  });
});
