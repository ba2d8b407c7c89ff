import { z } from 'zod';
import { forCompany, msg, pageNumber } from './common.js';
import { sizedText } from './contacts.js';

/**
 * AI prompts, the text corrector and audio transcription (spec 002 §2 "AI prompts", §3 "Prompt", §5,
 * §7, §9; spec 000 §7 POST /message/transcribeAudio, POST /text-corrector; spec 001 §3 settings
 * useTextCorrector and textCorrector*): the answers, bodies and queries of /api/prompt,
 * /api/text-corrector and /api/message/transcribeAudio.
 */

// ---------- prompts ----------

export const PROMPTS_PAGE_SIZE = 20;

/** 'texto' answers in text; the others are the 16 Brazilian Portuguese neural voices the assistant may speak with. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
  'pt-BR-ThalitaNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Spec 002 §3/§9: a new prompt's defaults. */
export const promptDefaults = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 } as const satisfies {
  voice: PromptVoice;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
};

/** Spec 002 §8: saving a prompt without a queue. */
export const PROMPT_QUEUE_REQUIRED = 'Informe o setor';

/** Limits of the numeric fields (temperature as OpenAI-compatible APIs take it). */
export const promptLimits = {
  maxTokens: { min: 1, max: 100_000 },
  temperature: { min: 0, max: 2 },
  maxMessages: { min: 1, max: 100 },
} as const;

export const prompt = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  voiceKey: z.string(),
  voiceRegion: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  /** In full on GET /prompt/{id} and on a save's answer; lists and live events carry it masked (last 4 characters). */
  apiKey: z.string(),
  queueId: z.number().int(),
  /** The queue's id and name (null once the queue was deleted: the prompt waits for a new one). */
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  maxMessages: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof prompt>;

export const promptsQuery = z.object({
  searchParam: z.string().trim().max(200, msg.tooLong).optional(),
  pageNumber,
}).extend(forCompany.shape);
export type PromptsQuery = z.infer<typeof promptsQuery>;
export const promptsPage = z.object({ prompts: z.array(prompt), count: z.number().int(), hasMore: z.boolean() });
export type PromptsPage = z.infer<typeof promptsPage>;

/** A number from JSON or a form's text ('' and null read as missing). */
const numberInput = (schema: z.ZodNumber, required: string = msg.required) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v === null ? undefined : v),
    z.number({ error: (issue) => (issue.input === undefined ? required : 'must be a number') }).pipe(schema),
  );
