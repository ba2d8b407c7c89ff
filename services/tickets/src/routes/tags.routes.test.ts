import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** The tag routes (spec 001 §7 "Tags and kanban") on the tickets service alone. */
let h: Harness;
const C1 = 1;
const C2 = 2;
const C3 = 3;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
let seq = 0;
const newTag = async (who: string, fields: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/tags', { name: `etiqueta ${++seq}`, ...fields });
  expect(res.status).toBe(201);
  return res.body;
};
const link = (contactId: number, tagId: number, companyId = C1) => h.sql`insert into tickets.contact_tags (contact_id, tag_id, company_id) values (${contactId}, ${tagId}, ${companyId})`;
const ticketOf = async (contactId: number, companyId = C1) =>
  (await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status) values (${companyId}, ${contactId}, 'pending') returning id`)[0]!.id;

beforeAll(async () => {
  h = await startHarness();
  const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    const user = h.addUser(fields);
    tokens[key] = h.token(user);
  };
  define('admin', { id: 1, companyId: C1, profile: 'admin' });
  define('ana', { id: 11, companyId: C1 });
  define('admin2', { id: 2, companyId: C2, profile: 'admin' });
  define('root', { id: 3, companyId: C1, profile: 'admin', super: true });
  define('admin3', { id: 4, companyId: C3, profile: 'admin' });
  h.plans.set(C1, { useKanban: true });
  h.plans.set(C2, { useKanban: true });
  h.plans.set(C3, { useKanban: false });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('POST /api/tags', () => {
  it('lets anyone create a plain tag, with a random colour, announced as tickets.tag.created', async () => {
    const before = h.published.length;
    const res = await api('ana', 'POST', '/api/tags', { name: '  Cliente VIP ', companyId: C2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Cliente VIP', kanban: 0, companyId: C1, contactsCount: 0, ticketsCount: 0 });
    expect(res.body.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(eventsSince(before, 'tickets.tag.created').map((e) => e.data.tag.id)).toEqual([res.body.id]);
  });

  it('keeps kanban lanes for admins (403 for a user)', async () => {
    const refused = await api('ana', 'POST', '/api/tags', { name: 'Lane do usuário', kanban: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    const lane = await newTag('admin', { kanban: 1, color: '#112233', timeLane: 24, greetingMessageLane: 'Olá' });
    expect(lane).toMatchObject({ kanban: 1, color: '#112233', timeLane: 24, greetingMessageLane: 'Olá' });
  });

  it('kanban lanes need the plan flag useKanban (403 naming it); plain tags do not', async () => {
    const refused = await api('admin3', 'POST', '/api/tags', { name: 'Lane sem plano', kanban: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useKanban' });
    const plain = await api('admin3', 'POST', '/api/tags', { name: 'Etiqueta comum' });
    expect(plain.status).toBe(201);
    const promoted = await api('admin3', 'PUT', `/api/tags/${plain.body.id}`, { kanban: 1 });
    expect(promoted.status).toBe(403);
    expect((await api('admin3', 'GET', `/api/tags/${plain.body.id}`)).body.kanban).toBe(0);
    expect((await api('admin3', 'PUT', `/api/tags/${plain.body.id}`, { name: 'Etiqueta renomeada' })).status).toBe(200);
  });

  it('a lane left from a plan that had Kanban is not edited without the flag, but may leave the board', async () => {
    const lane = async (name: string) =>
      (await h.sql<{ id: number }[]>`insert into tickets.tags (company_id, name, color, kanban, time_lane) values (${C3}, ${name}, '#123456', 1, 2) returning id`)[0]!.id;
    const laneId = await lane('Lane antiga');
    for (const edit of [{ name: 'Lane renomeada' }, { timeLane: 5 }, { kanban: 1, greetingMessageLane: 'Oi' }]) {
      const refused = await api('admin3', 'PUT', `/api/tags/${laneId}`, edit);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useKanban' });
    }
    expect((await api('admin3', 'GET', `/api/tags/${laneId}`)).body).toMatchObject({ name: 'Lane antiga', kanban: 1, timeLane: 2 });
    // Made a plain tag (and renamed with it), or deleted: the company tidies what its old plan left.
    const plain = await api('admin3', 'PUT', `/api/tags/${laneId}`, { kanban: 0, name: 'Agora comum' });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ name: 'Agora comum', kanban: 0 });
    const otherId = await lane('Outra lane');
    expect((await api('admin3', 'DELETE', `/api/tags/${otherId}`)).status).toBe(200);
    expect((await api('admin3', 'GET', `/api/tags/${otherId}`)).status).toBe(404);
  });

  it('lane settings belong to kanban tags only (400 naming the field)', async () => {
    const created = await api('admin', 'POST', '/api/tags', { name: 'Comum com raia', kanban: 0, nextLaneId: 1 });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual([{ field: 'nextLaneId', message: 'only kanban tags have lanes' }]);
    const plain = await newTag('admin', { name: 'Comum sem raia', timeLane: 0, nextLaneId: null, greetingMessageLane: '' });
    expect(plain.kanban).toBe(0);
    const updated = await api('admin', 'PUT', `/api/tags/${plain.id}`, { timeLane: 3 });
    expect(updated.status).toBe(400);
    expect(updated.body.fields).toEqual([{ field: 'timeLane', message: 'only kanban tags have lanes' }]);
    expect((await api('admin', 'GET', `/api/tags/${plain.id}`)).body.timeLane ?? 0).toBe(0);
  });

  it('validates with the spec messages, naming the field', async () => {
    const missing = await api('ana', 'POST', '/api/tags', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'name', message: 'Obrigatório' }]);
    const short = await api('ana', 'POST', '/api/tags', { name: 'ab' });
    expect(short.body.fields).toEqual([{ field: 'name', message: 'Mensagem muito curta' }]);
    const bad = await api('admin', 'POST', '/api/tags', { name: 'Cor ruim', color: 'red', kanban: 7, timeLane: -1 });
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['color', 'kanban', 'timeLane']);
  });

  it('refuses a name the company already has, whatever the case (409), not another company', async () => {
    await newTag('ana', { name: 'Retorno' });
    const dup = await api('admin', 'POST', '/api/tags', { name: 'RETORNO' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_NAME');
    expect((await api('admin2', 'POST', '/api/tags', { name: 'Retorno' })).status).toBe(201);
  });

  it('chains lanes only to kanban tags of the company', async () => {
    const plain = await newTag('admin');
    const foreignLane = await newTag('admin2', { kanban: 1 });
    const notLane = await api('admin', 'POST', '/api/tags', { name: 'Encadeada', kanban: 1, nextLaneId: plain.id });
    expect(notLane.status).toBe(400);
    expect(notLane.body.fields).toEqual([{ field: 'nextLaneId', message: expect.any(String) }]);
    const foreign = await api('admin', 'POST', '/api/tags', { name: 'Encadeada', kanban: 1, rollbackLaneId: foreignLane.id });
    expect(foreign.body.fields).toEqual([{ field: 'rollbackLaneId', message: expect.any(String) }]);
    const lane = await newTag('admin', { kanban: 1 });
    expect((await newTag('admin', { kanban: 1, nextLaneId: lane.id })).nextLaneId).toBe(lane.id);
  });

  it('lets a super user create in another company', async () => {
    expect((await newTag('root', { companyId: C2 })).companyId).toBe(C2);
    h.missingCompanies.add(99);
    try {
      expect((await api('root', 'POST', '/api/tags', { name: 'Etiqueta órfã', companyId: 99 })).body.error).toBe('ERR_NO_COMPANY_FOUND');
    } finally {
      h.missingCompanies.delete(99);
    }
  });
});

describe('GET /api/tags and /api/tags/list', () => {
  let kanbanIds: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 22; i++) await newTag('admin', { name: `Pagina ${String(i).padStart(2, '0')}` });
    kanbanIds = [(await newTag('admin', { name: 'Pagina Lane A', kanban: 1 })).id, (await newTag('admin', { name: 'Pagina Lane B', kanban: 1 })).id];
    await newTag('admin2', { name: 'Pagina de fora' });
  });

  it('pages 20 at a time, searching case-insensitively', async () => {
    const first = await api('ana', 'GET', '/api/tags?searchParam=PAGINA');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(24);
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await api('ana', 'GET', '/api/tags?searchParam=pagina&pageNumber=2');
    expect(second.body.tags.map((t: any) => t.name)).toEqual(['Pagina 20', 'Pagina 21', 'Pagina Lane A', 'Pagina Lane B']);
    expect(second.body.hasMore).toBe(false);
  });

  it('filters kanban lanes and leaves out the tag named by tagId', async () => {
    const lanes = await api('admin', 'GET', '/api/tags?searchParam=pagina&kanban=1');
    expect(lanes.body.tags.map((t: any) => t.id)).toEqual(kanbanIds);
    const others = await api('admin', 'GET', `/api/tags?searchParam=pagina&kanban=1&tagId=${kanbanIds[0]}`);
    expect(others.body.tags.map((t: any) => t.id)).toEqual([kanbanIds[1]]);
    expect((await api('admin', 'GET', '/api/tags?kanban=2')).status).toBe(400);
  });

  it('counts contacts and tickets of each tag', async () => {
    const tag = await newTag('admin', { name: 'Contada' });
    const a = await h.insertContact(C1);
    const b = await h.insertContact(C1);
    await link(a, tag.id);
    await link(b, tag.id);
    await h.sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${await ticketOf(a)}, ${tag.id}, ${C1})`;
    const res = await api('ana', 'GET', '/api/tags?searchParam=contada');
    expect(res.body.tags[0]).toMatchObject({ contactsCount: 2, ticketsCount: 1 });
  });

  it('carries the contacts and the ticket links of each tag (spec: contacts, ticketTags length is the ticket count)', async () => {
    const tag = await newTag('admin', { name: 'Ligada' });
    const a = await h.insertContact(C1);
    const b = await h.insertContact(C1);
    await link(a, tag.id);
    const first = await ticketOf(a);
    const second = await ticketOf(b);
    await h.sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${first}, ${tag.id}, ${C1}), (${second}, ${tag.id}, ${C1})`;
    const res = await api('ana', 'GET', '/api/tags?searchParam=ligada');
    const [listed] = res.body.tags;
    expect(listed.contacts).toEqual([{ id: a, name: expect.any(String) }]);
    expect(listed.ticketTags).toEqual([
      { ticketId: first, tagId: tag.id },
      { ticketId: second, tagId: tag.id },
    ]);
    // Every answer that carries a tag carries them: the list, and a tag created or renamed.
    const [inList] = (await api('ana', 'GET', '/api/tags/list?searchParam=ligada')).body;
    expect(inList).toMatchObject({ id: tag.id, contacts: listed.contacts, ticketTags: listed.ticketTags });
    const renamed = await api('admin', 'PUT', `/api/tags/${tag.id}`, { name: 'Ligada agora' });
    expect(renamed.body).toMatchObject({ name: 'Ligada agora', contacts: listed.contacts, ticketTags: listed.ticketTags });
    const empty = await newTag('admin', { name: 'Ligada vazia' });
    expect(empty).toMatchObject({ contacts: [], ticketTags: [] });
    const none = (await api('ana', 'GET', '/api/tags?searchParam=ligada')).body.tags.find((t: any) => t.id === empty.id);
    expect(none).toMatchObject({ contacts: [], ticketTags: [] });
  });

  it('/tags/list answers every tag (kanban 0 or 1) of the caller\u2019s company; companyId only for super users', async () => {
    const lanes = await api('ana', 'GET', '/api/tags/list?kanban=1&searchParam=pagina');
    expect(lanes.body.map((t: any) => t.id)).toEqual(kanbanIds);
    const plain = await api('ana', 'GET', '/api/tags/list?kanban=0&searchParam=pagina');
    expect(plain.body).toHaveLength(22);
    expect((await api('ana', 'GET', `/api/tags/list?companyId=${C2}&searchParam=pagina`)).body).toHaveLength(24);
    expect((await api('root', 'GET', `/api/tags/list?companyId=${C2}&searchParam=pagina`)).body.map((t: any) => t.name)).toEqual(['Pagina de fora']);
  });

  it("never lists another company's tags", async () => {
    const theirs = await api('admin2', 'GET', '/api/tags?searchParam=pagina');
    expect(theirs.body.tags.map((t: any) => t.name)).toEqual(['Pagina de fora']);
  });
});

describe('GET /api/tags/:id', () => {
  it('shows the tag with its contacts and ticket links; 404 for another company', async () => {
    const tag = await newTag('admin', { name: 'Com contatos' });
    const contactId = await h.insertContact(C1, { name: 'Contato da tag', number: '5511955550001' });
    await link(contactId, tag.id);
    const ticketId = await ticketOf(contactId);
    await h.sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${ticketId}, ${tag.id}, ${C1})`;
    const res = await api('ana', 'GET', `/api/tags/${tag.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tag.id,
      contactsCount: 1,
      ticketsCount: 1,
      contacts: [{ id: contactId, name: 'Contato da tag', number: '5511955550001' }],
      ticketTags: [{ ticketId, tagId: tag.id }],
    });
    const foreign = await api('admin2', 'GET', `/api/tags/${tag.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TAG_FOUND');
  });
});

