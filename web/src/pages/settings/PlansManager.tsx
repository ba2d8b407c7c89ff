import './plansLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { planFlags, type Plan } from '@atende/kit/contracts';
import { deletePlan, listPlans } from '../../api/admin';
import { toastError, toastSuccess } from '../../errors/toast';
import { mergeById, removeById, upsertById } from '../users/listRules';
import { formatAmount } from './planForm';
import { PlanFormModal } from './PlanFormModal';
import { EditDeleteActions } from '../../components/EditDeleteActions';

/** Settings → Plans (super user): table plus form, create, edit, delete. */
export function PlansManager() {
  const { t } = useTranslation('plans');
  const [modal, modalHolder] = Modal.useModal();
  const [plans, setPlans] = useState<Plan[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ open: boolean; plan: Plan | null }>({ open: false, plan: null });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const fetched = await listPlans();
      // Rows saved while the first read was in flight are newer than what it brought back.
      setPlans((current) => mergeById(fetched, current));
    } catch {
      toastError(t('errors.load'));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = (p: Plan) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deletePlan(p.id);
          setPlans((list) => removeById(list, p.id));
          toastSuccess(t('toasts.success'));
        } catch {
          toastError(t('errors.delete'));
        }
      },
    });
  };

  const limit = (n: number) => (n > 0 ? n : t('table.unlimited'));

  const columns: ColumnsType<Plan> = [
    { title: t('table.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: t('table.users'), dataIndex: 'users', align: 'center', render: limit },
    { title: t('table.connections'), dataIndex: 'connections', align: 'center', render: limit },
    { title: t('table.queues'), dataIndex: 'queues', align: 'center', render: limit },
    { title: t('table.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
    { title: t('table.isPublic'), dataIndex: 'isPublic', align: 'center', render: (v: boolean) => (v ? t('yes') : t('no')) },
    {
      title: t('table.features'),
      key: 'features',
      render: (_: unknown, p) => (
        <Space size={[4, 4]} wrap>
          {planFlags
            .filter((f) => p[f])
            .map((f) => (
              <Tag key={f}>{t(`flags.${f}`)}</Tag>
            ))}
        </Space>
      ),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, p) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          editLabel={t('buttons.editPlan', { name: p.name })}
          onEdit={() => setEditing({ open: true, plan: p })}
          deleteTitle={t('buttons.delete')}
          deleteLabel={t('buttons.deletePlan', { name: p.name })}
          onDelete={() => confirmDelete(p)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text type="secondary">{t('count', { count: plans.length })}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, plan: null })}>
          {t('buttons.addPlan')}
        </Button>
      </Flex>
      <Table<Plan>
        rowKey="id"
        columns={columns}
        dataSource={plans}
        loading={loading}
        size="middle"
        scroll={{ x: 1000 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('empty') }}
      />
      <PlanFormModal
        open={editing.open}
        plan={editing.plan}
        onClose={() => setEditing({ open: false, plan: null })}
        onSaved={(saved) => setPlans((list) => upsertById(list, saved))}
      />
    </Flex>
  );
}
