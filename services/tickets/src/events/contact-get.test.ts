import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '@atende/kit';
import { contactTags, contacts } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { startHarness, type Harness } from '../testing/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('tickets.contact.get', () => {
  it('answers the name and number of a contact of the company', async () => {
    const id = await h.insertContact(1, { name: 'Maria', number: '5511988887777' });
    await expect(ask(h.bus, 'tickets.contact.get', { companyId: 1, contactId: id })).resolves.toEqual({ contact: { id, name: 'Maria', number: '5511988887777' } });
  });

  it("answers null for another company's contact or an unknown id", async () => {
    const id = await h.insertContact(1, { name: 'João' });
    await expect(ask(h.bus, 'tickets.contact.get', { companyId: 2, contactId: id })).resolves.toBeNull();
    await expect(ask(h.bus, 'tickets.contact.get', { companyId: 1, contactId: 999_999 })).resolves.toBeNull();
  });
});

describe('tickets.contacts.tagged', () => {
  it("answers the tag's active, non-group contacts of the company, oldest first", async () => {
    const tagId = await h.insertTag(1, 'Campanha natal');
    const ana = await h.insertContact(1, { name: 'Ana', number: '5511911110001' });
    const bia = await h.insertContact(1, { name: 'Bia', number: '5511911110002' });
    const blocked = await h.insertContact(1, { name: 'Bloqueado', number: '5511911110003' });
    const group = await h.insertContact(1, { name: 'Grupo', number: '120363000000001', isGroup: true });
    await h.insertContact(1, { name: 'Sem etiqueta', number: '5511911110004' });
    await h.deps.db.update(contacts).set({ active: false }).where(eq(contacts.id, blocked));
    await h.deps.db.insert(contactTags).values([bia, ana, blocked, group].map((contactId) => ({ contactId, tagId, companyId: 1 })));
    const answer = await ask(h.bus, 'tickets.contacts.tagged', { companyId: 1, tagId });
    expect(answer?.contacts.map((c) => c.name)).toEqual(['Ana', 'Bia']);
    expect(answer?.contacts[0]).toEqual({ name: 'Ana', number: '5511911110001', email: '' });
  });

  it("answers null for another company's tag", async () => {
    const tagId = await h.insertTag(1, 'Só da empresa 1');
    await expect(ask(h.bus, 'tickets.contacts.tagged', { companyId: 2, tagId })).resolves.toBeNull();
  });
});

describe('tickets.queue.get', () => {
  it("answers a queue of the company by id, null for another company's or an unknown one", async () => {
    const id = await h.insertQueue(1, 'Recém-criada');
    await expect(ask(h.bus, 'tickets.queue.get', { companyId: 1, queueId: id })).resolves.toEqual({ queue: { id, name: 'Recém-criada', color: expect.stringMatching(/^#/) } });
    await expect(ask(h.bus, 'tickets.queue.get', { companyId: 2, queueId: id })).resolves.toBeNull();
    await expect(ask(h.bus, 'tickets.queue.get', { companyId: 1, queueId: 999_999 })).resolves.toBeNull();
  });
});
