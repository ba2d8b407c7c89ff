import { describe, expect, it } from 'vitest';
import { signWebhook } from '../testing/fake-graph.js';
import { AppError } from '@atende/kit';
import { GraphError, GraphUnavailableError } from '../drivers/graph.js';
import { freeName, linkError, linkTargets } from './facebook.js';
import { readWebhook, validSignature, validVerifyToken } from './facebook-webhook.js';

const page = (events: unknown[]) => ({ object: 'page', entry: [{ id: 'PAGE', time: 1, messaging: events }] });
const from = (extra: Record<string, unknown>) => ({ sender: { id: 'PSID' }, recipient: { id: 'PAGE' }, timestamp: 1700000000999, ...extra });

describe("Meta's webhook signature", () => {
  it('accepts the HMAC-SHA256 of the exact body with the app secret only', () => {
    const body = Buffer.from('{"object":"page"}');
    expect(validSignature(body, signWebhook(body, 's3cret'), 's3cret')).toBe(true);
    expect(validSignature(body, signWebhook(body, 'other'), 's3cret')).toBe(false);
    expect(validSignature(Buffer.from('{"object": "page"}'), signWebhook(body, 's3cret'), 's3cret')).toBe(false);
    expect(validSignature(body, undefined, 's3cret')).toBe(false);
    expect(validSignature(body, 'sha1=abc', 's3cret')).toBe(false);
    expect(validSignature(body, signWebhook(body, ''), undefined)).toBe(false);
  });

  it('checks the verify token only when one is configured', () => {
    expect(validVerifyToken('abc', 'abc')).toBe(true);
    expect(validVerifyToken('abd', 'abc')).toBe(false);
    expect(validVerifyToken('', undefined)).toBe(false);
  });
});

describe('webhook events', () => {
  it('reads a text with its reply target and the time in seconds, its milliseconds kept', () => {
    expect(readWebhook(page([from({ message: { mid: 'm1', text: 'oi', reply_to: { mid: 'm0' } } })]), 'APP')).toEqual([
      { kind: 'message', channel: 'facebook', accountId: 'PAGE', contactId: 'PSID', fromMe: false, wid: 'm1', body: 'oi', attachment: null, quotedWid: 'm0', timestamp: 1700000000.999 },
    ]);
  });

  it('makes one message per attachment, the text with the first', () => {
    const events = readWebhook(
      page([
        from({
          message: {
            mid: 'm2',
            text: 'fotos',
            attachments: [
              { type: 'image', payload: { url: 'https://cdn.example/a/b/foto1.jpg?x=1' } },
              { type: 'file', payload: { url: 'https://cdn.example/doc' } },
            ],
          },
        }),
      ]),
      'APP',
    );
    expect(events.map((e) => e.kind === 'message' && [e.wid, e.body, e.attachment])).toEqual([
      ['m2', 'fotos', { mediaType: 'image', url: 'https://cdn.example/a/b/foto1.jpg?x=1', filename: 'foto1.jpg' }],
      ['m2:1', '', { mediaType: 'document', url: 'https://cdn.example/doc', filename: null }],
    ]);
  });

  it('reads locations, shared links and button presses as text', () => {
    const events = readWebhook(
      page([
        from({ message: { mid: 'm3', attachments: [{ type: 'location', payload: { coordinates: { lat: -23.5, long: -46.6 } } }] } }),
        from({ message: { mid: 'm4', text: 'olha', attachments: [{ type: 'fallback', payload: { url: 'https://site.example' } }] } }),
        from({ postback: { mid: 'm5', title: 'Agendar', payload: 'AGENDAR' } }),
      ]),
      'APP',
    );
    expect(events.map((e) => e.kind === 'message' && [e.wid, e.body, e.attachment?.mediaType ?? null])).toEqual([
      ['m3', '-23.5,-46.6', 'locationMessage'],
      ['m4', 'olha\nhttps://site.example', null],
      ['m5', 'Agendar', null],
    ]);
  });

  it('reads echoes as our messages to the recipient, skipping those this app sent', () => {
    const echo = (appId?: number) => ({ sender: { id: 'PAGE' }, recipient: { id: 'PSID' }, timestamp: 1, message: { mid: `e${appId ?? ''}`, text: 'x', is_echo: true, app_id: appId } });
    const events = readWebhook(page([echo(), echo(263902037430900), echo(42)]), '42');
    expect(events.map((e) => e.kind === 'message' && [e.wid, e.fromMe, e.contactId])).toEqual([
      ['e', true, 'PSID'],
      ['e263902037430900', true, 'PSID'],
    ]);
  });

  it("reads deliveries, Instagram reads, Messenger's read watermark, reactions, edits and unsends", () => {
    const events = readWebhook(
      page([
        from({ delivery: { mids: ['a', 'b'], watermark: 1 } }),
        from({ read: { watermark: 1700000000000 } }),
        from({ read: { mid: 'c' } }),
        from({ reaction: { mid: 'd', action: 'react', emoji: '👍', reaction: 'like' } }),
        from({ reaction: { mid: 'd', action: 'unreact' } }),
        from({ message_edit: { mid: 'f', text: 'corrigido', num_edit: 1 } }),
        from({ message: { mid: 'g', is_deleted: true } }),
      ]),
      'APP',
    );
    expect(events).toEqual([
      { kind: 'ack', channel: 'facebook', accountId: 'PAGE', wid: 'a', ack: 2 },
      { kind: 'ack', channel: 'facebook', accountId: 'PAGE', wid: 'b', ack: 2 },
      { kind: 'readUpTo', channel: 'facebook', accountId: 'PAGE', contactId: 'PSID', upTo: 1700000000 },
      { kind: 'ack', channel: 'facebook', accountId: 'PAGE', wid: 'c', ack: 3 },
      { kind: 'reaction', channel: 'facebook', accountId: 'PAGE', wid: 'd', emoji: '👍', fromId: 'PSID' },
      { kind: 'reaction', channel: 'facebook', accountId: 'PAGE', wid: 'd', emoji: '', fromId: 'PSID' },
      { kind: 'edited', channel: 'facebook', accountId: 'PAGE', wid: 'f', body: 'corrigido' },
      { kind: 'revoked', channel: 'facebook', accountId: 'PAGE', wid: 'g' },
    ]);
  });

  it('tells Instagram from Facebook and ignores anything else', () => {
    expect(readWebhook({ object: 'instagram', entry: [{ id: 'IG', messaging: [from({ message: { mid: 'i', text: 'oi' } })] }] }, 'APP')[0]).toMatchObject({
      channel: 'instagram',
      accountId: 'IG',
    });
    expect(readWebhook({ object: 'user', entry: [{ id: 'X', messaging: [from({ message: { mid: 'u', text: 'oi' } })] }] }, 'APP')).toEqual([]);
    expect(readWebhook(null, 'APP')).toEqual([]);
    expect(readWebhook({ object: 'page', entry: 'nope' }, 'APP')).toEqual([]);
    expect(readWebhook(page([from({ message: { text: 'no mid' } }), 'junk']), 'APP')).toEqual([]);
  });
});

