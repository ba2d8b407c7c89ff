import { useEffect, useState } from 'react';
import { Button, Col, Divider, Form, Input, InputNumber, Modal, Row, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createPlanBody, planFlags, type Plan } from '@atende/kit/contracts';
import { createPlan, updatePlan } from '../../api/admin';
import { toastError, toastSuccess } from '../../errors/toast';
import { zodRule } from '../users/zodRule';
import { toPlanBody, toPlanFormValues, type PlanFormValues } from './planForm';

export type PlanFormModalProps = {
  open: boolean;
  plan: Plan | null;
  onClose(): void;
  onSaved(plan: Plan): void;
};

/** Plan form with every field (spec 001 §3); a new plan starts from kit `planDefaults`. */
export function PlanFormModal({ open, plan, onClose, onSaved }: PlanFormModalProps) {
  const { t } = useTranslation('plans');
  const [form] = Form.useForm<PlanFormValues>();
  const [saving, setSaving] = useState(false);
  const isNew = plan === null;

  useEffect(() => {
    if (open) form.setFieldsValue(toPlanFormValues(plan));
  }, [open, plan, form]);

  async function submit(values: PlanFormValues) {
    setSaving(true);
    try {
      const body = toPlanBody({ ...toPlanFormValues(plan), ...values });
      const saved = isNew ? await createPlan(body) : await updatePlan(plan.id, body);
      toastSuccess(t('toasts.success'), { form: true });
      onSaved(saved);
      onClose();
    } catch {
      toastError(t('errors.save'));
    } finally {
      setSaving(false);
    }
  }

  const limit = (name: 'users' | 'connections' | 'queues') => (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={t(`form.${name}`)} extra={name === 'users' ? t('form.zeroUnlimited') : undefined}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={open}
      title={isNew ? t('form.addTitle') : t('form.editTitle')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      keyboard={!saving}
      mask={{ closable: !saving }}
    >
      <Form<PlanFormValues> form={form} layout="vertical" onFinish={submit} initialValues={toPlanFormValues(null)} requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('form.name')} rules={[zodRule(createPlanBody.shape.name)]}>
              <Input maxLength={100} autoFocus autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="amount" label={t('form.amount')}>
              <InputNumber min={0} step={0.01} precision={2} decimalSeparator="," prefix="R$" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="isPublic" label={t('form.isPublic')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {limit('users')}
          {limit('connections')}
          {limit('queues')}
        </Row>
        <Divider titlePlacement="start" plain>
          {t('form.features')}
        </Divider>
        <Row gutter={16}>
          {planFlags.map((flag) => (
            <Col xs={12} md={6} key={flag}>
              <Form.Item name={flag} label={t(`flags.${flag}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={saving}>
            {t('buttons.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {isNew ? t('buttons.add') : t('buttons.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
