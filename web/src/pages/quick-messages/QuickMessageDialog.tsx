import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canEditQuickMessage, createQuickMessageBody, type QuickMessage } from '@atende/kit/contracts';
import { createQuickMessage, removeQuickMessageMedia, updateQuickMessage, uploadQuickMessageMedia } from '../../api/quickMessages';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { zodRule } from '../users/zodRule';
import { quickMessageFormValues, toQuickMessageBody, type QuickMessageFormValues } from './quickMessageRules';

export type QuickMessageDialogProps = {
  open: boolean;
  /** null: a new quick message. */
  record: QuickMessage | null;
  onClose(): void;
  onSaved?(record: QuickMessage): void;
};

/** Add/edit quick message (spec 002 §2, §5): shortcode required, message, geral/visao, one attachment. */
export function QuickMessageDialog({ open, record, onClose, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation('quickMessages');
  const { user } = useAuth();
  const [form] = Form.useForm<QuickMessageFormValues>();
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [current, setCurrent] = useState<QuickMessage | null>(record);
  // A new one is the caller's own.
  const editable = !record || canEditQuickMessage(record, { userId: user?.id ?? 0, admin: user?.profile === 'admin' });

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setCurrent(record);
    form.resetFields();
    form.setFieldsValue(quickMessageFormValues(record));
  }, [open, record, form]);

  const submit = async () => {
    if (!editable) return;
    let values: QuickMessageFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toQuickMessageBody(values, current);
      let saved = current ? await updateQuickMessage(current.id, body) : await createQuickMessage(body);
      if (file) saved = await uploadQuickMessageMedia(saved.id, file, file.name);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const removeMedia = async () => {
    if (file) {
      setFile(null);
      return;
    }
    if (!current?.mediaPath && !current?.mediaName) return;
    try {
      const saved = await removeQuickMessageMedia(current.id);
      setCurrent(saved);
      onSaved?.(saved);
      toastSuccess(t('toasts.mediaRemoved'), { form: true });
    } catch (err) {
      toastError(err);
    }
  };

  const attachmentName = file?.name ?? (current?.mediaPath || current?.mediaName ? (current.mediaName ?? current.mediaPath) : null);

  return (
    <Modal
      open={open}
      title={!editable ? t('dialog.viewTitle') : record ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>{editable ? t('buttons.cancel') : t('buttons.close')}</Button>
          {editable && (
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {record ? t('buttons.save') : t('buttons.add')}
            </Button>
          )}
        </Space>
      }
    >
      {!editable && <Alert type="info" showIcon title={t('dialog.readOnly')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" name="quick-message-form" disabled={!editable}>
        <Form.Item name="shortcode" label={t('fields.shortcode')} required rules={[zodRule(createQuickMessageBody.shape.shortcode)]}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item name="message" label={t('fields.message')} extra={t('fields.messageHint', { firstName: '{{firstName}}', name: '{{name}}', protocol: '{{protocol}}' })}>
          <Input.TextArea rows={5} maxLength={10000} />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="geral" label={t('fields.geral')} valuePropName="checked">
            <Switch aria-label={t('fields.geral')} />
          </Form.Item>
          <Form.Item name="visao" label={t('fields.visao')} valuePropName="checked">
            <Switch aria-label={t('fields.visao')} />
          </Form.Item>
        </Space>
        <Form.Item label={t('fields.media')}>
          <Space wrap>
            {attachmentName ? (
              <>
                <Typography.Text>
                  <PaperClipOutlined /> {attachmentName}
                </Typography.Text>
                {editable && (
                  <Button danger icon={<DeleteOutlined />} onClick={() => void removeMedia()}>
                    {t('buttons.removeMedia')}
                  </Button>
                )}
              </>
            ) : (
              <Typography.Text type="secondary">{t('table.noMedia')}</Typography.Text>
            )}
            {editable && (
              <Upload
                maxCount={1}
                showUploadList={false}
                beforeUpload={(f) => {
                  setFile(f);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('buttons.attach')}</Button>
              </Upload>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
