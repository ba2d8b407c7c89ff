import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, InputNumber, Modal, QRCode, Row, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_PLAN, customPlanPrice, isValidCpfCnpj } from '@atende/kit/contracts';
import { subscribe, type Invoice, type PixCharge } from '../../api/invoices';
import { toastError, toastSuccess } from '../../errors/toast';
import { formatDay } from '../../format/dates';
import { formatBRL, initialPlan, planCount, subscriptionPayload, type CheckoutForm } from './financialRules';

export type CheckoutDialogProps = {
  /** The invoice being paid; null closes the dialog. */
  invoice: Invoice | null;
  onClose(): void;
  /** The invoice as the subscription left it (users, connections and value of the chosen plan). */
  onCharged(invoice: Invoice): void;
};

const QR_SIZE = 240;
const DATA_FIELDS: (keyof CheckoutForm)[] = ['firstName', 'lastName', 'address', 'city', 'state', 'zipcode', 'country'];

/**
 * The subscription checkout 'Falta pouco!' (spec 001 §2, §4): Dados (the payer), Personalizar (users and
 * connections of the custom plan, priced live) and Revisar; PAGAR posts the subscription and shows the Pix
 * code (QR and copy-and-paste) with its value.
 */
export function CheckoutDialog({ invoice, onClose, onCharged }: CheckoutDialogProps) {
  const { t } = useTranslation('financial');
  return (
    <Modal open={invoice !== null} title={t('checkout.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden maskClosable={false}>
      {invoice && <Checkout invoice={invoice} onClose={onClose} onCharged={onCharged} />}
    </Modal>
  );
}

function Checkout({ invoice, onClose, onCharged }: Omit<CheckoutDialogProps, 'invoice'> & { invoice: Invoice }) {
  const { t } = useTranslation('financial');
  const [form] = Form.useForm<CheckoutForm>();
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState(() => initialPlan(invoice));
  const [paying, setPaying] = useState(false);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const price = customPlanPrice(plan.users, plan.connections);
  const planTitle = t('checkout.plan.title');

  const next = async () => {
    if (step === 0) {
      try {
        await form.validateFields(DATA_FIELDS);
      } catch {
        return;
      }
    }
    setStep((s) => Math.min(2, s + 1));
  };

  const pay = async () => {
    setPaying(true);
    try {
      const answer = await subscribe(subscriptionPayload(form.getFieldsValue(true) as CheckoutForm, plan, invoice.id, planTitle));
      setCharge(answer);
      onCharged(answer.invoice);
      toastSuccess(t('toasts.subscribed'));
    } catch (err) {
      toastError(err);
    } finally {
      setPaying(false);
    }
  };

  if (charge) return <PixScreen charge={charge} onClose={onClose} />;

  const summary = (
    <Card size="small" title={t('checkout.plan.summary')} data-testid="checkout-plan-summary">
      <Flex vertical gap={4}>
        <Typography.Text strong>{planTitle}</Typography.Text>
        <Typography.Text>{t('checkout.plan.users', { count: plan.users })}</Typography.Text>
        <Typography.Text>{t('checkout.plan.connections', { count: plan.connections })}</Typography.Text>
        <Typography.Title level={4} style={{ margin: '8px 0 0' }} data-testid="checkout-price">
          {t('checkout.plan.perMonth', { price: formatBRL(price) })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('checkout.plan.billing')}</Typography.Text>
        <Typography.Text type="secondary">{t('checkout.plan.invoice', { date: formatDay(invoice.dueDate) })}</Typography.Text>
        <Typography.Text type="secondary">{t('checkout.plan.method')}</Typography.Text>
      </Flex>
    </Card>
  );

  return (
    <Flex vertical gap={24}>
      <Steps
        current={step}
        size="small"
        items={[{ title: t('checkout.steps.data') }, { title: t('checkout.steps.customize') }, { title: t('checkout.steps.review') }]}
      />
      <Form form={form} layout="vertical" initialValues={{ country: t('checkout.defaultCountry') }} requiredMark>
        <div hidden={step !== 0}>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="firstName" label={t('checkout.fields.firstName')} rules={[{ required: true, whitespace: true, message: t('checkout.errors.firstName') }, { max: 100 }]}>
                <Input autoComplete="name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="lastName" label={t('checkout.fields.lastName')} rules={[{ max: 100 }]}>
                <Input autoComplete="family-name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="zipcode"
                label={t('checkout.fields.zipcode')}
                rules={[
                  { required: true, whitespace: true, message: t('checkout.errors.zipcode') },
                  { validator: async (_, value?: string) => (!value?.trim() || isValidCpfCnpj(value) ? undefined : Promise.reject(new Error(t('checkout.errors.invalidZipcode')))) },
                ]}
              >
                <Input inputMode="numeric" maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="address" label={t('checkout.fields.address')} rules={[{ max: 200 }]}>
                <Input autoComplete="street-address" maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item name="city" label={t('checkout.fields.city')} rules={[{ max: 100 }]}>
                <Input autoComplete="address-level2" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="state" label={t('checkout.fields.state')} rules={[{ max: 50 }]}>
                <Input autoComplete="address-level1" maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name="country" label={t('checkout.fields.country')} rules={[{ max: 60 }]}>
                <Input autoComplete="country-name" maxLength={60} />
              </Form.Item>
            </Col>
          </Row>
        </div>
      </Form>

      {step === 1 && (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Flex vertical gap={12}>
              <label>
                <Typography.Text>{t('checkout.fields.users')}</Typography.Text>
                <InputNumber
                  aria-label={t('checkout.fields.users')}
                  min={CUSTOM_PLAN.minUsers}
                  max={CUSTOM_PLAN.maxUsers}
                  precision={0}
                  value={plan.users}
                  onChange={(v) => setPlan((p) => ({ ...p, users: planCount(v, CUSTOM_PLAN.minUsers, CUSTOM_PLAN.maxUsers) }))}
                  style={{ width: '100%' }}
                />
              </label>
              <label>
                <Typography.Text>{t('checkout.fields.connections')}</Typography.Text>
                <InputNumber
                  aria-label={t('checkout.fields.connections')}
                  min={CUSTOM_PLAN.minConnections}
                  max={CUSTOM_PLAN.maxConnections}
                  precision={0}
                  value={plan.connections}
                  onChange={(v) => setPlan((p) => ({ ...p, connections: planCount(v, CUSTOM_PLAN.minConnections, CUSTOM_PLAN.maxConnections) }))}
                  style={{ width: '100%' }}
                />
              </label>
              <Typography.Text type="secondary">
                {t('checkout.plan.rule', {
                  base: formatBRL(CUSTOM_PLAN.basePrice),
                  users: CUSTOM_PLAN.minUsers,
                  connections: CUSTOM_PLAN.minConnections,
                  userPrice: formatBRL(CUSTOM_PLAN.userPrice),
                  connectionPrice: formatBRL(CUSTOM_PLAN.connectionPrice),
                })}
              </Typography.Text>
            </Flex>
          </Col>
          <Col xs={24} sm={12}>
            {summary}
          </Col>
        </Row>
      )}

      {step === 2 && (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ReviewData values={form.getFieldsValue(true) as CheckoutForm} />
          </Col>
          <Col xs={24} sm={12}>
            {summary}
          </Col>
        </Row>
      )}

      <Flex justify="space-between">
        <Button disabled={step === 0 || paying} onClick={() => setStep((s) => Math.max(0, s - 1))}>
          {t('buttons.back')}
        </Button>
        {step < 2 ? (
          <Button type="primary" onClick={() => void next()}>
            {t('buttons.next')}
          </Button>
        ) : (
          <Button type="primary" loading={paying} onClick={() => void pay()}>
            {t('buttons.pay')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function ReviewData({ values }: { values: CheckoutForm }) {
  const { t } = useTranslation('financial');
  const place = [values.address, values.city, values.state, values.country].map((v) => v?.trim()).filter(Boolean).join(', ');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('checkout.review.payer')}>{[values.firstName, values.lastName].map((v) => v?.trim()).filter(Boolean).join(' ')}</Descriptions.Item>
      <Descriptions.Item label={t('checkout.review.document')}>{values.zipcode}</Descriptions.Item>
      {place && <Descriptions.Item label={t('checkout.review.address')}>{place}</Descriptions.Item>}
    </Descriptions>
  );
}

function PixScreen({ charge, onClose }: { charge: PixCharge; onClose(): void }) {
  const { t } = useTranslation('financial');
  return (
    <Flex vertical align="center" gap={16} data-testid="pix-payment">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('checkout.pix.title')}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('checkout.pix.instructions')}
      </Typography.Text>
      {charge.qrcode.imagemQrcode ? (
        <img src={charge.qrcode.imagemQrcode} width={QR_SIZE} height={QR_SIZE} alt={t('checkout.pix.code')} />
      ) : (
        <QRCode value={charge.qrcode.qrcode} size={QR_SIZE} data-testid="pix-qrcode" />
      )}
      <Typography.Text strong style={{ fontSize: 18 }}>
        {t('checkout.pix.value')}: <span data-testid="pix-value">{formatBRL(charge.valor.original)}</span>
      </Typography.Text>
      <div style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('checkout.pix.code')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: charge.qrcode.qrcode, tooltips: [t('buttons.copy'), t('checkout.pix.copied')] }}
          style={{ wordBreak: 'break-all', marginTop: 4 }}
          data-testid="pix-code"
        >
          {charge.qrcode.qrcode}
        </Typography.Paragraph>
      </div>
      <Alert type="info" showIcon title={t('checkout.pix.waiting')} style={{ width: '100%' }} />
      <Button onClick={onClose}>{t('buttons.close')}</Button>
    </Flex>
  );
}
