import type { Channel } from '@atende/kit/contracts';

/**
 * Pure rules of voice notes (spec 000 §2 voice recording, §5, §9), shared by the ticket composer and
 * the internal chat. No React, no DOM: unit-tested in voiceRules.test.ts.
 */

export const MIN_AUDIO_BYTES = 10_000;
export const MP3_KBPS = 128;

/** Recordings under 10000 bytes are discarded. */
export const audioTooSmall = (size: number) => size < MIN_AUDIO_BYTES;

export type AudioPlan =
  /** Record in whatever the browser offers, then encode to mp3 128 kbps. */
  | { format: 'mp3'; recordMime: string | null; extension: 'mp3'; mime: 'audio/mpeg' }
  /** Record straight into mp4 audio (m4a). */
  | { format: 'm4a'; recordMime: string; extension: 'm4a'; mime: 'audio/mp4' };

const RECORD_PREFERENCE = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/**
 * How a voice note is recorded and sent: WhatsApp tickets get mp3 (128 kbps); other channels m4a
 * when the browser records audio/mp4, else mp3. `supports` is MediaRecorder.isTypeSupported.
 */
export function audioPlan(channel: Channel | null | undefined, supports: (mime: string) => boolean): AudioPlan {
  const whatsapp = !channel || channel === 'whatsapp' || channel === 'whatsappapi';
  if (!whatsapp) {
    const mp4 = ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4'].find((m) => safe(supports, m));
    if (mp4) return { format: 'm4a', recordMime: mp4, extension: 'm4a', mime: 'audio/mp4' };
  }
  return { format: 'mp3', recordMime: RECORD_PREFERENCE.find((m) => safe(supports, m)) ?? null, extension: 'mp3', mime: 'audio/mpeg' };
}

function safe(supports: (mime: string) => boolean, mime: string): boolean {
  try {
    return supports(mime);
  } catch {
    return false;
  }
}

/** The file name of a recording or a snapshot: prefix-YYYYMMDD-HHmmss.ext (local time). */
export function stampedName(prefix: string, extension: string, at: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.${extension}`;
}

/** Elapsed recording time as m:ss (h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Float samples (-1..1) of one or more channels mixed down to mono 16-bit PCM. */
export function toMono16(channels: Float32Array[]): Int16Array {
  const length = channels.length ? Math.min(...channels.map((c) => c.length)) : 0;
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const c of channels) sum += c[i]!;
    const v = Math.max(-1, Math.min(1, sum / channels.length));
    out[i] = v < 0 ? Math.round(v * 0x8000) : Math.round(v * 0x7fff);
  }
  return out;
}

/** The subset of lamejs' Mp3Encoder the encoder uses. */
export type Mp3EncoderLike = { encodeBuffer(left: Int16Array): Uint8Array; flush(): Uint8Array };

/** Encodes mono PCM in 1152-sample frames; returns the mp3 chunks. */
export function encodePcm(encoder: Mp3EncoderLike, samples: Int16Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  const frame = 1152;
  for (let i = 0; i < samples.length; i += frame) {
    const out = encoder.encodeBuffer(samples.subarray(i, i + frame));
    if (out.length) chunks.push(new Uint8Array(out));
  }
  const tail = encoder.flush();
  if (tail.length) chunks.push(new Uint8Array(tail));
  return chunks;
}
