import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, emissionsFor, type Envelope, type User } from '@atende/kit';
import { multipartBody } from '@atende/kit/testing';
import { parseCsv } from '../domain/auto-response-csv.js';
import { wallClock } from '../domain/auto-responses.js';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** Auto-responses (spec 002 §2–§8): /api/auto-responses*, the match request tickets makes, and usage statistics. */
let h: Harness;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const create = async (who: string, fields: Record<string, unknown>) => {
  const res = await api(who, 'POST', '/api/auto-responses', { response: 'Resposta', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const upload = async (who: string, text: string | Buffer) => {
  const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const { payload, contentType } = await multipartBody({ files: [{ field: 'file', name: 'regras.csv', data, type: 'text/csv' }] });
  const res = await h.request('POST', '/api/auto-responses/import', { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
  await h.flush();
  return res;
};
const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
  tokens[key] = h.signIn(fields).token;
};

beforeAll(async () => {
  h = await startHarness({ recordSessions: true });
  for (let c = 1; c <= 20; c++) h.plans.set(c, fullPlan());
  define('admin1', { id: 1, companyId: 1, profile: 'admin' });
  define('user1', { id: 101, companyId: 1 });
  define('admin2', { id: 2, companyId: 2, profile: 'admin' });
  define('super', { id: 99, companyId: 9, profile: 'admin', super: true });
  for (let c = 3; c <= 20; c++) define(`admin${c}`, { id: c, companyId: c, profile: 'admin' });
});
afterAll(async () => h?.stop());

describe('POST /api/auto-responses', () => {
  it('creates a rule with the defaults, cleaned keywords, the author, and tells the admins', async () => {
    const before = h.published.length;
    const body = await create('admin3', { name: 'Horário', keywords: [' horário ', 'HORÁRIO', '', 'funcionamento'] });
    expect(body).toMatchObject({
      companyId: 3, name: 'Horário', keywords: ['horário', 'funcionamento'], similarWords: [], response: 'Resposta', priority: 3, isActive: true, timeRestriction: false,
      startTime: '18:00', endTime: '07:00', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], outsideHoursMessage: null, usageCount: 0, lastUsed: null, successRate: 0, createdBy: 3, updatedBy: 3, isActiveNow: true,
    });
    const [event] = eventsSince(before, 'channels.autoResponse.created');
    expect(event?.companyId).toBe(3);
    expect(emissionsFor(event!.type, event!)).toEqual([{ event: 'company-{companyId}-autoResponse', payload: { action: 'create', autoResponse: body }, audience: { to: 'admins' } }]);
  });

  it('names the failing field with the spec message when something required is missing', async () => {
    for (const [field, body] of [
      ['name', { keywords: ['a'], response: 'r' }],
      ['keywords', { name: 'n', keywords: ['  '], response: 'r' }],
      ['keywords', { name: 'n', response: 'r' }],
      ['response', { name: 'n', keywords: ['a'], response: ' ' }],
    ] as const) {
      const res = await api('admin3', 'POST', '/api/auto-responses', body);
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.fields).toContainEqual({ field, message: 'Preencha todos os campos obrigatórios' });
    }
  });

  it('refuses a time restriction without days, a bad time and a priority outside 1/3/5', async () => {
    const base = { name: 'n', keywords: ['a'], response: 'r' };
    const noDays = await api('admin3', 'POST', '/api/auto-responses', { ...base, timeRestriction: true, daysOfWeek: [] });
    expect(noDays.status).toBe(400);
    expect(noDays.body.fields.map((f: { field: string }) => f.field)).toContain('daysOfWeek');
    expect((await api('admin3', 'POST', '/api/auto-responses', { ...base, timeRestriction: true, startTime: '25:00' })).body.fields[0].field).toBe('startTime');
    expect((await api('admin3', 'POST', '/api/auto-responses', { ...base, priority: 4 })).status).toBe(400);
    expect((await api('admin3', 'POST', '/api/auto-responses', { ...base, name: 'x'.repeat(101) })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await api('user1', 'POST', '/api/auto-responses', { name: 'n', keywords: ['a'], response: 'r' })).status).toBe(403);
    expect((await api(undefined, 'POST', '/api/auto-responses', { name: 'n', keywords: ['a'], response: 'r' })).status).toBe(401);
  });
});

describe('GET /api/auto-responses', () => {
  it('lists the company’s rules, higher priority first then by name, with filters', async () => {
    await create('admin4', { name: 'b média', keywords: ['b'] });
    await create('admin4', { name: 'Z alta', keywords: ['z'], priority: 5 });
    await create('admin4', { name: 'a média', keywords: ['a'], similarWords: ['orçamento'] });
    await create('admin4', { name: 'baixa', keywords: ['c'], priority: 1, isActive: false });
    await create('admin5', { name: 'outra empresa', keywords: ['x'] });
    const res = await api('admin4', 'GET', '/api/auto-responses');
    expect(res.status).toBe(200);
    expect(res.body.autoResponses.map((r: { name: string }) => r.name)).toEqual(['Z alta', 'a média', 'b média', 'baixa']);
    expect((await api('admin4', 'GET', '/api/auto-responses?isActive=false')).body.autoResponses.map((r: { name: string }) => r.name)).toEqual(['baixa']);
    expect((await api('admin4', 'GET', '/api/auto-responses?searchParam=ORÇAMENTO')).body.autoResponses.map((r: { name: string }) => r.name)).toEqual(['a média']);
  });

  it('is refused to profile users', async () => {
    expect((await api('user1', 'GET', '/api/auto-responses')).status).toBe(403);
  });
});

describe('PUT /api/auto-responses/:id', () => {
  it('changes only the fields sent (the UI switch sends isActive) and tells the admins', async () => {
    const rule = await create('admin6', { name: 'Pix', keywords: ['pix'], similarWords: ['transferência'], priority: 5 });
    const before = h.published.length;
    const res = await api('admin6', 'PUT', `/api/auto-responses/${rule.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: rule.id, name: 'Pix', keywords: ['pix'], similarWords: ['transferência'], priority: 5, isActive: false, isActiveNow: false });
    expect(eventsSince(before, 'channels.autoResponse.updated')[0]?.data.autoResponse).toMatchObject({ id: rule.id, isActive: false });
    const edited = await api('admin6', 'PUT', `/api/auto-responses/${rule.id}`, { name: 'Pagamento', keywords: ['pix', 'boleto'], outsideHoursMessage: 'Já volto' });
    expect(edited.body).toMatchObject({ name: 'Pagamento', keywords: ['pix', 'boleto'], outsideHoursMessage: 'Já volto', isActive: false });
  });

  it('checks the window rule on the record as it would become', async () => {
    const rule = await create('admin6', { name: 'Noite', keywords: ['noite'], daysOfWeek: [] });
    const res = await api('admin6', 'PUT', `/api/auto-responses/${rule.id}`, { timeRestriction: true });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'daysOfWeek', message: 'choose at least one day' });
    expect((await api('admin6', 'PUT', `/api/auto-responses/${rule.id}`, { timeRestriction: true, daysOfWeek: [6, 7] })).body).toMatchObject({ timeRestriction: true, daysOfWeek: [6, 7] });
  });

  it('answers 404 for another company’s rule and a missing one, 400 for a bad body', async () => {
    const other = await create('admin7', { name: 'Sete', keywords: ['sete'] });
    const res = await api('admin6', 'PUT', `/api/auto-responses/${other.id}`, { isActive: false });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_AUTO_RESPONSE_FOUND');
    expect((await api('admin6', 'PUT', '/api/auto-responses/999999', { isActive: false })).status).toBe(404);
    expect((await api('admin7', 'PUT', `/api/auto-responses/${other.id}`, { keywords: [] })).status).toBe(400);
    expect((await api('admin7', 'GET', '/api/auto-responses')).body.autoResponses[0]).toMatchObject({ id: other.id, isActive: true });
  });
});

describe('PATCH /api/auto-responses/:id/toggle, POST /:id/duplicate, DELETE /:id', () => {
  it('toggle flips isActive and answers the record', async () => {
    const rule = await create('admin8', { name: 'T', keywords: ['t'] });
    expect((await api('admin8', 'PATCH', `/api/auto-responses/${rule.id}/toggle`)).body).toMatchObject({ id: rule.id, isActive: false });
    expect((await api('admin8', 'PATCH', `/api/auto-responses/${rule.id}/toggle`)).body).toMatchObject({ id: rule.id, isActive: true });
    expect((await api('admin9', 'PATCH', `/api/auto-responses/${rule.id}/toggle`)).status).toBe(404);
    expect((await api('user1', 'PATCH', `/api/auto-responses/${rule.id}/toggle`)).status).toBe(403);
  });

  it('duplicate copies the rule as "<name> (cópia)", inactive, without usage', async () => {
    const rule = await create('admin8', { name: 'Entrega', keywords: ['entrega'], similarWords: ['frete'], priority: 1, timeRestriction: true, startTime: '08:00', endTime: '12:00', daysOfWeek: [1] });
    const before = h.published.length;
    const res = await api('admin8', 'POST', `/api/auto-responses/${rule.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Entrega (cópia)', keywords: ['entrega'], similarWords: ['frete'], priority: 1, isActive: false, timeRestriction: true, startTime: '08:00', endTime: '12:00', daysOfWeek: [1], usageCount: 0 });
    expect(res.body.id).not.toBe(rule.id);
    expect(eventsSince(before, 'channels.autoResponse.created')).toHaveLength(1);
    expect((await api('admin9', 'POST', `/api/auto-responses/${rule.id}/duplicate`)).status).toBe(404);
  });

  it('delete removes the rule and tells the admins; another company’s rule is 404', async () => {
    const rule = await create('admin10', { name: 'Apagar', keywords: ['x'] });
    expect((await api('admin11', 'DELETE', `/api/auto-responses/${rule.id}`)).status).toBe(404);
    expect((await api('user1', 'DELETE', `/api/auto-responses/${rule.id}`)).status).toBe(403);
    const before = h.published.length;
    expect((await api('admin10', 'DELETE', `/api/auto-responses/${rule.id}`)).status).toBe(200);
    const [event] = eventsSince(before, 'channels.autoResponse.deleted');
    expect(emissionsFor(event!.type, event!)).toEqual([{ event: 'company-{companyId}-autoResponse', payload: { action: 'delete', autoResponseId: rule.id }, audience: { to: 'admins' } }]);
    expect((await api('admin10', 'GET', '/api/auto-responses')).body.autoResponses).toEqual([]);
    expect((await api('admin10', 'DELETE', `/api/auto-responses/${rule.id}`)).status).toBe(404);
  });
});

describe('POST /api/auto-responses/test', () => {
  it('answers the matching rule, its response and confidence, without counting a use', async () => {
    const main = await create('admin12', { name: 'Preços', keywords: ['preço'], response: 'Veja a tabela', priority: 1 });
    const similar = await create('admin12', { name: 'Orçamento', keywords: ['orçamento'], similarWords: ['quanto custa'], response: 'Peça um orçamento', priority: 5 });
    const res = await api('admin12', 'POST', '/api/auto-responses/test', { message: 'Qual o PRECO?' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      matched: true, autoResponse: { id: main.id, name: 'Preços', priority: 1 }, response: 'Veja a tabela', confidence: 1, confidenceLabel: 'high',
      matchedKeyword: 'preço', matchType: 'keyword', isActiveNow: true,
    });
    // A main keyword outranks a similar word of a higher-priority rule.
    expect((await api('admin12', 'POST', '/api/auto-responses/test', { message: 'quanto custa? qual o preço?' })).body.autoResponse.id).toBe(main.id);
    expect((await api('admin12', 'POST', '/api/auto-responses/test', { message: 'quanto custa?' })).body).toMatchObject({ autoResponse: { id: similar.id }, confidence: 0.8, confidenceLabel: 'high', matchType: 'similar' });
    expect((await api('admin12', 'POST', '/api/auto-responses/test', { message: 'bom dia' })).body).toMatchObject({ matched: false, autoResponse: null, response: null, confidence: 0, confidenceLabel: 'low' });
    const listed = (await api('admin12', 'GET', '/api/auto-responses')).body.autoResponses;
    expect(listed.map((r: { usageCount: number; lastUsed: string | null }) => [r.usageCount, r.lastUsed])).toEqual([[0, null], [0, null]]);
  });

  it('never matches an inactive rule nor another company’s', async () => {
    await create('admin13', { name: 'Off', keywords: ['desligado'], isActive: false });
    await create('admin14', { name: 'Alheia', keywords: ['alheia'] });
    expect((await api('admin13', 'POST', '/api/auto-responses/test', { message: 'desligado' })).body.matched).toBe(false);
    expect((await api('admin13', 'POST', '/api/auto-responses/test', { message: 'alheia' })).body.matched).toBe(false);
  });

  it('refuses an empty message and profile users', async () => {
    const res = await api('admin13', 'POST', '/api/auto-responses/test', { message: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('message');
    expect((await api('user1', 'POST', '/api/auto-responses/test', { message: 'oi' })).status).toBe(403);
  });
});

describe('GET /api/auto-responses/export/csv and POST /import', () => {
  it('exports the company’s rules as a UTF-8 CSV with BOM that imports back into another company', async () => {
    await create('admin15', { name: 'Horário', keywords: ['horário', 'hora'], similarWords: ['abre'], response: 'Das 8h às 18h, seg a sex', priority: 5, timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1, 2, 3, 4, 5], outsideHoursMessage: 'Estamos fechados' });
    await create('admin15', { name: 'Endereço', keywords: ['endereço'], priority: 1, isActive: false });
    const res = await h.app.inject({ method: 'GET', url: '/api/auto-responses/export/csv', headers: { authorization: `Bearer ${tokens.admin15}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="auto-respostas-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['name', 'keywords', 'similarWords', 'response', 'priority', 'isActive', 'timeRestriction', 'startTime', 'endTime', 'daysOfWeek', 'outsideHoursMessage', 'usageCount']);
    expect(rows[1]).toEqual(['Horário', 'horário; hora', 'abre', 'Das 8h às 18h, seg a sex', 'alta', 'Sim', 'Sim', '08:00', '18:00', '1; 2; 3; 4; 5', 'Estamos fechados', '0']);
    expect(rows[2]?.slice(0, 7)).toEqual(['Endereço', 'endereço', '', 'Resposta', 'baixa', 'Não', 'Não']);

    const before = h.published.length;
    const imported = await upload('admin16', res.rawPayload);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ total: 2, created: 2, ignored: 0, errors: [] });
    expect(eventsSince(before, 'channels.autoResponse.created')).toHaveLength(2);
    const list = (await api('admin16', 'GET', '/api/auto-responses')).body.autoResponses;
    expect(list[0]).toMatchObject({ companyId: 16, name: 'Horário', keywords: ['horário', 'hora'], priority: 5, isActive: true, timeRestriction: true, daysOfWeek: [1, 2, 3, 4, 5], outsideHoursMessage: 'Estamos fechados', usageCount: 0, createdBy: 16 });
    expect(list[1]).toMatchObject({ name: 'Endereço', priority: 1, isActive: false });
  });

  it('ignores bad rows and names the company already has, counting them', async () => {
    await create('admin17', { name: 'Existente', keywords: ['e'] });
    const res = await upload('admin17', 'nome;palavras-chave;resposta;prioridade;ativo\nNova;n;r;média;Sim\nexistente;e;r;alta;Sim\n;x;r;alta;Sim\nNova;n;r;alta;Sim\nRuim;r;r;urgente;Sim\n');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 5, created: 1, ignored: 4 });
    expect(res.body.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[3, 'name'], [4, 'name'], [5, 'name'], [6, 'priority']]);
    expect((await api('admin17', 'GET', '/api/auto-responses')).body.autoResponses.map((r: { name: string }) => r.name).sort()).toEqual(['Existente', 'Nova']);
  });

  it('refuses a file that is not an auto-responses CSV, a request without a file, and profile users', async () => {
    const bad = await upload('admin17', 'foo,bar\n1,2\n');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_IMPORT_INVALID_FILE');
    expect((await api('admin17', 'POST', '/api/auto-responses/import', {})).status).toBe(400);
    expect((await upload('user1', 'name,keywords,response\nA,a,r\n')).status).toBe(403);
    expect((await h.request('GET', '/api/auto-responses/export/csv', { token: tokens.user1 })).status).toBe(403);
  });
});

describe('runtime: tickets asks, sends, and the delivery rates it', () => {
  it('answers whether a company has an active rule and which rule answers a text', async () => {
    expect(await ask(h.bus, 'channels.autoResponse.active', { companyId: 18 })).toEqual({ active: false });
    const notToday = (wallClock(new Date(), 'America/Sao_Paulo').day % 7) + 1;
    const off = await create('admin18', { name: 'Off', keywords: ['frete'], isActive: false });
    expect(await ask(h.bus, 'channels.autoResponse.active', { companyId: 18 })).toEqual({ active: false });
    const rule = await create('admin18', { name: 'Frete', keywords: ['frete'], response: 'Frete grátis acima de R$ 100', timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [notToday], outsideHoursMessage: 'Respondemos em breve' });
    expect(await ask(h.bus, 'channels.autoResponse.active', { companyId: 18 })).toEqual({ active: true });
    // Outside its window (another weekday) the outside-hours message goes.
    expect(await ask(h.bus, 'channels.autoResponse.match', { companyId: 18, body: 'Qual o FRETE?' })).toEqual({ response: 'Respondemos em breve', autoResponseId: rule.id });
    expect(await ask(h.bus, 'channels.autoResponse.match', { companyId: 18, body: 'olá' })).toBeNull();
    expect(await ask(h.bus, 'channels.autoResponse.match', { companyId: 19, body: 'frete' })).toBeNull();
    expect(off.id).not.toBe(rule.id);
  });

  it('counts a sent answer once, then rates it by its first delivery report (100, then averaged)', async () => {
    const rule = await create('admin19', { name: 'Pix', keywords: ['pix'] });
    const before = h.published.length;
    await h.publish('tickets.autoResponse.sent', 19, { autoResponseId: rule.id, messageId: 5001 });
    await h.publish('tickets.autoResponse.sent', 19, { autoResponseId: rule.id, messageId: 5001 }); // redelivered: counted once
    let [listed] = (await api('admin19', 'GET', '/api/auto-responses')).body.autoResponses;
    expect(listed).toMatchObject({ usageCount: 1, successRate: 0 });
    expect(Date.now() - Date.parse(listed.lastUsed)).toBeLessThan(60_000);
    const used = eventsSince(before, 'channels.autoResponse.used');
    expect(used).toHaveLength(1);
    expect(emissionsFor(used[0]!.type, used[0]!)[0]).toMatchObject({ event: 'company-{companyId}-autoResponse', payload: { action: 'update' }, audience: { to: 'admins' } });

    await h.publish('channels.message.ack', 19, { messageId: 5001, wid: 'w1', ack: 1, error: null });
    await h.publish('channels.message.ack', 19, { messageId: 5001, wid: 'w1', ack: 3, error: null }); // only the first report rates
    [listed] = (await api('admin19', 'GET', '/api/auto-responses')).body.autoResponses;
    expect(listed).toMatchObject({ usageCount: 1, successRate: 100 });

    await h.publish('tickets.autoResponse.sent', 19, { autoResponseId: rule.id, messageId: 5002 });
    await h.publish('channels.message.ack', 19, { messageId: 5002, wid: null, ack: -1, error: 'ERR_SENDING_WAPP_MSG' });
    await h.publish('channels.message.ack', 19, { messageId: 7777, wid: null, ack: 1, error: null }); // not an auto-response
    [listed] = (await api('admin19', 'GET', '/api/auto-responses')).body.autoResponses;
    expect(listed).toMatchObject({ usageCount: 2, successRate: 50 });
    // The statistics read the same figures; the edit timestamp did not move.
    expect(listed.updatedAt).toBe(rule.updatedAt);
  });

  it('ignores a use reported for another company’s rule', async () => {
    const rule = await create('admin20', { name: 'Vinte', keywords: ['vinte'] });
    await h.publish('tickets.autoResponse.sent', 19, { autoResponseId: rule.id, messageId: 6001 });
    expect((await api('admin20', 'GET', '/api/auto-responses')).body.autoResponses[0]).toMatchObject({ usageCount: 0 });
  });
});

describe('GET /api/auto-responses/stats', () => {
  it('sums the company’s rules and usage and lists the most used', async () => {
    const a = await create('admin11', { name: 'A', keywords: ['a'], priority: 5 });
    const b = await create('admin11', { name: 'B', keywords: ['b'], priority: 1, isActive: false });
    await create('admin11', { name: 'C', keywords: ['c'] });
    for (const messageId of [8001, 8002]) await h.publish('tickets.autoResponse.sent', 11, { autoResponseId: b.id, messageId });
    await h.publish('tickets.autoResponse.sent', 11, { autoResponseId: a.id, messageId: 8003 });
    await h.publish('channels.message.ack', 11, { messageId: 8003, wid: 'x', ack: 2, error: null });
    const res = await api('admin11', 'GET', '/api/auto-responses/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, active: 2, inactive: 1, activeNow: 2, totalUsage: 3, averageSuccessRate: 50, byPriority: { high: 1, medium: 1, low: 1 } });
    expect(res.body.mostUsed.map((m: { name: string; usageCount: number; successRate: number }) => [m.name, m.usageCount, m.successRate])).toEqual([['B', 2, 0], ['A', 1, 100]]);
    expect((await api('admin12', 'GET', '/api/auto-responses/stats')).body.totalUsage).toBe(0);
    expect((await api('user1', 'GET', '/api/auto-responses/stats')).status).toBe(403);
  });
});
