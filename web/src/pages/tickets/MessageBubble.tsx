import { memo } from 'react';
import { Button, Dropdown, Flex, Tag, Typography } from 'antd';
import { CheckOutlined, ClockCircleOutlined, DownOutlined, ExclamationCircleOutlined, FileOutlined, LockOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { ackIcon, canDeleteMessage, canEditMessage, formatClock } from './ticketRules';

export type MessageAction = 'reply' | 'react' | 'edit' | 'delete';

function Ack({ ack }: { ack: number }) {
  const { t } = useTranslation('tickets');
  const icon = ackIcon(ack);
  const label = t(`ack.${icon}`);
  if (icon === 'failed') return <ExclamationCircleOutlined aria-label={label} title={label} style={{ color: '#ff4d4f' }} />;
  if (icon === 'clock') return <ClockCircleOutlined aria-label={label} title={label} />;
  if (icon === 'sent') return <CheckOutlined aria-label={label} title={label} />;
  const color = icon === 'read' ? '#1677ff' : undefined;
  return (
    <span aria-label={label} title={label} style={{ color, letterSpacing: -6, paddingRight: 6 }}>
      <CheckOutlined />
      <CheckOutlined />
    </span>
  );
}

function Media({ message }: { message: Message }) {
  const { t } = useTranslation('tickets');
  const url = message.mediaUrl;
  if (!url) return null;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={message.mediaName ?? t('media.image')} style={{ maxWidth: 260, maxHeight: 260, borderRadius: 6, display: 'block' }} />
        </a>
      );
    case 'audio':
      return <audio controls src={url} preload="none" style={{ maxWidth: 260 }} aria-label={t('media.audio')} />;
    case 'video':
      return <video controls src={url} preload="metadata" style={{ maxWidth: 260, borderRadius: 6 }} aria-label={t('media.video')} />;
    default:
      return (
        <a href={url} target="_blank" rel="noreferrer" download={message.mediaName ?? undefined}>
          <FileOutlined /> {message.mediaName ?? t('media.document')}
        </a>
      );
  }
}

type Props = { message: Message; onAction(action: MessageAction, message: Message): void; highlight?: boolean };

/** A message bubble (spec 000 §2): media, quote, marks (deleted, edited, forwarded, private), ack, actions. */
export const MessageBubble = memo(function MessageBubble({ message, onAction }: Props) {
  const { t } = useTranslation('tickets');
  const mine = message.fromMe;
  const background = message.isPrivate ? 'rgba(250,219,20,0.25)' : mine ? 'rgba(82,196,26,0.18)' : 'rgba(128,128,128,0.12)';
  const items = [
    { key: 'reply', label: t('messageActions.reply') },
    { key: 'react', label: t('messageActions.react') },
    ...(canEditMessage(message) ? [{ key: 'edit', label: t('messageActions.edit') }] : []),
    ...(canDeleteMessage(message) ? [{ key: 'delete', label: t('messageActions.delete'), danger: true }] : []),
  ];
  const showBody = message.body && !(message.mediaType !== 'chat' && message.mediaName && message.body === message.mediaName);

  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ padding: '2px 12px' }} data-testid={`message-${message.id}`}>
      <div style={{ maxWidth: '75%', background, borderRadius: 8, padding: '6px 26px 6px 10px', position: 'relative', minWidth: 90 }}>
        {!message.isDeleted && (
          <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as MessageAction, message) }}>
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('messageActions.label')} style={{ position: 'absolute', top: 0, right: 0, opacity: 0.6 }} />
          </Dropdown>
        )}
        <Flex gap={4} wrap style={{ paddingRight: 22 }}>
          {message.isPrivate && (
            <Tag icon={<LockOutlined />} color="gold" style={{ marginInlineEnd: 0 }}>
              {t('marks.private')}
            </Tag>
          )}
          {message.isForwarded && (
            <Typography.Text type="secondary" italic style={{ fontSize: 12 }}>
              <ShareAltOutlined /> {t('marks.forwarded')}
            </Typography.Text>
          )}
        </Flex>
        {!mine && message.contact && message.ticket && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {message.contact.name}
          </Typography.Text>
        )}
        {message.quotedMsg && (
          <div style={{ borderLeft: '3px solid #1677ff', padding: '2px 8px', margin: '4px 0', background: 'rgba(0,0,0,0.05)', borderRadius: 4 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {message.quotedMsg.fromMe ? t('marks.you') : (message.quotedMsg.contactName ?? '')}
            </Typography.Text>
            <Typography.Text style={{ fontSize: 13 }} ellipsis>
              {message.quotedMsg.body || t(`mediaType.${message.quotedMsg.mediaType === 'chat' ? 'chat' : 'media'}`)}
            </Typography.Text>
          </div>
        )}
        {message.isDeleted ? (
          <Typography.Text type="secondary" italic delete>
            {t('marks.deleted')}
          </Typography.Text>
        ) : (
          <>
            <Media message={message} />
            {showBody && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.body}</div>}
          </>
        )}
        {message.reactions?.length > 0 && (
          <div aria-label={t('marks.reactions')} style={{ fontSize: 14 }}>
            {message.reactions.map((r, i) => (
              <span key={i}>{r.emoji}</span>
            ))}
          </div>
        )}
        <Flex justify="flex-end" gap={6} align="center" style={{ fontSize: 11, opacity: 0.75 }}>
          {message.isEdited && <span>{t('marks.edited')}</span>}
          <span>{formatClock(message.createdAt)}</span>
          {mine && <Ack ack={message.ack} />}
        </Flex>
      </div>
    </Flex>
  );
});
