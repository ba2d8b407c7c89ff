import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Switch, Tabs } from 'antd';
import { useAuth } from '../../auth/AuthContext';
import { AttachmentField } from '../../components/AttachmentField';
import { useTranslation } from 'react-i18next';
import { createCampaign, getCampaign, removeCampaignMedia, updateCampaign, uploadCampaignMedia, type Campaign } from '../../api/campaigns';
import { toastError, toastSuccess } from '../../errors/toast';
import {
  campaignFormValues,
  campaignProblemKey,
  campaignProblems,
  canSaveCampaign,
  confirmationField,
  isCampaignEditable,
  matchesUserSearch,
  messageField,
  toCampaignBody,
  VARIANTS,
  type CampaignFormValues,
} from './campaignRules';
import { useDialogOptions } from './useDialogOptions';
import { DATE_TIME_FORMAT } from '../../format/dates';

export type CampaignDialogProps = {
  open: boolean;
  /** null: a new campaign. */
  campaignId: number | null;
  onClose(): void;
  onSaved?(campaign: Campaign): void;
};

/** Add/edit campaign (spec 002 §2, §4, §5). */
export function CampaignDialog({ open, campaignId, onClose, onSaved }: CampaignDialogProps) {
  const { t } = useTranslation('campaigns');
  const timeZone = useAuth().user?.company.timeZone;
  const [form] = Form.useForm<CampaignFormValues>();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  // The parent's onClose may change identity each render: read it through a ref so the form is not reloaded.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const options = useDialogOptions(open, true);
  const confirmation = Form.useWatch('confirmation', form);
  const openTicket = Form.useWatch('openTicket', form);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setCampaign(null);
    form.resetFields();
    form.setFieldsValue(campaignFormValues(null));
    if (campaignId === null) return;
    let active = true;
    setLoading(true);
    getCampaign(campaignId)
      .then((found) => {
        if (!active) return;
        setCampaign(found);
        form.setFieldsValue(campaignFormValues(found));
      })
      .catch((err: unknown) => {
        toastError(err);
        closeRef.current();
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, campaignId, form]);

  const editable = isCampaignEditable(campaign);
  const canSave = canSaveCampaign(campaign) && !loading;

  const rule = (field: 'name' | 'whatsappId' | 'queueId') => ({
    validator: async () => {
      const problem = campaignProblems(form.getFieldsValue(true) as CampaignFormValues)[field];
      if (!problem) return;
      throw new Error(t(campaignProblemKey(problem)));
    },
  });

  const submit = async () => {
    let values: CampaignFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as CampaignFormValues;
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toCampaignBody(values, timeZone);
      let saved = campaign ? await updateCampaign(campaign.id, body) : await createCampaign(body);
      if (file) saved = await uploadCampaignMedia(saved.id, file, file.name);
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
    if (!campaign?.mediaPath) return;
    try {
      await removeCampaignMedia(campaign.id);
      const next = { ...campaign, mediaPath: null, mediaName: null };
      setCampaign(next);
      onSaved?.(next);
      toastSuccess(t('toasts.mediaRemoved'), { form: true });
    } catch (err) {
      toastError(err);
    }
  };

  const attachment = file?.name ?? campaign?.mediaName ?? campaign?.mediaPath ?? null;
  const variantTabs = (field: (n: number) => string, label: string) =>
    VARIANTS.map((n) => ({
      key: String(n),
      label: `${label} ${n}`,
      forceRender: true,
      children: (
        <Form.Item name={field(n)} label={`${label} ${n}`} extra={n === 1 ? t('fields.messageHelp') : undefined}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
      ),
    }));

  return (
    <Modal
      open={open}
      width={900}
      title={campaign ? (editable ? t('dialog.editTitle') : t('dialog.viewTitle')) : t('dialog.addTitle')}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          {canSave && (
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {campaign ? t('buttons.save') : t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      {campaign && !editable && <Alert type="info" showIcon title={t('dialog.readOnly')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" name="campaign-form" disabled={!editable || loading}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
              <Input autoFocus maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="confirmation" label={t('fields.confirmation')} valuePropName="checked">
              <Switch aria-label={t('fields.confirmation')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="scheduledAt" label={t('fields.scheduledAt')}>
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} aria-label={t('fields.scheduledAt')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="whatsappId" label={t('fields.whatsapp')} required rules={[rule('whatsappId')]}>
              <Select options={options.connections} allowClear aria-label={t('fields.whatsapp')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="contactListId" label={t('fields.contactList')}>
              <Select options={options.contactLists} allowClear showSearch={{ optionFilterProp: 'label' }} aria-label={t('fields.contactList')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tagListId" label={t('fields.tagList')}>
              <Select options={options.tags} allowClear showSearch={{ optionFilterProp: 'label' }} aria-label={t('fields.tagList')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="openTicket" label={t('fields.openTicket')}>
              <Select
                aria-label={t('fields.openTicket')}
                options={[
                  { value: 'enabled', label: t('options.enabled') },
                  { value: 'disabled', label: t('options.disabled') },
                ]}
                onChange={(v) => {
                  if (v === 'disabled') form.setFieldsValue({ userId: null, queueId: null });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="statusTicket" label={t('fields.statusTicket')}>
              <Select
                aria-label={t('fields.statusTicket')}
                options={[
                  { value: 'closed', label: t('options.closed') },
                  { value: 'pending', label: t('options.pending') },
                  { value: 'open', label: t('options.open') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="userId" label={t('fields.user')}>
              <Select
                options={options.users}
                allowClear
                showSearch={{ filterOption: (input, option) => matchesUserSearch(input, option?.label) }}
                disabled={openTicket !== 'enabled'}
                aria-label={t('fields.user')}
                onChange={() => void form.validateFields(['queueId']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="queueId" label={t('fields.queue')} rules={[rule('queueId')]} dependencies={['userId', 'openTicket']}>
              <Select options={options.queues} allowClear disabled={openTicket !== 'enabled'} aria-label={t('fields.queue')} />
            </Form.Item>
          </Col>
        </Row>
        <Tabs items={variantTabs(messageField, t('fields.message'))} />
        {confirmation && <Tabs items={variantTabs(confirmationField, t('fields.confirmationMessage'))} />}
        <Form.Item label={t('fields.media')}>
          <AttachmentField namespace="campaigns" attachment={attachment} editable={editable} onPick={setFile} onRemove={() => void removeMedia()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
