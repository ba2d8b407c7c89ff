import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { recurrence as recurrenceEnum, type Company, type Plan } from '@atende/kit/contracts';
import { createCompany, updateCompany } from '../../api/admin';
import { toastError, toastSuccess } from '../../errors/toast';
import { zodRule } from '../users/zodRule';
import {
  companyCountBounds,
  companyCreateBody,
  companyFieldSchemas,
  companyUpdateBody,
  emptyCompanyValues,
  toCompanyFormValues,
  type CompanyFormValues,
} from './companyRules';
import { formatAmount } from '../settings/planForm';
import { DAY_FORMAT } from '../../format/dates';

/** Payment methods offered by the form (free text on the API). */
const paymentMethods = ['pix', 'boleto', 'cartao', 'transferencia'] as const;

export type CompanyFormModalProps = {
  open: boolean;
  company: Company | null;
  plans: Plan[];
  onClose(): void;
  onSaved(company: Company): void;
};

/**
 * Company form (spec 001 §2 Companies, §3): name, email, admin password (on edit: blank keeps it), phone, plan, status, due date, recurrence,
 * payment method, number of attendants and of connections.
 */
export function CompanyFormModal({ open, company, plans, onClose, onSaved }: CompanyFormModalProps) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<CompanyFormValues>();
  const [saving, setSaving] = useState(false);
  const isNew = company === null;

  useEffect(() => {
    if (open) form.setFieldsValue(toCompanyFormValues(company));
  }, [open, company, form]);

  async function submit(v: CompanyFormValues) {
    setSaving(true);
    try {
      const saved = isNew ? await createCompany(companyCreateBody(v)) : await updateCompany(company.id, companyUpdateBody(v));
      toastSuccess(t('toasts.success'), { form: true });
      onSaved(saved);
      onClose();
    } catch {
      toastError(t('errors.save'));
    } finally {
      setSaving(false);
    }
  }

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
      <Form<CompanyFormValues> form={form} layout="vertical" onFinish={submit} initialValues={emptyCompanyValues} requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('form.name')} rules={[zodRule(companyFieldSchemas.name)]}>
              <Input maxLength={50} autoFocus autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('form.email')} extra={isNew ? t('form.emailHint') : undefined} rules={[zodRule(companyFieldSchemas.email)]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('form.password')} extra={t(isNew ? 'form.passwordHint' : 'form.passwordEditHint')} rules={[zodRule(companyFieldSchemas.password)]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('form.phone')}>
              <Input maxLength={30} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="document" label={t('form.document')}>
              <Input maxLength={30} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="planId" label={t('form.plan')} rules={[{ required: true, message: t('form.planRequired') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('form.planPlaceholder')}
                options={plans.map((p) => ({ value: p.id, label: `${p.name} — ${formatAmount(p.amount)}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('form.status')}>
              <Select
                options={[
                  { value: true, label: t('status.active') },
                  { value: false, label: t('status.inactive') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dueDate" label={t('form.dueDate')}>
              <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="recurrence" label={t('form.recurrence')}>
              <Select allowClear options={recurrenceEnum.options.map((r) => ({ value: r, label: t(`recurrence.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="paymentMethod" label={t('form.paymentMethod')}>
              <Select allowClear options={paymentMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))} />
            </Form.Item>
          </Col>
          {(['numberAttendants', 'numberConections'] as const).map((field) => (
            <Col key={field} xs={24} md={12}>
              <Form.Item name={field} label={t(`form.${field}`)} rules={[zodRule(companyFieldSchemas[field])]}>
                <InputNumber {...companyCountBounds[field]} precision={0} style={{ width: '100%' }} />
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
