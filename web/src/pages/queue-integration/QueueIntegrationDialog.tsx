import { useState } from 'react';
import { Button, Col, Flex, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Upload } from 'antd';
import { ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QueueIntegration } from '../../api/queueIntegrations';
import { createQueueIntegration, getQueueIntegration, testQueueIntegration, updateQueueIntegration } from '../../api/queueIntegrations';
import { errorBodyOf } from '../../errors/errorMessage';
import { toastError, toastSuccess, translateError } from '../../errors/toast';
import { useDialogRecord } from '../../hooks/useDialogRecord';
import { IntegrationTypeLogo } from './IntegrationTypeLogo';
import {
  INTEGRATION_LANGUAGES,
  KEY_FILE_MAX_BYTES,
  QUEUE_INTEGRATION_TYPES,
  fieldsOfType,
  integrationFormValues,
  integrationProblems,
  toIntegrationBody,
  toTestBody,
  type FieldProblem,
  type IntegrationField,
  type IntegrationFormValues,
} from './queueIntegrationRules';

export type QueueIntegrationDialogProps = {
  open: boolean;
  /** null: a new integration. */
  integrationId: number | null;
  onClose(): void;
  onSaved(saved: QueueIntegration): void;
};

/**
 * Add/edit a queue integration (spec 002 §2, §3, §5): the fields follow the type — Dialogflow (project,
 * language, service-account key pasted or uploaded), n8n and webhook (URL), Typebot (URL, slug, timings and
 * texts). The Test button checks what the form names for real (POST /queueIntegration/testSession).
 */
