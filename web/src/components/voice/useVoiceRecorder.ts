import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderError = 'unsupported' | 'denied' | 'notFound' | 'generic';

export type VoiceRecorder = {
  recording: boolean;
  /** Milliseconds since the recording started. */
  elapsed: number;
  /** Asks for the microphone and starts; resolves to an error kind when it could not. */
  start(mimeType: string | null): Promise<RecorderError | null>;
  /** Stops and resolves to the recording (null when nothing was recorded). */
  stop(): Promise<Blob | null>;
  /** Stops and throws the recording away. */
  cancel(): void;
};

function recorderError(err: unknown): RecorderError {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return 'notFound';
  return 'generic';
}

/** Voice notes with MediaRecorder: start, elapsed time, stop (the blob) or cancel; released on unmount. */
export function useVoiceRecorder(): VoiceRecorder {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
    setRecording(false);
    setElapsed(0);
  }, []);

  const start = useCallback(async (mimeType: string | null): Promise<RecorderError | null> => {
    if (recorder.current) return null;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return 'unsupported';
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      return recorderError(err);
    }
    try {
      const rec = mimeType ? new MediaRecorder(media, { mimeType }) : new MediaRecorder(media);
      chunks.current = [];
      rec.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.current.push(e.data);
      };
      stream.current = media;
      recorder.current = rec;
      rec.start(250);
      startedAt.current = Date.now();
      setElapsed(0);
      setRecording(true);
      timer.current = setInterval(() => setElapsed(Date.now() - startedAt.current), 250);
      return null;
    } catch (err) {
      media.getTracks().forEach((track) => track.stop());
      return recorderError(err);
    }
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const rec = recorder.current;
        if (!rec) {
          resolve(null);
          return;
        }
        const type = rec.mimeType || chunks.current[0]?.type || 'audio/webm';
        const finish = () => {
          const blob = chunks.current.length ? new Blob(chunks.current, { type }) : null;
          chunks.current = [];
          release();
          resolve(blob);
        };
        if (rec.state === 'inactive') finish();
        else {
          rec.onstop = finish;
          rec.stop();
        }
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const rec = recorder.current;
    if (rec) {
      rec.ondataavailable = null;
      rec.onstop = null;
      if (rec.state !== 'inactive') rec.stop();
    }
    chunks.current = [];
    release();
  }, [release]);

  useEffect(() => cancel, [cancel]);

  return { recording, elapsed, start, stop, cancel };
}
