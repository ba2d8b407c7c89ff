import type { Message } from '@atende/kit/contracts';

/** Spec 000 §2: received audio messages offer a transcription (never our own, never a deleted one). */
export const canTranscribe = (message: Pick<Message, 'mediaType' | 'fromMe' | 'isDeleted'>): boolean =>
  message.mediaType === 'audio' && !message.fromMe && !message.isDeleted;

/** The stored transcription of a message (null: none yet). */
export const storedTranscription = (message: Pick<Message, 'transcrito' | 'transcription'>): string | null =>
  message.transcrito && typeof message.transcription === 'string' ? message.transcription : null;

/** The text of POST /message/transcribeAudio's answer ('' when the audio had no speech), or null when the answer has none. */
export function transcriptionOf(answer: { transcription?: string | null } | null | undefined): string | null {
  const text = answer?.transcription;
  return typeof text === 'string' ? text.trim() : null;
}
