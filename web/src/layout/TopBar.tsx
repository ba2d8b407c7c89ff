import { Button, Flex, Layout, Tooltip, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { formatDay } from '../format/dates';
import { AnnouncementsBell } from '../pages/announcements/AnnouncementsBell';
import { isAdmin } from '../permissions';
import { ChatBell } from './ChatBell';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationsBell } from './NotificationsBell';
import { PinnedTickets } from './PinnedTickets';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

type TopBarProps = { narrow: boolean; collapsed: boolean; onToggleMenu(): void };

/**
 * Greeting (user and company; admins also the due date), pinned tickets, theme, language, volume, refresh,
 * the notification, announcements and internal-chat bells, avatar menu.
 */
export function TopBar({ narrow, collapsed, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const { token } = theme.useToken();
  if (!user) return null;
  const dueDate = isAdmin(user) ? formatDay(user.company.dueDate) : '';
  const toggleLabel = narrow ? t('menu.open') : collapsed ? t('menu.expand') : t('menu.collapse');

  return (
    <Layout.Header
      role="banner"
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 8,
        height: 56,
        lineHeight: '56px',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" gap={8} style={{ height: '100%' }}>
        <Tooltip title={toggleLabel}>
          <Button
            type="text"
            data-testid="menu-toggle"
            aria-label={toggleLabel}
            aria-expanded={narrow ? undefined : !collapsed}
            icon={narrow ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
          />
        </Tooltip>
        <Typography.Text data-testid="greeting" ellipsis style={{ flex: 1, minWidth: 0 }}>
          {t('greeting', { name: user.name, company: user.company.name })}
          {dueDate && (
            <Typography.Text type="secondary" className="topbar-due">
              {' '}
              {t('dueDate', { date: dueDate })}
            </Typography.Text>
          )}
        </Typography.Text>
        {!narrow && <PinnedTickets />}
        <Flex align="center" gap={2}>
          <ThemeToggle />
          <LanguageSwitch />
          <VolumeControl />
          <Tooltip title={t('refresh')}>
            <Button type="text" data-testid="refresh-button" aria-label={t('refresh')} icon={<ReloadOutlined />} onClick={() => window.location.reload()} />
          </Tooltip>
          <NotificationsBell />
          <AnnouncementsBell />
          <ChatBell />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
