import { useEffect, useMemo, useRef, useState } from 'react';
import { Avatar, Checkbox, Flex, Modal, Progress, Select, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact, Message } from '@atende/kit/contracts';
import { forwardMessage } from '../../../api/tickets';
import { toastError, toastSuccess, toastWarning } from '../../../errors/toast';
import { CONTACT_SEARCH_MIN } from '../dialogs/dialogRules';
import { useContactSearch } from '../useContactSearch';

/** Spec 000 §9: forwards are 900 ms apart. */
const FORWARD_DELAY_MS = 900;

type Option = { value: number; label: string; contact: Contact };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forwarding the selected messages to one or more contacts (POST /message/forward, one call per
 * message and contact; the server opens or reuses each contact's ticket). Needs at least one message
 * and one contact.
 */
export function ForwardDialog({ messages, onClose, onDone }: { messages: Message[] | null; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('conversation');
  const open = !!messages;
  const [term, setTerm] = useState('');
  const { contacts, searching } = useContactSearch(term);
  const options = useMemo<Option[]>(() => contacts.map((c) => ({ value: c.id, label: `${c.name} (${c.number})`, contact: c })), [contacts]);
  const [chosen, setChosen] = useState<Option[]>([]);
  const [sign, setSign] = useState(true);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (!open) return;
    setTerm('');
    setChosen([]);
    setProgress(null);
    cancelled.current = false;
  }, [open]);


  const send = async () => {
    if (!messages?.length) {
      toastWarning(t('forward.needMessage'));
      return;
    }
    if (chosen.length === 0) {
      toastWarning(t('forward.needContact'));
      return;
    }
    const ordered = [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
    const total = ordered.length * chosen.length;
    let done = 0;
    let failed = 0;
    setProgress({ done, total });
    for (const contact of chosen) {
      for (const message of ordered) {
        if (cancelled.current) return;
        if (done > 0) await sleep(FORWARD_DELAY_MS);
        try {
          await forwardMessage({ messageId: message.id, contactId: contact.value, signMessage: sign });
        } catch (err) {
          failed += 1;
          if (failed === 1) toastError(err);
        }
        done += 1;
        setProgress({ done, total });
      }
    }
    if (failed === 0) toastSuccess(t('forward.done', { count: total }));
    else toastWarning(t('forward.partial', { failed, total }));
    onDone();
  };

  const busy = progress !== null;
  const count = messages?.length ?? 0;

  return (
    <Modal
      open={open}
      title={t('forward.title', { count })}
      onCancel={() => {
        cancelled.current = true;
        onClose();
      }}
      onOk={() => void send()}
      okText={t('forward.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 || count === 0, loading: busy }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('forward.selectedMessages', { count })}</Typography.Text>
        <Select<number[]>
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
          aria-label={t('forward.contacts')}
          placeholder={t('forward.search')}
          value={chosen.map((c) => c.value)}
          onChange={(ids) => {
            const known = new Map([...chosen, ...options].map((o) => [o.value, o]));
            setChosen(ids.map((id) => known.get(id)).filter((o): o is Option => !!o));
            setTerm('');
          }}
          options={[...options, ...chosen.filter((c) => !options.some((o) => o.value === c.value))].map((o) => ({
            value: o.value,
            label: o.label,
            contact: o.contact,
          }))}
          optionRender={(option) => {
            const contact = (option.data as Option).contact;
            return (
              <Flex gap={8} align="center">
                <Avatar size={24} src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt="" />
                <span>{contact.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {contact.number}
                </Typography.Text>
              </Flex>
            );
          }}
          notFoundContent={
            term.trim().length < CONTACT_SEARCH_MIN ? t('forward.typeMore', { count: CONTACT_SEARCH_MIN }) : searching ? t('forward.searching') : t('forward.noContacts')
          }
          loading={searching}
          disabled={busy}
          style={{ width: '100%' }}
        />
        <Checkbox checked={sign} onChange={(e) => setSign(e.target.checked)} disabled={busy}>
          {t('forward.sign')}
        </Checkbox>
        {progress && <Progress percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)} size="small" aria-label={t('forward.progress')} />}
      </Flex>
    </Modal>
  );
}
