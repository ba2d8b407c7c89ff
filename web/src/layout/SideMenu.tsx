import { createElement, useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useChatUnread } from '../hooks/useChatUnread';
import { useConnectionWarning } from '../hooks/useConnectionWarning';
import { canSee } from '../permissions';
import { useShellData } from '../hooks/useShellData';
import { entryOfPath, menuEntries, visibleMenu, type MenuDot } from './menuItems';
import { UnreadDot } from './UnreadDot';

type SideMenuProps = { collapsed?: boolean; onNavigate?(): void };

/** The side menu built from the menu table, filtered by profile, 'treated as admin' rules and plan. */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const { plan, hasHelps } = useShellData();
  const { hasUnread: chatUnread } = useChatUnread();
  const connectionWarning = useConnectionWarning(canSee(user, 'connections'));
  const location = useLocation();
  const navigate = useNavigate();

  const items = useMemo<MenuProps['items']>(() => {
    if (!user) return [];
    const dots: Record<MenuDot, boolean> = { chatUnread, connectionWarning };
    const dotLabels: Record<MenuDot, string> = { chatUnread: t('chatBell.title'), connectionWarning: t('menu.connectionWarning') };
    const sections = visibleMenu({ user, plan, hasHelps });
    const out: NonNullable<MenuProps['items']> = [];
    sections.forEach((section, index) => {
      const children = section.entries.map((entry) => ({
        key: entry.key,
        icon: createElement(entry.icon),
        label: (
          <Link to={entry.route} onClick={onNavigate}>
            {t(entry.label)}
            {entry.dot && dots[entry.dot] && <UnreadDot label={dotLabels[entry.dot]} testId={`menu-dot-${entry.key}`} />}
          </Link>
        ),
      }));
      if (index > 0) out.push({ type: 'divider', key: `divider-${section.key}` });
      if (section.label && !collapsed) out.push({ type: 'group', key: section.key, label: t(section.label), children });
      else out.push(...children);
    });
    return out;
  }, [user, plan, hasHelps, chatUnread, connectionWarning, collapsed, t, onNavigate]);

  const selected = entryOfPath(location.pathname)?.key;

  return (
    <nav aria-label={t('menu.label')}>
      <Menu
        data-testid="app-menu"
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        items={items}
        onClick={({ key, domEvent }) => {
          // The label is a link; a click beside it (the icon, a collapsed item, the keyboard) navigates here.
          if ((domEvent.target as HTMLElement | null)?.closest?.('a')) return;
          const entry = menuEntries.find((e) => e.key === key);
          if (entry) {
            navigate(entry.route);
            onNavigate?.();
          }
        }}
        style={{ borderInlineEnd: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
