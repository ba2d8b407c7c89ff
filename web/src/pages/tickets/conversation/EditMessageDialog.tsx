import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { editMessage } from '../../../api/tickets';
import { useAuth } from '../../../auth/AuthContext';
import { toastError, toastWarning } from '../../../errors/toast';
import { splitSignature } from '../composer/composerRules';
import { canEditMessage, editTimeLeft } from './time';

/**
 * Editing an own text message within 15 minutes of creation. The window is checked again on save;
 * a server refusal (ERR_EDITING_WAPP_MSG and others) is shown translated. A signed message shows only its
 * text; the signature goes back in front of the edited text.
 */
export function EditMessageDialog({ message, onClose, onSaved }: { message: Message | null; onClose(): void; onSaved(message: Message): void }) {
  const { t } = useTranslation('conversation');
  const { user } = useAuth();
  const { signature, text: written } = splitSignature(message?.body ?? '', user?.name);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [, tick] = useState(0);

  useEffect(() => {
    setText(written);
    // Only when another message opens: the user's name changing meanwhile must not reset what is typed.
  }, [message]);

  // Refresh the 'minutes left' hint while the dialog is open.
  useEffect(() => {
    if (!message) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 15_000);
    return () => window.clearInterval(timer);
  }, [message]);

  const trimmed = text.trim();
  const unchanged = trimmed === written.trim();
  const left = message ? editTimeLeft(message) : 0;

  const save = async () => {
    if (!message || !trimmed || unchanged) return;
    if (!canEditMessage(message)) {
      toastWarning(t('edit.expired'));
      onClose();
      return;
    }
    setSaving(true);
    try {
      onSaved(await editMessage(message.id, signature + trimmed));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!message}
      title={t('edit.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('edit.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !trimmed || unchanged, loading: saving }}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        autoSize={{ minRows: 2, maxRows: 8 }}
        value={text}
        maxLength={65_536}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void save();
          }
        }}
        aria-label={t('edit.title')}
      />
      <Typography.Text type={left > 0 ? 'secondary' : 'danger'} style={{ fontSize: 12, display: 'block', marginTop: 6 }}>
        {left > 0 ? t('edit.left', { count: Math.max(1, Math.ceil(left / 60_000)) }) : t('edit.expired')}
      </Typography.Text>
    </Modal>
  );
}
