import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';

const UserDialog = lazy(() => import('../users/UserDialog').then((m) => ({ default: m.UserDialog })));

/** The landing of a user with no other screen yet: their own data and the Profile button. */
export function ProfileLanding() {
  const { t } = useTranslation('shell');
  const { user, refreshUser } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('landing.title', { name: user.name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('landing.subtitle')}
      </Typography.Paragraph>
      <Card>
        <Flex gap={16} align="flex-start" wrap>
          <Avatar size={72} src={user.profileImage ?? undefined} icon={user.profileImage ? undefined : <UserOutlined />} alt={user.name} />
          <Descriptions
            column={1}
            size="small"
            style={{ flex: 1, minWidth: 240 }}
            items={[
              { key: 'name', label: t('landing.name'), children: user.name },
              { key: 'email', label: t('landing.email'), children: user.email },
              { key: 'company', label: t('landing.company'), children: user.company.name },
              { key: 'profile', label: t('landing.profile'), children: t(`landing.profiles.${user.profile}`) },
              { key: 'hours', label: t('landing.workHours'), children: `${user.startWork} – ${user.endWork}` },
            ]}
          />
        </Flex>
        <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen(true)} style={{ marginTop: 16 }}>
          {t('userMenu.profile')}
        </Button>
      </Card>
      {open && (
        <Suspense fallback={null}>
          <UserDialog open={open} userId={user.id} profileMode onClose={() => setOpen(false)} onSaved={() => void refreshUser()} />
        </Suspense>
      )}
    </Flex>
  );
}
