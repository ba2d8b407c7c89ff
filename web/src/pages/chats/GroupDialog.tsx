import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@atende/kit/contracts';
import { createChat, updateChat } from '../../api/chats';
import { toastError, toastSuccess } from '../../errors/toast';
import { ChatAvatar } from './ChatAvatar';
import { editableParticipantIds, groupBody, groupFormValid } from './chatsRules';
import { useCompanyUsers } from './useCompanyUsers';

type GroupDialogProps = {
  open: boolean;
  /** The group being edited; null creates one. */
  chat: Chat | null;
  me: number;
  onClose(): void;
  onSaved(chat: Chat): void;
};

/**
 * 'Criar Grupo' and the group's edit (spec 002 §2, §5): name, an optional photo (only when creating: it
 * cannot change later) and the participants; saving needs a name and at least one participant.
 */
export function GroupDialog({ open, chat, me, onClose, onSaved }: GroupDialogProps) {
  const { t } = useTranslation('chats');
  const editing = !!chat;
  const { users, loading } = useCompanyUsers(open);
  const [title, setTitle] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? '');
    setUserIds(chat ? editableParticipantIds(chat) : []);
    setPhoto(null);
  }, [open, chat]);

  const photoUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoUrl ? URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  const options = useMemo(() => {
    const names = new Map(users.filter((u) => u.id !== me).map((u) => [u.id, u.name]));
    // Participants who are not in the company's list any more still show by the name the chat knows.
    for (const p of chat?.users ?? []) if (p.userId !== me && p.userId !== chat?.ownerId && !names.has(p.userId)) names.set(p.userId, p.user.name);
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [users, me, chat]);

  const valid = groupFormValid({ title, userIds });

  const save = async () => {
    if (!valid || saving) return;
    setSaving(true);
    try {
      const body = groupBody({ title, userIds });
      const saved = chat ? await updateChat(chat.id, body) : await createChat({ ...body, isGroup: true }, photo);
      toastSuccess(t(chat ? 'toasts.saved' : 'toasts.created'), { form: true });
      onSaved(saved);
    } catch (err) {
      toastError(chat ? err : t('errors.create'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'group.editTitle' : 'group.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !saving }}
      keyboard={!saving}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={saving}>
            {t('group.cancel')}
          </Button>
          <Button type="primary" onClick={() => void save()} disabled={!valid} loading={saving} data-testid="group-save">
            {t(editing ? 'group.save' : 'group.create')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('group.name')} htmlFor="chat-group-title" required>
          <Input
            id="chat-group-title"
            autoFocus
            maxLength={255}
            value={title}
            placeholder={t('group.namePlaceholder')}
            onChange={(e) => setTitle(e.target.value)}
            onPressEnter={() => void save()}
          />
        </Form.Item>
        <Form.Item label={t('group.photo')} htmlFor={editing ? undefined : 'chat-group-photo'}>
          {editing ? (
            <Flex align="center" gap={12}>
              <ChatAvatar name={chat.title} picture={chat.groupImage} group size={48} />
              <Typography.Text type="secondary">{t('group.photoLocked')}</Typography.Text>
            </Flex>
          ) : (
            <Flex align="center" gap={12}>
              <ChatAvatar name={title} picture={photoUrl} group size={48} />
              <input
                ref={photoInput}
                id="chat-group-photo"
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => {
                  const picked = e.target.files?.[0] ?? null;
                  e.target.value = '';
                  if (picked && picked.type.startsWith('image/')) setPhoto(picked);
                }}
              />
              <Button icon={<PictureOutlined />} onClick={() => photoInput.current?.click()}>
                {t('group.choosePhoto')}
              </Button>
              {photo && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('group.removePhoto')} onClick={() => setPhoto(null)} />}
            </Flex>
          )}
        </Form.Item>
        <Form.Item label={t('group.participants')} htmlFor="chat-group-users" required>
          <Select
            id="chat-group-users"
            mode="multiple"
            value={userIds}
            onChange={setUserIds}
            options={options}
            loading={loading}
            placeholder={t('group.participantsPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={t('private.empty')}
            data-testid="group-users"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
