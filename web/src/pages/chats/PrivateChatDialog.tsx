import { useMemo, useState } from 'react';
import { Empty, Flex, Input, Modal, Spin, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@atende/kit/contracts';
import { ChatAvatar } from './ChatAvatar';
import { useCompanyUsers } from './useCompanyUsers';

type PrivateChatDialogProps = {
  open: boolean;
  me: number;
  /** The user whose chat is being opened (the row shows it as busy). */
  busyUserId: number | null;
  onClose(): void;
  onPick(user: User): void;
};

/** 'Conversa Particular' (spec 002 §2): the company's other users with a search; a click opens (or creates) the private chat. */
export function PrivateChatDialog({ open, me, busyUserId, onClose, onPick }: PrivateChatDialogProps) {
  const { t } = useTranslation('chats');
  const { token } = theme.useToken();
  const { users, loading } = useCompanyUsers(open);
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return users.filter((u) => u.id !== me && (!term || u.name.toLowerCase().includes(term) || u.email.toLowerCase().includes(term)));
  }, [users, me, search]);

  return (
    <Modal open={open} title={t('private.title')} onCancel={onClose} footer={null} destroyOnHidden afterOpenChange={(visible) => !visible && setSearch('')}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('private.search')}
        aria-label={t('private.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <div style={{ maxHeight: 360, overflowY: 'auto' }} role="list" aria-busy={loading}>
        {loading && users.length === 0 ? (
          <Spin style={{ display: 'block', margin: '16px auto' }} />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('private.empty')} />
        ) : (
          shown.map((u) => (
            <div role="listitem" key={u.id}>
              <button
                type="button"
                data-testid="private-chat-user"
                aria-label={t('private.start', { name: u.name })}
                disabled={busyUserId !== null}
                onClick={() => onPick(u)}
                style={{
                  display: 'flex',
                  width: '100%',
                  gap: 10,
                  alignItems: 'center',
                  padding: '8px 6px',
                  border: 'none',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  background: 'none',
                  color: 'inherit',
                  font: 'inherit',
                  textAlign: 'start',
                  cursor: busyUserId !== null ? 'wait' : 'pointer',
                }}
              >
                <ChatAvatar name={u.name} picture={u.profileImage} size={32} />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text ellipsis>{u.name}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {u.email}
                  </Typography.Text>
                </Flex>
                {busyUserId === u.id && <Spin size="small" />}
              </button>
            </div>
          ))
        )}
      </div>
    </Modal>
  );
}
