import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Badge, Button, Checkbox, Flex, Input, Modal, Segmented, Select, Tabs, Tooltip, type ButtonProps, type InputRef, type SelectProps } from 'antd';
import {
  CheckSquareOutlined,
  ClearOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FilterFilled,
  FilterOutlined,
  InboxOutlined,
  PlusOutlined,
  SearchOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Tag, Ticket, TicketStatus } from '@atende/kit/contracts';
import { listAllTags } from '../../api/tags';
import { closeAllTickets, getTicketByUuid, listMessages, listUserOptions, type UserOption } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { useConnections } from '../../hooks/useConnections';
import { hasPermission, isAdmin } from '../../permissions';
import { firstMessagesKey, prefetch, ticketKey } from './conversation/prefetch';
import { NewTicketDialog } from './NewTicketDialog';
import { useTicketActions } from './TicketActions';
import { TicketList } from './TicketList';
import { activeFilterCount, closeAllStatus, STATUS_FILTER_OPTIONS, TAG_FILTER_MAX_SHOWN, type ListFilters } from './list/listQuery';
import { loadPrefs, savePrefs, type ListPrefs } from './list/prefs';
import { useElementWidth } from './list/useElementWidth';
import { canShowAll, type ListTab } from './ticketRules';

const SEARCH_DEBOUNCE_MS = 500;
/** Below this panel width the view switch shows icons only (names in tooltips and for screen readers). */
const COMPACT_WIDTH = 520;
const HIDDEN_TEXT: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** The three views of the list panel (spec 000 §2): open (with its tabs), closed, search. */
export type PanelView = 'open' | 'closed' | 'search';

type Props = {
  view: PanelView;
  onView(view: PanelView): void;
  tab: ListTab;
  onTab(tab: ListTab): void;
  selectedUuid: string | undefined;
};

/**
 * The list panel of the Tickets page (spec 000 §2): views open / closed / search, the search box (and
 * search in messages), the filter toggle (queues; tags, connections, status and users for admins in
 * the search view), show all, new ticket, close all, the sort toggle of the open view, the tabs with
 * counts and the lists.
 */
