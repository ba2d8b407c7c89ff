import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@atende/kit/contracts';
import { toastError, toastWarning } from '../../errors/toast';
import { encodeMp3 } from './audioEncoding';
import { useVoiceRecorder } from './useVoiceRecorder';
import { audioPlan, audioTooSmall, stampedName, type AudioPlan } from './voiceRules';

export type VoiceNote = {
  recording: boolean;
  /** The finished recording is being encoded or handed over (sent). */
  processing: boolean;
  /** Milliseconds since the recording started. */
  elapsed: number;
  /** Asks for the microphone and starts recording (a refusal is told in a toast). */
  start(): Promise<void>;
  /**
   * Stops, encodes and gives the file to `send` (recordings under 10000 bytes are discarded with a
   * warning); a failure of `send` is told in a toast.
   */
  finish(send: (file: File) => Promise<void>): Promise<void>;
  /** Stops and throws the recording away. */
  cancel(): void;
};

/**
 * A voice note from the microphone to a file (spec 000 §2 voice recording): mp3 128 kbps (WhatsApp
 * and the internal chat), m4a for other channels when the browser records it. Used by the ticket
 * composer and the internal chat with the same texts (the 'composer' namespace's `voice.*`).
 */
export function useVoiceNote(channel: Channel | null = null): VoiceNote {
  const { t } = useTranslation('composer');
  const { recording, elapsed, start: startRecorder, stop, cancel } = useVoiceRecorder();
  const plan = useRef<AudioPlan | null>(null);
  const [processing, setProcessing] = useState(false);

  const start = useCallback(async () => {
    const supports = (mime: string) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(mime);
    const chosen = audioPlan(channel, supports);
    plan.current = chosen;
    const error = await startRecorder(chosen.recordMime);
    if (error) toastError(t(`voice.errors.${error}`));
  }, [channel, startRecorder, t]);

  const finish = useCallback(
    async (send: (file: File) => Promise<void>) => {
      const chosen = plan.current;
      const recorded = await stop();
      if (!recorded || !chosen) return;
      setProcessing(true);
      try {
        let file: File;
        if (chosen.format === 'm4a') file = new File([recorded], stampedName('audio', 'm4a'), { type: 'audio/mp4', lastModified: Date.now() });
        else {
          let mp3: Blob;
          try {
            mp3 = await encodeMp3(recorded);
          } catch {
            toastError(t('voice.errors.encode'));
            return;
          }
          file = new File([mp3], stampedName('audio', 'mp3'), { type: 'audio/mpeg', lastModified: Date.now() });
        }
        if (audioTooSmall(file.size)) {
          toastWarning(t('voice.tooShort'));
          return;
        }
        await send(file);
      } catch (err) {
        toastError(err);
      } finally {
        setProcessing(false);
      }
    },
    [stop, t],
  );

  return { recording, processing, elapsed, start, finish, cancel };
}
