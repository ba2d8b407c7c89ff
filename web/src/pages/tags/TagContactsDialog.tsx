import { useEffect, useState } from 'react';
import { Avatar, Button, List, Modal, Spin, Typography } from 'antd';
import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactListItem, Tag } from '@atende/kit/contracts';
import { getTag, unlinkTagContact } from '../../api/tags';
import { toastError, toastSuccess } from '../../errors/toast';

/** The contacts of a tag (spec 001 §2 Tags screen): a viewable list, each removable from the tag. */
export function TagContactsDialog({ tag, onClose, onChanged }: { tag: Tag | null; onClose(): void; onChanged?(tagId: number, count: number): void }) {
  const { t } = useTranslation('tags');
  const [contacts, setContacts] = useState<ContactListItem[] | null>(null);

  useEffect(() => {
    if (!tag) return;
    let active = true;
    setContacts(null);
    getTag(tag.id)
      .then((detail) => {
        if (active) setContacts(detail.contacts);
      })
      .catch((err: unknown) => {
        if (!active) return;
        toastError(err);
        setContacts([]);
      });
    return () => {
      active = false;
    };
  }, [tag]);

  const remove = async (contact: ContactListItem) => {
    if (!tag) return;
    try {
      await unlinkTagContact(tag.id, contact.id);
      const next = (contacts ?? []).filter((c) => c.id !== contact.id);
      setContacts(next);
      onChanged?.(tag.id, next.length);
      toastSuccess(t('toasts.contactRemoved'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Modal open={!!tag} title={t('contacts.title', { name: tag?.name ?? '' })} onCancel={onClose} footer={null} destroyOnHidden>
      <Spin spinning={contacts === null}>
        <List
          dataSource={contacts ?? []}
          locale={{ emptyText: t('contacts.empty') }}
          style={{ maxHeight: 400, overflow: 'auto' }}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button key="remove" type="text" danger icon={<DeleteOutlined />} aria-label={t('contacts.remove', { name: c.name })} onClick={() => void remove(c)} />,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar src={c.urlPicture ?? undefined} icon={<UserOutlined />} />}
                title={c.name}
                description={<Typography.Text type="secondary">{c.number}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      </Spin>
    </Modal>
  );
}
