import { describe, expect, it } from 'vitest';
import { Directory, type Emit } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import type { TicketRow } from '../db/tickets.repository.js';
import { botMayServe, createBotTurns, servingBot, type BotQueues } from './bot-turns.js';
import type { ContactRow } from './presenters.js';

const waiting = { status: 'pending', userId: null, isGroup: false, isBot: false, useIntegration: false, queueId: null, integrationId: null, botEnded: false } as const;
const person = { isGroup: false, disableBot: false };
const rule = (over: Omit<Partial<Parameters<typeof servingBot>[0]>, 'ticket'> & { ticket?: Partial<Parameters<typeof servingBot>[0]['ticket']> } = {}) =>
  servingBot({
    contact: person,
    connection: { integrationId: null, promptId: null },
    optionIntegrationId: null,
    queueIntegrationId: null,
    queuePromptId: null,
    ...over,
    ticket: { ...waiting, ...over.ticket },
  });

describe('which bot serves a ticket', () => {
  it('only a waiting ticket nobody serves, outside groups, for a contact whose bot is on', () => {
    expect(botMayServe(waiting, person)).toBe(true);
    expect(botMayServe({ ...waiting, status: 'open' }, person)).toBe(false);
    expect(botMayServe({ ...waiting, userId: 3 }, person)).toBe(false);
    expect(botMayServe({ ...waiting, isGroup: true }, person)).toBe(false);
    expect(botMayServe({ ...waiting, isBot: true }, person)).toBe(false); // a chatbot menu waits for its answer
    expect(botMayServe({ ...waiting, status: 'nps' }, person)).toBe(false); // a rating request waits for its rate
    expect(botMayServe(waiting, { ...person, disableBot: true })).toBe(false);
    const connection = { integrationId: 9, promptId: 8 };
    expect(rule({ ticket: { userId: 3, useIntegration: true }, connection })).toBeNull();
    expect(rule({ contact: { isGroup: false, disableBot: true }, connection })).toBeNull();
  });

  it('with useIntegration: the remembered integration, else the option’s, else the queue’s, else the connection’s', () => {
    const all = { optionIntegrationId: 2, queueIntegrationId: 3, connection: { integrationId: 4, promptId: 5 } };
    expect(rule({ ...all, ticket: { useIntegration: true, integrationId: 1, queueId: 7 } })).toEqual({ kind: 'integration', integrationId: 1 });
    expect(rule({ ...all, ticket: { useIntegration: true, queueId: 7 } })).toEqual({ kind: 'integration', integrationId: 2 });
    expect(rule({ ...all, optionIntegrationId: null, ticket: { useIntegration: true, queueId: 7 } })).toEqual({ kind: 'integration', integrationId: 3 });
    expect(rule({ ...all, optionIntegrationId: null, queueIntegrationId: null, ticket: { useIntegration: true } })).toEqual({ kind: 'integration', integrationId: 4 });
  });

  it('without an integration: the connection’s prompt while the ticket has no queue, else its queue’s prompt', () => {
    const connection = { integrationId: 4, promptId: 5 };
    expect(rule({ connection })).toEqual({ kind: 'prompt', promptId: 5 });
    expect(rule({ connection, queuePromptId: 6, ticket: { queueId: 7 } })).toEqual({ kind: 'prompt', promptId: 6 });
    expect(rule({ connection, ticket: { queueId: 7 } })).toBeNull();
    // useIntegration with no integration anywhere falls to the prompt.
    expect(rule({ connection: { integrationId: null, promptId: 5 }, ticket: { useIntegration: true } })).toEqual({ kind: 'prompt', promptId: 5 });
    // A connection's integration alone does not serve a ticket whose integration is off (ended or never started).
    expect(rule({ connection: { integrationId: 4, promptId: null } })).toBeNull();
    // A bot handed the ticket to the attendants: no prompt answers it again (an integration turned back on still does).
    expect(rule({ connection, ticket: { botEnded: true } })).toBeNull();
    expect(rule({ connection, ticket: { botEnded: true, useIntegration: true } })).toEqual({ kind: 'integration', integrationId: 4 });
  });
});

describe('the inbound path without a bot', () => {
  const ticket = { id: 1, companyId: 3, status: 'pending', userId: null, isGroup: false, isBot: false, useIntegration: false, queueId: 11, integrationId: null, promptId: null, chatbotId: null, botEnded: false } as unknown as TicketRow;
  const contact = { id: 5, isGroup: false, disableBot: false } as ContactRow;
  const connection = { id: 2, integrationId: null, promptId: 9 } as unknown as ConnectionProjection;
  /** Any statement would touch the transaction: this one fails the test instead. */
  const noDatabase = new Proxy({}, { get: () => { throw new Error('the common path ran a query'); } }) as TicketsDb;
  const noEvent: Emit = async () => {
    throw new Error('the common path emitted an event');
  };

  it('costs no query and no event: the queues’ bots are read from memory, loaded once per company', async () => {
    let loads = 0;
    const queues: BotQueues = new Directory(async () => {
      loads += 1;
      return { integrations: new Map([[12, 40]]), prompts: new Map([[13, 50]]) };
    }, 60_000);
    const turns = createBotTurns({ ctx: { logger: { warn: () => undefined } } as never }, queues);
    for (let i = 0; i < 3; i++) {
      const after = await turns.afterInbound(noDatabase, noEvent, { ticket, before: { queueId: 11 }, contact, connection, body: 'oi', mediaType: 'chat', created: false });
      expect(after).toBe(ticket);
    }
    expect(loads).toBe(1);
    // A ticket an attendant holds does not even read the map.
    await turns.afterInbound(noDatabase, noEvent, { ticket: { ...ticket, status: 'open', userId: 4 }, before: null, contact, connection, body: 'oi', mediaType: 'chat', created: false });
    expect(loads).toBe(1);
  });
});
