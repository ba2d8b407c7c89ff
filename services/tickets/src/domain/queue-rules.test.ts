import { describe, expect, it } from 'vitest';
import type { ChatbotOptionInput } from '@atende/kit';
import { assertCanPin } from './pins.js';
import { assertGreeting, assertQueueLimit, buildOptionTree, checkOptionTree, defaultQueueSchedules, type OptionRow } from './queue-rules.js';
import { canReadQuickMessage } from './quick-messages.js';
import { canDeleteNote } from './ticket-notes.js';

const opt = (over: Partial<ChatbotOptionInput>): ChatbotOptionInput => ({ name: 'Opção', greetingMessage: '', queueType: 'text', closeTicket: false, ...over });
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { code: string; fields?: { field: string; message: string }[] };
  }
  throw new Error('expected a failure');
};

describe('queue rules', () => {
  it('default schedules: every day 08:00-12:00 and 13:00-18:00', () => {
    const schedules = defaultQueueSchedules();
    expect(schedules.map((s) => s.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(new Set(schedules.map((s) => `${s.startTimeA}-${s.endTimeA} ${s.startTimeB}-${s.endTimeB}`))).toEqual(new Set(['08:00-12:00 13:00-18:00']));
  });

  it('a greeting is required once there is another queue', () => {
    expect(() => assertGreeting('', 0)).not.toThrow();
    expect(failure(() => assertGreeting('  ', 1))).toMatchObject({ code: 'ERR_WAPP_GREETING_REQUIRED', fields: [{ field: 'greetingMessage' }] });
    expect(() => assertGreeting('Olá', 3)).not.toThrow();
  });

  it('the plan limit counts queues; 0 or none is unlimited', () => {
    expect(() => assertQueueLimit(0, 50)).not.toThrow();
    expect(() => assertQueueLimit(undefined, 50)).not.toThrow();
    expect(() => assertQueueLimit(3, 2)).not.toThrow();
    expect(failure(() => assertQueueLimit(3, 3)).code).toBe('ERR_QUEUE_LIMIT');
  });
});

describe('chatbot option trees', () => {
  it('each type names its target; a next level needs a message; the path names the field', () => {
    expect(failure(() => checkOptionTree([opt({ queueType: 'queue' })], 'chatbots.')).fields).toEqual([{ field: 'chatbots.0.optQueueId', message: 'Required' }]);
    expect(failure(() => checkOptionTree([opt({}), opt({ queueType: 'attendent' })], 'chatbots.')).fields?.[0]?.field).toBe('chatbots.1.optUserId');
    expect(failure(() => checkOptionTree([opt({ queueType: 'integration' })], '')).fields?.[0]?.field).toBe('0.optIntegrationId');
    expect(failure(() => checkOptionTree([opt({ queueType: 'file' })], '')).fields?.[0]?.field).toBe('0.optFileId');
    expect(failure(() => checkOptionTree([opt({ options: [opt({})] })], 'chatbots.')).fields?.[0]?.field).toBe('chatbots.0.greetingMessage');
  });

  it('collects the queues and users named, each with the first field naming it, and the depth', () => {
    const refs = checkOptionTree(
      [
        opt({ queueType: 'queue', optQueueId: 7 }),
        opt({ greetingMessage: 'x', options: [opt({ queueType: 'attendent', optUserId: 3 }), opt({ queueType: 'queue', optQueueId: 8 }), opt({ queueType: 'queue', optQueueId: 7 })] }),
      ],
      'chatbots.',
    );
    expect([...refs.queueIds]).toEqual([[7, 'chatbots.0.optQueueId'], [8, 'chatbots.1.options.1.optQueueId']]);
    expect([...refs.userIds]).toEqual([[3, 'chatbots.1.options.0.optUserId']]);
    expect(refs.depth).toBe(2);
  });

  it('refuses more than 5 levels', () => {
    let tree = opt({ greetingMessage: 'fim' });
    for (let i = 0; i < 4; i++) tree = opt({ greetingMessage: 'x', options: [tree] });
    expect(checkOptionTree([tree], '').depth).toBe(5);
    expect(failure(() => checkOptionTree([opt({ greetingMessage: 'x', options: [tree] })], '')).code).toBe('ERR_VALIDATION');
  });

  it('rows become the nested answer in menu order', () => {
    const row = (id: number, parentId: number | null, orderOption: number): OptionRow => ({
      id, parentId, orderOption, queueId: 1, name: `o${id}`, greetingMessage: '', queueType: 'text', closeTicket: false, optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null,
    });
    const tree = buildOptionTree([row(3, 1, 1), row(1, null, 1), row(2, null, 0), row(4, 1, 0)]);
    expect(tree.map((o) => o.id)).toEqual([2, 1]);
    expect(tree[1]!.options.map((o) => o.id)).toEqual([4, 3]);
    expect(buildOptionTree([row(3, 1, 1), row(4, 1, 0)], 1).map((o) => o.id)).toEqual([4, 3]);
  });
});

describe('notes, pins and quick messages', () => {
  const user = { userId: 5, profile: 'user' as const, super: false };
  it('a note is deleted by its author or an admin', () => {
    expect(canDeleteNote({ userId: 5 }, user)).toBe(true);
    expect(canDeleteNote({ userId: 6 }, user)).toBe(false);
    expect(canDeleteNote({ userId: null }, user)).toBe(false);
    expect(canDeleteNote({ userId: 6 }, { ...user, profile: 'admin' })).toBe(true);
  });

  it('at most 10 pins', () => {
    expect(() => assertCanPin(9)).not.toThrow();
    expect(failure(() => assertCanPin(10))).toMatchObject({ code: 'ERR_PIN_LIMIT' });
  });

  it('quick messages: own, shared and visible are read; admins read all (who may change them: kit canEditQuickMessage)', () => {
    const me = { userId: 5, admin: false };
    const other = { userId: 6, geral: false, visao: false };
    expect(canReadQuickMessage(other, me)).toBe(false);
    expect(canReadQuickMessage({ ...other, visao: true }, me)).toBe(true);
    expect(canReadQuickMessage(other, { userId: 1, admin: true })).toBe(true);
  });
});
