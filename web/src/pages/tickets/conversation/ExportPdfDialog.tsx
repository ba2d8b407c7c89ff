import { useEffect, useState } from 'react';
import { Checkbox, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message, Ticket } from '@atende/kit/contracts';
import { listMessages } from '../../../api/tickets';
import { useAuth } from '../../../auth/AuthContext';
import { toastError, toastSuccess, toastWarning } from '../../../errors/toast';
import { mergeMessages } from '../ticketRules';
import { downloadTranscriptPdf } from './exportPdf';
import { buildTranscript, transcriptFileName, type TranscriptLabels } from './messages';
import { formatDateTime } from '../../../format/dates';

/** Pages fetched at most when the whole history is asked for (20 messages each). */
const MAX_HISTORY_PAGES = 250;

/**
 * The PDF export of a conversation (spec 000 §2: A4 portrait, 10 mm margins, at most 100 pages): a
 * transcript of the loaded messages (or of the whole history on request), private notes optional.
 */
export function ExportPdfDialog({
  open,
  ticket,
  messages,
  complete,
  onClose,
}: {
  open: boolean;
  ticket: Ticket;
  messages: () => Message[];
  complete: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['conversation', 'tickets']);
  const { user } = useAuth();
  const [includePrivate, setIncludePrivate] = useState(false);
  const [loadAll, setLoadAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (open) setCount(messages().length);
  }, [open, messages]);

  const fetchAll = async (): Promise<Message[]> => {
    let all: Message[] = [];
    for (let page = 1; page <= MAX_HISTORY_PAGES; page += 1) {
      const answer = await listMessages(ticket.id, page);
      all = mergeMessages(all, answer.messages);
      if (!answer.hasMore) break;
    }
    return all;
  };

  const run = async () => {
    setBusy(true);
    try {
      const list = loadAll && !complete ? await fetchAll() : messages();
      const names = new Map<number, string>();
      if (ticket.user) names.set(ticket.user.id, ticket.user.name);
      if (user) names.set(user.id, user.name);
      const labels: TranscriptLabels = {
        agent: (id) => (id !== null && names.get(id)) || t('pdf.agent'),
        contact: ticket.contact.name,
        privateNote: t('marks.private'),
        deleted: t('marks.deleted'),
        forwarded: t('marks.forwarded'),
        edited: t('marks.edited'),
        reaction: t('pdf.reaction'),
        location: t('media.location'),
        contactCard: t('media.contactCard'),
        file: (type) => t(`media.kind.${type}`, { defaultValue: t('media.kind.application') }),
      };
      const entries = buildTranscript(list, labels, { includePrivate, contactName: ticket.contact.name });
      if (entries.length === 0) {
        toastWarning(t('pdf.empty'));
        return;
      }
      const header = {
        title: t('pdf.title', { id: ticket.id, contact: ticket.contact.name }),
        lines: [
          t('pdf.contact', { name: ticket.contact.name, number: ticket.contact.number }),
          ...(ticket.user ? [t('pdf.user', { name: ticket.user.name })] : []),
          ...(ticket.queue ? [t('pdf.queue', { name: ticket.queue.name })] : []),
          t('pdf.channel', { channel: ticket.whatsapp?.name ? `${ticket.channel} - ${ticket.whatsapp.name}` : ticket.channel }),
          t('pdf.status', { status: t(`tickets:status.${ticket.status}`) }),
          t('pdf.generated', { date: formatDateTime(new Date()), count: entries.length }),
        ],
        truncatedNote: t('pdf.truncated'),
        pageLabel: (page: number, total: number) => t('pdf.page', { page, total }),
      };
      const result = await downloadTranscriptPdf(entries, header, transcriptFileName(ticket.id, ticket.contact.name));
      if (result.truncated) toastWarning(t('pdf.truncated'));
      else toastSuccess(t('pdf.done'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('pdf.dialogTitle')}
      onCancel={onClose}
      onOk={() => void run()}
      okText={t('pdf.download')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Flex vertical gap={10}>
        <Typography.Text>{t('pdf.description', { count })}</Typography.Text>
        {!complete && (
          <Checkbox checked={loadAll} onChange={(e) => setLoadAll(e.target.checked)} disabled={busy}>
            {t('pdf.loadAll')}
          </Checkbox>
        )}
        <Checkbox checked={includePrivate} onChange={(e) => setIncludePrivate(e.target.checked)} disabled={busy}>
          {t('pdf.includePrivate')}
        </Checkbox>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('pdf.format')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
