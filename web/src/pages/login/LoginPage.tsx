import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { toastError } from '../../errors/toast';
import { AuthLayout } from '../../layout/AuthLayout';
import { usePublicSettings } from '../../theme/PublicSettingsContext';

type LoginForm = { email: string; password: string };

/** Login (spec 000 §2): email and password; a signup link while userCreation is enabled. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const { userCreationEnabled } = usePublicSettings();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      // Signed in, the public-route guard leads on to the origin kept by the private route, else /tickets
      // (an overdue company goes on to /financeiro-aberto).
      await login(values.email.trim(), values.password);
    } catch (err) {
      toastError(err);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')} background="loginEnterImage">
      <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting} name="login">
        <Form.Item
          label={t('fields.email')}
          name="email"
          rules={[
            { required: true, message: t('validation.required') },
            { type: 'email', message: t('validation.invalidEmail') },
          ]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label={t('fields.password')} name="password" rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      {userCreationEnabled && (
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('login.noAccount')} <Link to={{ pathname: '/signup', search: location.search }}>{t('login.signupLink')}</Link>
        </Typography.Paragraph>
      )}
    </AuthLayout>
  );
}
