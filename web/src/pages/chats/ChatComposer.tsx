import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Input, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { AudioOutlined, CloseOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@atende/kit/contracts';
import { sendChatMessage } from '../../api/chats';
import { useVoiceNote } from '../../components/voice/useVoiceNote';
import { VoiceRecordingBar } from '../../components/voice/VoiceRecordingBar';
import { toastError, toastWarning } from '../../errors/toast';
import { canSend, CHAT_FILE_ACCEPT, fileAccepted, textToSend } from './chatsRules';

type ChatComposerProps = {
  chatId: number;
  /** The server's answer of a send (the live event brings it too). */
  onSent(message: ChatMessage): void;
};

/**
 * The chat's input (spec 002 §2, §5): Enter sends, Shift+Enter breaks the line, empty text is not sent;
 * one attached file (audio, video, image, .pdf, .doc, .docx, .txt) goes with the text; a voice note
 * records with a timer (the ticket composer's recorder), and nothing else is sent while it records.
 */
export function ChatComposer({ chatId, onSent }: ChatComposerProps) {
  const { t } = useTranslation('chats');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const voice = useVoiceNote();
  const busy = sending || voice.processing;
  const ready = canSend({ text, file, recording: voice.recording, busy });

  const focus = () => requestAnimationFrame(() => input.current?.focus());

  // Leaving the chat while recording throws the recording away.
  const { cancel } = voice;
  useEffect(() => () => cancel(), [cancel]);

  const send = async () => {
    if (!canSend({ text, file, recording: voice.recording, busy })) return;
    setSending(true);
    try {
      onSent(await sendChatMessage(chatId, textToSend(text) ?? '', file));
      setText('');
      setFile(null);
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
      focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    if (!fileAccepted(picked)) {
      toastWarning(t('errors.fileType'));
      return;
    }
    setFile(picked);
    focus();
  };

  const finishRecording = async () => {
    await voice.finish(async (recorded) => onSent(await sendChatMessage(chatId, '', recorded)));
    focus();
  };

  if (voice.recording || voice.processing)
    return (
      <div style={{ padding: 8, borderTop: '1px solid rgba(128,128,128,0.2)' }}>
        <VoiceRecordingBar elapsed={voice.elapsed} processing={voice.processing} onCancel={voice.cancel} onSend={() => void finishRecording()} />
      </div>
    );

  const empty = !textToSend(text) && !file;
  return (
    <div style={{ padding: 8, borderTop: '1px solid rgba(128,128,128,0.2)' }}>
      {file && (
        <Tag
          closable
          onClose={() => setFile(null)}
          closeIcon={<CloseOutlined aria-label={t('buttons.removeFile')} />}
          icon={<PaperClipOutlined />}
          data-testid="chat-attachment"
          style={{ marginBottom: 6, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {file.name}
        </Tag>
      )}
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        accept={CHAT_FILE_ACCEPT}
        data-testid="chat-file-input"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          pick(picked);
        }}
      />
      <Flex gap={4} align="flex-end">
        <Tooltip title={t('buttons.attach')}>
          <Button type="text" icon={<PaperClipOutlined />} aria-label={t('buttons.attach')} disabled={busy} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <Input.TextArea
          ref={input}
          data-testid="chat-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={t('pane.placeholder')}
          aria-label={t('pane.inputLabel')}
          style={{ flex: 1 }}
        />
        {empty ? (
          <Tooltip title={t('composer:voice.record')}>
            <Button
              icon={<AudioOutlined />}
              onClick={() => void voice.start()}
              disabled={busy}
              aria-label={t('composer:voice.record')}
              data-testid="chat-record"
            />
          </Tooltip>
        ) : (
          <Tooltip title={t('buttons.send')}>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void send()}
              loading={sending}
              disabled={!ready}
              aria-label={t('buttons.send')}
              data-testid="chat-send"
            />
          </Tooltip>
        )}
      </Flex>
    </div>
  );
}
