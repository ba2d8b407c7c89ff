import { useEffect, useState } from 'react';
import { App, Button, Tooltip, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { transcribeAudio } from '../../../api/channels';
import { addNamespaces } from '../../../i18n';
import { storedTranscription, transcriptionOf } from './transcription';

// The 'transcription' namespace travels with the conversation's chunk (left out of the initial JS).
addNamespaces(import.meta.glob('../../../locales/*/transcription.json', { eager: true }));

/**
 * The transcription of a received audio (spec 000 §2 audio player, §7 POST /message/transcribeAudio):
 * a button until it is transcribed, then the text under the audio (kept on the message, so it shows
 * again later and for everyone viewing the ticket through the appMessage update).
 */
export function AudioTranscription({ message }: { message: Message }) {
  const { t } = useTranslation('transcription');
  const { modal } = App.useApp();
  const [text, setText] = useState<string | null>(() => storedTranscription(message));
  const [busy, setBusy] = useState(false);
  const stored = storedTranscription(message);

  useEffect(() => {
    if (stored !== null) setText(stored);
  }, [stored]);

  const transcribe = async () => {
    if (!message.wid) {
      // Spec 000 §8: without the message id there is nothing to transcribe.
      void modal.warning({ title: t('noIdTitle'), content: t('noId') });
      return;
    }
    setBusy(true);
    try {
      setText(transcriptionOf(await transcribeAudio(message.wid)) ?? '');
    } catch (err) {
      // Spec 000 §8: other transcription errors are only logged.
      console.warn('audio transcription failed', err);
    } finally {
      setBusy(false);
    }
  };

  if (text !== null)
    return (
      <Typography.Paragraph
        data-testid="audio-transcription"
        aria-label={t('label')}
        style={{ margin: '4px 0 0', maxWidth: 300, fontSize: 13, fontStyle: 'italic', whiteSpace: 'pre-wrap' }}
      >
        {text || t('empty')}
      </Typography.Paragraph>
    );
  return (
    <Tooltip title={t('buttonHint')}>
      <Button size="small" type="link" icon={<FileTextOutlined />} loading={busy} onClick={() => void transcribe()} style={{ paddingInline: 0, alignSelf: 'flex-start' }}>
        {t('button')}
      </Button>
    </Tooltip>
  );
}
