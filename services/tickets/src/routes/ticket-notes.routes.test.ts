import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** Ticket notes (spec 000 §3, §5, §7) on the tickets service alone. */
let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
let q2: number;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => h.request<T>(method, url, { token: tokens[who], body });

async function ticketIn(fields: { status: string; userId?: number | null; queueId?: number | null; companyId?: number; contactId?: number }): Promise<{ id: number; contactId: number }> {
  const companyId = fields.companyId ?? C1;
  const contactId = fields.contactId ?? (await h.insertContact(companyId));
  const [row] = await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id)
    values (${companyId}, ${contactId}, ${fields.status}, ${fields.userId ?? null}, ${fields.queueId === undefined ? q1 : fields.queueId}) returning id`;
  return { id: row!.id, contactId };
}

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  q2 = await h.insertQueue(C1, 'Vendas');
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    const { user, token } = await h.signUp(fields);
    tokens[key] = token;
    return user;
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1] });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1] });
  await define('caio', { id: 13, companyId: C1, name: 'Caio', queueIds: [q2] });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
});
afterAll(async () => h?.stop());

describe('POST /api/ticket-notes', () => {
  it('adds a note from a ticket about its contact, naming the author', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const res = await api('ana', 'POST', '/api/ticket-notes', { note: '  Cliente prefere contato à tarde  ', ticketId: t.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ note: 'Cliente prefere contato à tarde', ticketId: t.id, contactId: t.contactId, userId: 11, user: { id: 11, name: 'Ana' } });
  });

  it('adds a note on a contact alone', async () => {
    const contactId = await h.insertContact(C1);
    const res = await api('bia', 'POST', '/api/ticket-notes', { note: 'ok', contactId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ticketId: null, contactId, userId: 12 });
  });

  it('validates: the note is required and at least 2 characters; a ticket or a contact is named', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const missing = await api('ana', 'POST', '/api/ticket-notes', { ticketId: t.id });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'note', message: 'Required' }]);
    const short = await api('ana', 'POST', '/api/ticket-notes', { note: ' a ', ticketId: t.id });
    expect(short.body.fields).toEqual([{ field: 'note', message: 'Too Short!' }]);
    const nobody = await api('ana', 'POST', '/api/ticket-notes', { note: 'sem alvo' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.fields).toEqual([{ field: 'contactId', message: 'Required' }]);
    const bad = await api('ana', 'POST', '/api/ticket-notes', { note: 'xx', ticketId: 'abc' });
    expect(bad.body.fields[0].field).toBe('ticketId');
    const other = await h.insertContact(C1);
    const mismatch = await api('ana', 'POST', '/api/ticket-notes', { note: 'xx', ticketId: t.id, contactId: other });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields[0].field).toBe('contactId');
  });

  it('404 for tickets the caller may not see, unknown contacts and other companies', async () => {
    const hidden = await ticketIn({ status: 'open', userId: 13, queueId: q2 });
    expect((await api('ana', 'POST', '/api/ticket-notes', { note: 'xx', ticketId: hidden.id })).body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api('ana', 'POST', '/api/ticket-notes', { note: 'xx', contactId: 999_999 })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    const foreign = await ticketIn({ status: 'open', companyId: C2, queueId: null });
    expect((await api('admin', 'POST', '/api/ticket-notes', { note: 'xx', ticketId: foreign.id })).status).toBe(404);
    expect((await api('admin', 'POST', '/api/ticket-notes', { note: 'xx', contactId: foreign.contactId })).body.error).toBe('ERR_NO_CONTACT_FOUND');
  });
});

describe('GET /api/ticket-notes/list', () => {
  it("lists a contact's notes oldest first, by contact and/or ticket", async () => {
    const first = await ticketIn({ status: 'closed', userId: 11 });
    const second = await ticketIn({ status: 'open', userId: 11, contactId: first.contactId });
    await api('ana', 'POST', '/api/ticket-notes', { note: 'primeira', ticketId: first.id });
    await api('ana', 'POST', '/api/ticket-notes', { note: 'segunda', ticketId: second.id });
    const byContact = await api('ana', 'GET', `/api/ticket-notes/list?contactId=${first.contactId}`);
    expect(byContact.status).toBe(200);
    expect(byContact.body.map((n: any) => n.note)).toEqual(['primeira', 'segunda']);
    const byTicket = await api('ana', 'GET', `/api/ticket-notes/list?contactId=${first.contactId}&ticketId=${second.id}`);
    expect(byTicket.body.map((n: any) => n.note)).toEqual(['segunda']);
  });

  it('hides notes of tickets the caller may not see; 404 when naming such a ticket', async () => {
    const mine = await ticketIn({ status: 'open', userId: 11 });
    const theirs = await ticketIn({ status: 'closed', userId: 13, queueId: q2, contactId: mine.contactId });
    await api('ana', 'POST', '/api/ticket-notes', { note: 'da Ana', ticketId: mine.id });
    await api('caio', 'POST', '/api/ticket-notes', { note: 'do Caio', ticketId: theirs.id });
    const seenByAna = await api('ana', 'GET', `/api/ticket-notes/list?contactId=${mine.contactId}`);
    expect(seenByAna.body.map((n: any) => n.note)).toEqual(['da Ana']);
    const seenByAdmin = await api('admin', 'GET', `/api/ticket-notes/list?contactId=${mine.contactId}`);
    expect(seenByAdmin.body.map((n: any) => n.note)).toEqual(['da Ana', 'do Caio']);
    expect((await api('ana', 'GET', `/api/ticket-notes/list?ticketId=${theirs.id}`)).body.error).toBe('ERR_NO_TICKET_FOUND');
  });

  it('needs a contact or a ticket (400); another company\'s contact is a 404, as on every contact route', async () => {
    const none = await api('ana', 'GET', '/api/ticket-notes/list');
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'contactId', message: 'Required' }]);
    expect((await api('ana', 'GET', '/api/ticket-notes/list?contactId=x')).status).toBe(400);
    const t = await ticketIn({ status: 'open', userId: 11 });
    await api('ana', 'POST', '/api/ticket-notes', { note: 'segredo', ticketId: t.id });
    const foreign = await api('admin2', 'GET', `/api/ticket-notes/list?contactId=${t.contactId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });
});

