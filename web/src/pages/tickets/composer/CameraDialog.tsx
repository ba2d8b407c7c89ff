import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { CameraOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { stampedName } from './composerRules';

type Props = {
  open: boolean;
  onClose(): void;
  /** The snapshot as a JPEG file (it goes to the attachment preview). */
  onCapture(file: File): void;
};

type CameraError = 'unsupported' | 'denied' | 'notFound' | 'busy' | 'generic';

function cameraError(err: unknown): CameraError {
  const name = err instanceof Error || (err && typeof err === 'object' && 'name' in err) ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'generic';
}

/** Camera capture (spec 000 §2): live video, a snapshot, then 'use photo' hands a JPEG to the preview dialog. */
export function CameraDialog({ open, onClose, onCapture }: Props) {
  const { t } = useTranslation('composer');
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  /** The video element may mount after the stream arrives (or the other way round). */
  const attachVideo = useCallback((el: HTMLVideoElement | null) => {
    video.current = el;
    if (el && stream.current && el.srcObject !== stream.current) {
      el.srcObject = stream.current;
      void el.play().catch(() => undefined);
    }
  }, []);
  const [error, setError] = useState<CameraError | null>(null);
  const [ready, setReady] = useState(false);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setError(null);
    setReady(false);
    setShot(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('unsupported');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((media) => {
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream.current = media;
        attachVideo(video.current);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(cameraError(err));
      });
    return () => {
      cancelled = true;
      if (video.current) video.current.srcObject = null;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, [open, attachVideo]);

  useEffect(
    () => () => {
      if (shot) URL.revokeObjectURL(shot.url);
    },
    [shot],
  );

  const snap = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) setShot({ blob, url: URL.createObjectURL(blob) });
        else setError('generic');
      },
      'image/jpeg',
      0.92,
    );
  };

  const use = () => {
    if (!shot) return;
    onCapture(new File([shot.blob], stampedName('foto', 'jpg'), { type: 'image/jpeg', lastModified: Date.now() }));
  };

  const footer = error
    ? [
        <Button key="close" onClick={onClose}>
          {t('buttons.close')}
        </Button>,
      ]
    : shot
      ? [
          <Button key="retake" icon={<RedoOutlined />} onClick={() => setShot(null)}>
            {t('camera.retake')}
          </Button>,
          <Button key="use" type="primary" onClick={use}>
            {t('camera.use')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('buttons.cancel')}
          </Button>,
          <Button key="snap" type="primary" icon={<CameraOutlined />} disabled={!ready} onClick={snap}>
            {t('camera.capture')}
          </Button>,
        ];

  return (
    <Modal open={open} title={t('camera.title')} onCancel={onClose} footer={footer} destroyOnHidden width={560}>
      {error ? (
        <Alert type="error" showIcon message={t(`camera.errors.${error}`)} />
      ) : (
        <Flex justify="center" align="center" style={{ position: 'relative', background: '#000', borderRadius: 8, minHeight: 240, overflow: 'hidden' }}>
          {!ready && !shot && <Spin style={{ position: 'absolute' }} aria-label={t('camera.starting')} />}
          <video
            ref={attachVideo}
            muted
            playsInline
            aria-label={t('camera.preview')}
            onLoadedMetadata={() => setReady(true)}
            style={{ width: '100%', maxHeight: 420, display: shot ? 'none' : 'block', transform: 'scaleX(-1)' }}
          />
          {shot && <img src={shot.url} alt={t('camera.snapshot')} style={{ width: '100%', maxHeight: 420, objectFit: 'contain' }} />}
        </Flex>
      )}
    </Modal>
  );
}
