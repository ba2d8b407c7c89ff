import { useEffect, useMemo, useState } from 'react';
import { Alert, Checkbox, Col, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createAutoResponse, updateAutoResponse, type AutoResponse } from '../../api/autoResponses';
import { errorBodyOf } from '../../errors/errorMessage';
import { toastSuccess } from '../../errors/toast';
import { DAYS, PRIORITIES, emptyForm, formProblems, hourOptions, toBody, toForm, type AutoResponseForm } from './autoResponseRules';
import { snackbarError } from './snackbar';

export type AutoResponseDialogProps = {
  open: boolean;
  /** The rule edited; null for a new one. */
  record: AutoResponse | null;
  onClose(): void;
  onSaved(saved: AutoResponse): void;
};

const LIMITS = { name: 100, keyword: 100, response: 4096 };

/** Create/edit dialog (spec 002 §2, §5): name, keywords, similar words, response, priority, active, time restriction with hours and days, outside-hours message. */
export function AutoResponseDialog({ open, record, onClose, onSaved }: AutoResponseDialogProps) {
  const { t } = useTranslation('autoResponses');
  const [form] = Form.useForm<AutoResponseForm>();
  const [saving, setSaving] = useState(false);
  const restricted = Form.useWatch('timeRestriction', form);
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? toForm(record) : emptyForm());
  }, [open, record, form]);

  const hours = useMemo(() => hourOptions(record?.startTime, record?.endTime, startTime, endTime).map((h) => ({ value: h, label: h })), [record, startTime, endTime]);
  const problemText = (message: 'required' | 'days' | 'sameTime') => t(`validation.${message}`);

  const submit = async () => {
    const values = { ...emptyForm(), ...form.getFieldsValue(true) } as AutoResponseForm;
    const problems = formProblems(values);
    form.setFields(
      (Object.keys(emptyForm()) as (keyof AutoResponseForm)[]).map((name) => ({ name, errors: problems.filter((p) => p.field === name).map((p) => problemText(p.message)) })),
    );
    if (problems.length) return;
    setSaving(true);
    try {
      const body = toBody(values);
      const saved = record ? await updateAutoResponse(record.id, body) : await createAutoResponse(body);
      toastSuccess(t(record ? 'toasts.saved' : 'toasts.created'), { form: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      // A 400 names its fields: shown under them, besides the snackbar.
      const body = errorBodyOf(err);
      const fields = body && typeof body === 'object' && Array.isArray(body.fields) ? (body.fields as { field: string; message: string }[]) : [];
      const known = fields.filter((f) => f.field in emptyForm());
      if (known.length) form.setFields(known.map((f) => ({ name: f.field as keyof AutoResponseForm, errors: [f.message === 'Preencha todos os campos obrigatórios' ? problemText('required') : f.message] })));
      snackbarError(t('errors.save'), err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(record ? 'dialog.editTitle' : 'dialog.newTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      width={720}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={emptyForm()} onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('dialog.name')} required>
              <Input maxLength={LIMITS.name} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="priority" label={t('dialog.priority')}>
              <Select options={PRIORITIES.map((p) => ({ value: p.value, label: t(`priority.${p.key}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="isActive" label={t('dialog.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="keywords" label={t('dialog.keywords')} extra={t('dialog.keywordsHint')} required>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ';']} maxCount={50} aria-label={t('dialog.keywords')} maxTagTextLength={LIMITS.keyword} />
        </Form.Item>
        <Form.Item name="similarWords" label={t('dialog.similarWords')} extra={t('dialog.similarWordsHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ';']} maxCount={50} aria-label={t('dialog.similarWords')} />
        </Form.Item>
        <Form.Item name="response" label={t('dialog.response')} extra={t('dialog.responseHint', { firstName: '{{firstName}}', protocol: '{{protocol}}' })} required>
          <Input.TextArea rows={4} maxLength={LIMITS.response} showCount />
        </Form.Item>
        <Form.Item name="timeRestriction" label={t('dialog.timeRestriction')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {restricted && (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="startTime" label={t('dialog.startTime')} required>
                  <Select options={hours} aria-label={t('dialog.startTime')} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="endTime" label={t('dialog.endTime')} required>
                  <Select options={hours} aria-label={t('dialog.endTime')} />
                </Form.Item>
              </Col>
            </Row>
            {startTime && endTime && startTime > endTime && <Alert type="info" showIcon message={t('dialog.windowHint')} style={{ marginBottom: 16 }} />}
            <Form.Item name="daysOfWeek" label={t('dialog.days')} required>
              <Checkbox.Group options={DAYS.map((d) => ({ value: d, label: t(`days.${d}`) }))} />
            </Form.Item>
            <Form.Item name="outsideHoursMessage" label={t('dialog.outsideHours')} extra={t('dialog.outsideHoursHint')}>
              <Input.TextArea rows={3} maxLength={LIMITS.response} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
