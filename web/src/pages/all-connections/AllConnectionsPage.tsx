import '../companies/companiesLocales';
import '../connections/connectionsLocales';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@atende/kit/contracts';
import { listConnectionCounts, listConnectionsOfCompany, type ConnectionCounts } from '../../api/channels';
import { getCompanyPlan } from '../../api/auth';
import { useAuth } from '../../auth/AuthContext';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { LoadFailed } from '../../components/LoadFailed';
import NoPermission from '../../components/NoPermission';
import { toastError } from '../../errors/toast';
import { isSuper } from '../../permissions';
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { grandTotal } from '../connections/connectionRules';
import { ConnectionsTable } from '../connections/ConnectionsTable';
import { NewConnectionButton, useConnectionEditor } from '../connections/ConnectionsPage';
import { useLiveConnections } from '../connections/useLiveConnections';

/**
 * Others get the no-permission toast (the companies page's text, spec 001 §8) and, after 1 second, go to
 * /tickets: the page's own section of spec 001 §2 says so ("others are redirected to /tickets"), and
 * /tickets is a page every user may open (/ refuses an attendant without the dashboard).
 */
export const NO_PERMISSION_REDIRECT_TO = '/tickets';

/** '/allConnections' (spec 001 §2 All-connections page): the super user's per company counts. */
export default function AllConnectionsPage() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const allowed = isSuper(user);

  useRefusedRedirect(!!user && !allowed, t('errors.noPermission'), NO_PERMISSION_REDIRECT_TO);

  if (!allowed) return <NoPermission />;
  return <AllConnectionsScreen ownCompanyId={user!.companyId} />;
}

function AllConnectionsScreen({ ownCompanyId }: { ownCompanyId: number }) {
  const { t } = useTranslation('connections');
  const [counts, setCounts] = useState<ConnectionCounts[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [company, setCompany] = useState<ConnectionCounts | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setCounts(await listConnectionCounts());
    } catch (err) {
      setFailed(true);
      toastError(err);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const total = useMemo(() => grandTotal(counts), [counts]);

  const columns: ColumnsType<ConnectionCounts> = [
    { title: t('all.company'), dataIndex: 'companyName' },
    { title: t('all.connected'), dataIndex: 'connected', width: 130, align: 'center' },
    { title: t('all.disconnected'), dataIndex: 'disconnected', width: 130, align: 'center' },
    { title: t('all.total'), dataIndex: 'total', width: 110, align: 'center' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 170,
      align: 'center',
      render: (_: unknown, row) => (
        <Button size="small" onClick={() => setCompany(row)} aria-label={t('all.openCompany', { name: row.companyName })}>
          {t('all.connections')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('all.title')}
      </Typography.Title>
      {failed && !loading && counts.length === 0 ? (
        <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void load()} />
      ) : (
        <Table<ConnectionCounts>
          rowKey="companyId"
          columns={columns}
          dataSource={counts}
          loading={loading}
          pagination={false}
          size="middle"
          locale={{ emptyText: t('all.empty') }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('all.grandTotal')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="center">
                <Typography.Text strong>{total.connected}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="center">
                <Typography.Text strong>{total.disconnected}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="center">
                <Typography.Text strong data-testid="all-connections-total">
                  {total.total}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
            </Table.Summary.Row>
          )}
        />
      )}
      {company && (
        <CompanyConnectionsDialog
          company={company}
          live={company.companyId === ownCompanyId}
          onClose={() => {
            setCompany(null);
            void load();
          }}
        />
      )}
    </Flex>
  );
}

/**
 * One company's connections in the connection table (GET /api/whatsapp-admin/{companyId}) and the add menu,
 * whose items follow that company's plan (GET /api/companies/listPlan/{companyId}); what is added goes to it.
 */
function CompanyConnectionsDialog({ company, live, onClose }: { company: ConnectionCounts; live: boolean; onClose(): void }) {
  const { t } = useTranslation('connections');
  const { companyId } = company;
  const loadCompany = useCallback(() => listConnectionsOfCompany(companyId), [companyId]);
  const list = useLiveConnections(loadCompany, live);
  const { openEditor, social, dialog } = useConnectionEditor(list.apply, companyId);
  // null until read (the menu's items stay disabled meanwhile, and if it cannot be read).
  const [plan, setPlan] = useState<Plan | null>(null);
  useEffect(() => {
    let alive = true;
    getCompanyPlan(companyId).then(
      (read) => alive && setPlan(read),
      (err: unknown) => alive && toastError(err),
    );
    return () => {
      alive = false;
    };
  }, [companyId]);
  return (
    <Modal open title={t('all.companyTitle', { name: company.companyName })} onCancel={onClose} footer={null} width={1000}>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <NewConnectionButton plan={plan} onPick={(channel) => openEditor(null, channel)} social={social} />
      </Flex>
      <ConnectionsTable
        connections={list.connections}
        loading={list.loading}
        manage
        showNumber={false}
        onEdit={(c) => openEditor(c.id)}
        onDeleted={(id) => list.apply({ action: 'delete', whatsappId: id })}
        onImportClosed={() => void list.reload()}
      />
      <ConnectionDialog {...dialog} />
    </Modal>
  );
}
