import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { Button, Dropdown, Flex, Input, Switch, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  AudioOutlined,
  CameraOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  EditOutlined,
  FileOutlined,
  HighlightOutlined,
  IdcardOutlined,
  LockOutlined,
  PaperClipOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Channel, Message, QuickMessage } from '@atende/kit/contracts';
import { correctText } from '../../api/channels';
import { listQuickMessages, readSetting, sendContactMessage, sendMediaMessage, sendTextMessage } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastWarning } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { planAllows } from '../../permissions';
import { quickReplyFilter, textToSend } from './ticketRules';
import { AttachmentDialog } from './composer/AttachmentDialog';
import { CameraDialog } from './composer/CameraDialog';
import {
  correctedTextOf,
  correctionFailure,
  insertAtCaret,
  mergeFiles,
  orderQuickReplies,
  quickHasMedia,
  quickMediaName,
  signAllowed,
  signText,
  textCorrectorEnabled,
  toggleFavourite,
  type ContactCard,
} from './composer/composerRules';
import { ContactCardDialog } from './composer/ContactCardDialog';
import { HiddenFileInput } from './composer/HiddenFileInput';
import { EmojiPicker } from './composer/EmojiPicker';
import { quickOptionId, QuickReplyList } from './composer/QuickReplyList';
import { SIGN_STORAGE_KEY, useStoredBoolean, useStoredFavourites } from './composer/storage';
import { useVoiceNote } from '../../components/voice/useVoiceNote';
import { VoiceRecordingBar } from '../../components/voice/VoiceRecordingBar';

type Props = {
  ticketId: number;
  /** Open or group: otherwise the input is disabled. */
  enabled: boolean;
  replyTo: Message | null;
  onClearReply(): void;
  /** The ticket's channel: WhatsApp voice notes are mp3, other channels m4a (whatsapp when not given). */
  channel?: Channel | null;
  /** The ticket's contact: a message to them can be scheduled from here (plan useSchedules). */
  contactId?: number | null;
};

/** Its own chunk, with its texts: most conversations never schedule anything. */
const ScheduleDialog = lazy(() => import('../schedules/ScheduleDialogChunk'));

/** Unsent text per ticket while the page lives (as WhatsApp Web keeps drafts). */
const drafts = new Map<number, string>();

/** The company's sendSignMessage setting, read once per page. */
let signSetting: Promise<string | null> | null = null;
const readSignSetting = () => (signSetting ??= readSetting('sendSignMessage'));
/** The company's useTextCorrector setting, read once per page. */
let correctorSetting: Promise<string | null> | null = null;
const readCorrectorSetting = () => (correctorSetting ??= readSetting('useTextCorrector'));

/**
 * The composer (spec 000 §2 'Input features'): Enter sends (Shift+Enter breaks the line), empty text is
 * never sent; quick replies when the text starts with '/' (favourites first, media ones send their
 * file); emoji; files by picker, paste or drop with a preview and caption; camera snapshot; contact
 * card; voice notes (mp3 128 kbps on WhatsApp, m4a elsewhere; under 10000 bytes discarded); the sign
 * toggle (kept locally), the private-note toggle and, when the company enables it, the text corrector.
 */
