import { Button, Flex, Tooltip, Typography } from 'antd';
import { DeleteOutlined, LoadingOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from './voiceRules';

type VoiceRecordingBarProps = {
  /** Milliseconds recorded so far. */
  elapsed: number;
  /** The recording is being encoded or sent. */
  processing: boolean;
  onCancel(): void;
  onSend(): void;
};

/** What a composer shows while a voice note records: discard, a blinking dot with the timer, send. */
export function VoiceRecordingBar({ elapsed, processing, onCancel, onSend }: VoiceRecordingBarProps) {
  const { t } = useTranslation('composer');
  return (
    <Flex gap={8} align="center" justify="flex-end" role="group" aria-label={t('voice.label')}>
      <Tooltip title={t('voice.cancel')}>
        <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('voice.cancel')} disabled={processing} onClick={onCancel} />
      </Tooltip>
      <Flex align="center" gap={6} style={{ minWidth: 90 }} aria-live="polite">
        {processing ? (
          <>
            <LoadingOutlined aria-hidden />
            <Typography.Text type="secondary">{t('voice.processing')}</Typography.Text>
          </>
        ) : (
          <>
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                background: '#ff4d4f',
                display: 'inline-block',
                animation: 'composer-blink 1s steps(2, start) infinite',
              }}
            />
            <Typography.Text data-testid="voice-elapsed" aria-label={t('voice.elapsed', { time: formatElapsed(elapsed) })}>
              {formatElapsed(elapsed)}
            </Typography.Text>
          </>
        )}
      </Flex>
      <Tooltip title={t('voice.send')}>
        <Button type="primary" shape="circle" icon={<SendOutlined />} aria-label={t('voice.send')} loading={processing} onClick={onSend} />
      </Tooltip>
      <style>{'@keyframes composer-blink { to { visibility: hidden; } }'}</style>
    </Flex>
  );
}
