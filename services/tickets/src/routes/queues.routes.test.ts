import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, type Envelope, type User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** Queues with chatbot menus (spec 001 §2/§3/§5/§6/§7) and the /chatbot option routes. */
let h: Harness;
const C1 = 1;
const C2 = 2;
const tokens: Record<string, string> = {};
let color = 0x100000;

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const nextColor = () => `#${(color++).toString(16)}`;
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
/** A queue through the API (admin of company `who`), with a greeting so the greeting rule holds. */
const makeQueue = async (who: string, name: string, extra: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/queue', { name, color: nextColor(), greetingMessage: `Bem-vindo a ${name}`, ...extra });
  expect(res.status).toBe(201);
  return res.body;
};

beforeAll(async () => {
  h = await startHarness();
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    const { user, token } = await h.signUp(fields);
    tokens[key] = token;
    return user;
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana' });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
  await define('admin3', { id: 3, companyId: 3, profile: 'admin', name: 'Admin Três' });
  await define('admin4', { id: 4, companyId: 4, profile: 'admin', name: 'Admin Quatro' });
  await define('super', { id: 9, companyId: 3, name: 'Super', super: true });
});
afterAll(async () => h?.stop());
beforeEach(() => h.plans.clear());

describe('POST /api/queue', () => {
  it('creates a queue with default schedules and its chatbot menu (admin), announced', async () => {
    const before = h.published.length;
    const res = await api('admin3', 'POST', '/api/queue', {
      name: 'Suporte',
      color: '#FF0000',
      greetingMessage: 'Olá {{firstName}}',
      orderQueue: 1,
      tempoRoteador: 5,
      chatbots: [
        { name: 'Segunda via', greetingMessage: 'Escolha', options: [{ name: 'Boleto', greetingMessage: 'Segue o boleto' }, { name: 'Pix copia e cola', greetingMessage: 'Chave pix', closeTicket: true }] },
        { name: 'Falar com atendente', queueType: 'attendent', optUserId: 3 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Suporte', color: '#FF0000', orderQueue: 1, tempoRoteador: 5, ativarRoteador: false, closeTicket: false });
    expect(res.body.schedules).toHaveLength(7);
    expect(res.body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    expect(res.body.chatbots.map((o: any) => o.name)).toEqual(['Segunda via', 'Falar com atendente']);
    expect(res.body.chatbots[0].options.map((o: any) => [o.name, o.closeTicket, o.parentId])).toEqual([
      ['Boleto', false, res.body.chatbots[0].id],
      ['Pix copia e cola', true, res.body.chatbots[0].id],
    ]);
    expect(res.body.chatbots[1]).toMatchObject({ queueType: 'attendent', optUserId: 3, options: [] });
    expect(eventsSince(before, 'tickets.queue.created')[0]?.data.queue).toMatchObject({ id: res.body.id, name: 'Suporte' });
  });

  it('validates with the spec messages, naming the field', async () => {
    const empty = await api('admin', 'POST', '/api/queue', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields.map((f: any) => [f.field, f.message]).sort()).toEqual([
      ['color', 'Required'],
      ['name', 'Required'],
    ]);
    const bad = await api('admin', 'POST', '/api/queue', { name: 'S', color: '#1234567890', tempoRoteador: 7, orderQueue: 'x' });
    expect(bad.body.fields.map((f: any) => [f.field, f.message]).sort()).toEqual([
      ['color', 'Too Long!'],
      ['name', 'Too Short!'],
      ['orderQueue', 'must be a number'],
      ['tempoRoteador', 'must be one of 0, 2, 5, 10, 15, 30, 45, 60'],
    ]);
    const longName = await api('admin', 'POST', '/api/queue', { name: 'x'.repeat(51), color: '#abc' });
    expect(longName.body.fields).toEqual([{ field: 'name', message: 'Too Long!' }]);
    const schedule = await api('admin', 'POST', '/api/queue', { name: 'Agenda', color: '#abc', schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTimeA: '25:00', endTimeA: '', startTimeB: '', endTimeB: '' }] });
    expect(schedule.body.fields[0].field).toBe('schedules.0.startTimeA');
  });

  it('rotation switched on needs a rotation time (0 only means none), on create and on edit', async () => {
    const rotationOff = [{ field: 'tempoRoteador', message: 'must be one of 2, 5, 10, 15, 30, 45, 60 when rotation is on' }];
    const noTime = await api('admin', 'POST', '/api/queue', { name: 'Rodízio', color: '#a1b2c3', greetingMessage: 'Olá', ativarRoteador: true });
    expect(noTime.status).toBe(400);
    expect(noTime.body.fields).toEqual(rotationOff);
    const created = await api('admin', 'POST', '/api/queue', { name: 'Rodízio', color: '#a1b2c3', greetingMessage: 'Olá', ativarRoteador: true, tempoRoteador: 10 });
    expect(created.status).toBe(201);
    const zeroed = await api('admin', 'PUT', `/api/queue/${created.body.id}`, { tempoRoteador: 0 });
    expect(zeroed.status).toBe(400);
    expect(zeroed.body.fields).toEqual(rotationOff);
    const off = await api('admin', 'PUT', `/api/queue/${created.body.id}`, { ativarRoteador: false, tempoRoteador: 0 });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 0 });
    expect((await api('admin', 'PUT', `/api/queue/${created.body.id}`, { ativarRoteador: true })).body.fields).toEqual(rotationOff);
    await api('admin', 'DELETE', `/api/queue/${created.body.id}`);
  });

  it('validates the chatbot options: names of 4+, a message to reach a next level, the target of each type', async () => {
    const shortName = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'abc' }] });
    expect(shortName.body.fields).toEqual([{ field: 'chatbots.0.name', message: 'Too Short!' }]);
    const noMessage = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'Nível um', options: [{ name: 'Nível dois' }] }] });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.fields).toEqual([{ field: 'chatbots.0.greetingMessage', message: 'A message is required to go to the next level' }]);
    const noTarget = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'Outra fila', queueType: 'queue' }] });
    expect(noTarget.body.fields).toEqual([{ field: 'chatbots.0.optQueueId', message: 'Required' }]);
    const badType = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'Tipo ruim', queueType: 'robot' }] });
    expect(badType.body.fields[0].field).toBe('chatbots.0.queueType');
    const unknownQueue = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'Outra fila', queueType: 'queue', optQueueId: 987654 }] });
    expect(unknownQueue).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'chatbots.0.optQueueId', message: 'must be a queue of the company' }] } });
    const foreignUser = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [{ name: 'Atendente', queueType: 'attendent', optUserId: 2 }] });
    expect(foreignUser).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'chatbots.0.optUserId', message: 'must be a user of the company' }] } });
    let nested: any = { name: 'Folha final', greetingMessage: 'fim' };
    for (let i = 0; i < 5; i++) nested = { name: `Nível ${i}`, greetingMessage: 'mais', options: [nested] };
    const tooDeep = await api('admin', 'POST', '/api/queue', { name: 'Menu', color: '#abc', chatbots: [nested] });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.fields[0].field).toBe('chatbots.0.options.0.options.0.options.0.options.0.options');
    expect((await api('admin', 'GET', '/api/queue')).body.map((q: any) => q.name)).not.toContain('Menu');
  });

  it('colours are unique per company, whatever the case (409 ERR_QUEUE_COLOR_ALREADY_EXISTS); names too', async () => {
    await makeQueue('admin', 'Cores', { color: '#AbCdEf' });
    const same = await api('admin', 'POST', '/api/queue', { name: 'Outra cor', color: '#abcdef', greetingMessage: 'oi' });
    expect(same.status).toBe(409);
    expect(same.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    expect((await api('admin', 'POST', '/api/queue', { name: 'cores', color: nextColor(), greetingMessage: 'oi' })).body.error).toBe('ERR_DUPLICATED_NAME');
    // Another company may use the same colour and name.
    expect((await api('admin2', 'POST', '/api/queue', { name: 'Cores', color: '#abcdef' })).status).toBe(201);
  });

  it('with more than one queue, a greeting is required (400 ERR_WAPP_GREETING_REQUIRED)', async () => {
    const first = await api('admin4', 'POST', '/api/queue', { name: 'Única', color: nextColor() });
    expect(first.status).toBe(201);
    const second = await api('admin4', 'POST', '/api/queue', { name: 'Segunda', color: nextColor(), greetingMessage: '  ' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED', fields: [{ field: 'greetingMessage', message: 'Required' }] });
    const ok = await api('admin4', 'POST', '/api/queue', { name: 'Segunda', color: nextColor(), greetingMessage: 'Oi' });
    expect(ok.status).toBe(201);
    const cleared = await api('admin4', 'PUT', `/api/queue/${ok.body.id}`, { greetingMessage: '' });
    expect(cleared.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    // The first queue, saved without a greeting while it was alone, is asked for one at its next edit.
    const renamed = await api('admin4', 'PUT', `/api/queue/${first.body.id}`, { name: 'Primeira' });
    expect(renamed.body).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED', fields: [{ field: 'greetingMessage', message: 'Required' }] });
    expect((await api('admin4', 'PUT', `/api/queue/${first.body.id}`, { name: 'Primeira', greetingMessage: 'Olá!' })).status).toBe(200);
  });

  it("respects the plan's queue count (403 ERR_QUEUE_LIMIT); 0 means no limit", async () => {
    const count = (await api('admin', 'GET', '/api/queue')).body.length;
    h.plans.set(C1, { queues: count });
    const over = await api('admin', 'POST', '/api/queue', { name: 'Além do plano', color: nextColor(), greetingMessage: 'oi' });
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('ERR_QUEUE_LIMIT');
    h.plans.set(C1, { queues: 0 });
    expect((await api('admin', 'POST', '/api/queue', { name: 'Além do plano', color: nextColor(), greetingMessage: 'oi' })).status).toBe(201);
  });

  it('is admin only (403 for users); 401 without a token', async () => {
    const queue = await makeQueue('admin', 'Só admin');
    for (const [method, url] of [
      ['POST', '/api/queue'],
      ['GET', `/api/queue/${queue.id}`],
      ['PUT', `/api/queue/${queue.id}`],
      ['DELETE', `/api/queue/${queue.id}`],
      ['GET', `/api/chatbot/1`],
      ['POST', '/api/chatbot'],
      ['PUT', '/api/chatbot/1'],
      ['DELETE', '/api/chatbot/1'],
    ] as const) {
      const res = await api('ana', method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'Tentativa', color: '#123' });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await h.request('GET', '/api/queue')).status).toBe(401);
  });
});

