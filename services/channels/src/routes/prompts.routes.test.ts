import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '@atende/kit';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** AI prompts (spec 002 §2, §3, §5, §6, §7, §8, §9): /api/prompt. */
let h: Harness;
const tokens: Record<string, string> = {};
const C1 = 1;
const C2 = 2;
const C3 = 3; // a plan without useOpenAi
let q1: number;
let q1b: number;
let q2: number;
/** Tickets, the owner of queues, faked: what it answers for queues channels' projection does not know yet. */
const ticketsQueues = new Map<number, { companyId: number; name: string }>();

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const create = async (who: string, body: Record<string, unknown>) => {
  const res = await api(who, 'POST', '/api/prompt', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const base = () => ({ name: 'Atendente virtual', prompt: 'Você é a recepcionista da clínica.', apiKey: 'sk-test-1234567890abcd', queueId: q1 });

beforeAll(async () => {
  h = await startHarness({ recordSessions: true });
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  h.plans.set(C3, { ...fullPlan(), useOpenAi: false });
  tokens.admin = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  tokens.user = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  tokens.admin2 = h.signIn({ id: 2, companyId: C2, profile: 'admin' }).token;
  tokens.admin3 = h.signIn({ id: 3, companyId: C3, profile: 'admin' }).token;
  tokens.super = h.signIn({ id: 99, companyId: C2, profile: 'user', super: true }).token;
  q1 = await h.addQueue(C1, 'Recepção');
  q1b = await h.addQueue(C1, 'Financeiro');
  q2 = await h.addQueue(C2, 'Vendas');
  await answer(h.bus, 'tickets.queue.get', async ({ companyId, queueId }) => {
    const queue = ticketsQueues.get(queueId);
    return queue && queue.companyId === companyId ? { queue: { id: queueId, name: queue.name, color: '#5C59A0' } } : null;
  });
});
afterAll(async () => h?.stop());

describe('POST /api/prompt', () => {
  it('creates a prompt with the spec defaults, its queue named, announced to admins with the key masked', async () => {
    const before = h.published.length;
    const created = await create('admin', base());
    expect(created).toMatchObject({
      name: 'Atendente virtual',
      prompt: 'Você é a recepcionista da clínica.',
      apiKey: 'sk-test-1234567890abcd',
      queueId: q1,
      queue: { id: q1, name: 'Recepção' },
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      companyId: C1,
    });
    const event = h.published.slice(before).find((e) => e.type === 'channels.prompt.created');
    expect(event?.companyId).toBe(C1);
    expect((event?.data as any).prompt).toMatchObject({ id: created.id, name: 'Atendente virtual', apiKey: '••••••••abcd' });
  });

  it('keeps the voice, keys and numbers given', async () => {
    const created = await create('admin', {
      ...base(),
      name: 'Voz',
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-key',
      voiceRegion: 'brazilsouth',
      maxTokens: '250',
      temperature: 0.4,
      maxMessages: 20,
    });
    expect(created).toMatchObject({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key', voiceRegion: 'brazilsouth', maxTokens: 250, temperature: 0.4, maxMessages: 20 });
  });

  it('requires name, API key and prompt, and says "Informe o setor" without a queue', async () => {
    const empty = await api('admin', 'POST', '/api/prompt', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(empty.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Required' },
        { field: 'prompt', message: 'Required' },
        { field: 'apiKey', message: 'Required' },
        { field: 'queueId', message: 'Informe o setor' },
      ]),
    );
    const blank = await api('admin', 'POST', '/api/prompt', { ...base(), name: '   ', queueId: null });
    expect(blank.body.fields).toEqual(expect.arrayContaining([{ field: 'name', message: 'Required' }, { field: 'queueId', message: 'Informe o setor' }]));
  });

  it('refuses a queue of another company or an unknown one ("Informe o setor")', async () => {
    const theirs = await api('admin', 'POST', '/api/prompt', { ...base(), queueId: q2 });
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
    expect((await api('admin', 'POST', '/api/prompt', { ...base(), queueId: 987_654 })).body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
  });

  it('accepts a queue created a moment ago, before its event reaches channels (tickets is asked)', async () => {
    ticketsQueues.set(5001, { companyId: C1, name: 'Recém-criada' });
    const created = await create('admin', { ...base(), name: 'Fila nova', queueId: 5001 });
    expect(created).toMatchObject({ queueId: 5001, queue: { id: 5001, name: 'Recém-criada' } });
    const edited = await api('admin', 'PUT', `/api/prompt/${created.id}`, { queueId: 5001, name: 'Fila nova 2' });
    expect(edited.status).toBe(200);
    // Tickets answers with the caller's company: another company's new queue stays refused.
    ticketsQueues.set(5002, { companyId: C2, name: 'Deles' });
    expect((await api('admin', 'POST', '/api/prompt', { ...base(), queueId: 5002 })).body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
    expect((await api('admin', 'PUT', `/api/prompt/${created.id}`, { queueId: 5002 })).body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
  });

  it('checks temperature 0–2, max tokens, max messages and the voice', async () => {
    const bad = await api('admin', 'POST', '/api/prompt', { ...base(), temperature: 2.5, maxTokens: 0, maxMessages: 1000, voice: 'pt-BR-Nobody' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['maxMessages', 'maxTokens', 'temperature', 'voice']);
    expect((await api('admin', 'POST', '/api/prompt', { ...base(), temperature: -0.1 })).body.fields).toEqual([{ field: 'temperature', message: 'must be 0 or more' }]);
    expect((await api('admin', 'POST', '/api/prompt', { ...base(), name: 'x'.repeat(101) })).body.fields).toEqual([{ field: 'name', message: 'Too Long!' }]);
  });
});

describe('GET /api/prompt', () => {
  it('pages by name with count and hasMore, searches by name, masks the keys and names the queue', async () => {
    for (let i = 0; i < 22; i++) await create('admin2', { ...base(), name: `Prompt ${String(i).padStart(2, '0')}`, queueId: q2, apiKey: `sk-company2-key-${i}xyz` });
    const first = await api('admin2', 'GET', '/api/prompt');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.prompts).toHaveLength(20);
    expect(first.body.prompts[0]).toMatchObject({ name: 'Prompt 00', queue: { id: q2, name: 'Vendas' }, apiKey: '••••••••0xyz' });
    const second = await api('admin2', 'GET', '/api/prompt?pageNumber=2');
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.prompts.map((p: any) => p.name)).toEqual(['Prompt 20', 'Prompt 21']);
    expect((await api('admin2', 'GET', '/api/prompt?searchParam=prompt 1')).body.count).toBe(10);
    expect((await api('admin2', 'GET', '/api/prompt?pageNumber=0')).body.fields[0].field).toBe('pageNumber');
  });

  it("lists another company's prompts only to a super user (its connection editor), under that company's plan", async () => {
    await create('admin', { ...base(), name: 'Da clínica um' });
    const listed = await api('super', 'GET', `/api/prompt?companyId=${C1}&searchParam=${encodeURIComponent('clínica um')}`);
    expect(listed.status).toBe(200);
    expect(listed.body.prompts.map((p: any) => [p.name, p.companyId, p.queue?.name])).toEqual([['Da clínica um', C1, 'Recepção']]);
    // Anyone else's companyId is ignored: the caller's own list.
    expect((await api('admin2', 'GET', `/api/prompt?companyId=${C1}&searchParam=${encodeURIComponent('clínica um')}`)).body.count).toBe(0);
    const noFlag = await api('super', 'GET', `/api/prompt?companyId=${C3}`);
    expect(noFlag.status).toBe(403);
    expect(noFlag.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useOpenAi' });
    expect((await api('super', 'GET', '/api/prompt?companyId=0')).body.fields[0].field).toBe('companyId');
  });

  it('shows one prompt with its key in full (the edit form)', async () => {
    const created = await create('admin', { ...base(), name: 'Mostrar' });
    const shown = await api('admin', 'GET', `/api/prompt/${created.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: created.id, name: 'Mostrar', apiKey: 'sk-test-1234567890abcd', queue: { name: 'Recepção' } });
  });
});

describe('PUT /api/prompt/:id', () => {
  it('changes the fields sent and keeps the others, announced', async () => {
    const created = await create('admin', { ...base(), name: 'Editar' });
    const before = h.published.length;
    const res = await api('admin', 'PUT', `/api/prompt/${created.id}`, { name: 'Editado', queueId: q1b, temperature: 0.7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Editado', queueId: q1b, queue: { name: 'Financeiro' }, temperature: 0.7, maxTokens: 100, apiKey: 'sk-test-1234567890abcd' });
    const event = h.published.slice(before).find((e) => e.type === 'channels.prompt.updated');
    expect((event?.data as any).prompt).toMatchObject({ id: created.id, name: 'Editado' });
  });

  it('keeps the stored key when the list\'s masked key is sent back, and takes a new one', async () => {
    const created = await create('admin', { ...base(), name: 'Chave mascarada' });
    const listed = (await api('admin', 'GET', '/api/prompt?searchParam=Chave mascarada')).body.prompts[0];
    expect(listed.apiKey).toBe('••••••••abcd');
    // An integrator editing from the list answer sends every field back, the masked key included.
    const { id: _id, companyId: _c, queue: _q, createdAt: _ca, updatedAt: _ua, ...edited } = listed;
    const res = await api('admin', 'PUT', `/api/prompt/${created.id}`, { ...edited, name: 'Chave mantida' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Chave mantida', apiKey: 'sk-test-1234567890abcd' });
    expect((await api('admin', 'PUT', `/api/prompt/${created.id}`, { apiKey: '••••••••' })).body.apiKey).toBe('sk-test-1234567890abcd');
    expect((await api('admin', 'GET', `/api/prompt/${created.id}`)).body.apiKey).toBe('sk-test-1234567890abcd');
    expect((await api('admin', 'PUT', `/api/prompt/${created.id}`, { apiKey: 'sk-new-0987654321wxyz' })).body.apiKey).toBe('sk-new-0987654321wxyz');
  });

  it('refuses a masked key for a new prompt (there is no key it could stand for)', async () => {
    const res = await api('admin', 'POST', '/api/prompt', { ...base(), name: 'Só máscara', apiKey: '••••••••abcd' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'apiKey', message: expect.any(String) }] });
  });

  it('refuses emptying a required field or dropping the queue', async () => {
    const created = await create('admin', { ...base(), name: 'Obrigatórios' });
    const res = await api('admin', 'PUT', `/api/prompt/${created.id}`, { apiKey: '', queueId: null });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(expect.arrayContaining([{ field: 'apiKey', message: 'Required' }, { field: 'queueId', message: 'Informe o setor' }]));
    expect((await api('admin', 'PUT', `/api/prompt/${created.id}`, { queueId: q2 })).body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
    expect((await api('admin', 'PUT', '/api/prompt/999999', { name: 'Nada' })).body.error).toBe('ERR_NO_PROMPT_FOUND');
  });
});

describe('DELETE /api/prompt/:id', () => {
  it('deletes, announces it, and takes it off the connections that used it', async () => {
    const created = await create('admin', { ...base(), name: 'Apagar' });
    const connection = await api('admin', 'POST', '/api/whatsapp', { name: 'Clínica', promptId: created.id });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);
    expect(connection.body.promptId).toBe(created.id);
    const before = h.published.length;
    const res = await api('admin', 'DELETE', `/api/prompt/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Prompt deleted' });
    const events = h.published.slice(before);
    expect(events.find((e) => e.type === 'channels.prompt.deleted')?.data).toEqual({ promptId: created.id });
    const changed = events.find((e) => e.type === 'channels.connection.updated');
    expect((changed?.data as any).whatsapp).toMatchObject({ id: connection.body.id, promptId: null });
    expect((await api('admin', 'GET', `/api/whatsapp/${connection.body.id}`)).body.promptId).toBeNull();
    expect((await api('admin', 'GET', `/api/prompt/${created.id}`)).status).toBe(404);
    expect((await api('admin', 'DELETE', `/api/prompt/${created.id}`)).body.error).toBe('ERR_NO_PROMPT_FOUND');
  });
});

describe('connections name a prompt of the company', () => {
  it("refuses another company's or an unknown prompt on a connection (400 on promptId)", async () => {
    const theirs = await create('admin2', { ...base(), name: 'Deles', queueId: q2 });
    const refused = await api('admin', 'POST', '/api/whatsapp', { name: 'Com prompt alheio', promptId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'promptId', message: 'Unknown prompt' }]);
    const mine = await create('admin', { ...base(), name: 'Meu' });
    const conn = await api('admin', 'POST', '/api/whatsapp', { name: 'Com prompt' });
    expect((await api('admin', 'PUT', `/api/whatsapp/${conn.body.id}`, { promptId: 555_555 })).body.fields).toEqual([{ field: 'promptId', message: 'Unknown prompt' }]);
    expect((await api('admin', 'PUT', `/api/whatsapp/${conn.body.id}`, { promptId: mine.id })).body.promptId).toBe(mine.id);
    expect((await api('admin', 'PUT', `/api/whatsapp/${conn.body.id}`, { promptId: null })).body.promptId).toBeNull();
  });

  it('naming a prompt needs useOpenAi; a connection keeps the one it had when the plan loses the flag', async () => {
    const kept = await create('admin', { ...base(), name: 'Mantido' });
    const other = await create('admin', { ...base(), name: 'Outro' });
    const conn = await api('admin', 'POST', '/api/whatsapp', { name: 'Com IA', promptId: kept.id });
    expect(conn.status).toBe(201);
    h.plans.set(C1, { ...fullPlan(), useOpenAi: false });
    try {
      const renamed = await api('admin', 'PUT', `/api/whatsapp/${conn.body.id}`, { name: 'Com IA renomeada', promptId: kept.id });
      expect(renamed.status).toBe(200);
      const swapped = await api('admin', 'PUT', `/api/whatsapp/${conn.body.id}`, { promptId: other.id });
      expect(swapped.status).toBe(403);
      expect(swapped.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useOpenAi' });
      const fresh = await api('admin', 'POST', '/api/whatsapp', { name: 'Nova com IA', promptId: kept.id });
      expect(fresh.status).toBe(403);
      expect((await api('admin', 'GET', `/api/whatsapp/${conn.body.id}`)).body.promptId).toBe(kept.id);
    } finally {
      h.plans.set(C1, fullPlan());
    }
  });
});

describe('permissions and isolation', () => {
  it('is for admins of a plan with useOpenAi: profile user 403, plan off refused, no token 401', async () => {
    const asUser = await api('user', 'GET', '/api/prompt');
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('user', 'POST', '/api/prompt', base())).body.error).toBe('ERR_NO_PERMISSION');
    const noPlan = await api('admin3', 'GET', '/api/prompt');
    expect(noPlan.status).toBe(403);
    expect(noPlan.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('admin3', 'POST', '/api/prompt', base())).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(undefined, 'GET', '/api/prompt')).status).toBe(401);
  });

  it("never shows, changes or deletes another company's prompt (404), not even for a super user of another company", async () => {
    const theirs = await create('admin2', { ...base(), name: 'Isolado', queueId: q2 });
    expect((await api('admin', 'GET', `/api/prompt/${theirs.id}`)).status).toBe(404);
    expect((await api('admin', 'PUT', `/api/prompt/${theirs.id}`, { name: 'Meu' })).body.error).toBe('ERR_NO_PROMPT_FOUND');
    expect((await api('admin', 'DELETE', `/api/prompt/${theirs.id}`)).status).toBe(404);
    expect((await api('admin', 'GET', '/api/prompt?searchParam=Isolado')).body.count).toBe(0);
    expect((await api('admin2', 'GET', `/api/prompt/${theirs.id}`)).body.name).toBe('Isolado');
    // The super user acts in their own company (C2) like its admins.
    expect((await api('super', 'GET', `/api/prompt/${theirs.id}`)).status).toBe(200);
  });
});