describe('what a login links', () => {
  const pages = [
    { id: 'P1', name: 'Clínica', accessToken: 't1', instagram: null },
    { id: 'P2', name: ' ', accessToken: 't2', instagram: { id: 'I2', username: null, name: 'Clínica Insta' } },
  ];

  it('links every page for Facebook, and only the Instagram accounts for Instagram (with their page token)', () => {
    expect(linkTargets(pages, false)).toEqual([
      { channel: 'facebook', accountId: 'P1', name: 'Clínica', pageId: 'P1', token: 't1' },
      { channel: 'facebook', accountId: 'P2', name: 'P2', pageId: 'P2', token: 't2' },
    ]);
    expect(linkTargets(pages, true)).toEqual([{ channel: 'instagram', accountId: 'I2', name: 'Clínica Insta', pageId: 'P2', token: 't2' }]);
  });

  it("tells the app's credentials, a missing permission, the token and an unreachable Facebook apart", () => {
    const code = (err: unknown) => (linkError(err) as AppError).code;
    expect(code(new GraphError('Error validating application', 400, 101, null, 'OAuthException'))).toBe('ERR_FACEBOOK_NOT_CONFIGURED');
    expect(code(new GraphError('(#200) Requires pages_messaging permission', 403, 200, null, 'OAuthException'))).toBe('ERR_FACEBOOK_PERMISSION_DENIED');
    expect(code(new GraphError('Session has expired', 400, 190, 463, 'OAuthException'))).toBe('ERR_FACEBOOK_TOKEN_INVALID');
    expect(code(new GraphUnavailableError('ECONNRESET', true))).toBe('ERR_SERVICE_UNAVAILABLE');
    const other = new Error('boom');
    expect(linkError(other)).toBe(other);
  });

  it('finds a free name with a suffix, within 50 characters', async () => {
    const taken = new Set(['clínica', 'clínica (2)']);
    expect(await freeName('Clínica', async (n) => taken.has(n.toLowerCase()))).toBe('Clínica (3)');
    const long = 'x'.repeat(60);
    expect(await freeName(long, async (n) => n.length === 50 && !n.includes('('))).toBe(`${'x'.repeat(46)} (2)`);
  });
});
