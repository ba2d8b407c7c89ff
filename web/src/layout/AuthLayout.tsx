import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { usePublicSettings } from '../theme/PublicSettingsContext';
import { useAppTheme } from '../theme/ThemeContext';
import { assetUrl } from '../theme/whitelabel';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';

type AuthLayoutProps = {
  title: string;
  /** Which whitelabel background applies: the login or the signup image. */
  background: 'loginEnterImage' | 'loginRegisterImage';
  width?: number;
  children: ReactNode;
};

/** The frame of the public pages: whitelabel logo or name, background image, theme and language switches. */
export function AuthLayout({ title, background, width = 400, children }: AuthLayoutProps) {
  const { settings } = usePublicSettings();
  const { appName, logo } = useAppTheme();
  const { token } = theme.useToken();
  const image = assetUrl(settings[background]);
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: image ? `center / cover no-repeat url("${image}")` : token.colorBgLayout,
      }}
    >
      <Flex gap={4} style={{ position: 'fixed', top: 8, right: 8 }}>
        <ThemeToggle />
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: '100%', maxWidth: width }} styles={{ body: { padding: 28 } }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 20 }}>
          {logo ? (
            <img src={logo} alt={appName} style={{ maxHeight: 64, maxWidth: '80%', objectFit: 'contain' }} />
          ) : (
            <Typography.Title level={2} style={{ margin: 0, color: token.colorPrimary }}>
              {appName}
            </Typography.Title>
          )}
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
