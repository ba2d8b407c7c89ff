import { describe, expect, it } from 'vitest';
import { completionText, correctionRequest, correctorModel, promptChatRequest, transcriptionText, PROMPT_CHAT_MODEL } from './ai-requests.js';

const settings = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));

describe('correctorModel', () => {
  it("takes the body's model, else the company's, with its provider and key setting", () => {
    const s = settings({ useTextCorrector: 'enabled', textCorrectorModel: 'gemini-1.5-flash' });
    expect(correctorModel(s, undefined)).toEqual({ model: 'gemini-1.5-flash', provider: 'gemini', keySetting: 'textCorrectorGeminiApiKey' });
    expect(correctorModel(s, 'gemma2-9b-it')).toEqual({ model: 'gemma2-9b-it', provider: 'groq', keySetting: 'textCorrectorGroqApiKey' });
    expect(correctorModel(s, 'o4-mini-2025-04-16')).toEqual({ model: 'o4-mini-2025-04-16', provider: 'openai', keySetting: 'textCorrectorOpenAiApiKey' });
  });

  it('serves a model of the older list a company saved before with its replacement of the same provider (same key)', () => {
    const saved = (model: string) => correctorModel(settings({ useTextCorrector: 'enabled', textCorrectorModel: model }), undefined);
    expect(saved('gpt-3.5-turbo')).toEqual({ model: 'gpt-4o-mini', provider: 'openai', keySetting: 'textCorrectorOpenAiApiKey' });
    expect(saved('gpt-4')).toEqual({ model: 'gpt-4o', provider: 'openai', keySetting: 'textCorrectorOpenAiApiKey' });
    expect(saved('gpt-4-turbo')).toEqual({ model: 'gpt-4o', provider: 'openai', keySetting: 'textCorrectorOpenAiApiKey' });
    expect(saved('llama3-8b-8192')).toEqual({ model: 'llama-3.3-70b-versatile', provider: 'groq', keySetting: 'textCorrectorGroqApiKey' });
    expect(saved('mixtral-8x7b-32768')).toEqual({ model: 'llama-3.3-70b-versatile', provider: 'groq', keySetting: 'textCorrectorGroqApiKey' });
    // Models kept by the current list are served as they are.
    expect(saved('llama3-70b-8192').model).toBe('llama3-70b-8192');
    expect(correctorModel(settings({ useTextCorrector: 'enabled' }), 'mixtral-8x7b-32768').model).toBe('llama-3.3-70b-versatile');
  });

  it("defaults to the catalogue's model (gpt-4o-mini) when the company never chose one", () => {
    expect(correctorModel(settings({ useTextCorrector: 'enabled' }), undefined).model).toBe('gpt-4o-mini');
  });

  it('refuses when disabled (the default), without a model, or with a model outside the lists', () => {
    expect(() => correctorModel([], undefined)).toThrow(expect.objectContaining({ code: 'ERR_TEXT_CORRECTOR_DISABLED' }));
    expect(() => correctorModel(settings({ useTextCorrector: 'enabled', textCorrectorModel: ' ' }), undefined)).toThrow(expect.objectContaining({ code: 'ERR_TEXT_CORRECTOR_NO_MODEL' }));
    expect(() => correctorModel(settings({ useTextCorrector: 'enabled' }), 'gpt-4.1')).toThrow(expect.objectContaining({ code: 'ERR_TEXT_CORRECTOR_UNSUPPORTED_MODEL' }));
    expect(() => correctorModel(settings({ useTextCorrector: 'enabled', textCorrectorModel: 'claude-3-haiku' }), undefined)).toThrow(
      expect.objectContaining({ code: 'ERR_TEXT_CORRECTOR_UNSUPPORTED_MODEL', message: 'The model claude-3-haiku is not offered for text correction' }),
    );
  });
});

describe('correctionRequest', () => {
  it('sends the system prompt and the text; a low temperature except for reasoning models', () => {
    const request = correctionRequest('gpt-4o', 'oi');
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.messages[1]!.content).toBe('oi');
    expect(request.temperature).toBe(0.2);
    expect(correctionRequest('o3-2025-04-16', 'oi').temperature).toBeUndefined();
  });
});

describe('answers', () => {
  it("reads the first choice's text, trimmed; none when empty or missing", () => {
    expect(completionText({ choices: [{ message: { content: '  Olá!\n' } }] })).toBe('Olá!');
    expect(completionText({ choices: [{ message: { content: [{ type: 'text', text: 'Olá' }, { type: 'text', text: ', Ana' }] } }] })).toBe('Olá, Ana');
    expect(completionText({ choices: [{ message: { content: '   ' } }] })).toBeNull();
    expect(completionText({ choices: [] })).toBeNull();
    expect(completionText(null)).toBeNull();
  });

  it('reads a transcription text; an empty one is an empty text (silence)', () => {
    expect(transcriptionText({ text: ' Bom dia. ' })).toBe('Bom dia.');
    expect(transcriptionText({ text: '' })).toBe('');
    expect(transcriptionText({})).toBeNull();
  });
});

describe('promptChatRequest', () => {
  const prompt = { prompt: 'Você é a recepcionista da clínica.', maxTokens: 150, temperature: 0.5, maxMessages: 3 };

  it('is the prompt as system message and the last maxMessages messages, contact as user and ours as assistant', () => {
    const conversation = [
      { fromMe: false, body: 'um' },
      { fromMe: true, body: 'dois' },
      { fromMe: false, body: 'três' },
      { fromMe: true, body: 'nota interna', isPrivate: true },
      { fromMe: false, body: '' },
      { fromMe: false, body: 'quatro' },
    ];
    expect(promptChatRequest(prompt, conversation)).toEqual({
      model: PROMPT_CHAT_MODEL,
      messages: [
        { role: 'system', content: 'Você é a recepcionista da clínica.' },
        { role: 'assistant', content: 'dois' },
        { role: 'user', content: 'três' },
        { role: 'user', content: 'quatro' },
      ],
      max_tokens: 150,
      temperature: 0.5,
    });
  });

  it('with no conversation yet is the system message alone', () => {
    expect(promptChatRequest(prompt, []).messages).toEqual([{ role: 'system', content: prompt.prompt }]);
  });
});
