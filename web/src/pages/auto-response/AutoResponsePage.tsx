import './autoResponsesLocales';
import { useState } from 'react';
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageTitle } from '../../components/PageTitle';
import { isAdmin } from '../../permissions';
import { ManageTab } from './ManageTab';
import { StatsTab } from './StatsTab';
import { TestTab } from './TestTab';

/** '/auto-response' (spec 002 §2 "Auto-responses"): tabs Manage, Test and Statistics; admins only (spec 000 §6). */
export default function AutoResponsePage() {
  const { user } = useAuth();
  if (!user || !isAdmin(user)) return <NoPermission />;
  return <AutoResponseScreen />;
}

type TabKey = 'manage' | 'test' | 'stats';

function AutoResponseScreen() {
  const { t } = useTranslation('autoResponses');
  const [tab, setTab] = useState<TabKey>('manage');
  return (
    <Flex vertical gap={16} style={{ padding: 24 }}>
      <PageTitle title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        // The tester keeps its history and its automatic run while another tab is shown; statistics reload when opened.
        items={[
          { key: 'manage', label: t('tabs.manage'), children: <ManageTab /> },
          { key: 'test', label: t('tabs.test'), children: <TestTab /> },
          { key: 'stats', label: t('tabs.stats'), children: tab === 'stats' ? <StatsTab /> : null },
        ]}
      />
    </Flex>
  );
}
