import { describe, expect, it } from 'vitest';
import { pcmToMp3 } from './audioEncoding';
import { audioPlan, audioTooSmall, encodePcm, formatElapsed, MIN_AUDIO_BYTES, toMono16 } from './voiceRules';

describe('audio', () => {
  const supports = (list: string[]) => (mime: string) => list.includes(mime);

  it('discards recordings under 10000 bytes', () => {
    expect(MIN_AUDIO_BYTES).toBe(10_000);
    expect(audioTooSmall(9_999)).toBe(true);
    expect(audioTooSmall(10_000)).toBe(false);
  });

  it('encodes WhatsApp voice notes to mp3 whatever the browser records', () => {
    const plan = audioPlan('whatsapp', supports(['audio/webm;codecs=opus', 'audio/mp4']));
    expect(plan).toEqual({ format: 'mp3', recordMime: 'audio/webm;codecs=opus', extension: 'mp3', mime: 'audio/mpeg' });
    expect(audioPlan('whatsappapi', supports(['audio/mp4'])).format).toBe('mp3');
    expect(audioPlan(undefined, supports([])).recordMime).toBeNull();
  });

  it('records m4a on other channels when audio/mp4 is supported, else mp3', () => {
    expect(audioPlan('instagram', supports(['audio/webm', 'audio/mp4']))).toEqual({
      format: 'm4a',
      recordMime: 'audio/mp4',
      extension: 'm4a',
      mime: 'audio/mp4',
    });
    expect(audioPlan('facebook', supports(['audio/webm'])).format).toBe('mp3');
    const throwing = () => {
      throw new Error('no MediaRecorder');
    };
    expect(audioPlan('facebook', throwing)).toEqual({ format: 'mp3', recordMime: null, extension: 'mp3', mime: 'audio/mpeg' });
  });

  it('formats the elapsed time', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('mixes channels down to mono 16-bit', () => {
    const pcm = toMono16([Float32Array.from([1, -1, 0.5, 2]), Float32Array.from([1, -1, -0.5, 2])]);
    expect(Array.from(pcm)).toEqual([32767, -32768, 0, 32767]);
    expect(toMono16([]).length).toBe(0);
  });

  it('encodes in 1152-sample frames and flushes', () => {
    const calls: number[] = [];
    const encoder = { encodeBuffer: (s: Int16Array) => (calls.push(s.length), new Uint8Array(s.length ? 1 : 0)), flush: () => new Uint8Array([9]) };
    const chunks = encodePcm(encoder, new Int16Array(2500));
    expect(calls).toEqual([1152, 1152, 196]);
    expect(chunks.length).toBe(4);
  });

  it('produces a 128 kbps mp3 with lamejs', async () => {
    const rate = 44_100;
    const samples = new Int16Array(rate);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000);
    const blob = await pcmToMp3(samples, rate);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(blob.type).toBe('audio/mpeg');
    // Frame sync, MPEG-1 layer III, bitrate index 9 (128 kbps).
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xe0).toBe(0xe0);
    expect(bytes[2]! >> 4).toBe(9);
    // One second at 128 kbps is about 16 000 bytes: over the 10 000-byte minimum.
    expect(bytes.length).toBeGreaterThan(15_000);
    expect(bytes.length).toBeLessThan(18_000);
  });
});
