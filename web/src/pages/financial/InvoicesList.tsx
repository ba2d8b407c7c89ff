import { useCallback, useState } from 'react';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { listInvoices, type Invoice } from '../../api/invoices';
import { useInfiniteList } from '../tags/useInfiniteList';
import { CheckoutDialog } from './CheckoutDialog';
import { formatDay } from '../../format/dates';
import { formatBRL, isPaid, payAction } from './financialRules';
import { usePaymentEvent } from './usePaymentEvent';

export type InvoicesListProps = {
  /** Height of the scrolling box (the overdue page is shorter). */
  maxHeight?: string;
};

/**
 * 'Faturas' (spec 001 §2): the company's invoices with their count, newest due date first, infinite scroll.
 * PAGAR opens the invoice's payment link in a new tab, or the checkout; a paid one shows PAGO. A confirmed
 * payment (company-{id}-payment) marks its row paid at once.
 */
export function InvoicesList({ maxHeight = 'calc(100vh - 200px)' }: InvoicesListProps) {
  const { t } = useTranslation('financial');
  const [paying, setPaying] = useState<Invoice | null>(null);

  const fetchPage = useCallback(async (_search: string, page: number) => {
    const answer = await listInvoices(page);
    return { items: answer.invoices, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Invoice>(fetchPage);
  const { apply } = list;

  usePaymentEvent((payment) =>
    apply((rows) => ({ list: rows.map((row) => (row.id === payment.invoiceId ? { ...row, status: 'Pago' as const } : row)), delta: 0 })),
  );

  const pay = (invoice: Invoice) => {
    const action = payAction(invoice);
    if (action.kind === 'link') window.open(action.url, '_blank', 'noopener,noreferrer');
    else if (action.kind === 'checkout') setPaying(invoice);
  };

  const columns: ColumnsType<Invoice> = [
    { title: t('table.detail'), dataIndex: 'detail', ellipsis: true },
    { title: t('table.users'), dataIndex: 'users', align: 'center', width: 110 },
    { title: t('table.connections'), dataIndex: 'connections', align: 'center', width: 110 },
    { title: t('table.dueDate'), dataIndex: 'dueDate', align: 'center', width: 130, render: (day: string) => formatDay(day) },
    { title: t('table.value'), dataIndex: 'value', align: 'center', width: 140, render: (value: string) => formatBRL(value) ?? t('notAvailable') },
    {
      title: t('table.action'),
      key: 'action',
      align: 'center',
      width: 130,
      render: (_: unknown, row) =>
        isPaid(row) ? (
          <Tag color="success">{t('paid')}</Tag>
        ) : (
          <Button type="primary" size="small" aria-label={t('buttons.payInvoice', { date: formatDay(row.dueDate) })} onClick={() => pay(row)}>
            {t('buttons.pay')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ minHeight: 0 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')} ({list.count})
      </Typography.Title>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ minHeight: 200, maxHeight, overflow: 'auto' }}>
        <Table<Invoice>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 720 }}
          locale={{ emptyText: t('table.empty') }}
        />
      </div>
      <CheckoutDialog
        invoice={paying}
        onClose={() => setPaying(null)}
        onCharged={(charged) => apply((rows) => ({ list: rows.map((row) => (row.id === charged.id ? charged : row)), delta: 0 }))}
      />
    </Flex>
  );
}
