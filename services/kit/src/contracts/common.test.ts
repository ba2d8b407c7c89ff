import { describe, expect, it } from 'vitest';
import { id, idParams, numberFromText, pageNumber } from './common.js';

describe('ids', () => {
  it('reads decimal text and numbers', () => {
    expect(idParams.parse({ id: '16' })).toEqual({ id: 16 });
    expect(id.parse(7)).toBe(7);
  });

  it("refuses what Number() would read as another id: hex, binary, exponents, signs, spaces, booleans ('0x10' deleted ticket 16)", () => {
    for (const bad of ['0x10', '0b10', '1e1', '+2', ' 2', '2 ', '', '1.5', 'abc', true, null]) {
      const answer = id.safeParse(bad);
      expect(answer.success, String(bad)).toBe(false);
    }
    expect(id.safeParse('0').success).toBe(false);
    expect(id.safeParse('99999999999').success).toBe(false);
  });

  it('says one thing of each bad value: too large, not whole, or under 1', () => {
    const messages = (schema: typeof id | typeof pageNumber, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);
    expect(messages(id, '99999999999999999999')).toEqual(['is too large']);
    expect(messages(id, '-1')).toEqual(['must be 1 or more']);
    expect(messages(id, -3)).toEqual(['must be 1 or more']);
    expect(messages(id, 1.5)).toEqual(['must be a whole number']);
    expect(messages(pageNumber, '99999999999999999999')).toEqual(['is too large']);
    expect(messages(pageNumber, '-2')).toEqual(['must be 1 or more']);
  });
});

describe('numbers of bodies and queries', () => {
  it('reads numbers and decimal text, and nothing else', async () => {
    const { updatePlanBody } = await import('./admin.js');
    const { updateQueueBody, createChatbotBody } = await import('./desk.js');
    const { updateTagBody } = await import('./contacts.js');
    const { createScheduleBody } = await import('./schedules.js');
    expect(numberFromText(' 20 ')).toBe(20);
    expect(updatePlanBody.parse({ users: '5', connections: 2 })).toMatchObject({ users: 5, connections: 2 });
    // The same fields with decimal text pass (what fails below fails for its number alone).
    expect(updateQueueBody.parse({ orderQueue: '3' }).orderQueue).toBe(3);
    expect(updateTagBody.parse({ timeLane: '16' }).timeLane).toBe(16);
    expect(createChatbotBody.parse({ name: 'Opção', queueId: '2' }).queueId).toBe(2);
    expect(createScheduleBody.parse({ body: 'Olá, tudo bem?', sendAt: '2030-01-01T10:00:00Z', contactId: '1' }).contactId).toBe(1);
    for (const bad of ['', '0x10', '0b11', '1e1', true, [3]]) {
      expect(updatePlanBody.safeParse({ users: bad }).success, `users ${JSON.stringify(bad)}`).toBe(false);
      expect(updateQueueBody.safeParse({ orderQueue: bad === '' ? 'x' : bad }).success, `orderQueue ${JSON.stringify(bad)}`).toBe(false);
      expect(updateTagBody.safeParse({ timeLane: bad === '' ? 'x' : bad }).success, `timeLane ${JSON.stringify(bad)}`).toBe(false);
      expect(createChatbotBody.safeParse({ name: 'Opção', queueId: bad === '' ? 'x' : bad }).success, `chatbot queueId ${JSON.stringify(bad)}`).toBe(false);
      expect(createScheduleBody.safeParse({ body: 'Olá, tudo bem?', sendAt: '2030-01-01T10:00:00Z', contactId: bad === '' ? 'x' : bad }).success, `contactId ${JSON.stringify(bad)}`).toBe(false);
    }
    expect(pageNumber.safeParse('0x2').success).toBe(false);
    expect(pageNumber.parse('2')).toBe(2);
  });
});