describe('GET /api/queue and /api/queue/user', () => {
  it('everyone reads the list of their company, in menu order (orderQueue, then name)', async () => {
    const b = await makeQueue('admin2', 'Bravo', { orderQueue: 2 });
    const a = await makeQueue('admin2', 'Alfa', { orderQueue: 1 });
    const z = await makeQueue('admin2', 'Zulu');
    const list = await api('admin2', 'GET', '/api/queue');
    expect(list.status).toBe(200);
    const ids = list.body.map((q: any) => q.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(z.id));
    expect(list.body.every((q: any) => q.companyId === C2)).toBe(true);
    expect((await api('ana', 'GET', '/api/queue')).body.every((q: any) => q.companyId === C1)).toBe(true);
  });

  it("a super user reads another company's list (its connection editor); anyone else's companyId is ignored", async () => {
    const theirs = await makeQueue('admin4', 'Da empresa quatro');
    const listed = await api('super', 'GET', '/api/queue?companyId=4');
    expect(listed.status).toBe(200);
    expect(listed.body.map((q: any) => q.id)).toContain(theirs.id);
    expect(listed.body.every((q: any) => q.companyId === 4)).toBe(true);
    const ignored = await api('ana', 'GET', '/api/queue?companyId=4');
    expect(ignored.body.map((q: any) => q.id)).not.toContain(theirs.id);
    expect(ignored.body.every((q: any) => q.companyId === C1)).toBe(true);
    expect((await api('super', 'GET', '/api/queue?companyId=quatro')).body.fields[0].field).toBe('companyId');
  });

  it("answers the caller's queues; an admin may ask for another user's", async () => {
    const mine = await makeQueue('admin', 'Da Ana');
    await makeQueue('admin', 'Não da Ana');
    const ana = h.addUser({ id: 11, companyId: C1, name: 'Ana', queueIds: [mine.id] });
    const own = await api('ana', 'GET', '/api/queue/user');
    expect(own.body.map((q: any) => q.id)).toEqual([mine.id]);
    expect((await api('admin', 'GET', `/api/queue/user?userId=${ana.id}`)).body.map((q: any) => q.id)).toEqual([mine.id]);
    expect((await api('ana', 'GET', '/api/queue/user?userId=1')).status).toBe(403);
    expect((await api('admin', 'GET', '/api/queue/user?userId=2')).body.error).toBe('ERR_NO_USER_FOUND');
    expect((await api('admin', 'GET', '/api/queue/user?userId=abc')).status).toBe(400);
  });
});

