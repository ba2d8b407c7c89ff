import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@atende/kit/contracts';
import { createAnnouncement, removeAnnouncementMedia, updateAnnouncement, uploadAnnouncementMedia } from '../../api/announcements';
import { toastError, toastSuccess, translateError } from '../../errors/toast';
import {
  announcementFormValues,
  ATTACHMENT_ACCEPT,
  isAcceptedAttachment,
  priorityLabelKey,
  PRIORITIES,
  serverFieldErrors,
  toAnnouncementBody,
  validateAnnouncementField,
  validationKey,
  type AnnouncementFormValues,
} from './announcementsRules';

export type AnnouncementDialogProps = {
  open: boolean;
  /** null: a new announcement. */
  record: Announcement | null;
  onClose(): void;
  /** Each time the server answered a saved version (the record, then its attachment). */
  onSaved(record: Announcement): void;
};

/**
 * Add/edit announcement (spec 002 §2, §5): title and text required, priority Alta/Média/Baixa, active
 * switch, one .png/.jpg/.jpeg image uploaded after the record is saved (media-upload).
 */
export function AnnouncementDialog({ open, record, onClose, onSaved }: AnnouncementDialogProps) {
  const { t } = useTranslation('announcements');
  const [form] = Form.useForm<AnnouncementFormValues>();
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  // The saved version: after a create whose upload failed, saving again updates it (no second record).
  const [current, setCurrent] = useState<Announcement | null>(record);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setMediaError(null);
    setCurrent(record);
    form.resetFields();
    form.setFieldsValue(announcementFormValues(record));
  }, [open, record, form]);

  const message = (text: string) => {
    const key = validationKey(text);
    return key ? t(key) : text;
  };
  const rule = (field: 'title' | 'text' | 'priority') => ({
    validator: async (_rule: unknown, value: unknown) => {
      const failure = validateAnnouncementField(field, value);
      if (failure) throw new Error(message(failure));
    },
  });

  /** A refused save: the failing fields are marked in the form, the translated code is toasted. */
  const showFailure = (err: unknown) => {
    const fields = serverFieldErrors(err);
    const formFields = fields.flatMap((f) => (f.field === 'media' ? [] : [{ name: f.field, errors: [message(f.message)] }]));
    if (formFields.length) form.setFields(formFields);
    const media = fields.find((f) => f.field === 'media');
    if (media) setMediaError(message(media.message));
    toastError(err);
  };

  const submit = async () => {
    let values: AnnouncementFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    let saved: Announcement;
    try {
      const body = toAnnouncementBody(values);
      saved = current ? await updateAnnouncement(current.id, body) : await createAnnouncement(body);
      setCurrent(saved);
      onSaved(saved);
    } catch (err) {
      setSaving(false);
      showFailure(err);
      return;
    }
    if (file) {
      try {
        saved = await uploadAnnouncementMedia(saved.id, file, file.name);
        setFile(null);
        setCurrent(saved);
        onSaved(saved);
      } catch (err) {
        // The record is saved; the dialog stays open on it so the image can be sent again.
        setSaving(false);
        const reason = translateError(err);
        setMediaError(reason);
        toastError(t('toasts.uploadFailed', { reason }));
        return;
      }
    }
    setSaving(false);
    toastSuccess(t('toasts.saved'), { form: true });
    onClose();
  };

  const storedMedia = !!(current?.mediaPath || current?.mediaName);

  const removeMedia = async () => {
    if (file) {
      setFile(null);
      setMediaError(null);
      return;
    }
    if (!current || !storedMedia) return;
    setRemoving(true);
    try {
      const saved = await removeAnnouncementMedia(current.id);
      setCurrent(saved);
      onSaved(saved);
      setMediaError(null);
      toastSuccess(t('toasts.mediaRemoved'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setRemoving(false);
    }
  };

  const attachmentName = file?.name ?? (storedMedia ? (current?.mediaName ?? t('fields.media')) : null);
  const removeButton = (
    <Button danger icon={<DeleteOutlined />} loading={removing} onClick={file ? () => void removeMedia() : undefined} data-testid="announcement-remove-media">
      {t('buttons.removeMedia')}
    </Button>
  );

  return (
    <Modal
      open={open}
      title={record ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      forceRender
      maskClosable={!saving}
      footer={
        <Space>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {record ? t('buttons.save') : t('buttons.create')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="announcement-form" initialValues={announcementFormValues(null)}>
        <Form.Item name="title" label={t('fields.title')} required rules={[rule('title')]}>
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item name="text" label={t('fields.text')} required rules={[rule('text')]}>
          <Input.TextArea rows={5} maxLength={10000} />
        </Form.Item>
        <Space size={24} wrap align="start">
          <Form.Item name="priority" label={t('fields.priority')} required rules={[rule('priority')]}>
            <Select style={{ width: 160 }} options={PRIORITIES.map((p) => ({ value: p, label: t(priorityLabelKey(p)) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('fields.status')} valuePropName="checked">
            <Switch aria-label={t('fields.status')} />
          </Form.Item>
        </Space>
        <Form.Item label={t('fields.media')} validateStatus={mediaError ? 'error' : undefined} help={mediaError ?? t('dialog.attachmentHint')}>
          <Space wrap>
            {attachmentName ? (
              <Typography.Text data-testid="announcement-attachment">
                <PaperClipOutlined />{' '}
                {!file && current?.mediaPath ? (
                  <a href={current.mediaPath} target="_blank" rel="noopener noreferrer">
                    {attachmentName}
                  </a>
                ) : (
                  attachmentName
                )}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('table.noMedia')}</Typography.Text>
            )}
            <Upload
              accept={ATTACHMENT_ACCEPT}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(picked) => {
                if (!isAcceptedAttachment(picked.name)) {
                  setMediaError(t('validation.attachmentType'));
                  return Upload.LIST_IGNORE;
                }
                setMediaError(null);
                setFile(picked);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{attachmentName ? t('buttons.replace') : t('buttons.attach')}</Button>
            </Upload>
            {attachmentName &&
              (file ? (
                removeButton
              ) : (
                <Popconfirm
                  title={t('confirm.removeMediaTitle', { name: attachmentName })}
                  description={t('confirm.deleteMessage')}
                  okText={t('buttons.removeMedia')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => removeMedia()}
                >
                  {removeButton}
                </Popconfirm>
              ))}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
