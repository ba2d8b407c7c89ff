import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageReceived } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * Facebook and Instagram messages (reported by channels from Meta's webhook) become tickets and contacts
 * of their own channel (spec 000 §1: channels of a ticket whatsapp, facebook, instagram).
 */
let h: Harness;
const COMPANY = 1;

const received = (over: Partial<MessageReceived>): MessageReceived => ({
  connectionId: 300,
  channel: 'facebook',
  contact: { number: '24681357902468135', name: 'Maria Souza', pictureUrl: 'https://cdn.example/maria.jpg', lid: null, remoteJid: null },
  isGroup: false,
  group: null,
  wid: `m.${Math.random().toString(36).slice(2)}`,
  fromMe: false,
  body: 'Olá pelo Messenger',
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  await h.publish('channels.connection.updated', COMPANY, { connection: makeConnection({ id: 300, companyId: COMPANY, name: 'Página', channel: 'facebook' }) });
  await h.publish('channels.connection.updated', COMPANY, { connection: makeConnection({ id: 301, companyId: COMPANY, name: 'Direct', channel: 'instagram', isDefault: false }) });
});
afterAll(async () => h?.stop());

describe('messages from Facebook and Instagram', () => {
  it('open a ticket and a contact of the channel they came by, the sender id as the number', async () => {
    await h.publish('channels.message.received', COMPANY, received({}));
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 301, channel: 'instagram', contact: { number: '17841400000000001', name: 'maria.ig', pictureUrl: null, lid: null, remoteJid: null } }));
    const rows = await h.sql<{ number: string; name: string; contact_channel: string; ticket_channel: string; whatsapp_id: number }[]>`
      select c.number, c.name, c.channel as contact_channel, t.channel as ticket_channel, t.whatsapp_id
      from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where t.company_id = ${COMPANY} order by t.id`;
    expect(rows).toEqual([
      { number: '24681357902468135', name: 'Maria Souza', contact_channel: 'facebook', ticket_channel: 'facebook', whatsapp_id: 300 },
      { number: '17841400000000001', name: 'maria.ig', contact_channel: 'instagram', ticket_channel: 'instagram', whatsapp_id: 301 },
    ]);
  });

  it('answer through the send command with the channel and the sender id', async () => {
    const data = received({ contact: { number: '11112222333344445', name: 'João', pictureUrl: null, lid: null, remoteJid: null } });
    await h.publish('channels.message.received', COMPANY, data);
    const [ticket] = await h.sql<{ id: number }[]>`
      select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = '11112222333344445'`;
    const admin = (await h.signUp({ id: 1, companyId: COMPANY, profile: 'admin' })).token;
    // The attendant accepted it.
    await h.sql`update tickets.tickets set status = 'open', user_id = 1 where id = ${ticket!.id}`;
    const before = h.published.length;
    const res = await h.request('POST', `/api/messages/${ticket!.id}`, { token: admin, body: { body: 'Bom dia!' } });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await h.flush();
    const send = h.published.slice(before).find((e) => e.type === 'channels.message.send') as { data: { channel: string; connectionId: number; to: { number: string } } } | undefined;
    expect(send?.data).toMatchObject({ channel: 'facebook', connectionId: 300, to: { number: '11112222333344445' } });
  });
});
