import { extname } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AppError, ask, type AiProvider, type AuthUser, type SettingKey, type TextCorrectorAnswer, type TextCorrectorBody, type TranscribeAudioAnswer } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { promptsRepository } from '../db/prompts.repository.js';
import { AiProviderError, openAiCompatibleClient, type AiClient } from '../drivers/openai-compatible.js';
import { correctionRequest, correctorModel } from './ai-requests.js';

/** OpenAI's transcription endpoint takes files up to 25 MB. */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

/** The type OpenAI's transcription reads the file as, from the stored file's extension. */
const AUDIO_TYPES: Record<string, string> = {
  '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.opus': 'audio/ogg', '.mp3': 'audio/mpeg', '.mpga': 'audio/mpeg', '.mpeg': 'audio/mpeg',
  '.m4a': 'audio/mp4', '.mp4': 'audio/mp4', '.aac': 'audio/aac', '.wav': 'audio/wav', '.webm': 'audio/webm', '.flac': 'audio/flac', '.amr': 'audio/amr',
};

const keyRefused = (what: string) => new AppError('ERR_AI_API_KEY_REFUSED', `The AI provider refused the API key (${what})`);

/**
 * The text corrector (POST /text-corrector) and audio transcription (POST /message/transcribeAudio):
 * both call an OpenAI-compatible API with a key the company configured. The company's settings come
 * from the cached company directory; the secret keys are asked of admin when a call is about to be made.
 */
export function createAiAssist(deps: ChannelsDeps, client: AiClient = openAiCompatibleClient) {
  const { ctx, config, db } = deps;
  const baseUrls: Record<AiProvider, string> = { openai: config.OPENAI_BASE_URL, groq: config.GROQ_BASE_URL, gemini: config.GEMINI_BASE_URL };

  /** A secret setting of the company (API keys are not in the directory's copy); '' when unset. */
  const secret = async (companyId: number, key: SettingKey): Promise<string> => ((await ask(ctx.bus, 'admin.setting.get', { companyId, key })).value ?? '').trim();

  return {
    async correct(auth: AuthUser, body: TextCorrectorBody): Promise<TextCorrectorAnswer> {
      const company = await ctx.companies.get(auth.companyId);
      const { model, provider, keySetting } = correctorModel(company?.settings, body.model);
      const apiKey = await secret(auth.companyId, keySetting);
      if (!apiKey) {
        throw new AppError('ERR_TEXT_CORRECTOR_NO_API_KEY', `No API key is configured for the model ${model} (setting ${keySetting})`);
      }
      try {
        return { correctedText: await client.chat(baseUrls[provider], apiKey, correctionRequest(model, body.text), config.AI_TIMEOUT_MS) };
      } catch (err) {
        if (!(err instanceof AiProviderError)) throw err;
        ctx.logger.warn({ companyId: auth.companyId, provider, model, status: err.status, reason: err.message }, 'text correction failed');
        if (err.kind === 'refused') throw keyRefused(provider);
        throw new AppError('ERR_TEXT_CORRECTOR_FAILED', 'The text could not be corrected: the AI provider did not answer. Try again.');
      }
    },

    /**
     * The transcription of a message's audio: the one stored if it was transcribed before, else OpenAI's
     * whisper-1 with the company's OpenAI key (or the API key of a prompt of the ticket's queue), stored on the message.
     */
    async transcribe(auth: AuthUser, wid: string): Promise<TranscribeAudioAnswer> {
      const found = await ask(ctx.bus, 'tickets.message.media', { companyId: auth.companyId, wid, userId: auth.userId, profile: auth.profile, super: auth.super });
      if (!found) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Message not found');
      const { message } = found;
      if (message.mediaType !== 'audio') throw new AppError('ERR_TRANSCRIPTION_NOT_AUDIO', 'Only audio messages can be transcribed', { fields: [{ field: 'wid', message: 'Not an audio message' }] });
      if (message.transcription !== null) return { transcription: message.transcription };

      let apiKey = await secret(auth.companyId, 'textCorrectorOpenAiApiKey');
      if (!apiKey && message.queueId !== null) apiKey = (await promptsRepository(db).apiKeyOfQueue(auth.companyId, message.queueId)) ?? '';
      if (!apiKey) {
        throw new AppError('ERR_TRANSCRIPTION_NO_API_KEY', 'No OpenAI API key: set textCorrectorOpenAiApiKey in the settings, or a prompt for the ticket\'s queue');
      }

      const file = message.mediaKey ? await ctx.storage.open(message.mediaKey) : null;
      if (!file) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The audio file is not available');
      if (file.size > TRANSCRIPTION_MAX_BYTES) {
        file.stream.destroy();
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'The audio is too long to transcribe (25 MB at most)');
      }
      const ext = extname(message.mediaKey!).toLowerCase();
      const audio = { data: await buffer(file.stream), filename: `audio${ext || '.ogg'}`, mime: AUDIO_TYPES[ext] ?? 'application/octet-stream' };

      let transcription: string;
      try {
        transcription = await client.transcribe(baseUrls.openai, apiKey, audio, config.TRANSCRIPTION_TIMEOUT_MS);
      } catch (err) {
        if (!(err instanceof AiProviderError)) throw err;
        ctx.logger.warn({ companyId: auth.companyId, messageId: message.id, status: err.status, reason: err.message }, 'audio transcription failed');
        if (err.kind === 'refused') throw keyRefused('openai');
        throw new AppError('ERR_TRANSCRIPTION_FAILED', 'The audio could not be transcribed: the AI provider did not answer. Try again.');
      }
      // The text is the user's already; failing to keep it only means it is not shown again after a reload.
      await ask(ctx.bus, 'tickets.message.transcribed', { companyId: auth.companyId, messageId: message.id, transcription }).catch((err: unknown) =>
        ctx.logger.warn({ err, companyId: auth.companyId, messageId: message.id }, 'transcription not stored'),
      );
      return { transcription };
    },
  };
}

export type AiAssist = ReturnType<typeof createAiAssist>;
