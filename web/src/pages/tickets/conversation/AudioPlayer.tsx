import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSpeed, readSpeed, speedLabel, writeSpeed, type AudioSpeed } from './audio';

/** A browser audio player with the 0.5 / 1 / 1.5 / 2 speed button; the chosen speed is remembered. `onError`: the file could not be loaded. */
export function AudioPlayer({ src, onError }: { src: string; onError?(): void }) {
  const { t } = useTranslation('conversation');
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState<AudioSpeed>(readSpeed);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const cycle = () => {
    const next = nextSpeed(speed);
    writeSpeed(next);
    setSpeed(next);
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}>
      <audio
        ref={audio}
        controls
        src={src}
        preload="none"
        style={{ maxWidth: 240, height: 36 }}
        aria-label={t('media.audio')}
        onError={onError}
        // Another player may have changed the speed meanwhile: take the stored one when playing starts.
        onPlay={(e) => {
          const stored = readSpeed();
          if (stored !== speed) setSpeed(stored);
          e.currentTarget.playbackRate = stored;
        }}
      />
      <button
        type="button"
        onClick={cycle}
        aria-label={t('audio.speed', { speed: speedLabel(speed) })}
        title={t('audio.speed', { speed: speedLabel(speed) })}
        style={{
          border: '1px solid rgba(128,128,128,0.4)',
          borderRadius: 12,
          background: 'transparent',
          color: 'inherit',
          cursor: 'pointer',
          fontSize: 12,
          padding: '1px 8px',
          minWidth: 42,
        }}
      >
        {speedLabel(speed)}
      </button>
    </span>
  );
}
