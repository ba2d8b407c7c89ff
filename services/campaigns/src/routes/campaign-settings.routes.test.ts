import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullPlan, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { campaignSettingsOf } from '../db/campaign-settings.repository.js';
import { schema } from '../db/schema.js';
import { campaignsConfigShape, createCampaignsService } from '../index.js';

/** Campaign settings (spec 002 §2 /campaigns-config, §3, §7). */
let h: ServiceHarness;
const C1 = 1;
const C2 = 2;
const C3 = 3;
const tokens: Record<string, string> = {};
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0 };
const api = <T = any>(who: string, method: string, url: string, body?: unknown) => h.request<T>(method, url, { token: tokens[who], body });
const asObject = (list: { key: string; value: unknown }[]) => Object.fromEntries(list.map((s) => [s.key, s.value]));

const defaults = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  h.plans.set(C3, { ...fullPlan(), useCampaigns: false });
  tokens.admin = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  tokens.user = h.signIn({ id: 11, companyId: C1 }).token;
  tokens.admin2 = h.signIn({ id: 2, companyId: C2, profile: 'admin' }).token;
  tokens.admin3 = h.signIn({ id: 3, companyId: C3, profile: 'admin' }).token;
});
afterAll(async () => h?.stop());

describe('campaign settings', () => {
  it('lists every key with its default before anything is saved', async () => {
    const res = await api('admin2', 'GET', '/api/campaign-settings');
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.key)).toEqual(Object.keys(defaults));
    expect(asObject(res.body)).toEqual(defaults);
  });

  it('saves { settings: {...} } and the bare object alike; keys left out keep their value; other companies untouched', async () => {
    const saved = await api('admin', 'POST', '/api/campaign-settings', {
      settings: { messageInterval: 30, sabado: true, startHour: '08:30', variables: [{ key: 'empresa', value: 'Atende' }] },
    });
    expect(saved.status).toBe(200);
    expect(asObject(saved.body)).toEqual({ ...defaults, messageInterval: 30, sabado: true, startHour: '08:30', variables: [{ key: 'empresa', value: 'Atende' }] });
    const bare = await api('admin', 'POST', '/api/campaign-settings', { greaterInterval: '100', domingo: 'true', endHour: '20:00' });
    expect(bare.status).toBe(200);
    const now = asObject((await api('admin', 'GET', '/api/campaign-settings')).body);
    expect(now).toEqual({ ...defaults, messageInterval: 30, greaterInterval: 100, sabado: true, domingo: true, startHour: '08:30', endHour: '20:00', variables: [{ key: 'empresa', value: 'Atende' }] });
    expect(asObject((await api('admin2', 'GET', '/api/campaign-settings')).body)).toEqual(defaults);
    // What the campaign runner reads.
    expect(await campaignSettingsOf(drizzle(h.sql, { schema }), C1)).toEqual(now);
  });

  it('validates each value (400 naming the field) and saves nothing then', async () => {
    const bad = await api('admin2', 'POST', '/api/campaign-settings', { settings: { messageInterval: -1, startHour: '25:00', sabado: 'talvez' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['settings.messageInterval', 'settings.sabado', 'settings.startHour']);
    const dup = await api('admin2', 'POST', '/api/campaign-settings', { variables: [{ key: 'x', value: '1' }, { key: 'X', value: '2' }] });
    expect(dup.status).toBe(400);
    expect(dup.body.fields[0].field).toBe('variables');
    expect((await api('admin2', 'POST', '/api/campaign-settings', { variables: [{ key: '', value: '1' }] })).body.fields[0].field).toBe('variables.0.key');
    expect(asObject((await api('admin2', 'GET', '/api/campaign-settings')).body)).toEqual(defaults);
  });

  it('keeps a key sent empty (null or "") and refuses what is no number, instead of saving 0 (no pause)', async () => {
    const kept = await api('admin2', 'POST', '/api/campaign-settings', { messageInterval: null, greaterInterval: '', settings: { longerIntervalAfter: null, sabado: null, startHour: '' } });
    expect(kept.status).toBe(200);
    expect(asObject(kept.body)).toEqual(defaults);
    for (const body of [{ longerIntervalAfter: [] }, { messageInterval: true }, { settings: { greaterInterval: {} } }]) {
      const bad = await api('admin2', 'POST', '/api/campaign-settings', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.fields[0].message).toBe('must be a number');
    }
    expect(asObject((await api('admin2', 'GET', '/api/campaign-settings')).body)).toEqual(defaults);
  });

  it("takes the intervals among the screen's choices (spec 002 §9), naming each value outside them", async () => {
    const bad = await api('admin2', 'POST', '/api/campaign-settings', { messageInterval: 7, settings: { greaterInterval: 25, longerIntervalAfter: 70 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields).toEqual([
      { field: 'messageInterval', message: 'must be one of 0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120' },
      { field: 'settings.longerIntervalAfter', message: 'must be one of 0, 5, 10, 15, 20, 30, 40, 50, 60' },
      { field: 'settings.greaterInterval', message: 'must be one of 0, 40, 60, 80, 100, 120, 140, 160, 180, 200' },
    ]);
    expect(asObject((await api('admin2', 'GET', '/api/campaign-settings')).body)).toEqual(defaults);
    const ok = await api('admin2', 'POST', '/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 50, greaterInterval: 200 } });
    expect(asObject(ok.body)).toMatchObject({ messageInterval: 0, longerIntervalAfter: 50, greaterInterval: 200 });
    await api('admin2', 'POST', '/api/campaign-settings', { settings: defaults });
  });

  it('saves the form again with a value stored outside the choices before they were checked', async () => {
    await h.sql`insert into campaigns.campaign_settings (company_id, key, value) values (${C2}, 'greaterInterval', '90'::jsonb)
      on conflict (company_id, key) do update set value = excluded.value`;
    const saved = await api('admin2', 'POST', '/api/campaign-settings', { settings: { ...defaults, greaterInterval: 90, sabado: true } });
    expect(saved.status).toBe(200);
    expect(asObject(saved.body)).toEqual({ ...defaults, greaterInterval: 90, sabado: true });
    await api('admin2', 'POST', '/api/campaign-settings', { settings: defaults });
  });

  it('is for admins of a plan with campaigns', async () => {
    expect((await api('user', 'GET', '/api/campaign-settings')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('user', 'POST', '/api/campaign-settings', { messageInterval: 5 })).status).toBe(403);
    expect((await api('admin3', 'GET', '/api/campaign-settings')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('admin3', 'POST', '/api/campaign-settings', { messageInterval: 5 })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/api/campaign-settings')).status).toBe(401);
  });
});
