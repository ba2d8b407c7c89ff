/**
 * Playback speed of the audio player (spec 000 §2): cycles 0.5, 1, 1.5, 2 and is kept in local
 * storage so every player (and the next visit) uses the last choice. Pure apart from the storage given.
 */
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const;
export type AudioSpeed = (typeof AUDIO_SPEEDS)[number];
export const AUDIO_SPEED_KEY = 'audioPlaybackRate';

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

const storage = (): KeyValue | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function isAudioSpeed(value: number): value is AudioSpeed {
  return (AUDIO_SPEEDS as readonly number[]).includes(value);
}

/** The next speed of the cycle (an unknown speed starts over at 1). */
export function nextSpeed(current: number): AudioSpeed {
  const index = AUDIO_SPEEDS.indexOf(current as AudioSpeed);
  if (index < 0) return 1;
  return AUDIO_SPEEDS[(index + 1) % AUDIO_SPEEDS.length]!;
}

/** The stored speed, 1 when missing, unreadable or not one of the four. */
export function readSpeed(store: KeyValue | null = storage()): AudioSpeed {
  try {
    const value = Number(store?.getItem(AUDIO_SPEED_KEY));
    return isAudioSpeed(value) ? value : 1;
  } catch {
    return 1;
  }
}

export function writeSpeed(speed: AudioSpeed, store: KeyValue | null = storage()): void {
  try {
    store?.setItem(AUDIO_SPEED_KEY, String(speed));
  } catch {
    // storage full or disabled: the speed lasts for this page only
  }
}

/** '1x', '1.5x', '0.5x'. */
export const speedLabel = (speed: number): string => `${speed}x`;