export function QueueIntegrationDialog({ open, integrationId, onClose, onSaved }: QueueIntegrationDialogProps) {
  const { t } = useTranslation('queueIntegrations');
  const [form] = Form.useForm<IntegrationFormValues>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const type = Form.useWatch('type', form) ?? 'typebot';
  const shown = new Set<IntegrationField>(fieldsOfType(type));

  // The integration (or a new one's defaults) each time the dialog opens.
  const loading = useDialogRecord(open, integrationId, {
    start(isNew) {
      form.resetFields();
      if (isNew) form.setFieldsValue(integrationFormValues(null));
    },
    read: getQueueIntegration,
    apply: (record) => form.setFieldsValue(integrationFormValues(record)),
    onClose,
  });

  const problemText = (problem: FieldProblem) => ('text' in problem ? problem.text : t(problem.key, problem.values));
  const check = (field: IntegrationField) => ({
    validator: async () => {
      const problem = integrationProblems(form.getFieldsValue(true) as IntegrationFormValues)[field];
      if (problem) throw new Error(problemText(problem));
    },
  });

  /** The server's refusal on the fields it names, in the current language. */
  const showServerFields = (err: unknown) => {
    const body = errorBodyOf(err);
    if (!body || typeof body !== 'object' || !Array.isArray(body.fields)) return;
    const text = translateError(typeof body.error === 'string' && body.error !== 'ERR_VALIDATION' ? body.error : err);
    const known = new Set<string>(['type', 'name', ...fieldsOfType(type)]);
    form.setFields(
      (body.fields as { field?: unknown }[])
        .map((f) => String(f.field ?? ''))
        .filter((f) => known.has(f))
        .map((f) => ({ name: f as IntegrationField, errors: [text] })),
    );
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toIntegrationBody(form.getFieldsValue(true) as IntegrationFormValues);
    setSaving(true);
    try {
      const saved = integrationId === null ? await createQueueIntegration(body) : await updateQueueIntegration(integrationId, body);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      showServerFields(err);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const runTest = async () => {
    const values = form.getFieldsValue(true) as IntegrationFormValues;
    const needed = fieldsOfType(values.type).filter((f) => ['projectName', 'jsonContent', 'urlN8N', 'typebotSlug'].includes(f));
    try {
      await form.validateFields(needed);
    } catch {
      return;
    }
    setTesting(true);
    try {
      const result = await testQueueIntegration(toTestBody(values));
      if (result.type === 'dialogflow')
        toastSuccess(result.reply ? t('toasts.testOkDialogflow', { reply: result.reply }) : t('toasts.testOkDialogflowNoReply'));
      else toastSuccess(t('toasts.testOk', { status: result.status, ms: result.elapsedMs }));
    } catch (err) {
      showServerFields(err);
      const body = errorBodyOf(err);
      const status = body && typeof body === 'object' && typeof body.status === 'number' ? body.status : null;
      toastError(status !== null ? t('toasts.testFailedStatus', { text: translateError(err), status }) : err);
    } finally {
      setTesting(false);
    }
  };

  /** A key file picked: its text goes into the field (nothing is uploaded until saved). */
  const readKeyFile = (file: File) => {
    if (file.size > KEY_FILE_MAX_BYTES) {
      form.setFields([{ name: 'jsonContent', errors: [t('validation.keyFileTooLarge')] }]);
      return;
    }
    file
      .text()
      .then((text) => {
        form.setFieldsValue({ jsonContent: text.trim() });
        void form.validateFields(['jsonContent']).catch(() => undefined);
      })
      .catch(() => form.setFields([{ name: 'jsonContent', errors: [t('validation.keyFileUnreadable')] }]));
  };

  const typeOptions = QUEUE_INTEGRATION_TYPES.map((value) => ({
    value,
    label: (
      <Space size={8}>
        <IntegrationTypeLogo type={value} label={t(`types.${value}`)} size={18} />
        {t(`types.${value}`)}
      </Space>
    ),
  }));
  const textField = (field: IntegrationField, label: string, max: number, extra: { hint?: string; area?: boolean } = {}) => (
    <Form.Item
      name={field}
      label={label}
      tooltip={extra.hint}
      required={['name', 'projectName', 'urlN8N', 'typebotSlug'].includes(field)}
      rules={[check(field)]}
    >
      {extra.area ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={max} /> : <Input maxLength={max} />}
    </Form.Item>
  );
  const numberField = (field: 'typebotExpires' | 'typebotDelayMessage', label: string, max: number) => (
    <Form.Item name={field} label={label} rules={[check(field)]}>
      <InputNumber min={0} max={max} precision={0} style={{ width: '100%' }} aria-label={label} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={integrationId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      onCancel={onClose}
      forceRender
      width={640}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button icon={<ExperimentOutlined />} onClick={() => void runTest()} loading={testing} disabled={loading}>
            {t('dialog.test')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('dialog.cancel')}</Button>
            <Button type="primary" onClick={() => void submit()} loading={saving} disabled={loading}>
              {integrationId === null ? t('dialog.create') : t('dialog.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="queue-integration-form" onFinish={() => void submit()}>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item name="type" label={t('fields.type')} required>
                <Select options={typeOptions} aria-label={t('fields.type')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={14}>
              {textField('name', t('fields.name'), 60)}
            </Col>
          </Row>
          {shown.has('projectName') && (
            <Row gutter={16}>
              <Col xs={24} md={14}>
                {textField('projectName', t('fields.projectName'), 100, { hint: t('fields.projectNameHint') })}
              </Col>
              <Col xs={24} md={10}>
                <Form.Item name="language" label={t('fields.language')}>
                  <Select options={INTEGRATION_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))} aria-label={t('fields.language')} />
                </Form.Item>
              </Col>
            </Row>
          )}
          {shown.has('jsonContent') && (
            <>
              <Form.Item name="jsonContent" label={t('fields.jsonContent')} tooltip={t('fields.jsonContentHint')} required rules={[check('jsonContent')]}>
                <Input.TextArea autoSize={{ minRows: 5, maxRows: 10 }} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 12 }} />
              </Form.Item>
              <Upload accept=".json,application/json" showUploadList={false} maxCount={1} beforeUpload={(file) => (readKeyFile(file), false)}>
                <Button icon={<UploadOutlined />} style={{ marginTop: -8, marginBottom: 16 }}>
                  {t('fields.jsonUpload')}
                </Button>
              </Upload>
            </>
          )}
          {shown.has('urlN8N') && textField('urlN8N', type === 'typebot' ? t('fields.urlTypebot') : t('fields.urlN8N'), 2000)}
          {shown.has('typebotSlug') && (
            <>
              {textField('typebotSlug', t('fields.typebotSlug'), 255)}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  {numberField('typebotExpires', t('fields.typebotExpires'), 525_600)}
                </Col>
                <Col xs={24} md={12}>
                  {numberField('typebotDelayMessage', t('fields.typebotDelayMessage'), 60_000)}
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  {textField('typebotKeywordFinish', t('fields.typebotKeywordFinish'), 255)}
                </Col>
                <Col xs={24} md={12}>
                  {textField('typebotKeywordRestart', t('fields.typebotKeywordRestart'), 255)}
                </Col>
              </Row>
              {textField('typebotUnknownMessage', t('fields.typebotUnknownMessage'), 2000, { area: true })}
              {textField('typebotRestartMessage', t('fields.typebotRestartMessage'), 2000, { area: true })}
            </>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}
