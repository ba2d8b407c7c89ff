import { describe, expect, it } from 'vitest';
import { PROMPT_TRANSFER_MARKER } from '@atende/kit';
import { markdownToWhatsApp, readDialogflowAnswer, readPromptAnswer, readTypebotAnswer, readWebhookAnswer, richTextToWhatsApp, sameKeyword, typebotSessionExpired } from './bot-runtime.js';

describe('bot answers as WhatsApp texts', () => {
  it('Typebot rich text keeps bold and italic, lists and links; media go as their URL', () => {
    expect(
      richTextToWhatsApp([
        { type: 'p', children: [{ text: 'Horários ' }, { text: 'hoje', bold: true, italic: true }] },
        { type: 'ul', children: [{ type: 'li', children: [{ text: 'Manhã' }] }, { type: 'li', children: [{ text: 'Tarde' }] }] },
        { type: 'p', children: [{ type: 'a', url: 'https://clinica.example/agenda', children: [{ text: 'Agenda' }] }] },
      ]),
    ).toBe('Horários *_hoje_*\n• Manhã\n• Tarde\nAgenda (https://clinica.example/agenda)');
    expect(markdownToWhatsApp('**Atenção**: traga o *RG*')).toBe('*Atenção*: traga o _RG_');
    const read = readTypebotAnswer({ messages: [{ type: 'image', content: { url: 'https://cdn.example/mapa.png' } }, { type: 'text', content: { richText: [] } }] });
    expect(read).toEqual({ texts: ['https://cdn.example/mapa.png'], waiting: false });
  });

  it('keywords match whole messages, whatever the case and spaces; an empty keyword never matches', () => {
    expect(sameKeyword('  Sair ', 'sair')).toBe(true);
    expect(sameKeyword('quero sair', 'sair')).toBe(false);
    expect(sameKeyword('', '')).toBe(false);
  });

  it('a session expires after its minutes of silence; 0 never expires', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(typebotSessionExpired(new Date('2025-01-01T11:58:59Z'), 1, now)).toBe(true);
    expect(typebotSessionExpired(new Date('2025-01-01T11:59:30Z'), 1, now)).toBe(false);
    expect(typebotSessionExpired(new Date('2020-01-01T00:00:00Z'), 0, now)).toBe(false);
  });

  it('webhook and Dialogflow answers: only texts are sent, end flags end', () => {
    expect(readWebhookAnswer([1, 2])).toEqual({ texts: [], end: false });
    expect(readWebhookAnswer({ reply: '  ', messages: ['a', 3, ' b '], end: 'yes' })).toEqual({ texts: ['a', 'b'], end: false });
    expect(readDialogflowAnswer({ queryResult: { fulfillmentText: 'Tchau', intent: { endInteraction: true } } })).toEqual({ texts: ['Tchau'], end: true });
  });

  it('the prompt’s transfer marker ends the bot wherever it stands, and is never sent', () => {
    expect(readPromptAnswer(`${PROMPT_TRANSFER_MARKER}\nJá te transfiro.`)).toEqual({ texts: ['Já te transfiro.'], end: true });
    expect(readPromptAnswer('Tudo certo!')).toEqual({ texts: ['Tudo certo!'], end: false });
  });
});
