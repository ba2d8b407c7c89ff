import { describe, expect, it } from 'vitest';
import { createPlanBody, planDefaults, settingCatalogue, settingKeys } from '@atende/kit/contracts';
import {
  choicesOf,
  isMissing,
  isTextRequired,
  modelProvider,
  modelsByProvider,
  optionsTabKeys,
  textsRequiredBy,
  toValues,
  valueOf,
  whitelabelKeys,
} from './settingsModel';
import { formatAmount, toPlanBody, toPlanFormValues } from './planForm';

describe('settings layout', () => {
  it('places every catalogue key exactly once (options tab or whitelabel)', () => {
    const placed = [...optionsTabKeys, ...whitelabelKeys];
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...settingKeys].sort());
  });

  it('reads stored values, defaults and legacy allTicket words', () => {
    const v = toValues([
      { key: 'userRating', value: 'enabled', companyId: 1, updatedAt: '' },
      { key: 'allTicket', value: 'enable', companyId: 1, updatedAt: '' },
    ]);
    expect(valueOf(v, 'userRating')).toBe('enabled');
    expect(valueOf(v, 'scheduleType')).toBe(settingCatalogue.scheduleType.default);
    expect(valueOf(v, 'allTicket')).toBe('enabled');
    expect(choicesOf('scheduleType')).toEqual(['disabled', 'queue', 'company', 'connection']);
    expect(choicesOf('chatBotType')).toEqual(['text']);
  });
});

describe('messages required when their switch is on', () => {
  it('requires the transfer message while sendMsgTransfTicket is enabled', () => {
    expect(isTextRequired('transferMessage', { sendMsgTransfTicket: 'disabled' })).toBe(false);
    expect(isMissing('transferMessage', { sendMsgTransfTicket: 'enabled', transferMessage: '  ' })).toBe(true);
    expect(isMissing('transferMessage', { sendMsgTransfTicket: 'enabled', transferMessage: 'Transferido' })).toBe(false);
  });

  it('requires the call message while accepting calls is disabled', () => {
    expect(isMissing('AcceptCallWhatsappMessage', { acceptCallWhatsapp: 'enabled' })).toBe(false);
    expect(isMissing('AcceptCallWhatsappMessage', { acceptCallWhatsapp: 'disabled' })).toBe(true);
  });

  it('names the empty messages a switch change makes required', () => {
    expect(textsRequiredBy('sendGreetingAccepted', 'enabled', {})).toEqual(['greetingAcceptedMessage']);
    expect(textsRequiredBy('sendGreetingAccepted', 'enabled', { greetingAcceptedMessage: 'Olá' })).toEqual([]);
    expect(textsRequiredBy('sendQueuePosition', 'disabled', {})).toEqual([]);
  });
});

describe('AI text correction', () => {
  it('groups every model by provider', () => {
    expect(modelProvider('gpt-4o-mini')).toBe('openai');
    expect(modelProvider('o3-2025-04-16')).toBe('openai');
    expect(modelProvider('llama-3.3-70b-versatile')).toBe('groq');
    expect(modelProvider('gemma2-9b-it')).toBe('groq');
    expect(modelProvider('gemini-2.5-pro')).toBe('gemini');
    const groups = modelsByProvider();
    expect(groups.openai.length + groups.groq.length + groups.gemini.length).toBe(choicesOf('textCorrectorModel').length);
  });
});

describe('plan form', () => {
  it('starts with the new-plan defaults', () => {
    const v = toPlanFormValues();
    expect(v).toMatchObject({ users: 0, connections: 0, queues: 0, amount: 0, isPublic: true, useWhatsapp: true, useKanban: true, useIntegrations: true });
  });

  it('produces a body the server accepts', () => {
    const body = toPlanBody({ ...toPlanFormValues(), name: ' Ouro ', users: 5, amount: 99.9 });
    const parsed = createPlanBody.parse(body);
    expect(parsed).toMatchObject({ name: 'Ouro', users: 5, amount: '99.90', isPublic: true });
    expect(Object.keys(parsed).sort()).toEqual([...Object.keys(planDefaults), 'name'].sort());
  });

  it('round-trips a stored amount and formats money', () => {
    expect(toPlanFormValues({ ...planDefaults, id: 1, name: 'P', amount: '149.50', createdAt: '', updatedAt: '' }).amount).toBe(149.5);
    expect(formatAmount('149.5').replace(/\s/g, ' ')).toBe('R$ 149,50');
  });
});
