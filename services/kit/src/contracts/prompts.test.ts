import { describe, expect, it } from 'vitest';
import { settingCatalogue } from './admin.js';
import { createPromptBody, textCorrectionProvider, textCorrectorBody, TEXT_CORRECTION_MODELS, updatePromptBody } from './prompts.js';
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

  it('lets the setting hold every model of both lists of spec 002 §9, and nothing else', () => {
    for (const model of ['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'llama3-8b-8192', 'mixtral-8x7b-32768', 'gemini-1.5-pro', 'gpt-4o', 'o3-2025-04-16', 'gemma2-9b-it', 'gemini-2.5-flash']) {
      expect(settingCatalogue.textCorrectorModel.values, model).toContain(model);
    }
    expect(settingCatalogue.textCorrectorModel.values).not.toContain('claude-3-haiku');
  });

  it('knows each provider by its models; others are unsupported', () => {
    expect(textCorrectionProvider('gpt-4-turbo')).toBe('openai');
    expect(textCorrectionProvider('llama3-8b-8192')).toBe('groq');
    expect(textCorrectionProvider('gemini-1.5-flash-8b')).toBe('gemini');
    expect(textCorrectionProvider('claude-3-haiku')).toBeNull();
    expect(Object.values(TEXT_CORRECTION_MODELS).flat()).toHaveLength(23);
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
