import { describe, expect, it } from 'vitest';
import { settingCatalogue } from './admin.js';
import {
  createPromptBody,
  currentTextCorrectionModel,
  RETIRED_TEXT_CORRECTION_MODELS,
  textCorrectionProvider,
  textCorrectorBody,
  TEXT_CORRECTION_MODELS,
  updatePromptBody,
} from './prompts.js';
import { emissionsFor } from './socket.js';

const prompt = {
  id: 7, companyId: 5, name: 'IA', prompt: 'p', voice: 'texto', voiceKey: '', voiceRegion: '', maxTokens: 100, temperature: 1,
  apiKey: '••••••••abcd', queueId: 3, queue: { id: 3, name: 'Recepção' }, maxMessages: 10, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('prompt bodies', () => {
  it('reads numbers typed as text and leaves defaults to the server', () => {
    const parsed = createPromptBody.parse({ name: ' IA ', prompt: 'Atenda', apiKey: 'sk', queueId: '3', maxTokens: '250', temperature: '0,5' });
    expect(parsed).toEqual({ name: 'IA', prompt: 'Atenda', apiKey: 'sk', queueId: 3, maxTokens: 250, temperature: 0.5 });
  });

  it('names a missing queue "Informe o setor"', () => {
    for (const queueId of [undefined, null, '']) {
      const result = createPromptBody.safeParse({ name: 'IA', prompt: 'p', apiKey: 'k', queueId });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['queueId', 'Informe o setor']]);
    }
  });

  it('an update carries only what it changes', () => {
    expect(updatePromptBody.parse({ temperature: 2 })).toEqual({ temperature: 2 });
    expect(updatePromptBody.safeParse({ temperature: 2.1 }).success).toBe(false);
  });
});

describe('text corrector models', () => {
  it("offers every model of the settings screen's list", () => {
    for (const model of settingCatalogue.textCorrectorModel.values) expect(textCorrectionProvider(model), model).not.toBeNull();
  });

  it('is the current list of spec 001 §9, exactly', () => {
    expect(TEXT_CORRECTION_MODELS).toEqual({
      openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-2025-04-14', 'gpt-4.1-mini-2025-04-14', 'gpt-4.1-nano-2025-04-14', 'o3-2025-04-16', 'o4-mini-2025-04-16'],
      groq: ['llama-3.3-70b-versatile', 'llama3-70b-8192', 'gemma2-9b-it'],
      gemini: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-2.0-flash-lite', 'gemini-2.0-pro-exp-02-05', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b'],
    });
    expect(settingCatalogue.textCorrectorModel.values).toEqual(Object.values(TEXT_CORRECTION_MODELS).flat());
    expect(settingCatalogue.textCorrectorModel.values).toHaveLength(18);
    expect(settingCatalogue.textCorrectorModel.values).toContain(settingCatalogue.textCorrectorModel.default);
  });

  it("no longer offers the older list's dropped models (spec 000 §9), nor accepts them as a new value", () => {
    for (const model of ['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'llama3-8b-8192', 'mixtral-8x7b-32768', 'claude-3-haiku']) {
      expect(settingCatalogue.textCorrectorModel.values, model).not.toContain(model);
      expect(textCorrectionProvider(model), model).toBeNull();
    }
  });

  it('knows each provider by its models; others are unsupported', () => {
    expect(textCorrectionProvider('gpt-4.1-nano-2025-04-14')).toBe('openai');
    expect(textCorrectionProvider('llama3-70b-8192')).toBe('groq');
    expect(textCorrectionProvider('gemini-1.5-flash-8b')).toBe('gemini');
    expect(textCorrectionProvider('claude-3-haiku')).toBeNull();
  });

  it('serves a retired model saved before with an offered one of the same provider', () => {
    expect(Object.keys(RETIRED_TEXT_CORRECTION_MODELS).sort()).toEqual(['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'llama3-8b-8192', 'mixtral-8x7b-32768']);
    for (const [retired, replacement] of Object.entries(RETIRED_TEXT_CORRECTION_MODELS)) {
      expect(currentTextCorrectionModel(retired)).toBe(replacement);
      expect(textCorrectionProvider(replacement), replacement).not.toBeNull();
    }
    expect(currentTextCorrectionModel('gpt-3.5-turbo')).toBe('gpt-4o-mini');
    expect(textCorrectionProvider(currentTextCorrectionModel('mixtral-8x7b-32768')!)).toBe('groq');
    expect(currentTextCorrectionModel('gemini-1.5-pro')).toBe('gemini-1.5-pro');
    expect(currentTextCorrectionModel('claude-3-haiku')).toBeNull();
    expect(currentTextCorrectionModel('toString')).toBeNull();
  });

  it('takes a non-blank text up to 10,000 characters', () => {
    expect(textCorrectorBody.safeParse({ text: ' \n' }).success).toBe(false);
    expect(textCorrectorBody.safeParse({ text: 'x'.repeat(10_001) }).success).toBe(false);
    expect(textCorrectorBody.parse({ text: ' oi ', model: '' })).toEqual({ text: ' oi ', model: undefined });
  });
});

describe('company-{id}-prompt', () => {
  it('tells only the admins: create and update with the prompt, delete with its id', () => {
    expect(emissionsFor('channels.prompt.created', { companyId: 5, data: { prompt } })).toEqual([
      { event: 'company-{companyId}-prompt', payload: { action: 'create', prompt }, audience: { to: 'admins' } },
    ]);
    expect(emissionsFor('channels.prompt.updated', { companyId: 5, data: { prompt } })[0]?.payload).toEqual({ action: 'update', prompt });
    expect(emissionsFor('channels.prompt.deleted', { companyId: 5, data: { promptId: 7 } })).toEqual([
      { event: 'company-{companyId}-prompt', payload: { action: 'delete', promptId: 7 }, audience: { to: 'admins' } },
    ]);
  });
});