describe('PUT /api/tags/:id', () => {
  it('is for admins', async () => {
    const tag = await newTag('ana');
    expect((await api('ana', 'PUT', `/api/tags/${tag.id}`, { name: 'Renomeada' })).status).toBe(403);
  });

  it('updates and announces tickets.tag.updated', async () => {
    const tag = await newTag('admin');
    const before = h.published.length;
    const res = await api('admin', 'PUT', `/api/tags/${tag.id}`, { name: 'Renomeada', color: '#abc', kanban: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renomeada', color: '#abc', kanban: 1 });
    expect(eventsSince(before, 'tickets.tag.updated').map((e) => e.data.tag.name)).toEqual(['Renomeada']);
  });

  it('refuses a duplicate name, a lane chained to itself and bad fields', async () => {
    const a = await newTag('admin', { name: 'Nome Tomado' });
    const b = await newTag('admin', { kanban: 1 });
    expect((await api('admin', 'PUT', `/api/tags/${b.id}`, { name: 'nome tomado' })).status).toBe(409);
    const self = await api('admin', 'PUT', `/api/tags/${b.id}`, { nextLaneId: b.id });
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual([{ field: 'nextLaneId', message: 'must be another tag' }]);
    expect((await api('admin', 'PUT', `/api/tags/${a.id}`, { name: 'x' })).body.fields).toEqual([{ field: 'name', message: 'Mensagem muito curta' }]);
    // Renaming to its own name in another case is fine.
    expect((await api('admin', 'PUT', `/api/tags/${a.id}`, { name: 'NOME TOMADO' })).status).toBe(200);
  });

  it('a lane made a plain tag leaves the board: its links and the links to it go, announced', async () => {
    const target = await newTag('admin', { kanban: 1 });
    const other = await newTag('admin', { kanban: 1 });
    const source = await newTag('admin', { kanban: 1, nextLaneId: target.id, rollbackLaneId: target.id });
    await api('admin', 'PUT', `/api/tags/${target.id}`, { nextLaneId: other.id });
    const before = h.published.length;
    const plain = await api('admin', 'PUT', `/api/tags/${target.id}`, { kanban: 0 });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ kanban: 0, nextLaneId: null, rollbackLaneId: null });
    expect((await api('admin', 'GET', `/api/tags/${source.id}`)).body).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    expect(eventsSince(before, 'tickets.tag.updated').map((e) => e.data.tag.id).sort()).toEqual([target.id, source.id].sort());
  });

  it("404 for another company's tag", async () => {
    const tag = await newTag('admin');
    expect((await api('admin2', 'PUT', `/api/tags/${tag.id}`, { name: 'Invasora' })).status).toBe(404);
  });
});

