import './usersLocales';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Avatar, Badge, Button, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@atende/kit/contracts';
import { deleteUser, listUsers } from '../../api/users';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { toastError, toastSuccess } from '../../errors/toast';
import { isAdminLike } from '../../permissions';
import { usePresenceEvent, useSocket } from '../../socket/SocketContext';
import { companyEvent } from '../../socket/socket';
import { applyPresence, applyUserEvent, type UserEvent } from './liveUsers';
import { effectiveSearch, isNearBottom, mergeById, SEARCH_DEBOUNCE_MS } from './listRules';
import { UserDialog } from './UserDialog';
import { EditDeleteActions } from '../../components/EditDeleteActions';

/** Users screen (spec 001 §2): admins only. */
export default function UsersPage() {
  const { user } = useAuth();
  if (!user || !isAdminLike(user)) return <NoPermission />;
  return <UsersScreen companyId={user.companyId} />;
}

function UsersScreen({ companyId }: { companyId: number }) {
  const { t } = useTranslation('users');
  const [modal, modalHolder] = Modal.useModal();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [users, setUsers] = useState<User[]>([]);
  const [count, setCount] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const scroller = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const searchRef = useRef('');
  const usersRef = useRef<User[]>([]);
  useEffect(() => {
    usersRef.current = users;
  }, [users]);

  // Search: 500 ms after the last keystroke, from 3 characters (shorter means everyone).
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = effectiveSearch(input);
      if (next === searchRef.current) return;
      searchRef.current = next;
      setSearch(next);
      setPageNumber(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const load = useCallback(async (searchParam: string, page: number) => {
    const id = ++request.current;
    setLoading(true);
    try {
      const answer = await listUsers({ searchParam: searchParam || undefined, pageNumber: page });
      if (id !== request.current) return;
      setUsers((current) => (page === 1 ? answer.users : mergeById(current, answer.users)));
      setHasMore(answer.hasMore);
      setCount(answer.count);
    } catch (err) {
      if (id === request.current) toastError(err);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(search, pageNumber);
  }, [load, search, pageNumber]);

  // Live updates (spec 001 §4): the company's user channel and presence.
  usePresenceEvent((userId, online) => setUsers((list) => applyPresence(list, userId, online)));
  /**
   * One change to the list and its count, whoever tells it first: this page's own save or delete, or the
   * live event of it that follows (the second finds it done and changes nothing).
   */
  const applyChange = useCallback((event: UserEvent) => {
    const { list, delta } = applyUserEvent(usersRef.current, event, searchRef.current);
    usersRef.current = list;
    setUsers(list);
    if (delta) setCount((c) => Math.max(0, c + delta));
  }, []);

  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const channel = companyEvent(companyId, 'user');
    const onUser = (event: UserEvent) => {
      if (!event || typeof event !== 'object') return;
      if (event.action !== 'delete' && !event.user?.email) return;
      applyChange(event);
    };
    socket.on(channel, onUser);
    return () => {
      socket.off(channel, onUser);
    };
  }, [socket, companyId, applyChange]);

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPageNumber((p) => p + 1);
  }, [loading, hasMore]);

  // A first page that does not fill the box cannot be scrolled: load the next one right away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [users, loading, hasMore, loadMore]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(e.currentTarget)) loadMore();
  };

  const confirmDelete = (target: User) => {
    void modal.confirm({
      title: t('confirm.deleteTitle', { name: target.name }),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteUser(target.id);
          applyChange({ action: 'delete', userId: target.id });
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const onSaved = (saved: User) => applyChange({ action: usersRef.current.some((u) => u.id === saved.id) ? 'update' : 'create', user: saved });

  const columns: ColumnsType<User> = [
    { title: t('table.id'), dataIndex: 'id', width: 70, align: 'center' },
    {
      title: t('table.status'),
      dataIndex: 'online',
      width: 110,
      align: 'center',
      render: (online: boolean) => <Badge status={online ? 'success' : 'default'} text={online ? t('status.online') : t('status.offline')} />,
    },
    {
      title: t('table.avatar'),
      dataIndex: 'profileImage',
      width: 80,
      align: 'center',
      render: (src: string | null, row) => <Avatar src={src ?? undefined} icon={<UserOutlined />} alt={row.name} />,
    },
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text>{name}</Typography.Text> },
    { title: t('table.email'), dataIndex: 'email' },
    {
      title: t('table.profile'),
      dataIndex: 'profile',
      width: 140,
      render: (profile: User['profile'], row) => (
        <Space size={4} wrap>
          <Tag color={profile === 'admin' ? 'blue' : undefined}>{t(`profiles.${profile}`)}</Tag>
          {row.super && <Tag color="gold">{t('profiles.super')}</Tag>}
        </Space>
      ),
    },
    { title: t('table.startWork'), dataIndex: 'startWork', width: 110, align: 'center' },
    { title: t('table.endWork'), dataIndex: 'endWork', width: 110, align: 'center' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          editLabel={t('buttons.editUser', { name: row.name })}
          onEdit={() => setDialog({ open: true, userId: row.id })}
          deleteTitle={t('buttons.delete')}
          deleteLabel={t('buttons.deleteUser', { name: row.name })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')} ({count})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, userId: null })}>
            {t('buttons.addUser')}
          </Button>
        </Space>
      </Flex>
      <div
        ref={scroller}
        onScroll={onScroll}
        style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}
        data-testid="users-scroll"
      >
        <Table<User>
          rowKey="id"
          columns={columns}
          dataSource={users}
          loading={loading}
          pagination={false}
          size="middle"
          scroll={{ x: 900 }}
          locale={{ emptyText: t('empty') }}
        />
      </div>
      <UserDialog open={dialog.open} userId={dialog.userId} onClose={() => setDialog({ open: false, userId: null })} onSaved={onSaved} />
    </Flex>
  );
}
