import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
let superSession: Session;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;
let other: Awaited<ReturnType<TestPlatform['createCompany']>>;
let attendant: Session;

beforeAll(async () => {
  platform = await startTestPlatform();
  superSession = await platform.login();
  company = await platform.createCompany();
  other = await platform.createCompany();
  attendant = (await platform.createUser(company.admin)).session;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('seed', () => {
  it('has company 1 with a plan of every feature, never seeded twice', async () => {
    const main = await platform.request('GET', '/api/companies/1', { token: superSession.token });
    expect(main.status).toBe(200);
    expect(main.body).toMatchObject({ id: 1, name: 'Empresa 1', status: true });
    const plan = await platform.request('GET', '/api/companies/listPlan/1', { token: superSession.token });
    expect(plan.body).toMatchObject({ users: 0, useWhatsapp: true, useKanban: true, useOpenAi: true, useExternalApi: true });
    const list = await platform.request('GET', '/api/companies/list', { token: superSession.token });
    expect(list.body.filter((c: { id: number }) => c.id === 1)).toHaveLength(1);
  });

  it('answers the version without a session', async () => {
    const answer = await platform.request('GET', '/api/version');
    expect(answer).toMatchObject({ status: 200, body: { version: expect.stringMatching(/^\d+\.\d+\.\d+/) } });
  });
});

describe('plans', () => {
  it('creates with the spec defaults, lists public ones without a session, refuses duplicates', async () => {
    const created = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: 'Gold' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Gold', users: 0, connections: 0, queues: 0, amount: '0.00', isPublic: true, useCampaigns: true, useIntegrations: true });
    const hidden = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: 'Hidden', isPublic: false, amount: '99,90' } });
    expect(hidden.body.amount).toBe('99.90');
    const open = await platform.request('GET', '/api/plans/list');
    expect(open.status).toBe(200);
    const names = open.body.map((p: { name: string }) => p.name);
    expect(names).toContain('Gold');
    expect(names).not.toContain('Hidden');
    const dup = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: 'gold' } });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_NAME' } });
  });

  it('validates fields', async () => {
    const bad = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: '', users: -1, amount: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('updates, and refuses to delete a plan in use', async () => {
    const plan = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: 'Silver' } });
    const updated = await platform.request('PUT', `/api/plans/${plan.body.id}`, { token: superSession.token, body: { users: 5, useKanban: false } });
    expect(updated.body).toMatchObject({ users: 5, useKanban: false });
    const used = await platform.createCompany({ planId: plan.body.id });
    const refused = await platform.request('DELETE', `/api/plans/${plan.body.id}`, { token: superSession.token });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
    expect((await platform.request('DELETE', `/api/companies/${used.companyId}`, { token: superSession.token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/plans/${plan.body.id}`, { token: superSession.token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/plans/${plan.body.id}`, { token: superSession.token })).body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('is the super user’s only', async () => {
    expect((await platform.request('POST', '/api/plans', { token: company.admin.token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await platform.request('GET', '/api/plans/all', { token: company.admin.token })).status).toBe(403);
    expect((await platform.request('GET', '/api/plans/all')).status).toBe(401);
  });
});

describe('companies', () => {
  it('creates a company with its admin, who can log in', async () => {
    const plan = await platform.request('POST', '/api/plans', { token: superSession.token, body: { name: 'Clinic plan' } });
    const created = await platform.request('POST', '/api/companies', {
      token: superSession.token,
      body: { name: 'Clínica Sorriso', email: 'owner@sorriso.example', password: 'sorriso-1', planId: plan.body.id, dueDate: '2030-01-31', recurrence: 'TRIMESTRAL' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Clínica Sorriso', dueDate: '2030-01-31', recurrence: 'TRIMESTRAL', plan: { name: 'Clinic plan' } });
    const session = await platform.login('owner@sorriso.example', 'sorriso-1');
    expect(session.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
    const listed = await eventually(async () => {
      const row = (await platform.request('GET', '/api/companies/list', { token: superSession.token })).body.find((c: { id: number }) => c.id === created.body.id);
      expect(row.lastLogin).not.toBeNull();
      return row;
    });
    expect(listed.name).toBe('Clínica Sorriso');
  });

  it("a password on the company form sets its admin's (whose sessions end); a company without its admin gets one; another company's e-mail is refused", async () => {
    const created = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Clínica Senha', email: 'owner@senha.example', password: 'primeira-1', planId: 1 } });
    expect(created.status).toBe(201);
    const before = await platform.login('owner@senha.example', 'primeira-1');
    const changed = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { password: 'segunda-2' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await platform.login('owner@senha.example', 'segunda-2')).user).toMatchObject({ profile: 'admin', companyId: created.body.id });
    expect((await platform.request('POST', '/api/auth/login', { body: { email: 'owner@senha.example', password: 'primeira-1' } })).status).toBe(401);
    await eventually(async () => expect((await platform.request('GET', '/api/users', { token: before.token })).status).toBe(401));
    // The e-mail changes in the same save: the admin found by the old one gets the password (no second admin).
    const moved = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { email: 'novo@senha.example', password: 'terceira-3' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await platform.login('owner@senha.example', 'terceira-3')).user.companyId).toBe(created.body.id);
    const adminless = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Clínica Sem Admin', email: 'owner@semadmin.example', planId: 1 } });
    expect((await platform.request('PUT', `/api/companies/${adminless.body.id}`, { token: superSession.token, body: { password: 'agora-1' } })).status).toBe(200);
    expect((await platform.login('owner@semadmin.example', 'agora-1')).user).toMatchObject({ profile: 'admin', companyId: adminless.body.id });
    const clash = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Clínica Alheia', email: 'owner@sorriso.example', planId: 1 } });
    const refused = await platform.request('PUT', `/api/companies/${clash.body.id}`, { token: superSession.token, body: { password: 'alheia-1' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_DUPLICATED_EMAIL');
  });

  it('keeps the address and the numbers of attendants and connections of the company form; an empty due date is none', async () => {
    const created = await platform.request('POST', '/api/companies', {
      token: superSession.token,
      body: {
        name: 'Clínica Endereço', email: 'owner@endereco.example', planId: 1, dueDate: '',
        address: 'Rua das Flores, 10', city: 'Campinas', state: 'SP', numberAttendants: '4', numberConections: 2,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dueDate: null, address: 'Rua das Flores, 10', city: 'Campinas', state: 'SP', numberAttendants: 4, numberConections: 2 });
    const updated = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { city: 'Santos', numberAttendants: 6, dueDate: '' } });
    expect(updated.body).toMatchObject({ city: 'Santos', state: 'SP', numberAttendants: 6, dueDate: null });
    const read = await platform.request('GET', `/api/companies/${created.body.id}`, { token: superSession.token });
    expect(read.body).toMatchObject({ address: 'Rua das Flores, 10', city: 'Santos', numberConections: 2 });
    const bad = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { numberConections: -1 } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'numberConections' }] } });
    // A day that is not in the calendar is the caller's mistake, named; a timestamp counts by its day.
    for (const dueDate of ['2030-13-45', '2030-02-30', 'soon']) {
      const refused = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { dueDate } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'dueDate', message: 'must be a date YYYY-MM-DD' }] } });
    }
    const stamped = await platform.request('PUT', `/api/companies/${created.body.id}`, { token: superSession.token, body: { dueDate: '2030-02-28T03:00:00.000Z' } });
    expect(stamped.body.dueDate).toBe('2030-02-28');
  });

  it("answers the company form's own messages (spec 001 §5), and a blank password is none", async () => {
    const empty = await platform.request('POST', '/api/companies', { token: superSession.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([
      { field: 'name', message: 'Nome é obrigatório' },
      { field: 'email', message: 'E-mail é obrigatório' },
      { field: 'planId', message: 'Plano é obrigatório' },
    ]);
    const badEmail = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Sem email', email: 'nope', planId: 1 } });
    expect(badEmail.body.fields).toEqual([{ field: 'email', message: 'Email é inválido' }]);
    const blankPassword = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Sem senha', email: 'sem-senha@example.com', planId: 1, password: '' } });
    expect(blankPassword.status).toBe(201);
  });

  it('leaves nothing behind when the admin e-mail is taken', async () => {
    const taken = await platform.request('POST', '/api/companies', {
      token: superSession.token,
      body: { name: 'Copycat', email: company.email, password: 'whatever-1', planId: 1 },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    const page = await platform.request('GET', '/api/companies?searchParam=Copycat', { token: superSession.token });
    expect(page.body).toMatchObject({ companies: [], count: 0, hasMore: false });
  });

  it('validates with the spec messages', async () => {
    const bad = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'A', email: 'nope' } });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body);
    expect(fields).toContain('Nome é obrigatório');
    expect(fields).toContain('Email é inválido');
    expect(fields).toContain('planId');
    const blank = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'Sem email', email: '', planId: 1 } });
    expect(blank).toMatchObject({ status: 400, body: { fields: [{ field: 'email', message: 'E-mail é obrigatório' }] } });
    const noPlan = await platform.request('POST', '/api/companies', { token: superSession.token, body: { name: 'No plan', email: 'x@example.com', planId: 999999 } });
    expect(noPlan).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('pages, edits, renews and deletes; company 1 cannot be deleted', async () => {
    const page = await platform.request('GET', '/api/companiesPlan?pageNumber=1', { token: superSession.token });
    expect(page.body.companies.length).toBeGreaterThanOrEqual(3);
    expect(page.body.companies[0].plan).not.toBeUndefined();
    const renewed = await platform.request('PUT', `/api/companies/${other.companyId}`, { token: superSession.token, body: { dueDate: '2031-02-28', recurrence: 'ANUAL' } });
    expect(renewed.body).toMatchObject({ dueDate: '2031-02-28', recurrence: 'ANUAL' });
    // The English names of spec 000 §9 are the same recurrences; anything else names the field.
    for (const [sent, stored] of [['monthly', 'MENSAL'], ['Quarterly', 'TRIMESTRAL'], ['semestral', 'SEMESTRAL']]) {
      const res = await platform.request('PUT', `/api/companies/${other.companyId}`, { token: superSession.token, body: { recurrence: sent } });
      expect(res.body.recurrence, sent).toBe(stored);
    }
    const weekly = await platform.request('PUT', `/api/companies/${other.companyId}`, { token: superSession.token, body: { recurrence: 'weekly' } });
    expect(weekly).toMatchObject({ status: 400, body: { fields: [{ field: 'recurrence' }] } });
    const main = await platform.request('DELETE', '/api/companies/1', { token: superSession.token });
    expect(main).toMatchObject({ status: 400, body: { error: 'ERR_CANNOT_DELETE_MAIN_COMPANY' } });
    expect((await platform.request('PUT', '/api/companies/424242', { token: superSession.token, body: { name: 'Ghost' } })).status).toBe(404);
  });

  it('lets members read only their own company and plan', async () => {
    expect((await platform.request('GET', `/api/companies/${company.companyId}`, { token: attendant.token })).status).toBe(200);
    expect((await platform.request('GET', `/api/companies/listPlan/${company.companyId}`, { token: company.admin.token })).status).toBe(200);
    expect((await platform.request('GET', `/api/companies/${other.companyId}`, { token: company.admin.token })).status).toBe(404);
    expect((await platform.request('GET', `/api/companies/listPlan/${other.companyId}`, { token: company.admin.token })).status).toBe(404);
    expect((await platform.request('GET', '/api/companies', { token: company.admin.token })).status).toBe(403);
    // The companies list with plan is shown to admins: their own company, never another's.
    const own = await platform.request('GET', '/api/companiesPlan?pageNumber=1', { token: company.admin.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ count: 1, hasMore: false });
    expect(own.body.companies.map((c: { id: number }) => c.id)).toEqual([company.companyId]);
    expect(own.body.companies[0].plan).toMatchObject({ id: expect.any(Number) });
    expect((await platform.request('GET', '/api/companiesPlan?pageNumber=1', { token: attendant.token })).status).toBe(403);
    expect((await platform.request('PUT', `/api/companies/${company.companyId}`, { token: company.admin.token, body: { dueDate: '2999-01-01' } })).status).toBe(403);
    expect((await platform.request('DELETE', `/api/companies/${other.companyId}`, { token: company.admin.token })).status).toBe(403);
  });

  it('saves working hours for the admin’s own company only', async () => {
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }];
    const saved = await platform.request('PUT', `/api/companies/${company.companyId}/schedules`, { token: company.admin.token, body: { schedules } });
    expect(saved.body.schedules).toEqual(schedules);
    expect((await platform.request('PUT', `/api/companies/${other.companyId}/schedules`, { token: company.admin.token, body: { schedules } })).status).toBe(404);
    expect((await platform.request('PUT', `/api/companies/${company.companyId}/schedules`, { token: attendant.token, body: { schedules } })).status).toBe(403);
    const bad = await platform.request('PUT', `/api/companies/${company.companyId}/schedules`, { token: company.admin.token, body: { schedules: [{ ...schedules[0], startTimeA: '25:00' }] } });
    expect(bad.status).toBe(400);
  });
});

