import { memo, useMemo } from 'react';
import { Button, Typography } from 'antd';
import { DownloadOutlined, FileOutlined, IdcardOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { AudioPlayer } from './AudioPlayer';
import { AudioTranscription } from './AudioTranscription';
import { parseLocation, parseVCards, type VCardContact } from './cards';
import { LocationCard } from './LocationCard';
import { mediaFileName } from './messages';
import { canTranscribe } from './transcription';

type Props = {
  message: Message;
  onPreview(message: Message): void;
  onTalk(card: VCardContact): void;
};

/** The media part of a bubble: picture, video, audio, document, location, contact cards, call log. */
export const MessageMedia = memo(function MessageMedia({ message, onPreview, onTalk }: Props) {
  const { t } = useTranslation('conversation');
  const url = message.mediaUrl;
  const name = mediaFileName(message);

  switch (message.mediaType) {
    case 'chat':
    case 'reactionMessage':
      return null;
    case 'locationMessage':
      return <Location message={message} />;
    case 'contactMessage':
      return <ContactCards message={message} onTalk={onTalk} />;
    case 'call_log':
      return (
        <Typography.Text data-testid="call-log">
          <PhoneOutlined style={{ color: '#ff4d4f', marginInlineEnd: 6 }} />
          {message.body || t('media.callLog')}
        </Typography.Text>
      );
    default:
      break;
  }
  if (!url)
    return (
      <Typography.Text type="secondary" italic>
        <FileOutlined /> {name ?? t('media.unavailable')}
      </Typography.Text>
    );
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return (
        <button
          type="button"
          onClick={() => onPreview(message)}
          aria-label={t('media.openImage')}
          style={{ padding: 0, border: 'none', background: 'none', cursor: 'zoom-in', display: 'block' }}
        >
          <img
            src={url}
            alt={name ?? t(message.mediaType === 'sticker' ? 'media.sticker' : 'media.image')}
            loading="lazy"
            decoding="async"
            style={{
              maxWidth: message.mediaType === 'sticker' ? 140 : 260,
              maxHeight: 260,
              minHeight: 40,
              minWidth: 40,
              borderRadius: 6,
              display: 'block',
              objectFit: 'cover',
            }}
          />
        </button>
      );
    case 'audio':
      if (!canTranscribe(message)) return <AudioPlayer src={url} />;
      return (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <AudioPlayer src={url} />
          <AudioTranscription message={message} />
        </div>
      );
    case 'video':
      return (
        <video
          controls
          src={url}
          preload="metadata"
          style={{ maxWidth: 260, maxHeight: 260, borderRadius: 6, display: 'block' }}
          aria-label={t('media.video')}
        />
      );
    default:
      return (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          download={name ?? true}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
            padding: '6px 10px',
            borderRadius: 6,
            background: 'rgba(128,128,128,0.12)',
            maxWidth: 260,
          }}
        >
          <FileOutlined style={{ fontSize: 20 }} />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>{name ?? t('media.document')}</span>
          <DownloadOutlined aria-label={t('media.download')} />
        </a>
      );
  }
});

function Location({ message }: { message: Message }) {
  const location = useMemo(() => parseLocation(message.body, message.mediaUrl), [message.body, message.mediaUrl]);
  return <LocationCard location={location} fallback={message.body} />;
}

function ContactCards({ message, onTalk }: { message: Message; onTalk(card: VCardContact): void }) {
  const { t } = useTranslation('conversation');
  const cards = useMemo(() => parseVCards(message.body), [message.body]);
  if (cards.length === 0)
    return (
      <Typography.Text>
        <IdcardOutlined /> {t('media.contactCard')}
      </Typography.Text>
    );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      {cards.map((card, i) => (
        <div
          key={`${card.number}-${i}`}
          data-testid="contact-card"
          style={{ width: 240, maxWidth: '100%', borderRadius: 6, background: 'rgba(128,128,128,0.1)', padding: 8 }}
        >
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <IdcardOutlined style={{ fontSize: 26, opacity: 0.7 }} />
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {card.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                +{card.number}
              </Typography.Text>
            </div>
          </div>
          <Button block size="small" icon={<MessageOutlined />} style={{ marginTop: 6 }} onClick={() => onTalk(card)}>
            {t('talk.button')}
          </Button>
        </div>
      ))}
    </div>
  );
}
