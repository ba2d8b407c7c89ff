import './settingsLocales';
import { useCallback, useEffect, useState } from 'react';
import { Flex, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@atende/kit/contracts';
import { listSettings } from '../../api/admin';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { toastError } from '../../errors/toast';
import { isAdminLike, isSuper } from '../../permissions';
import { CompaniesManager } from '../companies/CompaniesManager';
import { HelpsManager } from '../helps/HelpsManager';
import { OptionsTab } from './OptionsTab';
import { PlansManager } from './PlansManager';
import { SchedulesTab } from './SchedulesTab';
import { WhitelabelTab } from './WhitelabelTab';
import { toValues, valueOf, type SettingValues } from './settingsModel';

/** /settings (spec 001 §2): admins only; the super user also manages companies, plans, helps and the whitelabel. */
export default function SettingsPage() {
  const { user } = useAuth();
  if (!user || !isAdminLike(user)) return <NoPermission />;
  return <SettingsScreen companyId={user.companyId} superUser={isSuper(user)} />;
}

function SettingsScreen({ companyId, superUser }: { companyId: number; superUser: boolean }) {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState<SettingValues>({});
  const [loading, setLoading] = useState(true);
  const [tab, setTab] = useState('options');

  useEffect(() => {
    let active = true;
    listSettings()
      .then((list) => active && setValues(toValues(list)))
      .catch((err: unknown) => active && toastError(err))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, []);

  const onSaved = useCallback((key: SettingKey, value: string) => setValues((v) => ({ ...v, [key]: value })), []);

  const showSchedules = valueOf(values, 'scheduleType') === 'company';
  useEffect(() => {
    if (tab === 'schedules' && !showSchedules) setTab('options');
  }, [tab, showSchedules]);

  const items = [
    {
      key: 'options',
      label: t('tabs.options'),
      children: (
        <Spin spinning={loading}>
          <OptionsTab values={values} isSuper={superUser} onSaved={onSaved} />
        </Spin>
      ),
    },
    ...(showSchedules ? [{ key: 'schedules', label: t('tabs.schedules'), children: <SchedulesTab companyId={companyId} /> }] : []),
    ...(superUser
      ? [
          { key: 'companies', label: t('tabs.companies'), children: <CompaniesManager /> },
          { key: 'plans', label: t('tabs.plans'), children: <PlansManager /> },
          { key: 'helps', label: t('tabs.helps'), children: <HelpsManager /> },
          {
            key: 'whitelabel',
            label: t('tabs.whitelabel'),
            children: (
              <Spin spinning={loading}>
                <WhitelabelTab values={values} onSaved={onSaved} />
              </Spin>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden />
    </Flex>
  );
}