describe('PUT /api/queue/:id', () => {
  it('updates fields and replaces the menu, keeping options by id and dropping the missing ones', async () => {
    const queue = await makeQueue('admin', 'Menu editado', {
      chatbots: [
        { name: 'Primeira', greetingMessage: 'a', options: [{ name: 'Filha um', greetingMessage: 'x' }] },
        { name: 'Segunda opção', greetingMessage: 'b' },
      ],
    });
    const [first, second] = queue.chatbots;
    const before = h.published.length;
    const res = await api('admin', 'PUT', `/api/queue/${queue.id}`, {
      color: nextColor(),
      outOfHoursMessage: 'Fechado',
      ativarRoteador: true,
      tempoRoteador: 15,
      chatbots: [
        { id: second.id, name: 'Segunda renomeada', greetingMessage: 'b2' },
        { id: first.id, name: 'Primeira', greetingMessage: 'a' },
        { name: 'Nova opção', greetingMessage: 'c' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outOfHoursMessage: 'Fechado', ativarRoteador: true, name: 'Menu editado' });
    expect(res.body.chatbots.map((o: any) => [o.id, o.name])).toEqual([
      [second.id, 'Segunda renomeada'],
      [first.id, 'Primeira'],
      [expect.any(Number), 'Nova opção'],
    ]);
    // Options sent without `options` keep their children.
    expect(res.body.chatbots[1].options.map((o: any) => o.name)).toEqual(['Filha um']);
    const dropped = await api('admin', 'PUT', `/api/queue/${queue.id}`, { chatbots: [{ id: first.id, name: 'Primeira', greetingMessage: 'a', options: [] }] });
    expect(dropped.body.chatbots).toHaveLength(1);
    expect(dropped.body.chatbots[0].options).toEqual([]);
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.chatbots where queue_id = ${queue.id}`;
    expect(row!.n).toBe(1);
    expect(eventsSince(before, 'tickets.queue.updated').length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a colour another queue uses; an unchanged one is fine", async () => {
    const a = await makeQueue('admin', 'Cor A');
    const b = await makeQueue('admin', 'Cor B');
    expect((await api('admin', 'PUT', `/api/queue/${b.id}`, { color: a.color.toUpperCase() })).body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    expect((await api('admin', 'PUT', `/api/queue/${b.id}`, { color: b.color, name: 'Cor B' })).status).toBe(200);
    expect((await api('admin', 'PUT', `/api/queue/${b.id}`, { name: 'x' })).body.fields).toEqual([{ field: 'name', message: 'Too Short!' }]);
  });

  it('404 for unknown queues and for another company’s', async () => {
    const queue = await makeQueue('admin', 'Alheia');
    expect((await api('admin2', 'PUT', `/api/queue/${queue.id}`, { name: 'Roubada' })).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api('admin2', 'GET', `/api/queue/${queue.id}`)).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api('admin2', 'DELETE', `/api/queue/${queue.id}`)).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api('admin', 'PUT', '/api/queue/987654', { name: 'Nada' })).status).toBe(404);
    expect((await api('admin', 'GET', `/api/queue/${queue.id}`)).body.name).toBe('Alheia');
  });
});

describe('DELETE /api/queue/:id', () => {
  it('removes the queue and its menu; its tickets lose it (announced); options sending to it forget it', async () => {
    const doomed = await makeQueue('admin', 'Vai sumir', { chatbots: [{ name: 'Opção dela', greetingMessage: 'x' }] });
    const other = await makeQueue('admin', 'Fica', { chatbots: [{ name: 'Manda pra lá', queueType: 'queue', optQueueId: doomed.id }] });
    const contactId = await h.insertContact(C1);
    const [ticket] = await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status, queue_id) values (${C1}, ${contactId}, 'pending', ${doomed.id}) returning id`;
    const before = h.published.length;
    const res = await api('admin', 'DELETE', `/api/queue/${doomed.id}`);
    expect(res.status).toBe(200);
    expect((await api('admin', 'GET', `/api/queue/${doomed.id}`)).status).toBe(404);
    const [row] = await h.sql<{ queue_id: number | null }[]>`select queue_id from tickets.tickets where id = ${ticket!.id}`;
    expect(row!.queue_id).toBeNull();
    const updated = eventsSince(before, 'tickets.ticket.updated').find((e) => e.data.ticket.id === ticket!.id);
    expect(updated?.data).toMatchObject({ ticket: { queueId: null }, previous: { queueId: doomed.id } });
    expect(eventsSince(before, 'tickets.queue.deleted')[0]?.data).toEqual({ queueId: doomed.id });
    expect((await api('admin', 'GET', `/api/queue/${other.id}`)).body.chatbots[0].optQueueId).toBeNull();
    const [options] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.chatbots where queue_id = ${doomed.id}`;
    expect(options!.n).toBe(0);
  });
});

describe('/api/chatbot', () => {
  it('adds options to a queue or under an option, reads, edits and deletes them with their children', async () => {
    const queue = await makeQueue('admin', 'Com robô');
    const top = await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Financeiro', greetingMessage: 'Escolha:', options: [{ name: 'Boletos', greetingMessage: 'ok' }] });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ queueId: queue.id, parentId: null, name: 'Financeiro', options: [{ name: 'Boletos', parentId: top.body.id }] });
    const child = await api('admin', 'POST', '/api/chatbot', { parentId: top.body.id, name: 'Notas fiscais', greetingMessage: 'nf' });
    expect(child.body).toMatchObject({ queueId: queue.id, parentId: top.body.id, orderOption: 1 });
    const read = await api('admin', 'GET', `/api/chatbot/${top.body.id}`);
    expect(read.body.options.map((o: any) => o.name)).toEqual(['Boletos', 'Notas fiscais']);
    const edited = await api('admin', 'PUT', `/api/chatbot/${top.body.id}`, { name: 'Financeiro 2', options: [{ id: child.body.id, name: 'Notas fiscais', greetingMessage: 'nf' }] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Financeiro 2', greetingMessage: 'Escolha:' });
    expect(edited.body.options.map((o: any) => o.id)).toEqual([child.body.id]);
    expect((await api('admin', 'GET', `/api/queue/${queue.id}`)).body.chatbots[0].options).toHaveLength(1);
    expect((await api('admin', 'DELETE', `/api/chatbot/${top.body.id}`)).status).toBe(200);
    expect((await api('admin', 'GET', `/api/chatbot/${child.body.id}`)).body.error).toBe('ERR_NO_CHATBOT_FOUND');
    expect((await api('admin', 'GET', `/api/queue/${queue.id}`)).body.chatbots).toEqual([]);
  });

  it('validates: a queue or a parent, names of 4+, the type target, a message on a parent', async () => {
    const queue = await makeQueue('admin', 'Robô validado');
    expect((await api('admin', 'POST', '/api/chatbot', { name: 'Sem fila' })).body.fields).toEqual([{ field: 'queueId', message: 'Required' }]);
    expect((await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'abc' })).body.fields).toEqual([{ field: 'name', message: 'Too Short!' }]);
    expect((await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Para fila', queueType: 'queue' })).body.fields).toEqual([{ field: 'optQueueId', message: 'Required' }]);
    const silent = await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Sem mensagem' });
    const under = await api('admin', 'POST', '/api/chatbot', { parentId: silent.body.id, name: 'Filho' });
    expect(under.body.fields).toEqual([{ field: 'parentId', message: 'A message is required to go to the next level' }]);
    const clearing = await api('admin', 'PUT', `/api/chatbot/${silent.body.id}`, { options: [{ name: 'Filho novo' }] });
    expect(clearing.body.fields).toEqual([{ field: 'greetingMessage', message: 'A message is required to go to the next level' }]);
    expect((await api('admin', 'PUT', `/api/chatbot/${silent.body.id}`, { queueType: 'attendent' })).body.fields).toEqual([{ field: 'optUserId', message: 'Required' }]);
    // An empty or null type is a text option, on edit as on creation (forms send the option back as they got it).
    for (const queueType of ['', null]) {
      const edited = await api('admin', 'PUT', `/api/chatbot/${silent.body.id}`, { queueType });
      expect(edited.status).toBe(200);
      expect(edited.body.queueType).toBe('text');
    }
  });

  it('404 across companies', async () => {
    const queue = await makeQueue('admin', 'Robô alheio');
    const option = await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Minha opção', greetingMessage: 'x' });
    expect((await api('admin2', 'GET', `/api/chatbot/${option.body.id}`)).status).toBe(404);
    expect((await api('admin2', 'PUT', `/api/chatbot/${option.body.id}`, { name: 'Roubada' })).status).toBe(404);
    expect((await api('admin2', 'DELETE', `/api/chatbot/${option.body.id}`)).status).toBe(404);
    expect((await api('admin2', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Intrusa' })).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api('admin2', 'POST', '/api/chatbot', { parentId: option.body.id, name: 'Intrusa' })).body.error).toBe('ERR_NO_CHATBOT_FOUND');
    // An option of one's own queue that points at another company's queue names the field that does.
    const own = await makeQueue('admin2', 'Fila própria');
    const pointing = await api('admin2', 'POST', '/api/chatbot', { queueId: own.id, name: 'Para a outra', queueType: 'queue', optQueueId: queue.id });
    expect(pointing).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'optQueueId', message: 'must be a queue of the company' }] } });
    expect((await api('admin', 'GET', `/api/chatbot/${option.body.id}`)).body.name).toBe('Minha opção');
  });
});

describe('integrations and file lists named by queues and options', () => {
  it('integrations need the plan flag useIntegrations (403 naming it), on a queue or a menu option; file lists do not', async () => {
    h.plans.set(C1, { useIntegrations: false });
    const queue = await makeQueue('admin', 'Sem integrações', { fileListId: 8 });
    const onQueue = await api('admin', 'PUT', `/api/queue/${queue.id}`, { integrationId: 7 });
    expect(onQueue.status).toBe(403);
    expect(onQueue.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useIntegrations' });
    const onOption = await api('admin', 'POST', '/api/chatbot', { queueId: queue.id, name: 'Robô de vendas', greetingMessage: 'Conectando', queueType: 'integration', optIntegrationId: 7 });
    expect(onOption.status).toBe(403);
    expect((await api('admin', 'GET', `/api/queue/${queue.id}`)).body).toMatchObject({ integrationId: null, chatbots: [] });
    // One attached while the plan had the flag stays, and the queue can still be saved with it.
    h.plans.set(C1, { useIntegrations: true });
    const integrated = await makeQueue('admin', 'Integrada antes', { integrationId: 7 });
    h.plans.set(C1, { useIntegrations: false });
    const renamed = await api('admin', 'PUT', `/api/queue/${integrated.id}`, { name: 'Integrada ainda', integrationId: 7 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Integrada ainda', integrationId: 7 });
  });

  it("must be the company's, as channels knows them; a channels that does not answer leaves the save unchecked", async () => {
    h.plans.set(C1, { useIntegrations: true });
    h.plans.set(C2, { useIntegrations: true });
    // Channels, played here: integration 7 and file list 8 are company 1's.
    const asked: unknown[] = [];
    const responder = await answer(h.bus, 'channels.refs.check', async ({ companyId, integrationIds, fileListIds }) => {
      asked.push({ companyId, integrationIds, fileListIds });
      return {
        missingIntegrationIds: integrationIds.filter((id) => !(companyId === C1 && id === 7)),
        missingFileListIds: fileListIds.filter((id) => !(companyId === C1 && id === 8)),
      };
    });
    try {
      const ok = await makeQueue('admin', 'Integrada', { integrationId: 7, fileListId: 8 });
      expect(ok).toMatchObject({ integrationId: 7, fileListId: 8 });
      const foreign = await api('admin2', 'POST', '/api/queue', { name: 'Alheia', color: nextColor(), greetingMessage: 'Oi', integrationId: 7 });
      expect(foreign.status).toBe(400);
      expect(foreign.body.fields).toEqual([expect.objectContaining({ field: 'integrationId' })]);
      const badList = await api('admin', 'PUT', `/api/queue/${ok.id}`, { fileListId: 9 });
      expect(badList.status).toBe(400);
      expect(badList.body.fields).toEqual([expect.objectContaining({ field: 'fileListId' })]);
      const badOption = await api('admin', 'POST', '/api/chatbot', { queueId: ok.id, name: 'Arquivos', greetingMessage: 'Segue', queueType: 'file', optFileId: 99 });
      expect(badOption.status).toBe(400);
      expect(badOption.body.fields).toEqual([expect.objectContaining({ field: 'optFileId' })]);
      const menu = await api('admin', 'PUT', `/api/queue/${ok.id}`, {
        chatbots: [{ name: 'Robô de vendas', greetingMessage: 'Conectando', queueType: 'integration', optIntegrationId: 70 }],
      });
      expect(menu.status).toBe(400);
      expect(asked).toContainEqual({ companyId: C1, integrationIds: [70], fileListIds: [] });
      expect((await api('admin', 'GET', `/api/queue/${ok.id}`)).body).toMatchObject({ integrationId: 7, fileListId: 8 });
    } finally {
      await responder.unsubscribe();
    }
    // No answer from channels: the save goes on (the runtime lookups are the company's anyway).
    expect((await makeQueue('admin', 'Sem canais', { integrationId: 70 })).integrationId).toBe(70);
  });
});
