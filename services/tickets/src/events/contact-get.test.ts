import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '@atende/kit';
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
