/**
 * AI prompts that answer with a voice (spec 002 §2 "AI prompts": voice, voice key, voice region), pure:
 * whether a prompt speaks, the Azure region its key belongs to, the address of Azure's text-to-speech
 * endpoint for it and the SSML document the answer is spoken from. The call is in
 * integrations/bot-services.ts (speech); the turn in events/bot-turns.ts.
 */

/** The voice that means "answer in text" (the prompts' default). */
export const TEXT_VOICE = 'texto';
/** What Azure is asked to answer: Ogg/Opus, the format WhatsApp plays as a voice note. */
export const TTS_OUTPUT_FORMAT = 'ogg-24khz-16bit-mono-opus';
/** The file extension the spoken answer is stored with. */
export const VOICE_FILE_EXT = 'ogg';

/**
 * The Azure region of a prompt's voice region field: a region name ("brazilsouth", " East US 2 " reads
 * "eastus2"), or the resource's endpoint address pasted from Azure's portal (its first host label); null
 * when it is neither, so a typo never becomes a request to another host.
 */
export function azureRegion(value: string): string | null {
  let region = value.trim().toLowerCase();
  if (/^https?:\/\//.test(region)) {
    try {
      region = new URL(region).hostname.split('.')[0] ?? '';
    } catch {
      return null;
    }
  }
  region = region.replace(/[\s_-]+/g, '');
  return /^[a-z0-9]{2,40}$/.test(region) ? region : null;
}

export type PromptVoice = { voice: string; key: string; region: string };

/** How a prompt speaks: its neural voice, key and region; null when it answers in text (voice 'texto', or no key or usable region). */
export function promptVoice(prompt: { voice: string; voiceKey: string; voiceRegion: string }): PromptVoice | null {
  const voice = prompt.voice.trim();
  const key = prompt.voiceKey.trim();
  const region = azureRegion(prompt.voiceRegion);
  if (!voice || voice === TEXT_VOICE || !key || !region) return null;
  return { voice, key, region };
}

/** The endpoint of a region: the configured template with `{region}` replaced. */
export const ttsUrl = (template: string, region: string): string => template.replaceAll('{region}', encodeURIComponent(region));

/** Whether XML 1.0 allows a code point (control characters other than tab, newline and carriage return, lone surrogates and U+FFFE/U+FFFF it does not). */
const xmlChar = (code: number): boolean =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  let kept = '';
  // By code point: a surrogate pair is one character, a lone surrogate goes.
  for (const char of text) if (xmlChar(char.codePointAt(0)!)) kept += char;
  return kept
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The answer as it is spoken: WhatsApp's marks (*bold*, _italic_, ~strike~, ```monospace```) are for the
 * eye, so they go (otherwise the voice reads "asterisk"); the words stay.
 */
export function speechText(text: string): string {
  let spoken = text.replace(/```([\s\S]*?)```/g, '$1');
  // Marks nest (*_both_*): one pass per level.
  for (let level = 0; level < 3; level += 1) {
    const next = spoken.replace(/(^|[\s([{"'¿¡*_~])([*_~])(?=[^\s*_~])([^\n]*?[^\s*_~]|[^\s*_~])\2(?=$|[\s.,;:!?)\]}"'…*_~])/gm, '$1$3');
    if (next === spoken) break;
    spoken = next;
  }
  return spoken.replace(/[ \t]+\n/g, '\n').trim();
}

/** The SSML Azure speaks: the prompt's voice reading the answer in Brazilian Portuguese. */
export function voiceSsml(voice: string, text: string): string {
  return `<speak version='1.0' xml:lang='pt-BR'><voice name='${escapeXml(voice)}'>${escapeXml(text)}</voice></speak>`;
}
