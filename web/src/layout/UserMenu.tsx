import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, Dropdown } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';

const UserDialog = lazy(() => import('../pages/users/UserDialog').then((m) => ({ default: m.UserDialog })));

/** Avatar menu: Profile (the user dialog in profile mode) and Logout. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user, logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('userMenu.profile')}</span> },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('userMenu.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') setProfileOpen(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <Button type="text" data-testid="user-menu" aria-label={t('userMenu.label', { name: user.name })} style={{ paddingInline: 4 }}>
          <Avatar size="small" src={user.profileImage ?? undefined} icon={user.profileImage ? undefined : <UserOutlined />} alt={user.name} />
        </Button>
      </Dropdown>
      {profileOpen && (
        <Suspense fallback={null}>
          <UserDialog open={profileOpen} userId={user.id} profileMode onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