describe('DELETE /api/ticket-notes/:id', () => {
  it('the author or an admin deletes a note; others get 403', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const note = (await api('ana', 'POST', '/api/ticket-notes', { note: 'apagar', ticketId: t.id })).body;
    await h.sql`update tickets.tickets set status = 'pending', user_id = null where id = ${t.id}`;
    const refused = await api('bia', 'DELETE', `/api/ticket-notes/${note.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('ana', 'DELETE', `/api/ticket-notes/${note.id}`)).status).toBe(200);
    expect((await api('ana', 'GET', `/api/ticket-notes/list?ticketId=${t.id}`)).body).toEqual([]);
    const other = (await api('ana', 'POST', '/api/ticket-notes', { note: 'admin apaga', contactId: t.contactId })).body;
    expect((await api('admin', 'DELETE', `/api/ticket-notes/${other.id}`)).status).toBe(200);
  });

  it('404 ERR_NO_NOTE_FOUND for unknown notes and other companies; 400 for bad ids', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const note = (await api('ana', 'POST', '/api/ticket-notes', { note: 'minha', ticketId: t.id })).body;
    expect((await api('admin2', 'DELETE', `/api/ticket-notes/${note.id}`)).body.error).toBe('ERR_NO_NOTE_FOUND');
    expect((await api('ana', 'DELETE', '/api/ticket-notes/987654')).body.error).toBe('ERR_NO_NOTE_FOUND');
    expect((await api('ana', 'DELETE', '/api/ticket-notes/abc')).status).toBe(400);
    expect((await h.request('DELETE', `/api/ticket-notes/${note.id}`)).status).toBe(401);
  });
});
