import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Input, List, Modal, Switch, Tooltip, Typography } from 'antd';
import { CloseOutlined, LockOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message, QuickMessage } from '@atende/kit/contracts';
import { listQuickMessages, sendMediaMessage, sendTextMessage } from '../../api/tickets';
import { toastError } from '../../errors/toast';
import { cut, quickReplyFilter, textToSend } from './ticketRules';

type Props = {
  ticketId: number;
  /** Open or group: otherwise the input is disabled. */
  enabled: boolean;
  replyTo: Message | null;
  onClearReply(): void;
};

/**
 * The composer (spec 000 §2): Enter sends (Shift+Enter breaks the line), empty text is never sent;
 * quick replies when the text starts with '/'; files with a caption (multipart 'medias'); private note toggle.
 */
export function MessageInput({ ticketId, enabled, replyTo, onClearReply }: Props) {
  const { t } = useTranslation('tickets');
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [sending, setSending] = useState(false);
  const [quick, setQuick] = useState<QuickMessage[] | null>(null);
  const [quickIndex, setQuickIndex] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setText('');
    setFiles([]);
    setIsPrivate(false);
  }, [ticketId]);

  // Quick replies are read the first time '/' is typed.
  useEffect(() => {
    if (!text.startsWith('/') || quick) return;
    listQuickMessages()
      .then(setQuick)
      .catch(() => setQuick([]));
  }, [text, quick]);

  const matches = useMemo(() => (quick ? (quickReplyFilter(text, quick) ?? []) : []), [quick, text]);
  const showQuick = enabled && text.startsWith('/') && !text.includes('\n') && matches.length > 0;

  const send = async () => {
    const body = textToSend(text);
    if (!body || sending || !enabled) return;
    setSending(true);
    try {
      await sendTextMessage(ticketId, { body, quotedMsg: replyTo?.id ?? null, isPrivate });
      setText('');
      onClearReply();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  const sendFiles = async () => {
    if (!files.length) return;
    setSending(true);
    try {
      await sendMediaMessage(ticketId, files, caption.trim(), isPrivate, replyTo?.id ?? null);
      setFiles([]);
      setCaption('');
      onClearReply();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  const pickQuick = (q: QuickMessage) => {
    setText(q.message);
    setQuickIndex(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showQuick) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setQuickIndex((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        const chosen = matches[Math.min(quickIndex, matches.length - 1)];
        if (chosen) pickQuick(chosen);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <div style={{ borderTop: '1px solid rgba(128,128,128,0.2)', padding: 8, position: 'relative' }}>
      {showQuick && (
        <div style={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 5, boxShadow: '0 -2px 8px rgba(0,0,0,0.15)' }} className="ant-dropdown-menu">
          <List
            size="small"
            aria-label={t('quick.title')}
            dataSource={matches}
            renderItem={(q, i) => (
              <List.Item
                onMouseDown={(e) => {
                  e.preventDefault();
                  pickQuick(q);
                }}
                style={{ cursor: 'pointer', background: i === quickIndex ? 'rgba(22,119,255,0.12)' : undefined, paddingInline: 8 }}
              >
                <Typography.Text title={cut(q.message, 100)}>{cut(`/${q.shortcode} - ${q.message}`, 90)}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
      )}
      {replyTo && (
        <Flex align="center" gap={8} style={{ borderLeft: '3px solid #1677ff', padding: '4px 8px', marginBottom: 6, background: 'rgba(0,0,0,0.04)' }}>
          <Typography.Text ellipsis style={{ flex: 1 }}>
            {replyTo.body || t('mediaType.media')}
          </Typography.Text>
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('buttons.cancelReply')} onClick={onClearReply} />
        </Flex>
      )}
      <Flex gap={8} align="flex-end">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            const list = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (list.length) {
              setFiles(list);
              setCaption(text.trim());
            }
          }}
        />
        <Tooltip title={t('buttons.attach')}>
          <Button icon={<PaperClipOutlined />} aria-label={t('buttons.attach')} disabled={!enabled || sending} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <Tooltip title={t('input.privateNote')}>
          <Flex align="center" gap={4} style={{ paddingBottom: 5 }}>
            <LockOutlined aria-hidden />
            <Switch size="small" checked={isPrivate} onChange={setIsPrivate} disabled={!enabled} aria-label={t('input.privateNote')} />
          </Flex>
        </Tooltip>
        <Input.TextArea
          data-testid="message-input"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setQuickIndex(0);
          }}
          onKeyDown={onKeyDown}
          disabled={!enabled}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={enabled ? (isPrivate ? t('input.privatePlaceholder') : t('input.placeholder')) : t('input.disabled')}
          aria-label={t('input.label')}
          style={isPrivate ? { background: 'rgba(250,219,20,0.12)' } : undefined}
        />
        <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} loading={sending} disabled={!enabled || !textToSend(text)} aria-label={t('buttons.send')}>
          {t('buttons.send')}
        </Button>
      </Flex>
      <Modal
        open={files.length > 0}
        title={t('attach.title')}
        onCancel={() => setFiles([])}
        onOk={() => void sendFiles()}
        okText={t('buttons.send')}
        cancelText={t('buttons.cancel')}
        confirmLoading={sending}
        destroyOnHidden
      >
        <List size="small" dataSource={files} renderItem={(f) => <List.Item>{f.name}</List.Item>} />
        <Input.TextArea value={caption} onChange={(e) => setCaption(e.target.value)} placeholder={t('attach.caption')} aria-label={t('attach.caption')} autoSize={{ minRows: 2 }} />
      </Modal>
    </div>
  );
}
