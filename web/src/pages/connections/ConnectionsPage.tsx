import './connectionsLocales';
import { useCallback, useState } from 'react';
import { Button, Dropdown, Flex, Modal, Space, Tooltip, Typography } from 'antd';
import { CustomerServiceOutlined, DownOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Plan, WhatsappConnection } from '@atende/kit/contracts';
import { listCompanyConnections, restartAllConnections } from '../../api/channels';
import { readSetting } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { LoadFailed } from '../../components/LoadFailed';
import NoPermission from '../../components/NoPermission';
import { toastError, toastInfo } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { canSee, isAdmin } from '../../permissions';
import { ChannelIcon } from './ChannelIcon';
import { ConnectionDialog, type ConnectionDialogProps } from './ConnectionDialog';
import { supportLink, type ConnectionEvent, type newConnectionChannels } from './connectionRules';
import { ConnectionsTable } from './ConnectionsTable';
import { useLiveConnections } from './useLiveConnections';
import { ImportProgressCard } from './ImportProgressCard';
import { useImportProgress } from './useImportProgress';
import { isSocialChannel, newConnectionMenu } from './socialLinkRules';
import { useFacebookLink, type FacebookLink } from './useFacebookLink';

/**
 * '/connections' (spec 001 §2 Connections page): admins, and users whose allowConnections treats them
 * as admins (spec 001 §6); other users get the no-permission view.
 */
export default function ConnectionsPage() {
  const { user } = useAuth();
  if (!user || !canSee(user, 'connections')) return <NoPermission />;
  return <ConnectionsScreen />;
}

type NewChannel = (typeof newConnectionChannels)[number]['channel'];
export type EditorState = { open: boolean; connectionId: number | null; channel: NewChannel };

/**
 * Adding and editing connections, shared with the all-connections dialog: the editor's open state, the
 * setting that decides its schedules tab, and the Facebook/Instagram link; what is saved or linked goes to
 * `apply` (the shown list). `companyId`: the company new connections are for and whose queues, prompts
 * and integrations the editor offers (a super user's choice).
 */
export function useConnectionEditor(apply: (event: ConnectionEvent) => void, companyId?: number) {
  const [editor, setEditor] = useState<EditorState>({ open: false, connectionId: null, channel: 'whatsapp' });
  const [scheduleType, setScheduleType] = useState<string | null>(null);
  const openEditor = useCallback((connectionId: number | null, channel: NewChannel = 'whatsapp') => {
    void readSetting('scheduleType').then(setScheduleType);
    setEditor({ open: true, connectionId, channel });
  }, []);
  const onClose = useCallback(() => setEditor((e) => ({ ...e, open: false })), []);
  const onSaved = useCallback((whatsapp: WhatsappConnection) => apply({ action: 'update', whatsapp }), [apply]);
  const onLinked = useCallback((linked: WhatsappConnection[]) => linked.forEach((whatsapp) => apply({ action: 'update', whatsapp })), [apply]);
  const social = useFacebookLink(onLinked, companyId);
  const dialog: ConnectionDialogProps = { ...editor, showSchedules: scheduleType === 'connection', onClose, onSaved, companyId };
  return { openEditor, social, dialog };
}

/**
 * The new-connection menu (WhatsApp, Facebook, Instagram), each item disabled when the plan lacks its
 * channel; Facebook and Instagram start Facebook's login (and say so when the server has no Facebook app).
 * `plan`: the plan of the company the connection is for, when it is not the user's own (all-connections dialog).
 */
export function NewConnectionButton({ onPick, social, plan: companyPlan }: { onPick(channel: NewChannel): void; social: FacebookLink; plan?: Plan | null }) {
  const { t } = useTranslation('connections');
  const shell = useShellData();
  const plan = companyPlan === undefined ? shell.plan : companyPlan;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: newConnectionMenu(plan, social.config).map(({ channel, disabled, reason }) => ({
          key: channel,
          label:
            reason === 'notConfigured' ? (
              <Flex vertical>
                <span>{t(`channels.${channel}`)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('social.notConfigured')}
                </Typography.Text>
              </Flex>
            ) : (
              t(`channels.${channel}`)
            ),
          icon: <ChannelIcon channel={channel} label="" />,
          disabled,
        })),
        onClick: ({ key }) => (isSocialChannel(key) ? void social.link(key) : onPick(key as NewChannel)),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} loading={social.linking !== null} data-testid="new-connection">
        <Space size={4}>
          {t('buttons.newConnection')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

/** Spec 001 §2 'call support': a WhatsApp chat with the support number set at build time (VITE_SUPPORT_NUMBER). */
function CallSupportButton() {
  const { t } = useTranslation('connections');
  const link = supportLink(import.meta.env.VITE_SUPPORT_NUMBER);
  const button = (
    <Button
      icon={<CustomerServiceOutlined />}
      disabled={!link}
      onClick={() => link && window.open(link, '_blank', 'noopener,noreferrer')}
      data-testid="call-support"
    >
      {t('buttons.callSupport')}
    </Button>
  );
  return link ? button : <Tooltip title={t('support.notConfigured')}>{button}</Tooltip>;
}

function ConnectionsScreen() {
  const { t } = useTranslation('connections');
  // Users whose allowConnections opens this page add and pair connections; editing, deleting and restarting stay the admins'.
  const admin = isAdmin(useAuth().user);
  const [modal, modalHolder] = Modal.useModal();
  const list = useLiveConnections(listCompanyConnections);
  const { reload } = list;
  // Spec 001 §4: an import's refresh clears its progress and reloads the list.
  const reloadAfterImport = useCallback(() => void reload(), [reload]);
  const imports = useImportProgress(list.connections, reloadAfterImport);
  const { openEditor, social, dialog } = useConnectionEditor(list.apply);
  const [restarting, setRestarting] = useState(false);

  const restartAll = () => {
    void modal.confirm({
      title: t('confirm.restartTitle'),
      content: t('confirm.restartText'),
      okText: t('buttons.restartAll'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        setRestarting(true);
        try {
          await restartAllConnections();
          toastInfo(t('toasts.restarting'));
        } catch (err) {
          toastError(err);
        } finally {
          setRestarting(false);
        }
      },
    });
  };

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="connections-title">
          {t('titleWithCount', { count: list.connections.length })}
        </Typography.Title>
        <Space wrap>
          {admin && (
            <Button icon={<SyncOutlined />} loading={restarting} onClick={restartAll}>
              {t('buttons.restartAll')}
            </Button>
          )}
          <CallSupportButton />
          <NewConnectionButton onPick={(channel) => openEditor(null, channel)} social={social} />
        </Space>
      </Flex>
      <ImportProgressCard connections={list.connections} progress={imports.progress} />
      {list.failed && !list.loading && list.connections.length === 0 ? (
        <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void list.reload()} />
      ) : (
        <ConnectionsTable
          connections={list.connections}
          loading={list.loading}
          manage
          editable={admin}
          onEdit={(c) => openEditor(c.id)}
          onDeleted={(id) => list.apply({ action: 'delete', whatsappId: id })}
          importProgress={imports.progress}
          now={imports.now}
        />
      )}
      <ConnectionDialog {...dialog} />
    </Flex>
  );
}
