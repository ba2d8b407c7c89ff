import { z } from 'zod';
import { companiesTimeZone } from '@atende/kit';

/** Meta's Graph API for Facebook and Instagram connections (without an app id and secret, linking pages is refused). */
export const facebookConfigShape = {
  FACEBOOK_APP_ID: z.string().trim().max(100).optional(),
  FACEBOOK_APP_SECRET: z.string().trim().max(200).optional(),
  /** Graph's address; tests point it at a local fake. */
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** Graph API version of the server's calls. */
  FACEBOOK_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/, 'like v18.0').default('v18.0'),
  /** Version the web's Facebook login initialises the SDK with (spec 001 §7: 9.0). */
  FACEBOOK_LOGIN_VERSION: z.string().regex(/^v\d+\.\d+$/, 'like v9.0').default('v9.0'),
  /** The token Meta's webhook subscription check must present (hub.verify_token). */
  FACEBOOK_VERIFY_TOKEN: z.string().trim().max(500).optional(),
  /** TRUE: the login also asks for business_management (pages owned through a Business Manager). */
  FACEBOOK_BUSINESS_SCOPE: z
    .string()
    .default('FALSE')
    .transform((v) => v.trim().toUpperCase() === 'TRUE'),
};

/** The channels service's own variables (on top of the kit's cluster ones when it runs alone). */
export const channelsConfigShape = {
  ...facebookConfigShape,
  /** Largest greeting image or video, largest file sent through the messages API, and largest file of a file list. */
  CONNECTION_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /**
   * Whether this process runs sessions (connects to WhatsApp). Off: it still answers the API; sessions
   * run on the workers that have it on (cluster: the channel-worker Deployment).
   */
  CHANNELS_RUN_SESSIONS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long a worker's hold on a session lasts without renewal before another worker takes it over. */
  SESSION_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * History import (spec 001 §3 importOldMessages): how long after the last piece of history WhatsApp sent
   * a newly paired session the gathered messages are handed to tickets (WhatsApp sends it in pieces).
   */
  HISTORY_IMPORT_QUIET_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
  /** OpenAI-compatible chat completions and transcriptions (text corrector, audio transcription): each provider's base URL. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  GROQ_BASE_URL: z.string().url().default('https://api.groq.com/openai/v1'),
  GEMINI_BASE_URL: z.string().url().default('https://generativelanguage.googleapis.com/v1beta/openai'),
  /** How long a text correction waits for the AI provider. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** How long an audio transcription waits for the AI provider (uploads take longer than a chat). */
  TRANSCRIPTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * The companies' wall clock, shared with tickets (chatbot hours, message variables): auto-response
   * windows and days are read in it.
   */
  TICKETS_TIME_ZONE: companiesTimeZone,
  /** Queue integration tests (Dialogflow): Google's OAuth token endpoint a service-account JWT is exchanged at. */
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** Queue integration tests (Dialogflow): base URL of the Dialogflow ES API (detectIntent). */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  /** How long an integration test waits for each answer (Google, a webhook, n8n or Typebot). */
  INTEGRATION_TEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Bot runtime: how long a turn waits for each answer of Typebot, n8n, a webhook, Google/Dialogflow or the AI provider. */
  BOT_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Bot runtime: the chat model AI prompts answer tickets with (OpenAI-compatible, at OPENAI_BASE_URL). */
  PROMPT_MODEL: z.string().trim().min(1).max(100).default('gpt-4o-mini'),
  /**
   * Bot runtime: Azure's text-to-speech REST endpoint AI prompts with a voice speak through; `{region}` is
   * replaced by the prompt's voice region (tests point it at a local fake).
   */
  AZURE_TTS_URL: z
    .string()
    .trim()
    .refine((url) => {
      if (!url.includes('{region}')) return false;
      try {
        return ['http:', 'https:'].includes(new URL(url.replaceAll('{region}', 'region')).protocol);
      } catch {
        return false;
      }
    }, 'must be an http(s) URL with a {region} placeholder')
    .default('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1'),
};

export type ChannelsConfig = z.output<z.ZodObject<typeof channelsConfigShape>>;
