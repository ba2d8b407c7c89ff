import { useEffect, useMemo, useState } from 'react';
import { Avatar, Input, List, Modal, Typography } from 'antd';
import { CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@atende/kit/contracts';
import { CONTACT_SEARCH_MIN } from '../dialogs/dialogRules';
import { useContactSearch } from '../useContactSearch';
import { contactCard, type ContactCard } from './composerRules';

type Props = {
  open: boolean;
  sending: boolean;
  onClose(): void;
  onSend(card: ContactCard): void;
};

/**
 * 'Send contact' (spec 000 §2): search the company's contacts (3+ characters, 500 ms pause), choose
 * one, send it as a contact card.
 */
export function ContactCardDialog({ open, sending, onClose, onSend }: Props) {
  const { t } = useTranslation('composer');
  const [term, setTerm] = useState('');
  const search = useContactSearch(term, { enabled: open });
  const results = useMemo(() => search.contacts.filter((c) => !c.isGroup), [search.contacts]);
  const loading = search.searching;
  const [chosen, setChosen] = useState<Contact | null>(null);

  useEffect(() => {
    if (!open) {
      setTerm('');
      setChosen(null);
    }
  }, [open]);

  const card = chosen ? contactCard(chosen) : null;
  const send = () => {
    if (card && !sending) onSend(card);
  };

  return (
    <Modal
      open={open}
      title={t('contact.title')}
      onCancel={onClose}
      onOk={send}
      okText={t('buttons.send')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: !card }}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Input.Search
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('contact.search')}
        aria-label={t('contact.search')}
        loading={loading}
        allowClear
        autoFocus
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', margin: '4px 0 8px' }}>
        {term.trim().length < CONTACT_SEARCH_MIN ? t('contact.minChars', { count: CONTACT_SEARCH_MIN }) : ''}
      </Typography.Text>
      <div role="listbox" aria-label={t('contact.results')}>
        <List
          size="small"
          loading={loading}
          dataSource={results}
          locale={{ emptyText: term.trim().length >= CONTACT_SEARCH_MIN && !loading ? t('contact.empty') : ' ' }}
          style={{ maxHeight: 320, overflowY: 'auto' }}
          renderItem={(c) => {
            const usable = !!contactCard(c);
            const selected = chosen?.id === c.id;
            return (
              <List.Item
                role="option"
                aria-selected={selected}
                aria-disabled={!usable}
                tabIndex={usable ? 0 : -1}
                onClick={() => usable && setChosen(c)}
                onDoubleClick={() => {
                  if (!usable) return;
                  setChosen(c);
                  const next = contactCard(c);
                  if (next && !sending) onSend(next);
                }}
                onKeyDown={(e) => {
                  if ((e.key === 'Enter' || e.key === ' ') && usable) {
                    e.preventDefault();
                    if (selected && e.key === 'Enter') send();
                    else setChosen(c);
                  }
                }}
                style={{
                  cursor: usable ? 'pointer' : 'not-allowed',
                  opacity: usable ? 1 : 0.5,
                  background: selected ? 'rgba(22,119,255,0.12)' : undefined,
                  paddingInline: 8,
                }}
              >
                <List.Item.Meta
                  avatar={<Avatar src={c.urlPicture ?? c.profilePicUrl ?? undefined} icon={<UserOutlined />} alt="" />}
                  title={c.name}
                  description={usable ? c.number : t('contact.invalid')}
                />
                {selected && <CheckCircleFilled style={{ color: '#1677ff' }} aria-hidden />}
              </List.Item>
            );
          }}
        />
      </div>
    </Modal>
  );
}