export function MessageInput({ ticketId, enabled, replyTo, onClearReply, channel = null, contactId = null }: Props) {
  const { t } = useTranslation('composer');
  const { user } = useAuth();
  const { plan } = useShellData();
  const [scheduling, setScheduling] = useState(false);
  const maySchedule = contactId !== null && planAllows(plan, 'useSchedules');
  const [text, setText] = useState(() => drafts.get(ticketId) ?? '');
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  }, [text]);
  const input = useRef<TextAreaRef>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const [isPrivate, setIsPrivate] = useState(false);
  const [sending, setSending] = useState(false);
  const [maySign, setMaySign] = useState(false);
  const [mayCorrect, setMayCorrect] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const currentTicket = useRef(ticketId);
  currentTicket.current = ticketId;
  const [sign, setSign] = useStoredBoolean(SIGN_STORAGE_KEY, true);
  const [favourites, setFavourites] = useStoredFavourites();
  const [quick, setQuick] = useState<QuickMessage[] | null>(null);
  const [quickIndex, setQuickIndex] = useState(0);
  const [quickDismissed, setQuickDismissed] = useState(false);
  const [quickLoading, setQuickLoading] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const [fromQuick, setFromQuick] = useState(false);
  const [camera, setCamera] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const recorder = useVoiceNote(channel);
  const processingAudio = recorder.processing;
  const listId = `quick-replies-${ticketId}`;

  // A correction under way holds sending too: the text is about to change.
  const busy = sending || processingAudio || correcting;
  const canSign = maySign && !!user?.name;
  const signed = canSign && sign && !isPrivate;

  const textArea = () => input.current?.resizableTextArea?.textArea ?? null;
  const focusInput = useCallback(() => {
    requestAnimationFrame(() => input.current?.focus());
  }, []);

  useEffect(() => {
    let active = true;
    void readSignSetting().then((value) => active && setMaySign(signAllowed(value)));
    void readCorrectorSetting().then((value) => active && setMayCorrect(textCorrectorEnabled(value)));
    return () => {
      active = false;
    };
  }, []);

  // A ticket change keeps the draft of the one left and restores the draft of the new one.
  useEffect(() => {
    setText(drafts.get(ticketId) ?? '');
    setFiles([]);
    setCaption('');
    setIsPrivate(false);
    setQuickDismissed(false);
    return () => {
      const draft = textRef.current;
      if (draft.trim()) drafts.set(ticketId, draft);
      else drafts.delete(ticketId);
    };
  }, [ticketId]);

  // Leaving a ticket (or the page) while recording throws the recording away.
  const { cancel: cancelRecording } = recorder;
  useEffect(() => () => cancelRecording(), [ticketId, cancelRecording]);

  useEffect(() => {
    if (replyTo && enabled) focusInput();
  }, [replyTo, enabled, focusInput]);

  // Quick replies are read the first time '/' is typed.
  useEffect(() => {
    if (!text.startsWith('/') || quick || quickLoading) return;
    setQuickLoading(true);
    listQuickMessages()
      .then(setQuick)
      .catch(() => setQuick([]))
      .finally(() => setQuickLoading(false));
  }, [text, quick, quickLoading]);

  const ordered = useMemo(() => (quick ? orderQuickReplies(quick, favourites) : []), [quick, favourites]);
  const matches = useMemo(() => quickReplyFilter(text, ordered) ?? [], [ordered, text]);
  const showQuick = enabled && !quickDismissed && !recorder.recording && text.startsWith('/') && !text.includes('\n') && matches.length > 0;
  const activeQuick = showQuick ? matches[Math.min(quickIndex, matches.length - 1)] : undefined;

  const updateText = (value: string) => {
    setText(value);
    setQuickIndex(0);
    setQuickDismissed(false);
  };

  const send = async () => {
    const body = textToSend(text);
    if (!body || busy || !enabled) return;
    setSending(true);
    try {
      await sendTextMessage(ticketId, { body: signText(body, user?.name, signed), quotedMsg: replyTo?.id ?? null, isPrivate });
      setText('');
      drafts.delete(ticketId);
      onClearReply();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
      focusInput();
    }
  };

  /** POST /api/text-corrector with the typed text; the answer replaces it (the box is read-only meanwhile). */
  const correct = async () => {
    const original = text;
    if (!enabled || correcting) return;
    if (!textToSend(original)) {
      toastWarning(t('corrector.empty'));
      return;
    }
    const forTicket = ticketId;
    setCorrecting(true);
    try {
      const corrected = correctedTextOf(await correctText(original));
      if (currentTicket.current !== forTicket) return;
      if (corrected === null) toastWarning(t('corrector.noCorrection'));
      else updateText(corrected);
    } catch (err) {
      const failure = correctionFailure(err);
      // The server's own text goes through the error catalogue (a known code is translated).
      toastError(failure.kind === 'server' ? failure.text : t(`corrector.errors.${failure.kind}`));
    } finally {
      setCorrecting(false);
      focusInput();
    }
  };

  const openFiles = (list: File[], initialCaption?: string) => {
    if (!list.length || !enabled) return;
    if (!files.length) setCaption(initialCaption ?? text.trim());
    setFiles((current) => mergeFiles(current, list));
  };

  const closeFiles = () => {
    setFiles([]);
    setCaption('');
    setFromQuick(false);
    focusInput();
  };

  const sendFiles = async () => {
    if (!files.length || busy) return;
    setSending(true);
    const body = caption.trim();
    try {
      await sendMediaMessage(ticketId, files, signText(body, user?.name, signed), isPrivate, replyTo?.id ?? null);
      // The caption came from the text box: it went with the files.
      if (!fromQuick && body && body === text.trim()) {
        setText('');
        drafts.delete(ticketId);
      }
      setFiles([]);
      setCaption('');
      setFromQuick(false);
      onClearReply();
      focusInput();
    } catch (err) {
      toastError(fromQuick ? t('quick.sendError') : err);
    } finally {
      setSending(false);
    }
  };

  const pickQuick = async (q: QuickMessage) => {
    setQuickIndex(0);
    if (!quickHasMedia(q)) {
      setText(q.message);
      focusInput();
      return;
    }
    // A quick reply with a file: the file goes to the preview, its text as the caption.
    setText('');
    try {
      const res = await fetch(q.mediaPath!, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      const file = new File([blob], quickMediaName(q), { type: blob.type || 'application/octet-stream', lastModified: Date.now() });
      setFromQuick(true);
      setFiles([file]);
      setCaption(q.message);
    } catch {
      setText(q.message);
      toastError(t('quick.sendError'));
    }
  };

  const toggleFav = (id: number) => setFavourites(toggleFavourite(favourites, id));

  const insertEmoji = (emoji: string) => {
    const el = textArea();
    const sel = el && document.activeElement === el ? { start: el.selectionStart, end: el.selectionEnd } : caret.current;
    const next = insertAtCaret(textRef.current, sel?.start, sel?.end, emoji);
    updateText(next.text);
    caret.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      const area = textArea();
      if (!area) return;
      area.setSelectionRange(next.caret, next.caret);
    });
  };

  const rememberCaret = () => {
    const el = textArea();
    if (el) caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showQuick) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setQuickIndex((i) => (Math.min(i, matches.length - 1) + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        if (activeQuick) void pickQuick(activeQuick);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setQuickDismissed(true);
        return;
      }
      if (e.altKey && e.code === 'KeyS' && activeQuick) {
        e.preventDefault();
        toggleFav(activeQuick.id);
        return;
      }
    }
    if (e.key === 'Escape' && replyTo) {
      e.preventDefault();
      onClearReply();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(e.clipboardData?.files ?? []);
    // Text copied from office programs also carries a picture of it: the text wins.
    if (!pasted.length || e.clipboardData.getData('text/plain')) return;
    e.preventDefault();
    openFiles(pasted);
  };

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  const dropHandlers = {
    onDragEnter: (e: DragEvent<HTMLDivElement>) => {
      if (!enabled || !hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (e: DragEvent<HTMLDivElement>) => {
      if (!enabled || !hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent<HTMLDivElement>) => {
      dragDepth.current = 0;
      setDragging(false);
      if (!enabled || !hasFiles(e)) return;
      e.preventDefault();
      openFiles(Array.from(e.dataTransfer.files));
    },
  };

  const sendContact = async (card: ContactCard) => {
    setSending(true);
    try {
      await sendContactMessage(ticketId, card, { isPrivate, quotedMsg: replyTo?.id ?? null });
      setContactOpen(false);
      onClearReply();
      focusInput();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  const startRecording = async () => {
    if (!enabled || busy) return;
    await recorder.start();
  };

  const finishRecording = async () => {
    await recorder.finish(async (file) => {
      await sendMediaMessage(ticketId, [file], '', isPrivate, replyTo?.id ?? null);
      onClearReply();
    });
    focusInput();
  };

  const attachMenu = {
    items: [
      { key: 'file', icon: <FileOutlined aria-hidden />, label: t('attach.file') },
      { key: 'camera', icon: <CameraOutlined aria-hidden />, label: t('attach.camera') },
      { key: 'contact', icon: <IdcardOutlined aria-hidden />, label: t('attach.contact') },
      ...(maySchedule ? [{ key: 'schedule', icon: <ClockCircleOutlined aria-hidden />, label: t('attach.schedule') }] : []),
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'file') fileInput.current?.click();
      else if (key === 'camera') setCamera(true);
      else if (key === 'contact') setContactOpen(true);
      else if (key === 'schedule') setScheduling(true);
    },
  };

  const hasText = !!textToSend(text);
  const placeholder = !enabled ? t('input.disabled') : isPrivate ? t('input.privatePlaceholder') : t('input.placeholder');

  return (
    <div style={{ borderTop: '1px solid rgba(128,128,128,0.2)', padding: 8, position: 'relative' }} {...dropHandlers}>
      {dragging && (
        <Flex
          justify="center"
          align="center"
          aria-live="polite"
          style={{
            position: 'absolute',
            inset: 0,
            zIndex: 6,
            border: '2px dashed #1677ff',
            borderRadius: 8,
            background: 'rgba(22,119,255,0.08)',
            pointerEvents: 'none',
          }}
        >
          <Typography.Text strong>{t('attach.dropHere')}</Typography.Text>
        </Flex>
      )}
      {showQuick && (
        <QuickReplyList
          id={listId}
          items={matches}
          active={Math.min(quickIndex, matches.length - 1)}
          favourites={favourites}
          onPick={(q) => void pickQuick(q)}
          onHover={setQuickIndex}
          onToggleFavourite={toggleFav}
        />
      )}
      {replyTo && (
        <Flex align="center" gap={8} style={{ borderLeft: '3px solid #1677ff', padding: '4px 8px', marginBottom: 6, background: 'rgba(0,0,0,0.04)' }}>
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {replyTo.fromMe ? t('reply.toSelf') : t('reply.toContact', { name: replyTo.contact?.name ?? '' })}
            </Typography.Text>
            <Typography.Text ellipsis>{replyTo.body || t('reply.media')}</Typography.Text>
          </Flex>
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('buttons.cancelReply')} onClick={onClearReply} />
        </Flex>
      )}
      <Flex gap={16} align="center" wrap style={{ marginBottom: 6, paddingInline: 4 }}>
        {canSign && (
          <Tooltip title={t('toggles.signHint')}>
            <Flex align="center" gap={6}>
              <EditOutlined aria-hidden />
              <Switch size="small" checked={sign} onChange={setSign} disabled={!enabled || isPrivate} aria-label={t('toggles.sign')} id={`sign-${ticketId}`} />
              <label htmlFor={`sign-${ticketId}`} style={{ fontSize: 12, cursor: 'pointer' }}>
                {t('toggles.sign')}
              </label>
            </Flex>
          </Tooltip>
        )}
        <Tooltip title={t('toggles.privateHint')}>
          <Flex align="center" gap={6}>
            <LockOutlined aria-hidden />
            <Switch size="small" checked={isPrivate} onChange={setIsPrivate} disabled={!enabled} aria-label={t('toggles.private')} id={`private-${ticketId}`} />
            <label htmlFor={`private-${ticketId}`} style={{ fontSize: 12, cursor: 'pointer' }}>
              {t('toggles.private')}
            </label>
          </Flex>
        </Tooltip>
      </Flex>
      <HiddenFileInput ref={fileInput} onFiles={openFiles} />
      {recorder.recording || processingAudio ? (
        <VoiceRecordingBar elapsed={recorder.elapsed} processing={processingAudio} onCancel={recorder.cancel} onSend={() => void finishRecording()} />
      ) : (
        <Flex gap={4} align="flex-end">
          <EmojiPicker disabled={!enabled || busy} onPick={insertEmoji} onClose={focusInput} />
          <Dropdown trigger={['click']} menu={attachMenu} disabled={!enabled || busy} placement="topLeft">
            <Button
              type="text"
              icon={<PaperClipOutlined />}
              title={t('buttons.attach')}
              aria-label={t('buttons.attach')}
              aria-haspopup="menu"
              disabled={!enabled || busy}
            />
          </Dropdown>
          <Input.TextArea
            ref={input}
            data-testid="message-input"
            value={text}
            onChange={(e) => updateText(e.target.value)}
            onKeyDown={onKeyDown}
            onKeyUp={rememberCaret}
            onSelect={rememberCaret}
            onBlur={rememberCaret}
            onPaste={onPaste}
            disabled={!enabled}
            readOnly={correcting}
            autoSize={{ minRows: 1, maxRows: 6 }}
            placeholder={placeholder}
            aria-label={t('input.label')}
            aria-autocomplete="list"
            aria-controls={showQuick ? listId : undefined}
            aria-activedescendant={activeQuick ? quickOptionId(listId, activeQuick) : undefined}
            style={isPrivate ? { background: 'rgba(250,219,20,0.12)', flex: 1 } : { flex: 1 }}
          />
          {mayCorrect && (
            <Tooltip title={t('corrector.button')}>
              <Button
                type="text"
                icon={<HighlightOutlined />}
                onClick={() => void correct()}
                loading={correcting}
                disabled={!enabled || sending || processingAudio || !hasText}
                aria-label={t('corrector.button')}
                data-testid="text-corrector"
              />
            </Tooltip>
          )}
          {hasText || !enabled ? (
            <Tooltip title={t('buttons.send')}>
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={() => void send()}
                loading={sending}
                disabled={!enabled || !hasText}
                aria-label={t('buttons.send')}
              />
            </Tooltip>
          ) : (
            <Tooltip title={t('voice.record')}>
              <Button icon={<AudioOutlined />} onClick={() => void startRecording()} disabled={busy} aria-label={t('voice.record')} />
            </Tooltip>
          )}
        </Flex>
      )}
      {signed && hasText && (
        <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block', paddingInline: 4, marginTop: 2 }}>
          {t('toggles.signPreview', { name: user?.name ?? '' })}
        </Typography.Text>
      )}
      <AttachmentDialog
        files={files}
        caption={caption}
        sending={sending}
        onFilesChange={(next) => {
          setFiles(next);
          if (!next.length) closeFiles();
        }}
        onCaptionChange={setCaption}
        onSend={() => void sendFiles()}
        onCancel={closeFiles}
      />
      <CameraDialog
        open={camera}
        onClose={() => setCamera(false)}
        onCapture={(file) => {
          setCamera(false);
          openFiles([file]);
        }}
      />
      <ContactCardDialog open={contactOpen} sending={sending} onClose={() => setContactOpen(false)} onSend={(card) => void sendContact(card)} />
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog open scheduleId={null} contactId={contactId} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
    </div>
  );
}
