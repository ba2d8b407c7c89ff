import { encodePcm, MP3_KBPS, toMono16 } from './voiceRules';

/**
 * Voice-note encoding (spec 000 §2: 128 kbps mp3). The recording is decoded to PCM by the browser
 * (AudioContext.decodeAudioData), mixed down to mono and encoded with lamejs, which is imported
 * lazily so it stays out of the initial bundle.
 */
export async function encodeMp3(recording: Blob): Promise<Blob> {
  const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) throw new Error('AudioContext unavailable');
  const context = new AudioContextClass();
  try {
    const decoded = await context.decodeAudioData(await recording.arrayBuffer());
    const channels: Float32Array[] = [];
    for (let i = 0; i < decoded.numberOfChannels; i++) channels.push(decoded.getChannelData(i));
    return await pcmToMp3(toMono16(channels), decoded.sampleRate);
  } finally {
    void context.close().catch(() => undefined);
  }
}

/** Mono 16-bit PCM to an mp3 blob (128 kbps). */
export async function pcmToMp3(samples: Int16Array, sampleRate: number): Promise<Blob> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const chunks = encodePcm(encoder, samples);
  return new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });
}
