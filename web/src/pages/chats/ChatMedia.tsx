import { memo, useState } from 'react';
import { Typography } from 'antd';
import { DownloadOutlined, FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@atende/kit/contracts';
import { AudioPlayer } from '../tickets/conversation/AudioPlayer';
import { mediaKindOf, mediaNameOf } from './chatsRules';

type ChatMediaProps = {
  message: ChatMessage;
  onPreview(src: string, name: string): void;
};

const card = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  padding: '6px 10px',
  borderRadius: 6,
  background: 'rgba(128,128,128,0.14)',
  maxWidth: 260,
  color: 'inherit',
} as const;

/** The file of a chat message (spec 002 §2): an image opening the preview, a PDF opening in a new tab, an audio player, a video, or a file card. */
export const ChatMedia = memo(function ChatMedia({ message, onPreview }: ChatMediaProps) {
  const { t } = useTranslation('chats');
  const kind = mediaKindOf(message);
  const src = message.mediaPath;
  if (!kind || !src) return null;
  const name = mediaNameOf(message);

  switch (kind) {
    case 'image':
      return (
        <button
          type="button"
          onClick={() => onPreview(src, name)}
          aria-label={t('media.openImage')}
          data-testid="chat-image"
          style={{ padding: 0, border: 'none', background: 'none', cursor: 'zoom-in', display: 'block' }}
        >
          <img
            src={src}
            alt={name || t('media.image')}
            loading="lazy"
            decoding="async"
            style={{ maxWidth: 240, maxHeight: 240, minWidth: 40, minHeight: 40, borderRadius: 6, display: 'block', objectFit: 'cover' }}
          />
        </button>
      );
    case 'audio':
      return <ChatAudio src={src} />;
    case 'video':
      return (
        <video
          controls
          src={src}
          preload="metadata"
          style={{ maxWidth: 260, maxHeight: 260, borderRadius: 6, display: 'block' }}
          aria-label={t('media.video')}
        />
      );
    case 'pdf':
      return (
        <a href={src} target="_blank" rel="noreferrer" style={card} data-testid="chat-pdf" aria-label={`${t('media.openPdf')}: ${name}`}>
          <FilePdfOutlined style={{ fontSize: 20, color: '#ff4d4f' }} aria-hidden />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {t('media.openPdf')}
          </Typography.Text>
        </a>
      );
    default:
      return (
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          download={name || true}
          style={card}
          data-testid="chat-file"
          aria-label={`${t('media.download')}: ${name}`}
        >
          <FileOutlined style={{ fontSize: 20 }} aria-hidden />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>{name || t('media.file')}</span>
          <DownloadOutlined aria-hidden />
        </a>
      );
  }
});

/** The audio player; when the file cannot be played and the server says 404, 'Áudio não encontrado' takes its place (spec 002 §8). */
function ChatAudio({ src }: { src: string }) {
  const { t } = useTranslation('chats');
  const [missing, setMissing] = useState(false);
  const check = () => {
    fetch(src, { method: 'HEAD', credentials: 'same-origin' })
      .then((res) => {
        if (res.status === 404) setMissing(true);
      })
      .catch(() => undefined);
  };
  if (missing)
    return (
      <Typography.Text type="secondary" italic data-testid="chat-audio-missing">
        {t('errors.audioNotFound')}
      </Typography.Text>
    );
  return <AudioPlayer src={src} onError={check} />;
}