describe('DELETE /api/tags/:id', () => {
  it('is for admins; 404 for another company', async () => {
    const tag = await newTag('admin');
    expect((await api('ana', 'DELETE', `/api/tags/${tag.id}`)).status).toBe(403);
    expect((await api('admin2', 'DELETE', `/api/tags/${tag.id}`)).status).toBe(404);
    expect((await api('admin', 'GET', `/api/tags/${tag.id}`)).status).toBe(200);
  });

  it('deletes, lets go of lanes chained to it, and announces the tickets and contacts that carried it', async () => {
    const lane = await newTag('admin', { kanban: 1 });
    const chained = await newTag('admin', { kanban: 1, nextLaneId: lane.id, rollbackLaneId: lane.id });
    const contactId = await h.insertContact(C1);
    await link(contactId, lane.id);
    const ticketId = await ticketOf(contactId);
    await h.sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${ticketId}, ${lane.id}, ${C1})`;
    const before = h.published.length;
    const res = await api('admin', 'DELETE', `/api/tags/${lane.id}`);
    expect(res.status).toBe(200);
    expect(eventsSince(before, 'tickets.tag.deleted').map((e) => e.data.tagId)).toEqual([lane.id]);
    expect(eventsSince(before, 'tickets.tag.updated').map((e) => e.data.tag)).toEqual([expect.objectContaining({ id: chained.id, nextLaneId: null, rollbackLaneId: null })]);
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.ticket.tags])).toEqual([[ticketId, []]]);
    expect(eventsSince(before, 'tickets.contact.updated').map((e) => [e.data.contact.id, e.data.contact.tags])).toEqual([[contactId, []]]);
    expect((await api('admin', 'GET', `/api/tags/${lane.id}`)).status).toBe(404);
  });
});

describe('POST /api/tags/sync, DELETE /api/tags-contacts, GET /api/contactTags', () => {
  it("sets a contact's tags to exactly the ones given", async () => {
    const [a, b, c] = [await newTag('ana'), await newTag('ana'), await newTag('ana')];
    const contactId = await h.insertContact(C1);
    await link(contactId, c.id);
    const before = h.published.length;
    const res = await api('ana', 'POST', '/api/tags/sync', { contactId, tags: [a, { id: b.id }, a.id] });
    expect(res.status).toBe(200);
    expect(res.body.tags.map((t: any) => t.id).sort()).toEqual([a.id, b.id].sort());
    expect(eventsSince(before, 'tickets.contact.updated')).toHaveLength(1);
    expect(eventsSince(before, 'tickets.tag.updated').map((e) => e.data.tag.id).sort()).toEqual([a.id, b.id, c.id].sort());
    const tags = await api('ana', 'GET', `/api/contactTags/${contactId}`);
    expect(tags.body.map((t: any) => t.id).sort()).toEqual([a.id, b.id].sort());
    expect((await api('ana', 'POST', '/api/tags/sync', { contactId, tags: [] })).body.tags).toEqual([]);
  });

  it('validates, and refuses tags or contacts of another company', async () => {
    const missing = await api('ana', 'POST', '/api/tags/sync', { tags: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.map((f: any) => f.field).sort()).toEqual(['contactId', 'tags']);
    const mine = await h.insertContact(C1);
    const theirTag = await newTag('admin2');
    const wrongTag = await api('ana', 'POST', '/api/tags/sync', { contactId: mine, tags: [theirTag.id] });
    expect(wrongTag.status).toBe(404);
    expect(wrongTag.body.error).toBe('ERR_NO_TAG_FOUND');
    const theirs = await h.insertContact(C2);
    const wrongContact = await api('ana', 'POST', '/api/tags/sync', { contactId: theirs, tags: [] });
    expect(wrongContact.status).toBe(404);
    expect(wrongContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api('ana', 'GET', `/api/contactTags/${theirs}`)).status).toBe(404);
  });

  it('removes one contact from a tag', async () => {
    const tag = await newTag('ana');
    const contactId = await h.insertContact(C1);
    await link(contactId, tag.id);
    expect((await api('admin2', 'DELETE', `/api/tags-contacts/${tag.id}/${contactId}`)).status).toBe(404);
    const before = h.published.length;
    const res = await api('ana', 'DELETE', `/api/tags-contacts/${tag.id}/${contactId}`);
    expect(res.status).toBe(200);
    expect(eventsSince(before, 'tickets.tag.updated').map((e) => e.data.tag.contactsCount)).toEqual([0]);
    expect((await api('ana', 'GET', `/api/contactTags/${contactId}`)).body).toEqual([]);
    expect((await api('ana', 'DELETE', `/api/tags-contacts/${tag.id}/abc`)).status).toBe(400);
  });
});