describe('settings', () => {
  it('lists every key with defaults, per company, without platform keys for admins', async () => {
    const list = await platform.request('GET', '/api/settings', { token: company.admin.token });
    expect(list.status).toBe(200);
    const byKey = Object.fromEntries(list.body.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(byKey).toMatchObject({ userRating: 'disabled', sendSignMessage: 'enabled', scheduleType: 'disabled', textCorrectorModel: 'gpt-4o-mini' });
    expect(byKey.userCreation).toBeUndefined();
    expect(list.body.every((s: { companyId: number }) => s.companyId === company.companyId)).toBe(true);
  });

  it('updates a key for the caller’s company only and validates the value', async () => {
    const saved = await platform.request('PUT', '/api/settings/userRating', { token: company.admin.token, body: { value: 'enabled' } });
    expect(saved.body).toMatchObject({ key: 'userRating', value: 'enabled', companyId: company.companyId });
    expect((await platform.request('GET', '/api/setting/userRating', { token: attendant.token })).body).toEqual({ key: 'userRating', value: 'enabled' });
    expect((await platform.request('GET', '/api/setting/userRating', { token: other.admin.token })).body.value).toBe('disabled');
    const bad = await platform.request('PUT', '/api/settings/userRating', { token: company.admin.token, body: { value: 'maybe' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    // The text corrector's model: one of the current list of spec 001 §9; the older list's dropped models no longer.
    for (const model of ['gpt-4.1-mini-2025-04-14', 'llama3-70b-8192', 'gemini-2.5-flash']) {
      expect((await platform.request('PUT', '/api/settings/textCorrectorModel', { token: company.admin.token, body: { value: model } })).body).toMatchObject({ value: model });
    }
    for (const model of ['claude-3-haiku', 'gpt-3.5-turbo', 'mixtral-8x7b-32768']) {
      expect((await platform.request('PUT', '/api/settings/textCorrectorModel', { token: company.admin.token, body: { value: model } })).status, model).toBe(400);
    }
    expect((await platform.request('PUT', '/api/settings/noSuchKey', { token: company.admin.token, body: { value: 'x' } })).body.error).toBe('ERR_NO_SETTING_FOUND');
    expect((await platform.request('PUT', '/api/settings/userRating', { token: attendant.token, body: { value: 'disabled' } })).status).toBe(403);
    const companyWay = await platform.request('PUT', '/api/companySettings', { token: company.admin.token, body: { column: 'requiredTag', data: 'enabled' } });
    expect(companyWay.body).toMatchObject({ key: 'requiredTag', value: 'enabled' });
    expect((await platform.request('GET', '/api/companySettingOne?column=requiredTag', { token: attendant.token })).body).toMatchObject({ requiredTag: 'enabled' });
    const all = await platform.request('GET', `/api/companySettings/${company.companyId}`, { token: attendant.token });
    expect(all.body).toMatchObject({ companyId: company.companyId, requiredTag: 'enabled', userRating: 'enabled' });
    expect((await platform.request('GET', `/api/companySettings/${company.companyId}`, { token: other.admin.token })).status).toBe(404);
  });

  it("a custom message is not cleared while its switch requires it (spec 001 §5); the switch may go on first", async () => {
    const put = (key: string, value: string) => platform.request('PUT', `/api/settings/${key}`, { token: other.admin.token, body: { value } });
    expect((await put('transferMessage', '')).status).toBe(200);
    expect((await put('sendMsgTransfTicket', 'enabled')).status).toBe(200);
    expect((await put('transferMessage', 'Você foi transferido para {{queue}}')).status).toBe(200);
    const cleared = await put('transferMessage', '  ');
    expect(cleared.status).toBe(400);
    expect(cleared.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'value', message: 'Obrigatório enquanto "sendMsgTransfTicket" estiver habilitado' }] });
    expect((await put('sendMsgTransfTicket', 'disabled')).status).toBe(200);
    expect((await put('transferMessage', '')).status).toBe(200);
    // The calls' message is required while calls are refused.
    expect((await put('acceptCallWhatsapp', 'disabled')).status).toBe(200);
    expect((await put('AcceptCallWhatsappMessage', '')).status).toBe(400);
  });

  it('never answers an API key in clear', async () => {
    await platform.request('PUT', '/api/settings/textCorrectorOpenAiApiKey', { token: company.admin.token, body: { value: 'sk-live-verysecret-9876' } });
    const read = await platform.request('GET', '/api/setting/textCorrectorOpenAiApiKey', { token: company.admin.token });
    expect(read.body.value).toBe('••••••••9876');
    const list = await platform.request('GET', '/api/settings', { token: company.admin.token });
    expect(JSON.stringify(list.body)).not.toContain('verysecret');
    // Sending the mask back keeps the stored key.
    await platform.request('PUT', '/api/settings/textCorrectorOpenAiApiKey', { token: company.admin.token, body: { value: '••••••••9876' } });
    expect((await platform.request('GET', '/api/setting/textCorrectorOpenAiApiKey', { token: company.admin.token })).body.value).toBe('••••••••9876');
  });

  it('keeps platform keys to the super user and serves only public keys without a session', async () => {
    expect((await platform.request('PUT', '/api/settings/userCreation', { token: company.admin.token, body: { value: 'enabled' } })).status).toBe(403);
    expect((await platform.request('GET', '/api/public-settings/userCreation')).body).toBe('disabled');
    await platform.request('PUT', '/api/settings/userCreation', { token: superSession.token, body: { value: 'enabled' } });
    await platform.request('PUT', '/api/settings/appName', { token: superSession.token, body: { value: 'Clinic Desk' } });
    expect((await platform.request('GET', '/api/public-settings/userCreation')).body).toBe('enabled');
    expect((await platform.request('GET', '/api/public-settings/appName')).body).toBe('Clinic Desk');
    expect((await platform.request('GET', '/api/public-settings/primaryColorLight')).body).toBe('#065183');
    expect((await platform.request('GET', '/api/public-settings/textCorrectorOpenAiApiKey')).status).toBe(404);
    expect((await platform.request('GET', '/api/public-settings/userRating')).status).toBe(404);
    const badColour = await platform.request('PUT', '/api/settings/primaryColorDark', { token: superSession.token, body: { value: 'blue' } });
    expect(badColour.status).toBe(400);
    await platform.request('PUT', '/api/settings/userCreation', { token: superSession.token, body: { value: 'disabled' } });
  });
});

describe('helps', () => {
  it('super user edits, everyone reads', async () => {
    const created = await platform.request('POST', '/api/helps', { token: superSession.token, body: { title: 'Primeiros passos', description: 'Como atender', video: 'dQw4w9WgXcQ' } });
    expect(created.status).toBe(201);
    expect((await platform.request('GET', '/api/helps/list', { token: attendant.token })).body.map((h: { title: string }) => h.title)).toContain('Primeiros passos');
    const page = await platform.request('GET', '/api/helps?searchParam=primeiros', { token: attendant.token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    const updated = await platform.request('PUT', `/api/helps/${created.body.id}`, { token: superSession.token, body: { title: 'Primeiros passos (novo)' } });
    expect(updated.body.title).toBe('Primeiros passos (novo)');
    expect((await platform.request('POST', '/api/helps', { token: company.admin.token, body: { title: 'x' } })).status).toBe(403);
    expect((await platform.request('POST', '/api/helps', { token: superSession.token, body: { title: '' } })).status).toBe(400);
    expect((await platform.request('DELETE', `/api/helps/${created.body.id}`, { token: superSession.token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/helps/${created.body.id}`, { token: superSession.token })).body.error).toBe('ERR_NO_HELP_FOUND');
  });

  it('one help per title, whatever its case (409 ERR_DUPLICATED_NAME naming title); a help keeps its own title on save', async () => {
    const first = await platform.request('POST', '/api/helps', { token: superSession.token, body: { title: 'Conectar o WhatsApp' } });
    const second = await platform.request('POST', '/api/helps', { token: superSession.token, body: { title: 'Filas e chatbot' } });
    const again = await platform.request('POST', '/api/helps', { token: superSession.token, body: { title: 'conectar o whatsapp' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_DUPLICATED_NAME', fields: [{ field: 'title', message: 'already in use' }] });
    const renamed = await platform.request('PUT', `/api/helps/${second.body.id}`, { token: superSession.token, body: { title: 'Conectar o WhatsApp' } });
    expect(renamed.status).toBe(409);
    expect((await platform.request('PUT', `/api/helps/${first.body.id}`, { token: superSession.token, body: { title: 'Conectar o WhatsApp', description: 'Leia o QR code' } })).status).toBe(200);
    expect((await platform.request('GET', `/api/helps/${second.body.id}`, { token: superSession.token })).body.title).toBe('Filas e chatbot');
    // A help that does not exist is not found, whatever its title would clash with.
    expect((await platform.request('PUT', '/api/helps/999999', { token: superSession.token, body: { title: 'Conectar o WhatsApp' } })).body.error).toBe('ERR_NO_HELP_FOUND');
  });
});
