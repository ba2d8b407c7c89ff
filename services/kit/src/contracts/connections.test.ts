import { describe, expect, it } from 'vitest';
import { apiSendBody, connectionBody } from './connections.js';

describe('connection editor ids', () => {
  it('reads queue and integration ids as decimal text or numbers', () => {
    const body = connectionBody.parse({ name: 'Sales', queueIds: ['2', 3], integrationId: '4', promptId: null });
    expect(body.queueIds).toEqual([2, 3]);
    expect(body.integrationId).toBe(4);
    expect(body.promptId).toBeNull();
  });

  it("refuses ids that Number() would misread ('0x2' was queue 2)", () => {
    for (const bad of ['0x2', '1e1', '+2', true]) {
      expect(connectionBody.safeParse({ name: 'Sales', queueIds: [bad] }).success, String(bad)).toBe(false);
      expect(connectionBody.safeParse({ name: 'Sales', integrationId: bad }).success, String(bad)).toBe(false);
    }
  });
});

describe('gateway send: transfer ids', () => {
  const send = { number: '5511999990000', body: 'hi' };

  it('takes a user and a queue by id; empty text is no one', () => {
    expect(apiSendBody.parse({ ...send, userId: '7', queueId: 3 })).toMatchObject({ userId: 7, queueId: 3 });
    expect(apiSendBody.parse({ ...send, userId: '', queueId: null })).toMatchObject({ userId: null, queueId: null });
  });

  it('refuses hex, exponent and out-of-range ids', () => {
    for (const bad of ['0x7', '7e0', 0, 2_147_483_648]) {
      expect(apiSendBody.safeParse({ ...send, userId: bad }).success, String(bad)).toBe(false);
      expect(apiSendBody.safeParse({ ...send, queueId: bad }).success, String(bad)).toBe(false);
    }
  });
});
