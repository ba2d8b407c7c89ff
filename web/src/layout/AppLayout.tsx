import { Suspense, useCallback, useState } from 'react';
import { Drawer, Flex, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import type { PublicSettingKey } from '@atende/kit/contracts';
import { useAuth } from '../auth/AuthContext';
import { PageLoading } from '../components/PageLoading';
import { useEscapeClosesDialog } from '../hooks/useEscapeClosesDialog';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { MessageNotificationsProvider } from '../hooks/useNotifiedTickets';
import { ChatUnreadProvider } from '../hooks/useChatUnread';
import { ShellDataProvider, useShellData } from '../hooks/useShellData';
import { useCompanyEvent } from '../socket/SocketContext';
import { PUBLIC_SETTING_KEYS, usePublicSettings } from '../theme/PublicSettingsContext';
import { useAppTheme } from '../theme/ThemeContext';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

export const MENU_WIDTH = 240;
const COLLAPSED_WIDTH = 64;

function Brand({ collapsed }: { collapsed: boolean }) {
  const { appName, logo } = useAppTheme();
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="center" style={{ height: 56, paddingInline: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      {logo ? (
        <img src={logo} alt={appName} style={{ maxHeight: 40, maxWidth: collapsed ? 40 : 200, objectFit: 'contain' }} />
      ) : (
        <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? appName.slice(0, 1) : appName}
        </Typography.Title>
      )}
    </Flex>
  );
}

function VersionFooter() {
  const { t } = useTranslation('shell');
  const { version } = useShellData();
  if (!version) return null;
  return (
    <Typography.Text type="secondary" data-testid="app-version" style={{ display: 'block', padding: '12px 16px', fontSize: 12 }}>
      {t('version', { version })}
    </Typography.Text>
  );
}

/** Live updates the shell follows: the own user changed, a whitelabel setting changed. */
function LiveSync() {
  const { user, refreshUser } = useAuth();
  const { apply } = usePublicSettings();
  const { reload } = useShellData();
  useCompanyEvent<{ action?: string; user?: { id?: number } }>('user', (payload) => {
    if (payload?.action === 'update' && payload.user?.id === user?.id) void refreshUser().catch(() => undefined);
  });
  useCompanyEvent<{ action?: string; setting?: { key?: string; value?: string } }>('settings', (payload) => {
    const key = payload?.setting?.key;
    if (key && (PUBLIC_SETTING_KEYS as readonly string[]).includes(key) && typeof payload.setting?.value === 'string') {
      apply(key as PublicSettingKey, payload.setting.value);
    }
  });
  useCompanyEvent('company', () => void reload());
  return null;
}

function Shell() {
  const { user } = useAuth();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [collapsed, setCollapsed] = useState(() => user?.defaultMenu === 'closed');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const { t } = useTranslation('shell');

  const menu = (isCollapsed: boolean, onNavigate?: () => void) => (
    <Flex vertical style={{ height: '100%' }}>
      <Brand collapsed={isCollapsed} />
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SideMenu collapsed={isCollapsed} onNavigate={onNavigate} />
      </div>
      {!isCollapsed && <VersionFooter />}
    </Flex>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={MENU_WIDTH}
          closable={false}
          title={null}
          aria-label={t('menu.label')}
          styles={{ body: { padding: 0 } }}
        >
          {menu(false, closeDrawer)}
        </Drawer>
      ) : (
        <Layout.Sider
          width={MENU_WIDTH}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          style={{
            background: token.colorBgContainer,
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            height: '100vh',
            position: 'sticky',
            top: 0,
            insetInlineStart: 0,
          }}
        >
          {menu(collapsed)}
        </Layout.Sider>
      )}
      <Layout>
        <TopBar narrow={narrow} collapsed={collapsed} onToggleMenu={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))} />
        <Layout.Content role="main" style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <LiveSync />
    </Layout>
  );
}

/** The private shell (spec 000 §2): collapsible left menu (a drawer under 600 px), top bar, main area. */
export function AppLayout() {
  useEscapeClosesDialog();
  return (
    <ShellDataProvider>
      <ChatUnreadProvider>
        {/* New-message sound, browser notifications, the title count and the bell's list, on every private page (one instance). */}
        <MessageNotificationsProvider>
          <Shell />
        </MessageNotificationsProvider>
      </ChatUnreadProvider>
    </ShellDataProvider>
  );
}