const int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be ${min} or more`).max(max, `must be ${max} or less`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'must be text' }).trim().max(max, msg.tooLong));

/** Spec 002 §5: name, API key, prompt and queue required ("Informe o setor" without a queue). */
const promptFields = {
  name: sizedText(1, 100),
  prompt: sizedText(1, 20_000),
  apiKey: sizedText(1, 500),
  queueId: numberInput(z.number().int(PROMPT_QUEUE_REQUIRED).positive(PROMPT_QUEUE_REQUIRED).max(2_147_483_647, PROMPT_QUEUE_REQUIRED), PROMPT_QUEUE_REQUIRED),
  voice: z.enum(PROMPT_VOICES, { error: 'unknown voice' }),
  voiceKey: optionalText(500),
  voiceRegion: optionalText(100),
  maxTokens: numberInput(int(promptLimits.maxTokens.min, promptLimits.maxTokens.max)),
  temperature: numberInput(
    z.number().min(promptLimits.temperature.min, `must be ${promptLimits.temperature.min} or more`).max(promptLimits.temperature.max, `must be ${promptLimits.temperature.max} or less`),
  ),
  maxMessages: numberInput(int(promptLimits.maxMessages.min, promptLimits.maxMessages.max)),
};

/** POST /prompt: the spec's defaults for what is left out. */
export const createPromptBody = z.object({
  name: promptFields.name,
  prompt: promptFields.prompt,
  apiKey: promptFields.apiKey,
  queueId: promptFields.queueId,
  voice: promptFields.voice.optional(),
  voiceKey: promptFields.voiceKey.optional(),
  voiceRegion: promptFields.voiceRegion.optional(),
  maxTokens: promptFields.maxTokens.optional(),
  temperature: promptFields.temperature.optional(),
  maxMessages: promptFields.maxMessages.optional(),
});
export type CreatePromptBody = z.output<typeof createPromptBody>;
/** PUT /prompt/{id}: the fields sent change; required ones may not be emptied. */
export const updatePromptBody = z.object(promptFields).partial();
export type UpdatePromptBody = z.output<typeof updatePromptBody>;

// ---------- text corrector ----------

export type AiProvider = 'openai' | 'groq' | 'gemini';

/**
 * The models the text corrector offers, by provider: the current list of spec 001 §9, the one source of
 * the settings' model select and of the values the textCorrectorModel setting accepts.
 */
export const TEXT_CORRECTION_MODELS = {
  openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-2025-04-14', 'gpt-4.1-mini-2025-04-14', 'gpt-4.1-nano-2025-04-14', 'o3-2025-04-16', 'o4-mini-2025-04-16'],
  groq: ['llama-3.3-70b-versatile', 'llama3-70b-8192', 'gemma2-9b-it'],
  gemini: [
    'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-2.0-flash-lite', 'gemini-2.0-pro-exp-02-05',
    'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b',
  ],
} as const satisfies Record<AiProvider, readonly string[]>;
export type TextCorrectionModel = (typeof TEXT_CORRECTION_MODELS)[AiProvider][number];

/**
 * Models of the older list (spec 000 §9) that the current one dropped, each with the current model of the
 * same provider (so the same API key) that now serves it. They are no longer offered nor accepted as a new
 * value, but a company that saved one before keeps a working corrector: it is read as its replacement.
 */
export const RETIRED_TEXT_CORRECTION_MODELS: Readonly<Record<string, TextCorrectionModel>> = {
  'gpt-3.5-turbo': 'gpt-4o-mini',
  'gpt-4': 'gpt-4o',
  'gpt-4-turbo': 'gpt-4o',
  'llama3-8b-8192': 'llama-3.3-70b-versatile',
  'mixtral-8x7b-32768': 'llama-3.3-70b-versatile',
};

/** The provider of an offered model, or null for a model outside the current list. */
export function textCorrectionProvider(model: string): AiProvider | null {
  for (const provider of Object.keys(TEXT_CORRECTION_MODELS) as AiProvider[]) {
    if ((TEXT_CORRECTION_MODELS[provider] as readonly string[]).includes(model)) return provider;
  }
  return null;
}

/** The offered model that serves `model`: itself when offered, its replacement when retired, else null. */
export function currentTextCorrectionModel(model: string): TextCorrectionModel | null {
  if (textCorrectionProvider(model)) return model as TextCorrectionModel;
  return Object.hasOwn(RETIRED_TEXT_CORRECTION_MODELS, model) ? RETIRED_TEXT_CORRECTION_MODELS[model]! : null;
}

/** The company setting that holds each provider's API key (spec 001 §3). */
export const providerKeySetting = {
  openai: 'textCorrectorOpenAiApiKey',
  groq: 'textCorrectorGroqApiKey',
  gemini: 'textCorrectorGeminiApiKey',
} as const satisfies Record<AiProvider, string>;

/** Longest text the corrector takes. */
export const TEXT_CORRECTOR_MAX_CHARS = 10_000;

/** POST /text-corrector: the text (non-blank) and, optionally, a model other than the company's. */
export const textCorrectorBody = z.object({
  text: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : 'must be text') })
    .max(TEXT_CORRECTOR_MAX_CHARS, msg.tooLong)
    .refine((v) => v.trim() !== '', msg.required),
  model: z
    .string({ error: 'must be text' })
    .trim()
    .max(100, msg.tooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TextCorrectorBody = z.output<typeof textCorrectorBody>;
export const textCorrectorAnswer = z.object({ correctedText: z.string() });
export type TextCorrectorAnswer = z.infer<typeof textCorrectorAnswer>;

// ---------- audio transcription ----------

/** POST /message/transcribeAudio: the channel id (wid) of a received audio message. */
export const transcribeAudioBody = z.object({ wid: sizedText(1, 200) });
export type TranscribeAudioBody = z.output<typeof transcribeAudioBody>;
export const transcribeAudioAnswer = z.object({ transcription: z.string() });
export type TranscribeAudioAnswer = z.infer<typeof transcribeAudioAnswer>;
