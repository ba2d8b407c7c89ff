import { describe, expect, it } from 'vitest';
import { azureRegion, escapeXml, promptVoice, speechText, ttsUrl, voiceSsml } from './prompt-voice.js';

describe('voiceSsml', () => {
  it('has the prompt’s voice read the answer in Brazilian Portuguese', () => {
    expect(voiceSsml('pt-BR-FranciscaNeural', 'Olá, tudo bem?')).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Olá, tudo bem?</voice></speak>",
    );
  });

  it('escapes what the AI wrote, so no answer breaks (or injects into) the document', () => {
    const ssml = voiceSsml('pt-BR-AntonioNeural', `Preço < R$ 100 & "promoção" d'agora > ontem </voice><voice name='x'>`);
    expect(ssml).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-AntonioNeural'>Preço &lt; R$ 100 &amp; &quot;promoção&quot; d&apos;agora &gt; ontem &lt;/voice&gt;&lt;voice name=&apos;x&apos;&gt;</voice></speak>",
    );
    expect(ssml.match(/<voice /g)).toHaveLength(1);
    // The voice name is an attribute: a quote in it cannot close it.
    expect(voiceSsml("a' evil='1", 'oi')).toContain("name='a&apos; evil=&apos;1'");
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters, & first so nothing is escaped twice', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML cannot carry, keeping newlines, tabs, accents and emoji', () => {
    expect(escapeXml('a\u0000b\u0007c\u000Bd\u001Fe')).toBe('abcde');
    expect(escapeXml('linha 1\nlinha\t2\r\n')).toBe('linha 1\nlinha\t2\r\n');
    expect(escapeXml('Olá, ação 😀')).toBe('Olá, ação 😀');
    expect(escapeXml('meio \uD83D surrogate')).toBe('meio  surrogate');
  });
});

describe('speechText', () => {
  it('takes WhatsApp’s marks out, keeping the words', () => {
    expect(speechText('Temos *três* horários: _terça_, ~quarta~ e *_sexta_*.')).toBe('Temos três horários: terça, quarta e sexta.');
    expect(speechText('Código: ```ABC-123```')).toBe('Código: ABC-123');
  });

  it('leaves characters that are not marks alone', () => {
    expect(speechText('2 * 3 = 6 e nome_do_arquivo.pdf')).toBe('2 * 3 = 6 e nome_do_arquivo.pdf');
    expect(speechText('  Olá!  \n')).toBe('Olá!');
  });
});

describe('promptVoice', () => {
  const base = { voice: 'pt-BR-FranciscaNeural', voiceKey: 'k'.repeat(32), voiceRegion: 'brazilsouth' };

  it('speaks with a neural voice, a key and a region', () => {
    expect(promptVoice(base)).toEqual({ voice: 'pt-BR-FranciscaNeural', key: 'k'.repeat(32), region: 'brazilsouth' });
  });

  it('answers in text with the voice “texto”, or without a key or a usable region', () => {
    expect(promptVoice({ ...base, voice: 'texto' })).toBeNull();
    expect(promptVoice({ ...base, voiceKey: '  ' })).toBeNull();
    expect(promptVoice({ ...base, voiceRegion: '' })).toBeNull();
    expect(promptVoice({ ...base, voiceRegion: 'evil.example/x#' })).toBeNull();
  });
});

describe('azureRegion', () => {
  it('reads a region name as Azure writes it, or the endpoint pasted from the portal', () => {
    expect(azureRegion(' BrazilSouth ')).toBe('brazilsouth');
    expect(azureRegion('East US 2')).toBe('eastus2');
    expect(azureRegion('https://brazilsouth.api.cognitive.microsoft.com/')).toBe('brazilsouth');
  });

  it('refuses anything that could point the request at another host', () => {
    expect(azureRegion('attacker.com/')).toBeNull();
    expect(azureRegion('127.0.0.1:8080')).toBeNull();
    expect(azureRegion('a')).toBeNull();
    expect(azureRegion('x'.repeat(41))).toBeNull();
  });
});

describe('ttsUrl', () => {
  it('puts the region in the endpoint', () => {
    expect(ttsUrl('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1', 'brazilsouth')).toBe('https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(ttsUrl('http://127.0.0.1:4000/{region}/cognitiveservices/v1', 'eastus')).toBe('http://127.0.0.1:4000/eastus/cognitiveservices/v1');
  });
});
