import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** A queue integration deleted in channels leaves the queues and chatbot options that named it. */
let h: Harness;
const tokens: Record<string, string> = {};
let color = 0x200000;

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const makeQueue = async (who: string, name: string, extra: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/queue', { name, color: `#${(color++).toString(16)}`, greetingMessage: `Bem-vindo a ${name}`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

beforeAll(async () => {
  h = await startHarness();
  h.plans.set(1, { useIntegrations: true });
  h.plans.set(2, { useIntegrations: true });
  tokens.admin1 = (await h.signUp({ id: 1, companyId: 1, profile: 'admin' })).token;
  tokens.admin2 = (await h.signUp({ id: 2, companyId: 2, profile: 'admin' })).token;
});
afterAll(async () => h?.stop());

describe('channels.queueIntegration.deleted', () => {
  it("clears the integration from the company's queues and chatbot options, announcing the queues", async () => {
    const withIt = await makeQueue('admin1', 'Typebot', {
      integrationId: 77,
      chatbots: [
        { name: 'Robô', queueType: 'integration', optIntegrationId: 77 },
        { name: 'Outro robô', queueType: 'integration', optIntegrationId: 78 },
      ],
    });
    const other = await makeQueue('admin1', 'Outra integração', { integrationId: 78 });
    const otherCompany = await makeQueue('admin2', 'Mesma id noutra empresa', { integrationId: 77, chatbots: [{ name: 'Robô', queueType: 'integration', optIntegrationId: 77 }] });
    const before = h.published.length;

    await h.publish('channels.queueIntegration.deleted', 1, { integrationId: 77 });

    const shown = (await api('admin1', 'GET', `/api/queue/${withIt.id}`)).body;
    expect(shown.integrationId).toBeNull();
    expect(shown.chatbots.map((o: any) => [o.name, o.optIntegrationId])).toEqual([
      ['Robô', null],
      ['Outro robô', 78],
    ]);
    expect((await api('admin1', 'GET', `/api/queue/${other.id}`)).body.integrationId).toBe(78);
    const theirs = (await api('admin2', 'GET', `/api/queue/${otherCompany.id}`)).body;
    expect(theirs.integrationId).toBe(77);
    expect(theirs.chatbots[0].optIntegrationId).toBe(77);
    const updates = h.published.slice(before).filter((e) => e.type === 'tickets.queue.updated') as Envelope<any>[];
    expect(updates.map((e) => [e.companyId, e.data.queue.id, e.data.queue.integrationId])).toEqual([[1, withIt.id, null]]);
  });

  it('is harmless when redelivered or when nothing named the integration', async () => {
    const before = h.published.length;
    await h.publish('channels.queueIntegration.deleted', 1, { integrationId: 77 });
    await h.publish('channels.queueIntegration.deleted', 1, { integrationId: 999 });
    expect(h.published.slice(before).filter((e) => e.type === 'tickets.queue.updated')).toEqual([]);
  });
});
