import { describe, expect, it } from 'vitest';
import type { Prompt } from '@atende/kit/contracts';
import { promptFormValues, serverFieldErrors, toPromptBody, voiceName, voiceOptions } from './promptRules';

const stored: Prompt = {
  id: 3, companyId: 1, name: 'Recepção IA', prompt: 'Você atende a clínica.', voice: 'pt-BR-AntonioNeural', voiceKey: 'k', voiceRegion: 'brazilsouth',
  maxTokens: 300, temperature: 0.3, apiKey: 'sk-full-key', queueId: 9, queue: { id: 9, name: 'Recepção' }, maxMessages: 5,
  createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('prompt form', () => {
  it("starts a new prompt with the spec's defaults and no queue", () => {
    expect(promptFormValues(null)).toEqual({
      name: '', apiKey: '', prompt: '', queueId: null, voice: 'texto', voiceKey: '', voiceRegion: '', temperature: 1, maxTokens: 100, maxMessages: 10,
    });
  });

  it('fills the form with a stored prompt', () => {
    expect(promptFormValues(stored)).toMatchObject({ name: 'Recepção IA', apiKey: 'sk-full-key', queueId: 9, voice: 'pt-BR-AntonioNeural', temperature: 0.3, maxTokens: 300, maxMessages: 5 });
    // Its queue was deleted: the form asks for another.
    expect(promptFormValues({ ...stored, queue: null }).queueId).toBeNull();
  });

  it('saves trimmed texts and puts defaults back for emptied numbers', () => {
    const body = toPromptBody({ ...promptFormValues(stored), name: '  Nome  ', apiKey: ' sk ', temperature: null, maxTokens: null, maxMessages: null });
    expect(body).toMatchObject({ name: 'Nome', apiKey: 'sk', queueId: 9, temperature: 1, maxTokens: 100, maxMessages: 10 });
  });
});

describe('voices', () => {
  it('offers text and the 16 Brazilian Portuguese neural voices', () => {
    const options = voiceOptions('Texto');
    expect(options).toHaveLength(17);
    expect(options[0]).toEqual({ value: 'texto', label: 'Texto' });
    expect(options.map((o) => o.value)).toContain('pt-BR-ThalitaNeural');
    expect(voiceName('pt-BR-FranciscaNeural')).toBe('Francisca');
  });
});

describe('server refusals', () => {
  it("puts the answer's field messages on the form's fields", () => {
    const err = { response: { status: 400, data: { error: 'ERR_VALIDATION', fields: [{ field: 'queueId', message: 'Informe o setor' }, { field: 'other', message: 'x' }] } } };
    expect(serverFieldErrors(err)).toEqual([{ name: 'queueId', message: 'Informe o setor' }]);
    expect(serverFieldErrors(new Error('network'))).toEqual([]);
  });
});