export function TicketsManager({ view, onView, tab, onTab, selectedUuid }: Props) {
  const { t } = useTranslation(['ticketsList', 'tickets']);
  const { user } = useAuth();
  const navigate = useNavigate();
  const { userQueues } = useTicketActions();
  const [modal, modalHolder] = Modal.useModal();
  const searchBox = useRef<InputRef>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelWidth = useElementWidth(panel);
  const compact = panelWidth > 0 && panelWidth < COMPACT_WIDTH;
  const [input, setInput] = useState('');
  const [searchParam, setSearchParam] = useState('');
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [selectedQueues, setSelectedQueues] = useState<number[] | null>(null);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [whatsappIds, setWhatsappIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [statuses, setStatuses] = useState<TicketStatus[]>([]);
  const [prefs, setPrefs] = useState<ListPrefs>(() => loadPrefs(user?.id));
  const [counts, setCounts] = useState<Record<ListTab, number>>({ open: 0, pending: 0, group: 0 });
  const [refreshKey, setRefreshKey] = useState(0);
  const [newOpen, setNewOpen] = useState(false);
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [users, setUsers] = useState<UserOption[] | null>(null);
  const admin = isAdmin(user);
  const allowGroup = !!user?.allowGroup;
  const mayShowAll = !!user && canShowAll(user);
  const mayCloseAll = hasPermission(user, 'tickets-manager:closeAll');

  useEffect(() => {
    const timer = setTimeout(() => setSearchParam(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const updatePrefs = (change: Partial<ListPrefs>) => {
    setPrefs((current) => {
      const next = { ...current, ...change };
      savePrefs(user?.id, next);
      return next;
    });
  };

  // The admin search filters read their options once, when first shown.
  const adminFiltersShown = admin && view === 'search' && prefs.showFilters;
  useEffect(() => {
    if (!adminFiltersShown) return;
    if (tags === null)
      listAllTags()
        .then(setTags)
        .catch((err) => {
          setTags([]);
          toastError(err);
        });
    if (users === null)
      listUserOptions()
        .then(setUsers)
        .catch((err) => {
          setUsers([]);
          toastError(err);
        });
  }, [adminFiltersShown, tags, users]);
  // The connections filter only shows when the company has connections.
  const { connections } = useConnections(adminFiltersShown);

  // Every queue of mine is selected at first; a user only picks among their own queues.
  const allQueueIds = useMemo(() => userQueues.map((q) => q.id), [userQueues]);
  const queueIds = useMemo(() => (selectedQueues ?? allQueueIds).filter((id) => allQueueIds.includes(id)), [selectedQueues, allQueueIds]);

  const filters = useMemo<ListFilters>(
    () => ({ showAll: mayShowAll && showAll, queueIds, searchParam, searchOnMessages, tagIds, whatsappIds, userIds, statuses, sort: prefs.sort }),
    [mayShowAll, showAll, queueIds, searchParam, searchOnMessages, tagIds, whatsappIds, userIds, statuses, prefs.sort],
  );

  const countSetters = useMemo(
    () => ({
      open: (n: number) => setCounts((c) => (c.open === n ? c : { ...c, open: n })),
      pending: (n: number) => setCounts((c) => (c.pending === n ? c : { ...c, pending: n })),
      group: (n: number) => setCounts((c) => (c.group === n ? c : { ...c, group: n })),
    }),
    [],
  );

  const selectedRef = useRef(selectedUuid);
  selectedRef.current = selectedUuid;
  const onSelect = useCallback(
    (ticket: Ticket) => {
      // The conversation's ticket and first page of messages, requested now rather than after the panel renders.
      if (ticket.uuid !== selectedRef.current) {
        prefetch(ticketKey(ticket.uuid), () => getTicketByUuid(ticket.uuid));
        prefetch(firstMessagesKey(ticket.id), () => listMessages(ticket.id, 1));
      }
      navigate(`/tickets/${ticket.uuid}`);
    },
    [navigate],
  );

  const tabs: ListTab[] = allowGroup ? ['open', 'pending', 'group'] : ['open', 'pending'];
  const current = tabs.includes(tab) ? tab : 'open';
  const listView = view === 'open' ? current : view;
  const filterCount = activeFilterCount(listView, filters, admin, allQueueIds);

  const onSearchInput = (value: string) => {
    setInput(value);
    // Typing searches: the panel moves to the search view.
    if (value.trim() && view !== 'search') onView('search');
  };

  const changeView = (next: PanelView) => {
    onView(next);
    if (next === 'search') setTimeout(() => searchBox.current?.focus(), 0);
  };

  const closeAll = () => {
    const status = closeAllStatus(listView);
    if (!status) return;
    const tabName = t(`tickets:tabs.${status}`);
    void modal.confirm({
      title: t('closeAll.title'),
      // Every ticket of the status in the queues closes, also those this view does not list (the answer says how many).
      content: t('closeAll.message', { tab: tabName }),
      okText: t('closeAll.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('tickets:buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          const answer = await closeAllTickets({ status, selectedQueueIds: queueIds.length > 0 ? queueIds : null });
          toastSuccess(t('closeAll.done', { count: answer.count }));
          if (answer.left > 0) toastWarning(t('closeAll.leftUntagged', { count: answer.left }));
          if (selectedUuid) navigate('/tickets');
        } catch (err) {
          toastError(err);
        } finally {
          setRefreshKey((k) => k + 1);
        }
      },
    });
  };

  const clearFilters = () => {
    setSelectedQueues(null);
    setTagIds([]);
    setWhatsappIds([]);
    setUserIds([]);
    setStatuses([]);
  };

  const iconButton = (title: string, props: ButtonProps & { 'data-testid'?: string }) => (
    <Tooltip title={title}>
      <Button aria-label={title} {...props} />
    </Tooltip>
  );

  return (
    <Flex ref={panel} vertical style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex vertical gap={8} style={{ padding: 8 }}>
        <Flex gap={6} align="center" justify="space-between" wrap>
          <Segmented<PanelView>
            size="small"
            value={view}
            onChange={changeView}
            aria-label={t('views.label')}
            options={(
              [
                ['open', <InboxOutlined key="i" />],
                ['closed', <CheckSquareOutlined key="i" />],
                ['search', <SearchOutlined key="i" />],
              ] as const
            ).map(([value, icon]) => ({
              value,
              icon,
              // Narrow panel: icons only, the name in a tooltip and for screen readers.
              label: compact && value !== view ? <span style={HIDDEN_TEXT}>{t(`views.${value}`)}</span> : t(`views.${value}`),
              title: t(`views.${value}`),
            }))}
          />
          <Flex gap={4} align="center">
            <Badge count={prefs.showFilters ? 0 : filterCount} size="small">
              {iconButton(prefs.showFilters ? t('buttons.hideFilters') : t('buttons.showFilters'), {
                size: 'small',
                type: prefs.showFilters ? 'primary' : 'default',
                ghost: prefs.showFilters,
                icon: filterCount > 0 ? <FilterFilled /> : <FilterOutlined />,
                'aria-pressed': prefs.showFilters,
                'aria-expanded': prefs.showFilters,
                'aria-controls': 'tickets-list-filters',
                onClick: () => updatePrefs({ showFilters: !prefs.showFilters }),
              })}
            </Badge>
            {view === 'open' &&
              iconButton(prefs.sort === 'ASC' ? t('buttons.sortAsc') : t('buttons.sortDesc'), {
                size: 'small',
                icon: prefs.sort === 'ASC' ? <SortAscendingOutlined /> : <SortDescendingOutlined />,
                'data-testid': 'tickets-sort-toggle',
                onClick: () => updatePrefs({ sort: prefs.sort === 'ASC' ? 'DESC' : 'ASC' }),
              })}
            {mayShowAll &&
              iconButton(showAll ? t('buttons.showMine') : t('tickets:filters.showAll'), {
                size: 'small',
                type: showAll ? 'primary' : 'default',
                icon: showAll ? <EyeOutlined /> : <EyeInvisibleOutlined />,
                'aria-pressed': showAll,
                'data-testid': 'tickets-show-all',
                onClick: () => setShowAll((v) => !v),
              })}
            {mayCloseAll &&
              view === 'open' &&
              iconButton(t('buttons.closeAll'), {
                size: 'small',
                danger: true,
                icon: <StopOutlined />,
                disabled: counts[current] === 0,
                onClick: closeAll,
              })}
            {iconButton(t('tickets:buttons.newTicket'), { size: 'small', type: 'primary', icon: <PlusOutlined />, onClick: () => setNewOpen(true) })}
          </Flex>
        </Flex>
        <Flex gap={8} align="center">
          <Input
            ref={searchBox}
            allowClear
            value={input}
            onChange={(e) => onSearchInput(e.target.value)}
            placeholder={t('tickets:search.placeholder')}
            aria-label={t('tickets:search.placeholder')}
            prefix={<SearchOutlined />}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Tooltip title={t('tickets:search.onMessages')}>
            <Checkbox checked={searchOnMessages} onChange={(e) => setSearchOnMessages(e.target.checked)} aria-label={t('tickets:search.onMessages')} style={{ whiteSpace: 'nowrap' }}>
              {t('search.inMessages')}
            </Checkbox>
          </Tooltip>
        </Flex>
        {prefs.showFilters && (
          <Flex vertical gap={6} id="tickets-list-filters" role="group" aria-label={t('filters.label')}>
            <FilterSelect
              label={t('tickets:filters.queues')}
              value={queueIds}
              onChange={(ids: number[]) => setSelectedQueues(ids)}
              options={userQueues.map((q) => ({ value: q.id, label: q.name }))}
            />
            {adminFiltersShown && (
              <>
                <FilterSelect
                  label={t('filters.tags')}
                  maxTagCount={TAG_FILTER_MAX_SHOWN}
                  value={tagIds}
                  onChange={(ids: number[]) => setTagIds(ids)}
                  loading={tags === null}
                  options={(tags ?? []).map((tag) => ({ value: tag.id, label: tag.name, color: tag.color }))}
                  optionRender={(option) => (
                    <Flex gap={6} align="center">
                      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: (option.data as { color?: string }).color }} />
                      {option.label}
                    </Flex>
                  )}
                />
                {connections.length > 0 && (
                  <FilterSelect
                    label={t('filters.connections')}
                    value={whatsappIds}
                    onChange={(ids: number[]) => setWhatsappIds(ids)}
                    options={connections.map((c) => ({ value: c.id, label: c.name }))}
                  />
                )}
                <Flex gap={6}>
                  <FilterSelect
                    label={t('filters.status')}
                    value={statuses}
                    onChange={(values: TicketStatus[]) => setStatuses(values)}
                    options={STATUS_FILTER_OPTIONS.map((s) => ({ value: s, label: t(`tickets:status.${s}`) }))}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <FilterSelect
                    label={t('filters.users')}
                    value={userIds}
                    onChange={(ids: number[]) => setUserIds(ids)}
                    loading={users === null}
                    options={(users ?? []).map((u) => ({ value: u.id, label: u.name }))}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                </Flex>
              </>
            )}
            {filterCount > 0 && (
              <Button size="small" type="link" icon={<ClearOutlined />} onClick={clearFilters} style={{ alignSelf: 'flex-start', padding: 0 }}>
                {t('buttons.clearFilters')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {view === 'open' && (
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
                <span>{t(`tickets:tabs.${key}`)}</span>
              </Badge>
            ),
          }))}
        />
      )}
      {/* The open view's lists stay mounted (their counts show on the tabs); closed and search load when shown. */}
      {tabs.map((key) => (
        <TicketList
          key={key}
          view={key}
          active={view === 'open' && key === current}
          filters={filters}
          refreshKey={refreshKey}
          selectedUuid={selectedUuid}
          onSelect={onSelect}
          onCount={countSetters[key]}
        />
      ))}
      {view === 'closed' && <TicketList view="closed" active filters={filters} refreshKey={refreshKey} selectedUuid={selectedUuid} onSelect={onSelect} />}
      {view === 'search' && <TicketList view="search" active filters={filters} refreshKey={refreshKey} selectedUuid={selectedUuid} onSelect={onSelect} />}
      <NewTicketDialog open={newOpen} onClose={() => setNewOpen(false)} onTab={onTab} />
    </Flex>
  );
}

/** A multi-select of the list filters; its label is both the placeholder and the accessible name. */
function FilterSelect<V>({ label, ...props }: SelectProps<V> & { label: string }) {
  return (
    <Select<V> mode="multiple" allowClear maxTagCount="responsive" optionFilterProp="label" size="small" style={{ width: '100%' }} placeholder={label} aria-label={label} {...props} />
  );
}
