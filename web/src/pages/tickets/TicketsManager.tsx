import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Flex, Input, Select, Switch, Tabs, Tooltip } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Ticket } from '@atende/kit/contracts';
import { useAuth } from '../../auth/AuthContext';
import { NewTicketDialog } from './NewTicketDialog';
import { useTicketActions } from './TicketActions';
import { TicketList } from './TicketList';
import { canShowAll, type ListTab } from './ticketRules';

const SEARCH_DEBOUNCE_MS = 500;

/** The list panel of the Tickets page (spec 000 §2): search, filters, tabs with counts, lists. */
export function TicketsManager({ tab, onTab, selectedUuid }: { tab: ListTab; onTab(tab: ListTab): void; selectedUuid: string | undefined }) {
  const { t } = useTranslation('tickets');
  const { user } = useAuth();
  const navigate = useNavigate();
  const { userQueues } = useTicketActions();
  const [input, setInput] = useState('');
  const [searchParam, setSearchParam] = useState('');
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [selectedQueues, setSelectedQueues] = useState<number[] | null>(null);
  const [counts, setCounts] = useState<Record<ListTab, number>>({ open: 0, pending: 0, group: 0 });
  const [newOpen, setNewOpen] = useState(false);
  const allowGroup = !!user?.allowGroup;
  const mayShowAll = !!user && canShowAll(user);

  useEffect(() => {
    const timer = setTimeout(() => setSearchParam(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  // Every queue of mine is selected at first.
  const queueIds = useMemo(() => selectedQueues ?? userQueues.map((q) => q.id), [selectedQueues, userQueues]);

  const countSetters = useMemo(
    () => ({
      open: (n: number) => setCounts((c) => (c.open === n ? c : { ...c, open: n })),
      pending: (n: number) => setCounts((c) => (c.pending === n ? c : { ...c, pending: n })),
      group: (n: number) => setCounts((c) => (c.group === n ? c : { ...c, group: n })),
    }),
    [],
  );

  const onSelect = useCallback((ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`), [navigate]);

  const tabs: ListTab[] = allowGroup ? ['open', 'pending', 'group'] : ['open', 'pending'];
  const current = tabs.includes(tab) ? tab : 'open';
  const searching = !!searchParam;
  const common = { showAll, queueIds, searchParam, searchOnMessages, selectedUuid, onSelect };

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Flex vertical gap={8} style={{ padding: 8 }}>
        <Flex gap={8} align="center">
          <Input
            allowClear
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            prefix={<SearchOutlined />}
          />
          <Tooltip title={t('buttons.newTicket')}>
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('buttons.newTicket')} onClick={() => setNewOpen(true)} />
          </Tooltip>
        </Flex>
        <Flex gap={12} align="center" wrap>
          <Checkbox checked={searchOnMessages} onChange={(e) => setSearchOnMessages(e.target.checked)}>
            {t('search.onMessages')}
          </Checkbox>
          {mayShowAll && (
            <Flex gap={6} align="center">
              <Switch size="small" checked={showAll} onChange={setShowAll} aria-label={t('filters.showAll')} />
              <span>{t('filters.showAll')}</span>
            </Flex>
          )}
        </Flex>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={queueIds}
          onChange={(ids: number[]) => setSelectedQueues(ids)}
          options={userQueues.map((q) => ({ value: q.id, label: q.name }))}
          placeholder={t('filters.queues')}
          aria-label={t('filters.queues')}
          style={{ width: '100%' }}
        />
      </Flex>
      {searching ? (
        <TicketList view="search" active {...common} />
      ) : (
        <>
          <Tabs
            activeKey={current}
            onChange={(key) => onTab(key as ListTab)}
            centered
            size="small"
            style={{ marginBottom: 0 }}
            items={tabs.map((key) => ({
              key,
              label: (
                <Badge count={counts[key]} size="small" offset={[10, -2]} overflowCount={999}>
                  <span>{t(`tabs.${key}`)}</span>
                </Badge>
              ),
            }))}
          />
          {tabs.map((key) => (
            <TicketList key={key} view={key} active={key === current} {...common} onCount={countSetters[key]} />
          ))}
        </>
      )}
      <NewTicketDialog open={newOpen} onClose={() => setNewOpen(false)} onTab={onTab} />
    </Flex>
  );
}
