import { describe, expect, it } from 'vitest';
import { emissionsFor } from './socket.js';

const ticket = {
  id: 31,
  uuid: '7d0e5c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  status: 'open',
  userId: 4,
  queueId: 2,
  isGroup: false,
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const byEvent = (subject: string, data: unknown, event: string) => emissionsFor(subject, { companyId: 5, data }).filter((e) => e.event === event);

describe('ticket:activity (spec 000 §7 live events)', () => {
  it('a ticket created or updated is one line to whoever may see that ticket', () => {
    for (const [subject, action] of [
      ['tickets.ticket.created', 'create'],
      ['tickets.ticket.updated', 'update'],
    ] as const) {
      const [activity, ...more] = byEvent(subject, { ticket, previous: null }, 'ticket:activity');
      expect(more).toEqual([]);
      expect(activity).toEqual({
        event: 'ticket:activity',
        payload: { action, ticketId: 31, uuid: ticket.uuid, status: 'open', at: ticket.updatedAt },
        audience: { to: 'ticket', ticket },
      });
    }
  });

  it('a message says who wrote it, and a delete carries the last known scope only', () => {
    const message = { id: 9, fromMe: false, createdAt: '2026-11-27T10:01:00.000Z' };
    expect(byEvent('tickets.message.created', { message, ticket, contact: {} }, 'ticket:activity')[0]?.payload).toEqual({
      action: 'message',
      ticketId: 31,
      uuid: ticket.uuid,
      status: 'open',
      at: message.createdAt,
      fromMe: false,
    });
    const scope = { id: 31, status: 'pending', userId: null, queueId: 2, isGroup: false };
    expect(byEvent('tickets.ticket.deleted', { ticketId: 31, scope }, 'ticket:activity')).toEqual([
      { event: 'ticket:activity', payload: { action: 'delete', ticketId: 31, uuid: null, status: 'pending', at: null }, audience: { to: 'ticket', ticket: scope } },
    ]);
  });
});

describe('dashboard:update', () => {
  it('every ticket change tells the whole company its figures changed, with nothing about the ticket', () => {
    for (const [subject, data] of [
      ['tickets.ticket.created', { ticket }],
      ['tickets.ticket.updated', { ticket, previous: null }],
      ['tickets.ticket.deleted', { ticketId: 31, scope: ticket }],
    ] as const) {
      expect(byEvent(subject, data, 'dashboard:update')).toEqual([{ event: 'dashboard:update', payload: { action: 'update', cause: 'ticket' }, audience: { to: 'company' } }]);
    }
    expect(byEvent('tickets.message.created', { message: { createdAt: '', fromMe: true }, ticket, contact: {} }, 'dashboard:update')).toEqual([]);
  });
});

describe('system:alert', () => {
  const session = (status: string) => ({ id: 3, status, qrcode: '', retries: 0, updatedAt: '2026-11-27T10:02:00.000Z' });
  it("a connection that went down (DISCONNECTED, TIMEOUT) alerts the company's admins", () => {
    for (const status of ['DISCONNECTED', 'TIMEOUT']) {
      expect(byEvent('channels.session.updated', { session: session(status) }, 'system:alert')).toEqual([
        {
          event: 'system:alert',
          payload: { level: 'warning', code: `CONNECTION_${status}`, whatsappId: 3, status, at: '2026-11-27T10:02:00.000Z' },
          audience: { to: 'admins' },
        },
      ]);
    }
  });

  it('a connection pairing, opening or connected is no alert', () => {
    for (const status of ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED']) expect(byEvent('channels.session.updated', { session: session(status) }, 'system:alert')).toEqual([]);
  });
});

describe('company-{id}-quickmessage reaches whoever may read the reply (spec 002)', () => {
  const reply = (fields: { geral: boolean; visao: boolean; userId: number | null }) => ({ id: 9, shortcode: 'oi', message: 'Olá', mediaPath: null, mediaName: null, companyId: 5, ...fields });
  const audiences = (subject: string, quickMessage: unknown) => emissionsFor(subject, { companyId: 5, data: { quickMessage } }).map((e) => [(e.payload as { action: string }).action, e.audience]);

  it('a shared or visible one: the whole company', () => {
    expect(audiences('tickets.quickMessage.created', reply({ geral: true, visao: false, userId: 4 }))).toEqual([['create', { to: 'company' }]]);
    expect(audiences('tickets.quickMessage.updated', reply({ geral: false, visao: true, userId: 4 }))).toEqual([['update', { to: 'company' }]]);
  });

  it('a private one: its owner and the admins; made private, it leaves the others first', () => {
    expect(audiences('tickets.quickMessage.created', reply({ geral: false, visao: false, userId: 4 }))).toEqual([
      ['create', { to: 'admins' }],
      ['create', { to: 'user', userId: 4, exceptAdmins: true }],
    ]);
    expect(audiences('tickets.quickMessage.updated', reply({ geral: false, visao: false, userId: 4 }))).toEqual([
      ['delete', { to: 'company' }],
      ['update', { to: 'admins' }],
      ['update', { to: 'user', userId: 4, exceptAdmins: true }],
    ]);
  });
});

describe('presence (spec 002 §7 live channels user-status and user:status)', () => {
  it('a user going online or offline is told to the company on both channels', () => {
    const emissions = emissionsFor('realtime.presence.changed', { companyId: 5, data: { userId: 4, online: false } });
    expect(emissions.map((e) => [e.event, e.payload, e.audience])).toEqual([
      ['user:status', { userId: 4, online: false }, { to: 'company' }],
      ['company-{companyId}-user-status', { action: 'update', userId: 4, online: false }, { to: 'company' }],
    ]);
  });
});
