import { getVolume } from '../../hooks/useVolume';

/**
 * The new-message sound: a short two-tone beep through WebAudio at the volume of the top bar's
 * volume control (0 to 1). Browsers may block audio before the first user gesture; then it is silent.
 */
type AudioCtor = typeof AudioContext;
let context: AudioContext | null = null;

export function playNotificationSound(volume: number = getVolume()): void {
  if (volume <= 0 || typeof window === 'undefined') return;
  const Ctor: AudioCtor | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const gain = ctx.createGain();
    gain.gain.value = 0.25 * volume;
    gain.connect(ctx.destination);
    const start = ctx.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.1);
    });
  } catch {
    // no audio available
  }
}
