import { useMemo, useState } from 'react';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContactDialog } from '../contacts/ContactDialog';
import { displayNumber, searchTerm } from '../tickets/dialogs/dialogRules';
import { useContactSearch } from '../tickets/useContactSearch';
import { useNumbersHidden } from '../tickets/useNumbersHidden';

type Props = { id?: string; value: number | null; onChange(contactId: number | null): void };

/**
 * The report's contact (spec 002 §2, §5): searched from 3 characters, 500 ms after the last keystroke;
 * from 3 characters a new contact may be added on the spot (it becomes the chosen one).
 * Numbers are masked as in the inbox (setting lgpdHideNumber, for profile user).
 */
export function ContactFilter({ id, value, onChange }: Props) {
  const { t } = useTranslation('reports');
  const [term, setTerm] = useState('');
  // The chosen contact's option keeps its label once the search text is cleared.
  const { contacts, setContacts, searching } = useContactSearch(term, { keepWhenShort: true });
  const [adding, setAdding] = useState(false);

  const hide = useNumbersHidden();
  const options = useMemo(() => contacts.map((c) => ({ value: c.id, label: `${c.name} - ${displayNumber(c.number, hide)}` })), [contacts, hide]);
  const canAdd = !searching && !!searchTerm(term);
  const emptyText = searching ? t('filters.searching') : searchTerm(term) ? t('filters.noContacts') : t('filters.typeMore');

  return (
    <Flex gap={4}>
      <Select<number>
        id={id}
        allowClear
        style={{ flex: 1, minWidth: 0 }}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        showSearch={{ filterOption: false, onSearch: setTerm }}
        loading={searching}
        placeholder={t('filters.searchContact')}
        aria-label={t('filters.contact')}
        notFoundContent={
          <Flex vertical align="center" gap={6} style={{ padding: 8 }}>
            <Typography.Text type="secondary">{emptyText}</Typography.Text>
            {canAdd && (
              <Button size="small" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                {t('filters.addContact')}
              </Button>
            )}
          </Flex>
        }
        options={options}
      />
      {canAdd && (
        <Tooltip title={t('filters.addContact')}>
          <Button icon={<UserAddOutlined />} aria-label={t('filters.addContact')} onClick={() => setAdding(true)} />
        </Tooltip>
      )}
      {/* Mounted only while used (its form ids would repeat another contact form's). */}
      {adding && (
        <ContactDialog
          open={adding}
          contactId={null}
          onClose={() => setAdding(false)}
          onSaved={(contact) => {
            setContacts((list) => [contact, ...list.filter((c) => c.id !== contact.id)]);
            onChange(contact.id);
          }}
        />
      )}
    </Flex>
  );
}
