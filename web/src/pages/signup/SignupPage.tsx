import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { listPublicPlans, signup, type PublicPlan } from '../../api/auth';
import { toastError, toastSuccess } from '../../errors/toast';
import { AuthLayout } from '../../layout/AuthLayout';

type SignupForm = { name: string; email: string; password: string; phone?: string; companyName: string; planId: number };

const money = (amount: string, language: string) => {
  const value = Number(amount);
  return Number.isFinite(value) ? new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(value) : amount;
};

/**
 * Signup (spec 000 §2, 001 §2): a new company on a public plan with its first admin
 * (POST /api/auth/signup). Afterwards the user goes to /login. The optional companyId query is accepted.
 */
export default function SignupPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [plans, setPlans] = useState<PublicPlan[]>([]);
  const [loadingPlans, setLoadingPlans] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<SignupForm>();

  useEffect(() => {
    let active = true;
    listPublicPlans()
      .then((list) => {
        if (!active) return;
        setPlans(list);
        if (list.length === 1 && list[0]) form.setFieldValue('planId', list[0].id);
      })
      .catch((err) => active && toastError(err))
      .finally(() => active && setLoadingPlans(false));
    return () => {
      active = false;
    };
  }, [form]);

  const onFinish = async (values: SignupForm) => {
    setSubmitting(true);
    try {
      await signup({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        phone: values.phone?.trim() || undefined,
        companyName: values.companyName.trim(),
        planId: values.planId,
      });
      toastSuccess(t('signup.success'), { form: true });
      navigate({ pathname: '/login', search: params.toString() ? `?${params.toString()}` : '' }, { replace: true });
    } catch (err) {
      toastError(err);
      setSubmitting(false);
    }
  };

  const required = { required: true, message: t('validation.required') };
  const length = (min: number, max: number) => [
    { min, message: t('validation.tooShort') },
    { max, message: t('validation.tooLong') },
  ];

  return (
    <AuthLayout title={t('signup.title')} background="loginRegisterImage" width={460}>
      <Form<SignupForm> form={form} layout="vertical" requiredMark onFinish={onFinish} disabled={submitting} name="signup">
        <Form.Item label={t('fields.name')} name="name" rules={[required, { whitespace: true, message: t('validation.required') }, ...length(2, 50)]}>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('fields.email')}
          name="email"
          rules={[required, { type: 'email', message: t('validation.invalidEmail') }, { max: 254, message: t('validation.tooLong') }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={t('fields.password')} name="password" rules={[required, ...length(5, 50)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('fields.phone')} name="phone" rules={[{ max: 30, message: t('validation.tooLong') }]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          label={t('fields.companyName')}
          name="companyName"
          rules={[required, { whitespace: true, message: t('validation.required') }, ...length(2, 50)]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item label={t('fields.plan')} name="planId" rules={[required]}>
          <Select
            loading={loadingPlans}
            placeholder={t('signup.choosePlan')}
            notFoundContent={loadingPlans ? undefined : t('signup.noPlans')}
            options={plans.map((p) => ({
              value: p.id,
              label: t('signup.planOption', {
                name: p.name,
                amount: money(p.amount, i18n.language),
                users: p.users || '∞',
                connections: p.connections || '∞',
              }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('signup.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
