import { useEffect, useState } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@atende/kit/contracts';
import { createPrompt, getPrompt, updatePrompt, type Prompt } from '../../api/prompts';
import { listQueues } from '../../api/queues';
import { toastError, toastSuccess } from '../../errors/toast';
import { useDialogRecord } from '../../hooks/useDialogRecord';
import { promptFormValues, promptLimits, serverFieldErrors, toPromptBody, voiceOptions, type PromptFormValues } from './promptRules';

export type PromptDialogProps = {
  open: boolean;
  /** null: a new prompt. */
  promptId: number | null;
  onClose(): void;
  onSaved(prompt: Prompt): void;
};

/**
 * Add/edit an AI prompt (spec 002 §2 modal fields, §5): name, API key (masked, with a show toggle),
 * prompt text, queue, voice (text or one of the 16 pt-BR neural voices), voice key and region,
 * temperature, max tokens, max messages. A new prompt starts with the spec's defaults (§9).
 */
export function PromptDialog({ open, promptId, onClose, onSaved }: PromptDialogProps) {
  const { t } = useTranslation('prompts');
  const [form] = Form.useForm<PromptFormValues>();
  const [saving, setSaving] = useState(false);
  const [queues, setQueues] = useState<Queue[]>([]);

  // The prompt (with its API key in full) or a new one's defaults, each time the dialog opens.
  const loading = useDialogRecord(open, promptId, {
    start(isNew) {
      form.resetFields();
      if (isNew) form.setFieldsValue(promptFormValues(null));
    },
    read: getPrompt,
    apply: (p) => form.setFieldsValue(promptFormValues(p)),
    onClose,
  });

  // The company's queues for the selector (GET /api/queue).
  useEffect(() => {
    if (!open) return;
    let active = true;
    listQueues()
      .then((list) => active && setQueues(list))
      .catch((err: unknown) => active && toastError(err));
    return () => {
      active = false;
    };
  }, [open]);

  /** A server message in the form's words when it is one the form knows. */
  const fieldMessage = (message: string) =>
    message === 'Required'
      ? t('validation.required')
      : message === 'Informe o setor'
        ? t('validation.queueRequired')
        : message === 'Too Long!'
          ? t('validation.tooLong')
          : message;

  const submit = async () => {
    let values: PromptFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toPromptBody({ ...promptFormValues(null), ...values });
      const saved = promptId === null ? await createPrompt(body) : await updatePrompt(promptId, body);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f.name, errors: [fieldMessage(f.message)] })));
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };

  return (
    <Modal
      open={open}
      title={promptId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      onCancel={onClose}
      forceRender
      width={720}
      okText={promptId === null ? t('buttons.create') : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      onOk={() => void submit()}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="prompt-form" onFinish={() => void submit()}>
          <Form.Item name="name" label={t('fields.name')} rules={[required, { max: 100, message: t('validation.tooLong') }]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="apiKey" label={t('fields.apiKey')} rules={[required, { max: 500, message: t('validation.tooLong') }]}>
            <Input.Password autoComplete="new-password" maxLength={500} />
          </Form.Item>
          <Form.Item
            name="prompt"
            label={t('fields.prompt')}
            tooltip={t('fields.promptHint')}
            rules={[required, { max: 20_000, message: t('validation.tooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={20_000} />
          </Form.Item>
          <Form.Item name="queueId" label={t('fields.queueId')} rules={[{ required: true, message: t('validation.queueRequired') }]}>
            <Select
              options={queues.map((q) => ({ value: q.id, label: q.name }))}
              optionFilterProp="label"
              showSearch
              placeholder={t('fields.queuePlaceholder')}
              aria-label={t('fields.queueId')}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="voice" label={t('fields.voice')} tooltip={t('fields.voiceHint')}>
                <Select options={voiceOptions(t('fields.voiceText'))} optionFilterProp="label" showSearch aria-label={t('fields.voice')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="voiceKey" label={t('fields.voiceKey')} tooltip={t('fields.voiceKeyHint')}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="voiceRegion" label={t('fields.voiceRegion')} tooltip={t('fields.voiceRegionHint')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="temperature" label={t('fields.temperature')} tooltip={t('fields.temperatureHint')}>
                <InputNumber min={promptLimits.temperature.min} max={promptLimits.temperature.max} step={0.1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="maxTokens" label={t('fields.maxTokens')}>
                <InputNumber min={promptLimits.maxTokens.min} max={promptLimits.maxTokens.max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="maxMessages" label={t('fields.maxMessages')}>
                <InputNumber min={promptLimits.maxMessages.min} max={promptLimits.maxMessages.max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
