import { PROMPT_VOICES, promptDefaults, promptLimits, type Prompt, type PromptVoice } from '@atende/kit/contracts';
import { errorBodyOf } from '../../errors/errorMessage';
import type { PromptBody } from '../../api/prompts';

/**
 * The prompts screen (spec 002 §2, §3, §5, §9), pure: the form's values for a prompt (or a new one's
 * defaults), the body saved, the voices offered and the server's field refusals.
 */

export type PromptFormValues = {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: number | null;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: number | null;
  maxTokens: number | null;
  maxMessages: number | null;
};

export const PROMPT_FIELDS = ['name', 'apiKey', 'prompt', 'queueId', 'voice', 'voiceKey', 'voiceRegion', 'temperature', 'maxTokens', 'maxMessages'] as const;
export type PromptField = (typeof PROMPT_FIELDS)[number];

export { promptLimits };

const isVoice = (value: string): value is PromptVoice => (PROMPT_VOICES as readonly string[]).includes(value);

/** The form of a stored prompt, or a new one's (voice texto, 100 tokens, temperature 1, 10 messages). */
export function promptFormValues(prompt: Prompt | null): PromptFormValues {
  return {
    name: prompt?.name ?? '',
    apiKey: prompt?.apiKey ?? '',
    prompt: prompt?.prompt ?? '',
    // A prompt whose queue was deleted asks for a new one.
    queueId: prompt?.queue ? prompt.queueId : null,
    voice: prompt && isVoice(prompt.voice) ? prompt.voice : promptDefaults.voice,
    voiceKey: prompt?.voiceKey ?? '',
    voiceRegion: prompt?.voiceRegion ?? '',
    temperature: prompt?.temperature ?? promptDefaults.temperature,
    maxTokens: prompt?.maxTokens ?? promptDefaults.maxTokens,
    maxMessages: prompt?.maxMessages ?? promptDefaults.maxMessages,
  };
}

/** The body of POST/PUT /prompt: texts trimmed, an empty number back to its default. The queue is checked by the form first. */
export function toPromptBody(values: PromptFormValues): PromptBody {
  return {
    name: values.name.trim(),
    apiKey: values.apiKey.trim(),
    prompt: values.prompt.trim(),
    queueId: values.queueId ?? 0,
    voice: values.voice,
    voiceKey: values.voiceKey.trim(),
    voiceRegion: values.voiceRegion.trim(),
    temperature: values.temperature ?? promptDefaults.temperature,
    maxTokens: values.maxTokens ?? promptDefaults.maxTokens,
    maxMessages: values.maxMessages ?? promptDefaults.maxMessages,
  };
}

/** 'pt-BR-FranciscaNeural' → 'Francisca'; 'texto' stays for the caller to translate. */
export const voiceName = (voice: string): string => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/** The voice options: text first, then the 16 neural voices by name. */
export const voiceOptions = (textLabel: string): { value: PromptVoice; label: string }[] =>
  PROMPT_VOICES.map((voice) => ({ value: voice, label: voice === 'texto' ? textLabel : `${voiceName(voice)} (${voice})` }));

/** The fields a 400 answer names, with the server's message, for the form to show on them. */
export function serverFieldErrors(err: unknown): { name: PromptField; message: string }[] {
  const body = errorBodyOf(err);
  const fields = body && typeof body === 'object' && Array.isArray(body.fields) ? (body.fields as { field?: unknown; message?: unknown }[]) : [];
  return fields
    .filter((f): f is { field: PromptField; message?: unknown } => typeof f?.field === 'string' && (PROMPT_FIELDS as readonly string[]).includes(f.field))
    .map((f) => ({ name: f.field, message: typeof f.message === 'string' ? f.message : '' }));
}
