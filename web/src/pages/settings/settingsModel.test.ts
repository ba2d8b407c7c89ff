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

  it("offers exactly spec 001 §9's current list, grouped by provider", () => {
    expect(modelsByProvider()).toEqual({
      openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-2025-04-14', 'gpt-4.1-mini-2025-04-14', 'gpt-4.1-nano-2025-04-14', 'o3-2025-04-16', 'o4-mini-2025-04-16'],
      groq: ['llama-3.3-70b-versatile', 'llama3-70b-8192', 'gemma2-9b-it'],
      gemini: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-2.0-flash-lite', 'gemini-2.0-pro-exp-02-05', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b'],
    });
    expect([...choicesOf('textCorrectorModel')].sort()).toEqual(Object.values(modelsByProvider()).flat().sort());
    for (const old of ['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'llama3-8b-8192', 'mixtral-8x7b-32768']) expect(choicesOf('textCorrectorModel')).not.toContain(old);
  });

  it('shows a model the current list dropped as the one that now serves it, with its provider', () => {
    const v = toValues([{ key: 'textCorrectorModel', value: 'mixtral-8x7b-32768', companyId: 1, updatedAt: '' }]);
    expect(valueOf(v, 'textCorrectorModel')).toBe('llama-3.3-70b-versatile');
    expect(modelProvider('mixtral-8x7b-32768')).toBe('groq');
    expect(valueOf({ textCorrectorModel: 'gpt-4' }, 'textCorrectorModel')).toBe('gpt-4o');
    expect(valueOf({ textCorrectorModel: 'gemini-1.5-pro' }, 'textCorrectorModel')).toBe('gemini-1.5-pro');
    expect(valueOf({}, 'textCorrectorModel')).toBe('gpt-4o-mini');
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
